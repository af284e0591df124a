/** 菜单权限 /api/menu and 部门管理 /api/system/dept: who may call what, the tree answers, and every refusal. */
import { describe, expect, it, vi } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { sysDept, sysMenu, sysOperLog, sysRole, sysUser } from '../../server/db/schema.js';

let t: TestApp;
const USERS = ['admin', 'secadmin', 'auditor', 'ent_gz'] as const;
type User = (typeof USERS)[number];
const { as } = apiSuite({
  users: USERS,
  ready: (app) => {
    t = app;
  },
});
const db = () => t.database.db;
const menuId = async (menuKey: string) =>
  (await db().select().from(sysMenu).where(eq(sysMenu.menuKey, menuKey)))[0]!.menuId;
const roleId = async (roleKey: string) =>
  (await db().select().from(sysRole).where(eq(sysRole.roleKey, roleKey)))[0]!.roleId;
const deptId = async (deptName: string) =>
  (await db().select().from(sysDept).where(eq(sysDept.deptName, deptName)))[0]!.deptId;
const menuCount = async () => (await db().select({ n: count() }).from(sysMenu))[0]!.n;
const deptCount = async () => (await db().select({ n: count() }).from(sysDept))[0]!.n;

interface Node {
  menuId: number;
  menuName: string;
  menuKey: string;
  children?: Node[];
}
interface DeptNode {
  deptId: number;
  deptName: string;
  area: string | null;
  userCount: number;
  ancestors: string;
  children?: DeptNode[];
}
const flatten = <T extends { children?: T[] }>(nodes: T[]): T[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe('who may call the menu and department routes', () => {
  const reads: Array<[string, () => Promise<string>, User[]]> = [
    ['GET /api/menu/list', async () => '/api/menu/list', ['admin']],
    ['GET /api/menu/role/:id', async () => `/api/menu/role/${await roleId('auditor')}`, ['admin', 'secadmin']],
    ['GET /api/system/dept/list', async () => `/api/system/dept/list?_t=${Date.now()}`, ['admin']],
    ['GET /api/system/dept/list/enable', async () => '/api/system/dept/list/enable', ['admin', 'secadmin']],
    [
      'GET /api/system/dept/role/:id',
      async () => `/api/system/dept/role/${await roleId('step_sl')}`,
      ['admin', 'secadmin'],
    ],
  ];
  it.each(reads)('%s', async (_name, url, allowed) => {
    for (const user of USERS) {
      const res = await as(user, 'GET', await url());
      expect(res.statusCode, `${user}`).toBe(allowed.includes(user) ? 200 : 403);
      if (res.statusCode === 200) expect(res.json().code).toBe(0);
      else expect(res.json().msg).toBe('没有权限，请联系管理员授权');
    }
  });

  it('POST /api/menu/getMenuIdsByMenuIds: admin and secadmin (the role screen)', async () => {
    const id = await menuId('system:user:add');
    for (const user of USERS) {
      const res = await as(user, 'POST', '/api/menu/getMenuIdsByMenuIds', { menuIds: [id] });
      expect(res.statusCode, user).toBe(['admin', 'secadmin'].includes(user) ? 200 : 403);
    }
  });

  it('menu and department changes: only admin; the others get 403 and change nothing', async () => {
    const before = { menus: await menuCount(), depts: await deptCount() };
    const dictPage = await menuId('system:dict:list');
    const gz = await deptId('广州区域中心');
    const button = await menuId('system:dict:export');
    const calls: Array<[string, unknown]> = [
      ['/api/menu/save', { parentId: dictPage, menuName: '测试按钮', menuType: 'F', menuKey: 'system:dict:probe' }],
      [
        '/api/menu/update',
        { menuId: button, parentId: dictPage, menuName: '改名', menuType: 'F', menuKey: 'system:dict:export' },
      ],
      [`/api/menu/remove/${button}`, undefined],
      ['/api/system/dept/save', { parentId: gz, deptName: '测试科' }],
      [
        '/api/system/dept/update',
        { deptId: gz, parentId: await deptId('广东省建筑安全生产管理服务中心'), deptName: '改名中心', area: '1' },
      ],
      [`/api/system/dept/remove/${gz}`, undefined],
    ];
    for (const user of ['secadmin', 'auditor', 'ent_gz'] as const) {
      for (const [url, payload] of calls) {
        const res = await as(user, 'POST', url, payload);
        expect(res.statusCode, `${user} ${url}`).toBe(403);
      }
    }
    expect({ menus: await menuCount(), depts: await deptCount() }).toEqual(before);
    const [exportButton] = await db().select().from(sysMenu).where(eq(sysMenu.menuId, button));
    expect(exportButton.menuName).toBe('导出');
    expect((await db().select().from(sysDept).where(eq(sysDept.deptId, gz)))[0]!.deptName).toBe('广州区域中心');
  });
});

describe('menus', () => {
  it('lists the tree, filters by name keeping the ancestors, and lists flat on request', async () => {
    const tree = (await as('admin', 'GET', '/api/menu/list')).json().data as Node[];
    expect(tree.map((n) => n.menuName)).toContain('系统管理');
    const system = tree.find((n) => n.menuKey === 'system:menu:view')!;
    const permission = system.children!.find((n) => n.menuKey === 'system:menu:list')!;
    expect(permission.children!.map((c) => c.menuKey).sort()).toEqual([
      'system:menu:add',
      'system:menu:edit',
      'system:menu:remove',
    ]);

    const filtered = (await as('admin', 'GET', `/api/menu/list?menuName=${encodeURIComponent('字典')}`)).json()
      .data as Node[];
    expect(filtered.map((n) => n.menuKey)).toEqual(['system:menu:view']);
    expect(filtered[0]!.children!.map((n) => n.menuName)).toEqual(['字典管理']);

    const flat = (await as('admin', 'GET', '/api/menu/list?flat=1&menuType=F&menuKey=system:dict')).json()
      .data as Node[];
    expect(flat.every((n) => n.children === undefined)).toBe(true);
    expect(flat.map((n) => n.menuKey).sort()).toEqual([
      'system:dict:add',
      'system:dict:edit',
      'system:dict:export',
      'system:dict:import',
      'system:dict:remove',
    ]);
  });

  it("answers a role's granted menu ids with the whole tree", async () => {
    const res = (await as('secadmin', 'GET', `/api/menu/role/${await roleId('auditor')}`)).json().data;
    expect(res.checkedKeys).toContain(await menuId('system:operlog:list'));
    expect(res.checkedKeys).toContain(await menuId('system:menu:view'));
    expect(res.checkedKeys).not.toContain(await menuId('system:user:add'));
    expect(flatten(res.menus as Node[]).length).toBe(await menuCount());
    expect((await as('admin', 'GET', '/api/menu/role/999999')).statusCode).toBe(404);
  });

  it('adds every ancestor to chosen ids (array or {menuIds})', async () => {
    const button = await menuId('system:user:add');
    const expected = [button, await menuId('system:user:list'), await menuId('system:menu:view')].sort((a, b) => a - b);
    expect((await as('admin', 'POST', '/api/menu/getMenuIdsByMenuIds', { menuIds: [button] })).json().data).toEqual(
      expected,
    );
    expect((await as('admin', 'POST', '/api/menu/getMenuIdsByMenuIds', [button, button])).json().data).toEqual(
      expected,
    );
  });

  it('creates a directory, a page and a button, refuses a duplicate key, and logs the change', async () => {
    const dir = await as('admin', 'POST', '/api/menu/save', {
      menuName: '测试目录',
      menuType: 'M',
      menuKey: 'test:menu:view',
      path: '/test',
      icon: 'ToolOutlined',
      orderNum: 99,
    });
    expect(dir.statusCode).toBe(200);
    expect(dir.json().data).toMatchObject({ component: 'RouteView', visible: '0', status: '1', parentId: 0 });
    const dirId = dir.json().data.menuId as number;
    const pageRes = await as('admin', 'POST', '/api/menu/save', {
      parentId: dirId,
      menuName: '测试页面',
      menuType: 'C',
      menuKey: 'test:page:list',
      path: 'page',
      component: 'test/TestPage',
      name: 'TestPage',
      visible: '1',
    });
    expect(pageRes.statusCode).toBe(200);
    const pageId = pageRes.json().data.menuId as number;
    const button = await as('admin', 'POST', '/api/menu/save', {
      parentId: pageId,
      menuName: '测试新增',
      menuType: 'F',
      menuKey: 'test:page:add',
      path: 'ignored',
      icon: 'PlusOutlined',
    });
    expect(button.json().data).toMatchObject({ path: null, icon: null, component: null });

    const dup = await as('admin', 'POST', '/api/menu/save', {
      parentId: pageId,
      menuName: '重复',
      menuType: 'F',
      menuKey: 'system:user:add',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ msg: '权限标识「system:user:add」已存在', field: 'menuKey' });
    const dupName = await as('admin', 'POST', '/api/menu/save', {
      parentId: dirId,
      menuName: '重名路由',
      menuType: 'C',
      menuKey: 'test:other:list',
      path: 'other',
      component: 'test/Other',
      name: 'UserList',
    });
    expect(dupName.statusCode).toBe(409);
    expect(dupName.json().field).toBe('name');

    // The operation log is written after the answer has gone out.
    await vi.waitFor(async () => {
      const [log] = await db()
        .select()
        .from(sysOperLog)
        .where(eq(sysOperLog.title, '菜单权限'))
        .orderBy(desc(sysOperLog.operId))
        .limit(1);
      expect(log).toMatchObject({ action: 'insert', operName: 'admin', status: '1', httpStatus: 409 });
    });
  });

  it.each([
    ['a key without three segments', { menuName: 'x', menuType: 'M', menuKey: 'test:bad', path: '/x' }, 'menuKey'],
    ['a key with spaces', { menuName: 'x', menuType: 'M', menuKey: 'test: bad:x', path: '/x' }, 'menuKey'],
    ['a button at the top', { menuName: 'x', menuType: 'F', menuKey: 'test:x:add' }, 'parentId'],
    ['a directory without a path', { menuName: 'x', menuType: 'M', menuKey: 'test:x:view' }, 'path'],
    ['a page without a component', { menuName: 'x', menuType: 'C', menuKey: 'test:x:list', path: 'x' }, 'component'],
    ['an unknown type', { menuName: 'x', menuType: 'X', menuKey: 'test:x:list', path: 'x' }, 'menuType'],
    ['an empty name', { menuName: ' ', menuType: 'M', menuKey: 'test:x:view', path: '/x' }, 'menuName'],
    [
      'a missing parent',
      { parentId: 999999, menuName: 'x', menuType: 'M', menuKey: 'test:x:view', path: '/x' },
      'parentId',
    ],
  ])('refuses %s with the field named', async (_name, payload, field) => {
    const before = await menuCount();
    const res = await as('admin', 'POST', '/api/menu/save', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(await menuCount()).toBe(before);
  });

  it('refuses a page under a page and anything under a button', async () => {
    const page = await menuId('system:dict:list');
    const res = await as('admin', 'POST', '/api/menu/save', {
      parentId: page,
      menuName: 'x',
      menuType: 'C',
      menuKey: 'test:y:list',
      path: 'y',
      component: 'test/Y',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('只能添加按钮');
    const underButton = await as('admin', 'POST', '/api/menu/save', {
      parentId: await menuId('system:dict:add'),
      menuName: 'x',
      menuType: 'F',
      menuKey: 'test:y:add',
    });
    expect(underButton.json().msg).toContain('按钮下不能');
  });

  it('updates a menu, refuses moving it under itself or renaming a granted key', async () => {
    const dirId = await menuId('test:menu:view');
    const pageId = await menuId('test:page:list');
    const ok = await as('admin', 'POST', '/api/menu/update', {
      menuId: pageId,
      parentId: dirId,
      menuName: '测试页面2',
      menuType: 'C',
      menuKey: 'test:page:list',
      path: 'page2',
      component: 'test/TestPage',
      orderNum: 3,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ menuName: '测试页面2', path: 'page2', orderNum: 3 });

    const loop = await as('admin', 'POST', '/api/menu/update', {
      menuId: dirId,
      parentId: pageId,
      menuName: '测试目录',
      menuType: 'M',
      menuKey: 'test:menu:view',
      path: '/test',
    });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().msg).toContain('下级');

    const granted = await menuId('system:dict:export');
    const rename = await as('admin', 'POST', '/api/menu/update', {
      menuId: granted,
      parentId: await menuId('system:dict:list'),
      menuName: '导出',
      menuType: 'F',
      menuKey: 'system:dict:export2',
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().msg).toContain('系统管理员');
    // An old two-segment key may stay as it is.
    const sl = await menuId('workflow:sl');
    const keep = await as('admin', 'POST', '/api/menu/update', {
      menuId: sl,
      parentId: await menuId('workflow:menu:view'),
      menuName: '受理',
      menuType: 'F',
      menuKey: 'workflow:sl',
      orderNum: 1,
    });
    expect(keep.statusCode).toBe(200);
  });

  it('refuses to remove a menu with children or one granted to a role, then removes a free branch leaf by leaf', async () => {
    const dirId = await menuId('test:menu:view');
    const withChildren = await as('admin', 'POST', `/api/menu/remove/${dirId}`);
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json().msg).toBe('菜单「测试目录」存在下级菜单或按钮，不允许删除');

    const granted = await as('admin', 'POST', `/api/menu/remove/${await menuId('system:dict:export')}`);
    expect(granted.statusCode).toBe(409);
    expect(granted.json().msg).toContain('已分配给角色（系统管理员）');

    const before = await menuCount();
    for (const key of ['test:page:add', 'test:page:list', 'test:menu:view']) {
      const res = await as('admin', 'POST', `/api/menu/remove/${await menuId(key)}`);
      expect(res.statusCode, key).toBe(200);
    }
    expect(await menuCount()).toBe(before - 3);
    expect((await as('admin', 'POST', '/api/menu/remove/999999')).statusCode).toBe(404);
  });

  it('keeps GET /api/menu/user/0 as it was (pages and directories of the caller)', async () => {
    const res = await as('admin', 'GET', '/api/menu/user/0');
    const rows = res.json().data as Array<{ name: string | null; menuKey: string }>;
    expect(rows.some((r) => r.name === 'PermissionList')).toBe(true);
    expect(rows.some((r) => r.menuKey === 'system:menu:add')).toBe(false);
  });
});

describe('departments', () => {
  it('answers the tree (with a timestamp), user counts and name filters', async () => {
    const res = await as('admin', 'GET', `/api/system/dept/list?_t=${Date.now()}`);
    const tree = res.json().data as DeptNode[];
    expect(tree).toHaveLength(1);
    expect(tree[0]!.deptName).toBe('广东省建筑安全生产管理服务中心');
    expect(tree[0]!.children!.map((d) => d.deptName)).toEqual(['广州区域中心', '深圳区域中心', '省中心', '系统管理部']);
    const gz = tree[0]!.children![0]!;
    expect(gz).toMatchObject({ area: '1', status: '1', enabled: true });
    expect(gz.userCount).toBeGreaterThanOrEqual(6);
    const filtered = (await as('admin', 'GET', `/api/system/dept/list?deptName=${encodeURIComponent('深圳')}`)).json()
      .data as DeptNode[];
    expect(flatten(filtered).map((d) => d.deptName)).toEqual(['广东省建筑安全生产管理服务中心', '深圳区域中心']);
    const byArea = (await as('admin', 'GET', '/api/system/dept/list?area=3')).json().data as DeptNode[];
    expect(flatten(byArea).map((d) => d.deptName)).toEqual(['广东省建筑安全生产管理服务中心', '省中心']);
  });

  it("answers the departments a role's data reaches", async () => {
    const sl = (await as('admin', 'GET', `/api/system/dept/role/${await roleId('step_sl')}`)).json().data;
    expect(sl.dataScope).toBe('3');
    expect(sl.checkedKeys.sort()).toEqual(
      [await deptId('广州区域中心'), await deptId('深圳区域中心'), await deptId('省中心')].sort(),
    );
    const admin = (await as('secadmin', 'GET', `/api/system/dept/role/${await roleId('admin')}`)).json().data;
    expect(admin.checkedKeys).toHaveLength(await deptCount());
    const enterprise = (await as('admin', 'GET', `/api/system/dept/role/${await roleId('enterprise')}`)).json().data;
    expect(enterprise.checkedKeys).toEqual([]);
    expect((await as('admin', 'GET', '/api/system/dept/role/999999')).statusCode).toBe(404);
  });

  it('creates, moves (children follow) and disables departments; enabled list hides a disabled branch', async () => {
    const root = await deptId('广东省建筑安全生产管理服务中心');
    const gz = await deptId('广州区域中心');
    const sz = await deptId('深圳区域中心');
    const office = await as('admin', 'POST', '/api/system/dept/save', {
      parentId: gz,
      deptName: '受理科',
      area: '1',
      leader: '王五',
      phone: '020-83300100',
      orderNum: 1,
    });
    expect(office.statusCode).toBe(200);
    expect(office.json().data).toMatchObject({ ancestors: `0,${root},${gz}`, area: '1', userCount: 0 });
    const officeId = office.json().data.deptId as number;
    const desk = await as('admin', 'POST', '/api/system/dept/save', { parentId: officeId, deptName: '窗口' });
    const deskId = desk.json().data.deptId as number;
    expect(desk.json().data.ancestors).toBe(`0,${root},${gz},${officeId}`);

    const dupName = await as('admin', 'POST', '/api/system/dept/save', { parentId: gz, deptName: '受理科' });
    expect(dupName.statusCode).toBe(409);
    expect(dupName.json().field).toBe('deptName');
    const badPhone = await as('admin', 'POST', '/api/system/dept/save', { parentId: gz, deptName: '甲', phone: 'abc' });
    expect(badPhone.json()).toMatchObject({ field: 'phone' });
    const badArea = await as('admin', 'POST', '/api/system/dept/save', { parentId: gz, deptName: '乙', area: '9' });
    expect(badArea.json()).toMatchObject({ field: 'area' });

    const moved = await as('admin', 'POST', '/api/system/dept/update', {
      deptId: officeId,
      parentId: sz,
      deptName: '受理科',
      area: '2',
    });
    expect(moved.statusCode).toBe(200);
    const [deskRow] = await db().select().from(sysDept).where(eq(sysDept.deptId, deskId));
    expect(deskRow!.ancestors).toBe(`0,${root},${sz},${officeId}`);

    const loop = await as('admin', 'POST', '/api/system/dept/update', {
      deptId: officeId,
      parentId: deskId,
      deptName: '受理科',
    });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().field).toBe('parentId');

    const disableParent = await as('admin', 'POST', '/api/system/dept/update', {
      deptId: officeId,
      parentId: sz,
      deptName: '受理科',
      area: '2',
      status: '0',
    });
    expect(disableParent.statusCode).toBe(400);
    expect(disableParent.json().msg).toContain('未停用的下级部门');
    expect(
      (
        await as('admin', 'POST', '/api/system/dept/update', {
          deptId: deskId,
          parentId: officeId,
          deptName: '窗口',
          status: '0',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await as('admin', 'POST', '/api/system/dept/update', {
          deptId: officeId,
          parentId: sz,
          deptName: '受理科',
          area: '2',
          status: '0',
        })
      ).statusCode,
    ).toBe(200);

    const enabled = flatten(
      (await as('secadmin', 'GET', '/api/system/dept/list/enable')).json().data as DeptNode[],
    ).map((d) => d.deptId);
    expect(enabled).toContain(sz);
    expect(enabled).not.toContain(officeId);
    expect(enabled).not.toContain(deskId);

    const underDisabled = await as('admin', 'POST', '/api/system/dept/save', {
      parentId: officeId,
      deptName: '新窗口',
    });
    expect(underDisabled.statusCode).toBe(400);
    expect(underDisabled.json().msg).toContain('已停用');
  });

  it('refuses to remove a department with children or users, removes an empty one', async () => {
    const gz = await deptId('广州区域中心');
    const withUsers = await as('admin', 'POST', `/api/system/dept/remove/${gz}`);
    expect(withUsers.statusCode).toBe(409);
    expect(withUsers.json().msg).toMatch(/^部门「广州区域中心」下还有 \d+ 个用户，不允许删除$/);
    const root = await deptId('广东省建筑安全生产管理服务中心');
    const withChildren = await as('admin', 'POST', `/api/system/dept/remove/${root}`);
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json().msg).toContain('存在下级部门');

    const desk = await deptId('窗口');
    const office = await deptId('受理科');
    expect((await as('admin', 'POST', `/api/system/dept/remove/${office}`)).statusCode).toBe(409);
    expect((await as('admin', 'POST', `/api/system/dept/remove/${desk}`)).statusCode).toBe(200);
    expect((await as('admin', 'POST', `/api/system/dept/remove/${office}`)).statusCode).toBe(200);
    expect(await db().select().from(sysDept).where(eq(sysDept.deptId, office))).toEqual([]);
    const staff = await db().select().from(sysUser).where(eq(sysUser.deptId, gz));
    expect(staff.length).toBeGreaterThan(0);
  });
});
