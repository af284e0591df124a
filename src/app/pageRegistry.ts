/**
 * Component string of a menu entry → page module. Loaded with the first page of the signed-in
 * application (AppRoutes.tsx imports it lazily): its table of every page is not part of the login
 * page's or the public site's first load (issue 14). Every page folder src/pages/<area>/<Page>/index.tsx
 * is found by import.meta.glob (so later pages register themselves); a few names are aliased;
 * every unknown component renders exception/UnderConstruction (SPEC: "maps unknown components to
 * the under-construction 404 page").
 */
import type { ComponentType } from 'react';
import { resolveQueueComponent } from '../pages/queue/config';

type PageModule = { default: ComponentType };
type Loader = () => Promise<PageModule>;

const pageModules = import.meta.glob<PageModule>([
  '../pages/*/*/index.tsx',
  '../pages/*/*.tsx',
  '!../pages/**/*.test.tsx',
]);

/** Explicit names (component strings as the server sends them) → page file. */
const ALIASES: Record<string, string> = {
  RouteView: '../layouts/RouteView.tsx',
  'system/SysMsgInfo': '../pages/system/SysMsgInfo/index.tsx',
  'system/SystemMsg': '../pages/system/SysMsgInfo/index.tsx',
  'system/SysMessageCk': '../pages/system/SysMessageCk/index.tsx',
  'system/SysTodo': '../pages/system/SysTodo/index.tsx',
  'system/UpdatePwd': '../pages/system/UpdatePwd/index.tsx',
};

const extraModules: Record<string, Loader> = {
  '../layouts/RouteView.tsx': () => import('../layouts/RouteView'),
};

const loadUnderConstruction: Loader = () => import('../pages/exception/UnderConstruction');

/** The loader for a component string, or undefined when no page exists for it. */
export function findPageLoader(component: string): Loader | undefined {
  const name = component.replace(/^\/+|\/+$/g, '').replace(/\/index$/, '');
  const alias = ALIASES[name];
  if (alias) return extraModules[alias] ?? pageModules[alias];
  // queue/<WaitAccept|Accepted|WaitReview|Reviewed><Suffix> and the two printing queues: one page, configured
  const queue = resolveQueueComponent(name);
  if (queue) return () => import('../pages/queue/QueuePage').then((m) => ({ default: m.queuePageFor(queue) }));
  return pageModules[`../pages/${name}/index.tsx`] ?? pageModules[`../pages/${name}.tsx`];
}

/** The page module for a component string (UnderConstruction when unknown). */
export function loadPage(component: string | undefined | null): Promise<PageModule> {
  return ((component ? findPageLoader(component) : undefined) ?? loadUnderConstruction)();
}

/** Whether a page exists for a component string. */
export function hasPage(component: string): boolean {
  return !!findPageLoader(component);
}
