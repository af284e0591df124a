import { describe, expect, it } from 'vitest';
import {
  breadcrumbChain,
  buildMenuTree,
  buildUserRoutes,
  defaultRoutes,
  findChain,
  flattenRoutes,
  generateRoutes,
  joinPath,
} from '@/app/routeBuilder';
import type { MenuEntry } from '@/app/routeBuilder';

const e = (
  menuId: number,
  parentId: number,
  path: string | null,
  component: string | null,
  over: Partial<MenuEntry> = {},
): MenuEntry => ({
  menuId,
  parentId,
  menuName: `m${menuId}`,
  name: `n${menuId}`,
  menuKey: `k${menuId}`,
  icon: null,
  visible: '0',
  path,
  component,
  redirect: null,
  target: null,
  hiddenChildren: false,
  hiddenHeader: false,
  ...over,
});

const MENU: MenuEntry[] = [
  e(1, 0, '/dashboard', 'dashboard/Workplace', { name: 'dashboard', menuName: '首页' }),
  e(2, 0, '/business', 'RouteView', { name: 'business', icon: 'FileAddOutlined' }),
  e(3, 2, 'newCertificate', 'business/NewCertificate', { name: 'NewCertificate' }),
  e(4, 2, 'applyDelay', 'business/ApplyDelay', { name: 'ApplyDelay', visible: '1' }),
  e(5, 0, '/queue', 'RouteView', { name: 'queue', redirect: '/queue/newCert/waitAccept', hiddenChildren: true }),
  e(6, 5, 'newCert', 'RouteView', { name: 'queueNewCert' }),
  e(7, 6, 'waitAccept', 'queue/WaitAcceptNewCert', { name: 'WaitAcceptNewCert' }),
  e(8, 0, '/ext', null, { name: 'ext', redirect: 'https://example.org/x' }),
  e(9, 0, '/links', 'RouteView', { name: 'links', target: '_blank' }),
];

describe('route builder', () => {
  it('joins relative child paths and removes double slashes', () => {
    expect(joinPath('/business', 'newCertificate')).toBe('/business/newCertificate');
    expect(joinPath('/business/', '/abs')).toBe('/abs');
    expect(joinPath('/', 'x')).toBe('/x');
    expect(joinPath('/a//', 'b/')).toBe('/a/b');
    expect(joinPath('/a', 'https://h/x')).toBe('https://h/x');
  });
  it('builds the tree from parentId keeping the server order', () => {
    const tree = buildMenuTree(MENU);
    expect(tree.map((n) => n.menuId)).toEqual([1, 2, 5, 8, 9]);
    expect(tree[1].children.map((n) => n.menuId)).toEqual([3, 4]);
    expect(tree[2].children[0].children[0].menuId).toBe(7);
  });
  it('a parent without redirect goes to its first child; relative paths join', () => {
    const [, business, queue] = generateRoutes(buildMenuTree(MENU));
    expect(business.path).toBe('/business');
    expect(business.children.map((c) => c.path)).toEqual(['/business/newCertificate', '/business/applyDelay']);
    expect(business.redirect).toBe('/business/newCertificate');
    expect(queue.redirect).toBe('/queue/newCert/waitAccept');
    expect(queue.children[0].path).toBe('/queue/newCert');
    expect(queue.children[0].redirect).toBe('/queue/newCert/waitAccept');
    expect(queue.children[0].children[0].path).toBe('/queue/newCert/waitAccept');
  });
  it('a redirect starting with http becomes an external link', () => {
    const nodes = generateRoutes(buildMenuTree(MENU));
    const ext = nodes.find((n) => n.name === 'ext')!;
    expect(ext.external).toBe(true);
    expect(ext.path).toBe('https://example.org/x');
    expect(ext.target).toBe('_blank');
    expect(flattenRoutes(nodes).some((r) => r.path.startsWith('http'))).toBe(false);
  });
  it('keeps hidden, hideChildrenInMenu, target and icon', () => {
    const nodes = generateRoutes(buildMenuTree(MENU));
    const business = nodes.find((n) => n.name === 'business')!;
    expect(business.icon).toBe('FileAddOutlined');
    expect(business.children[1].hidden).toBe(true);
    expect(business.children[0].hidden).toBe(false);
    expect(nodes.find((n) => n.name === 'queue')!.hideChildrenInMenu).toBe(true);
    expect(nodes.find((n) => n.name === 'links')!.target).toBe('_blank');
  });
  it('flattens to pages and redirects (hidden pages still routable)', () => {
    const flat = flattenRoutes(generateRoutes(buildMenuTree(MENU)));
    const byPath = Object.fromEntries(flat.map((r) => [r.path, r]));
    expect(byPath['/business'].redirect).toBe('/business/newCertificate');
    expect(byPath['/business/applyDelay'].component).toBe('business/ApplyDelay');
    expect(byPath['/queue/newCert/waitAccept'].component).toBe('queue/WaitAcceptNewCert');
    expect(byPath['/dashboard'].component).toBe('dashboard/Workplace');
    expect(byPath['/links'].component).toBe('RouteView');
  });
  it('default route sets: normal users get the smaller one', () => {
    expect(defaultRoutes(true).map((n) => n.path)).toEqual(['/dashboard']);
    expect(defaultRoutes(false).map((n) => n.path)).toEqual(['/dashboard', '/dashboard/Analysis']);
    expect(defaultRoutes(false)[1].hidden).toBe(true);
    const merged = buildUserRoutes(MENU, false);
    expect(merged.filter((n) => n.path === '/dashboard')).toHaveLength(1);
    expect(merged[0].path).toBe('/dashboard/Analysis');
    expect(buildUserRoutes([], true).map((n) => n.path)).toEqual(['/dashboard']);
  });
  it('breadcrumb chain skips the dashboard route', () => {
    const nodes = generateRoutes(buildMenuTree(MENU));
    expect(findChain(nodes, '/queue/newCert/waitAccept').map((n) => n.name)).toEqual([
      'queue',
      'queueNewCert',
      'WaitAcceptNewCert',
    ]);
    expect(breadcrumbChain(nodes, '/dashboard')).toEqual([]);
    expect(findChain(nodes, '/nowhere')).toEqual([]);
  });
  it('skips entries with neither path nor component (buttons)', () => {
    expect(generateRoutes(buildMenuTree([e(1, 0, null, null)]))).toEqual([]);
  });
});
