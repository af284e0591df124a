/**
 * Route construction (SPEC 2), pure: the flat menu list of GET /menu/user/0 becomes a tree,
 * the tree becomes route nodes with absolute paths, and the nodes become a flat route table.
 * - A parent without a redirect goes to its first child.
 * - Relative child paths are joined to the parent path.
 * - A redirect starting with http becomes an external link.
 * - hidden (visible '1'), hideChildrenInMenu (hiddenChildren), target and icon are kept.
 */
import type { MenuUser200 } from '@/services/generated/api.schemas';

/** One entry of the flat menu list (SPEC 3 "Menu entry from the server"). */
export type MenuEntry = MenuUser200['data'][number];

export interface RouteNode {
  /** absolute path, or the URL of an external link */
  path: string;
  /** route name (menu name key) */
  name: string;
  /** title as the server gives it (menuName) */
  title: string;
  /** component string, e.g. 'dashboard/Workplace' or 'RouteView' */
  component: string;
  icon?: string;
  hidden: boolean;
  hideChildrenInMenu: boolean;
  hiddenHeader: boolean;
  target?: string;
  /** internal redirect (absolute path) */
  redirect?: string;
  /** true when the entry is an external link (redirect starting with http) */
  external: boolean;
  /** permission key (menuKey) */
  permission?: string;
  children: RouteNode[];
}

/** One entry of the flat route table handed to the router. */
export interface FlatRoute {
  path: string;
  /** page to render; absent for pure redirects */
  component?: string;
  redirect?: string;
  node: RouteNode;
}

export interface MenuTreeEntry extends MenuEntry {
  children: MenuTreeEntry[];
}

const isHttp = (s: string | null | undefined): boolean => !!s && /^https?:\/\//i.test(s);

/** Joins a (possibly relative) path to its parent path and removes doubled slashes. */
export function joinPath(parent: string, path: string): string {
  if (isHttp(path)) return path;
  const joined = path.startsWith('/') ? path : `${parent.replace(/\/+$/, '')}/${path}`;
  const clean = joined.replace(/\/{2,}/g, '/');
  return clean.length > 1 ? clean.replace(/\/+$/, '') : clean;
}

/** Flat list → tree by parentId, keeping the server's order (it sorts by parent and orderNum, which it does not send). */
export function buildMenuTree(entries: readonly MenuEntry[]): MenuTreeEntry[] {
  const sorted = entries;
  const byId = new Map<number, MenuTreeEntry>();
  for (const e of sorted) byId.set(e.menuId, { ...e, children: [] });
  const roots: MenuTreeEntry[] = [];
  for (const e of sorted) {
    const node = byId.get(e.menuId)!;
    const parent = e.parentId !== e.menuId ? byId.get(e.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Tree of server entries → route nodes (absolute paths, redirects resolved). */
export function generateRoutes(tree: readonly MenuTreeEntry[], parentPath = ''): RouteNode[] {
  return tree
    .filter((item) => !!(item.path || item.component))
    .map((item) => {
      const key = item.name || item.menuKey || String(item.menuId);
      const ownPath = item.path && item.path.trim() ? item.path.trim() : key;
      const external = isHttp(item.redirect) || isHttp(item.path);
      const redirect = item.redirect || undefined;
      const path = isHttp(item.redirect) ? (item.redirect as string) : joinPath(parentPath || '/', ownPath);
      const node: RouteNode = {
        path,
        name: item.name || item.menuKey || key,
        title: item.menuName,
        component: item.component || 'RouteView',
        icon: item.icon || undefined,
        hidden: item.visible === '1',
        hideChildrenInMenu: !!item.hiddenChildren,
        hiddenHeader: !!item.hiddenHeader,
        target: item.target || (external ? '_blank' : undefined),
        external,
        permission: item.menuKey || undefined,
        children: [],
      };
      if (!external) {
        node.children = generateRoutes(item.children, path);
        if (redirect) node.redirect = joinPath(path, redirect);
        else {
          const first = node.children.find((c) => !c.external);
          if (first) node.redirect = first.path;
        }
      }
      return node;
    });
}

/** Every internal node as a route: pages render their component, directories redirect. */
export function flattenRoutes(nodes: readonly RouteNode[]): FlatRoute[] {
  const out: FlatRoute[] = [];
  const walk = (list: readonly RouteNode[]) => {
    for (const node of list) {
      if (node.external) continue;
      const isDirectory = node.component === 'RouteView' || node.children.length > 0;
      if (node.redirect && (isDirectory || node.redirect !== node.path)) {
        out.push({ path: node.path, redirect: node.redirect, node });
      } else if (node.component === 'RouteView') {
        out.push({ path: node.path, component: 'RouteView', node });
      } else {
        out.push({ path: node.path, component: node.component, node });
      }
      walk(node.children);
    }
  };
  walk(nodes);
  return out;
}

/**
 * The default route set: the home route dashboard (path /dashboard, titled home, showing the
 * workbench). Other users also get the data-visualisation page (hidden from the menu); normal
 * users (type 03/04, not admin) get the smaller set.
 */
export function defaultRoutes(normalUser: boolean): RouteNode[] {
  const leaf = (
    path: string,
    name: string,
    title: string,
    component: string,
    hidden: boolean,
    icon?: string,
  ): RouteNode => ({
    path,
    name,
    title,
    component,
    icon,
    hidden,
    hideChildrenInMenu: false,
    hiddenHeader: false,
    external: false,
    children: [],
  });
  const set = [leaf('/dashboard', 'dashboard', '首页', 'dashboard/Workplace', false, 'home')];
  if (!normalUser)
    set.push(leaf('/dashboard/Analysis', 'Analysis', '数据可视化', 'dashboard/Analysis', true, 'dashboard'));
  return set;
}

/** Default routes first unless the server menu already has their paths, then the server menu. */
export function mergeWithDefaults(serverNodes: RouteNode[], normalUser: boolean): RouteNode[] {
  const serverPaths = new Set<string>();
  const collect = (list: RouteNode[]) =>
    list.forEach((n) => {
      serverPaths.add(n.path.toLowerCase());
      collect(n.children);
    });
  collect(serverNodes);
  const missing = defaultRoutes(normalUser).filter((d) => !serverPaths.has(d.path.toLowerCase()));
  return [...missing, ...serverNodes];
}

/** Full pipeline: flat server menu → route nodes (defaults merged). */
export function buildUserRoutes(entries: readonly MenuEntry[], normalUser: boolean): RouteNode[] {
  return mergeWithDefaults(generateRoutes(buildMenuTree(entries)), normalUser);
}

/** The chain of nodes from the top to the deepest node matching pathname (breadcrumb, titles). */
export function findChain(nodes: readonly RouteNode[], pathname: string): RouteNode[] {
  const target = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  for (const node of nodes) {
    if (node.external) continue;
    const p = node.path.toLowerCase();
    if (target === p) return [node];
    if (target.startsWith(p === '/' ? '/' : `${p}/`)) {
      const rest = findChain(node.children, pathname);
      if (rest.length) return [node, ...rest];
    }
  }
  return [];
}

/** Breadcrumb chain: the dashboard route is skipped (SPEC 2 Basic layout). */
export function breadcrumbChain(nodes: readonly RouteNode[], pathname: string): RouteNode[] {
  return findChain(nodes, pathname).filter((n) => n.path.toLowerCase() !== '/dashboard');
}
