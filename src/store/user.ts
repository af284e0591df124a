/** The logged-in user and the routes generated from their menu (filled by the route guard). */
import type { LoginUser } from '@/app/access';
import type { RouteNode } from '@/app/routeBuilder';
import { createStore } from './createStore';

export interface UserState {
  user: LoginUser | null;
  /** route nodes built from the menu (null until generated) */
  routes: RouteNode[] | null;
}

export const userStore = createStore<UserState>({ user: null, routes: null });

export const useCurrentUser = () => userStore.use().user;
export const useUserRoutes = () => userStore.use().routes;

export function resetUserStore(): void {
  userStore.set({ user: null, routes: null });
}
