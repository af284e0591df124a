/**
 * Component string of a menu entry → lazy page. Every page folder src/pages/<area>/<Page>/index.tsx
 * is found by import.meta.glob (so later pages register themselves); a few names are aliased;
 * every unknown component renders exception/UnderConstruction (SPEC: "maps unknown components to
 * the under-construction 404 page").
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { resolveQueueComponent } from '../pages/queue/config';

type PageModule = { default: ComponentType };
type Loader = () => Promise<PageModule>;

const pageModules = import.meta.glob<PageModule>(['../pages/*/*/index.tsx', '../pages/*/*.tsx', '!../pages/**/*.test.tsx']);

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

const UnderConstruction = lazy(() => import('../pages/exception/UnderConstruction'));

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

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazy page component for a component string (UnderConstruction when unknown). */
export function pageFor(component: string | undefined | null): LazyExoticComponent<ComponentType> {
  if (!component) return UnderConstruction;
  const hit = cache.get(component);
  if (hit) return hit;
  const loader = findPageLoader(component);
  const page = loader ? lazy(loader) : UnderConstruction;
  cache.set(component, page);
  return page;
}

/** Whether a page exists for a component string. */
export function hasPage(component: string): boolean {
  return !!findPageLoader(component);
}
