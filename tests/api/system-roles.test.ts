/**
 * /system/role: who may call what, every transition of the role review (create, update, data
 * scope, delete; approve, reject, cancel-commit), the 三员 roles that cannot be bent, and the
 * sessions of a role's holders when its permissions change.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEMO_PASSWORD, type TestApp } from '../helpers/app.js';
import { apiSuite, fourEyes, namedRows } from '../helpers/api.js';
import {
  sysRoleDept,
  sysMenu,
  sysRecordReview,
  sysRole,
  sysRoleMenu,
  sysSession,
  sysUser,
  sysUserRole,
} from '../../server/db/schema.js';
import { hashPassword } from '../../server/lib/password.js';

let t: TestApp;
const { users: ids, roles: roleIds, menus: menuIds, depts, load } = namedRows();
const api = apiSuite({
  ready: async (app) => {
    t = app;
    await load(app);
  },
});
const { token, get, post } = api;
const review = fourEyes(api, 'role');

let seq = 0;
const newRole = (over: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    roleName: `测试角色${seq}`,
    roleKey: `testRole${seq}`,
    roleSort: 50 + seq,
    dataScope: '1',
    remark: '测试',
    menuIds: [menuIds.get('search:cert:list')],
    ...over,
  };
};

const submitNew = (over: Record<string, unknown> = {}) => review.submit(newRole(over));

async function createApproved(over: Record<string, unknown> = {}) {
  const body = newRole(over);
  await review.approveNew(await review.submit(body));
  const [r] = await t.database.db.select().from(sysRole).where(eq(sysRole.roleKey, body.roleKey));
  return r!;
}

async function roleMenuKeys(roleId: number) {
  const rows = await t.database.db
    .select({ key: sysMenu.menuKey })
    .from(sysRoleMenu)
    .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
    .where(eq(sysRoleMenu.roleId, roleId));
  return rows.map((r) => r.key!).sort();
}

async function fingerprint() {
  const db = t.database.db;
  return JSON.stringify([
    await db.select().from(sysRole).orderBy(sysRole.roleId),
    await db.select().from(sysRoleMenu).orderBy(sysRoleMenu.roleId, sysRoleMenu.menuId),
    await db
      .select({ id: sysRecordReview.id, s: sysRecordReview.state })
      .from(sysRecordReview)
      .orderBy(sysRecordReview.id),
    await db.select().from(sysRoleDept).orderBy(sysRoleDept.roleId, sysRoleDept.deptId),
    (await db.select({ e: sysSession.endedAt }).from(sysSession)).filter((s) => s.e).length,
  ]);
}

const ACCOUNTS = ['admin', 'secadmin', 'auditor', 'ent_gz'] as const;

describe('who may call what', () => {
  const reads: [string, (typeof ACCOUNTS)[number][]][] = [
    ['/api/system/role/list', ['admin', 'secadmin']],
    ['/api/system/role/all', ['admin', 'secadmin']],
    ['/api/system/role/userAlternativeRole', ['admin', 'secadmin']],
    ['/api/system/role/get/1', ['admin', 'secadmin']],
    ['/api/system/role/menuTree', ['admin', 'secadmin']],
    ['/api/system/role/export', ['admin']],
  ];
  for (const [url, allowed] of reads) {
    it(`GET ${url}: ${allowed.join(', ')} only`, async () => {
      for (const user of ACCOUNTS) {
        const res = await get(user, url);
        expect(res.statusCode, `${user}: ${res.body.slice(0, 200)}`).toBe(allowed.includes(user) ? 200 : 403);
      }
    });
  }

  const writes: {
    url: string;
    allowed: (typeof ACCOUNTS)[number][];
    make: () => Promise<{ payload?: object; url?: string }>;
  }[] = [
    { url: '/api/system/role/save', allowed: ['admin'], make: async () => ({ payload: newRole() }) },
    {
      url: '/api/system/role/updateV2',
      allowed: ['admin'],
      make: async () => {
        const r = await createApproved();
        return { payload: { ...newRole(), roleId: r.roleId, roleKey: r.roleKey, roleName: `${r.roleName}改` } };
      },
    },
    {
      url: '/api/system/role/authDataScope',
      allowed: ['admin'],
      make: async () => ({ payload: { roleId: (await createApproved()).roleId, dataScope: '3' } }),
    },
    {
      url: '/api/system/role/removeV2',
      allowed: ['admin'],
      make: async () => ({ url: `/api/system/role/removeV2?ids=${(await createApproved()).roleId}` }),
    },
    {
      url: '/api/system/role/status',
      allowed: ['admin'],
      make: async () => ({ payload: { roleId: (await createApproved()).roleId, status: '0' } }),
    },
    {
      url: '/api/system/role/cancel-commit',
      allowed: ['admin'],
      make: async () => ({ payload: { reviewId: await submitNew() } }),
    },
    {
      url: '/api/system/role/new-check',
      allowed: ['secadmin'],
      make: async () => ({ payload: { reviewId: await submitNew(), approved: true } }),
    },
    {
      url: '/api/system/role/update-check',
      allowed: ['secadmin'],
      make: async () => {
        const r = await createApproved();
        const res = await post('admin', '/api/system/role/authDataScope', { roleId: r.roleId, dataScope: '5' });
        return { payload: { reviewId: res.json().data.reviewId, approved: true } };
      },
    },
    {
      url: '/api/system/role/delete-check',
      allowed: ['secadmin'],
      make: async () => {
        const r = await createApproved();
        const res = await post('admin', `/api/system/role/removeV2?ids=${r.roleId}`);
        return { payload: { reviewId: res.json().data[0].reviewId, approved: false, comment: '保留' } };
      },
    },
  ];
  for (const w of writes) {
    it(`POST ${w.url}: ${w.allowed.join(', ')} succeed, the others get 403 and change nothing`, async () => {
      for (const user of ACCOUNTS) {
        const { payload, url } = await w.make();
        const before = await fingerprint();
        const res = await t.call(await token(user), { method: 'POST', url: url ?? w.url, payload });
        if (w.allowed.includes(user)) {
          expect(res.statusCode, `${user}: ${res.body}`).toBe(200);
        } else {
          expect(res.statusCode, `${user}: ${res.body}`).toBe(403);
          expect(await fingerprint()).toBe(before);
        }
      }
    });
  }
});

describe('the role review', () => {
  it('submit → approve: the role exists only then, with its menus and their ancestors', async () => {
    const body = newRole({ menuIds: [menuIds.get('system:user:export')] });
    const sub = await post('admin', '/api/system/role/save', body);
    expect(sub.json().data.checkStatus).toBe('0');
    const reviewId = sub.json().data.reviewId;
    expect(await t.database.db.select().from(sysRole).where(eq(sysRole.roleKey, body.roleKey))).toHaveLength(0);
    const list = (await get('secadmin', `/api/system/role/list?roleKey=${body.roleKey}`)).json();
    expect(list.rows).toEqual([
      expect.objectContaining({
        roleId: null,
        checkStatus: '0',
        roleKey: body.roleKey,
        enabled: true,
        dutyRole: false,
        pending: expect.objectContaining({ reviewId }),
      }),
    ]);
    // Four eyes on the row itself: the reviewer may decide, the submitter may only withdraw.
    expect(list.rows[0].pending).toMatchObject({ canReview: true, canCancel: false });
    const own = (await get('admin', `/api/system/role/list?roleKey=${body.roleKey}`)).json().rows[0];
    expect(own.pending).toMatchObject({ reviewId, canReview: false, canCancel: true });
    const detail = (await get('secadmin', `/api/system/role/review/${reviewId}`)).json().data;
    expect(detail.diff).toEqual(
      expect.arrayContaining([
        { field: 'roleKey', label: '角色标识', before: '', after: body.roleKey },
        { field: 'menuIds', label: '菜单权限', before: '', after: '系统管理、用户管理、用户管理/导出' },
      ]),
    );
    const dup = await post('admin', '/api/system/role/save', { ...newRole(), roleKey: body.roleKey });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().field).toBe('roleKey');
    expect(
      (await post('secadmin', '/api/system/role/new-check', { reviewId, approved: true, comment: '同意' })).statusCode,
    ).toBe(200);
    const [role] = await t.database.db.select().from(sysRole).where(eq(sysRole.roleKey, body.roleKey));
    expect(role).toMatchObject({ roleName: body.roleName, checkStatus: null, status: '1' });
    expect(await roleMenuKeys(role!.roleId)).toEqual(['system:menu:view', 'system:user:export', 'system:user:list']);
  });

  it('submit → reject: nothing is created, the comment is kept', async () => {
    const reviewId = await submitNew();
    expect((await post('secadmin', '/api/system/role/new-check', { reviewId, approved: false })).statusCode).toBe(400);
    expect(
      (await post('secadmin', '/api/system/role/new-check', { reviewId, approved: false, comment: '权限过大' }))
        .statusCode,
    ).toBe(200);
    const [row] = await t.database.db.select().from(sysRecordReview).where(eq(sysRecordReview.id, reviewId));
    expect(row).toMatchObject({ state: 'rejected', comment: '权限过大', recordId: null });
  });

  it("update → approve changes menus and ends the holders' sessions; reject keeps the role", async () => {
    const role = await createApproved();
    await t.database.db.insert(sysUserRole).values({ userId: ids.get('gz_sh')!, roleId: role.roleId });
    const holder = await t.login('gz_sh');
    const sub = await post('admin', '/api/system/role/updateV2', {
      ...newRole(),
      roleId: role.roleId,
      roleKey: role.roleKey,
      roleName: role.roleName,
      menuIds: [menuIds.get('search:staff:list')],
    });
    expect(sub.statusCode, sub.body).toBe(200);
    expect(sub.json().data.checkStatus).toBe('2');
    const [waiting] = await t.database.db.select().from(sysRole).where(eq(sysRole.roleId, role.roleId));
    expect(waiting!.checkStatus).toBe('2');
    expect(await roleMenuKeys(role.roleId)).toContain('search:cert:list');
    const got = (await get('secadmin', `/api/system/role/get/${role.roleId}`)).json().data;
    expect(got.review.diff).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'menuIds', after: expect.stringContaining('新增：人员查询') }),
      ]),
    );
    expect(
      (await post('secadmin', '/api/system/role/update-check', { reviewId: sub.json().data.reviewId, approved: true }))
        .statusCode,
    ).toBe(200);
    expect(await roleMenuKeys(role.roleId)).toEqual(['search:menu:view', 'search:staff:list']);
    const after = await t.call(holder, { url: '/api/system/user/getLoginUser' });
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe('您的角色已变更，请重新登录');

    const rej = await post('admin', '/api/system/role/updateV2', {
      ...newRole(),
      roleId: role.roleId,
      roleKey: role.roleKey,
      roleName: '不会生效',
    });
    await post('secadmin', '/api/system/role/update-check', {
      reviewId: rej.json().data.reviewId,
      approved: false,
      comment: '不需要',
    });
    const [kept] = await t.database.db.select().from(sysRole).where(eq(sysRole.roleId, role.roleId));
    expect(kept).toMatchObject({ roleName: role.roleName, checkStatus: null });
  });

  it('cancel-commit: only the submitter takes a pending submission back', async () => {
    const role = await createApproved();
    const sub = await post('admin', '/api/system/role/authDataScope', {
      roleId: role.roleId,
      dataScope: '2',
      deptIds: [depts.get('广州区域中心')],
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const reviewId = sub.json().data.reviewId;
    // A second system administrator may edit roles but did not submit this one.
    const db = t.database.db;
    await db.insert(sysUser).values({
      userName: 'admin2',
      nickName: '副管理员',
      userType: '00',
      deptId: depts.get('系统管理部'),
      passwordHash: await hashPassword(DEMO_PASSWORD),
      duty: 'sys',
    });
    const [a2] = await db.select().from(sysUser).where(eq(sysUser.userName, 'admin2'));
    await db.insert(sysUserRole).values({ userId: a2!.userId, roleId: roleIds.get('admin')! });
    const other = await t.call(await t.login('admin2'), {
      method: 'POST',
      url: '/api/system/role/cancel-commit',
      payload: { reviewId },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().msg).toBe('只有提交人可以撤回该变更');
    const ok = await post('admin', '/api/system/role/cancel-commit', { reviewId });
    expect(ok.statusCode, ok.body).toBe(200);
    const [r] = await db.select().from(sysRecordReview).where(eq(sysRecordReview.id, reviewId));
    expect(r!.state).toBe('cancelled');
    const [live] = await db.select().from(sysRole).where(eq(sysRole.roleId, role.roleId));
    expect(live).toMatchObject({ dataScope: '1', checkStatus: null });
    expect((await post('secadmin', '/api/system/role/update-check', { reviewId, approved: true })).statusCode).toBe(
      409,
    );
    expect((await post('admin', '/api/system/role/cancel-commit', { reviewId })).statusCode).toBe(409);
  });

  it('data scope 2 keeps its departments once approved', async () => {
    const role = await createApproved();
    const none = await post('admin', '/api/system/role/authDataScope', {
      roleId: role.roleId,
      dataScope: '2',
      deptIds: [],
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ field: 'deptIds', msg: '自定数据权限须至少选择一个部门' });
    const sub = await post('admin', '/api/system/role/authDataScope', {
      roleId: role.roleId,
      dataScope: '2',
      deptIds: [depts.get('深圳区域中心'), depts.get('省中心')],
    });
    const detail = (await get('secadmin', `/api/system/role/review/${sub.json().data.reviewId}`)).json().data;
    expect(detail.diff).toEqual([
      { field: 'dataScope', label: '数据权限', before: '1 全部数据权限', after: '2 自定数据权限' },
      { field: 'deptIds', label: '数据权限部门', before: '', after: '深圳区域中心、省中心' },
    ]);
    await post('secadmin', '/api/system/role/update-check', { reviewId: sub.json().data.reviewId, approved: true });
    const got = (await get('admin', `/api/system/role/get/${role.roleId}`)).json().data;
    expect(got).toMatchObject({ dataScope: '2', dataScopeLabel: '自定数据权限' });
    expect(got.deptIds.sort()).toEqual([depts.get('深圳区域中心'), depts.get('省中心')].sort());
  });

  it('delete → approve removes the role; a role with users cannot be deleted', async () => {
    const role = await createApproved();
    const sub = await post('admin', `/api/system/role/removeV2?ids=${role.roleId}`);
    expect(sub.json().data[0].checkStatus).toBe('3');
    expect(
      (
        await post('secadmin', '/api/system/role/update-check', {
          reviewId: sub.json().data[0].reviewId,
          approved: true,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post('secadmin', '/api/system/role/delete-check', {
          reviewId: sub.json().data[0].reviewId,
          approved: true,
        })
      ).statusCode,
    ).toBe(200);
    expect(await t.database.db.select().from(sysRole).where(eq(sysRole.roleId, role.roleId))).toHaveLength(0);
    const used = await post('admin', `/api/system/role/removeV2?ids=${roleIds.get('enterprise')}`);
    expect(used.statusCode).toBe(400);
    expect(used.json().msg).toMatch(/^角色“企业用户”已分配给\d+个用户，不能删除$/);
  });
});

describe('the three duty roles', () => {
  it('keep their key, permissions, data scope and status', async () => {
    const auditorId = roleIds.get('auditor')!;
    const got = (await get('admin', `/api/system/role/get/${auditorId}`)).json().data;
    const before = await fingerprint();
    const more = await post('admin', '/api/system/role/updateV2', {
      ...got,
      menuIds: [...got.menuIds, menuIds.get('system:user:add')],
    });
    expect(more.statusCode).toBe(403);
    expect(more.json().msg).toBe('三员分立：审计管理员角色的标识、菜单权限、数据权限和状态不可修改');
    expect((await post('admin', '/api/system/role/status', { roleId: auditorId, status: '0' })).statusCode).toBe(403);
    expect((await post('admin', `/api/system/role/removeV2?ids=${roleIds.get('secadmin')}`)).json().msg).toBe(
      '三员分立：安全管理员角色不能删除',
    );
    expect(await fingerprint()).toBe(before);
    const rename = await post('admin', '/api/system/role/updateV2', { ...got, remark: '只读日志' });
    expect(rename.statusCode, rename.body).toBe(200);
  });

  it('built-in role keys do not change', async () => {
    const got = (await get('admin', `/api/system/role/get/${roleIds.get('adminProvince')}`)).json().data;
    const res = await post('admin', '/api/system/role/updateV2', { ...got, roleKey: 'provAdmin' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'roleKey', msg: '内置角色“adminProvince”的角色标识不可修改' });
  });
});

describe('status and lists', () => {
  it("disabling a role ends its holders' sessions and takes its permissions away", async () => {
    const role = await createApproved({ menuIds: [menuIds.get('system:job:list')] });
    await t.database.db.insert(sysUserRole).values({ userId: ids.get('gz_sp')!, roleId: role.roleId });
    const token = await t.login('gz_sp');
    expect((await post('admin', '/api/system/role/status', { roleId: role.roleId, status: '0' })).statusCode).toBe(200);
    expect((await t.call(token, { url: '/api/system/user/getLoginUser' })).statusCode).toBe(401);
    const again = await t.login('gz_sp');
    expect((await t.call(again, { url: '/api/system/user/getLoginUser' })).json().data.buttons).not.toContain(
      'system:job:list',
    );
    expect(
      (await get('admin', '/api/system/role/all')).json().data.map((r: { roleId: number }) => r.roleId),
    ).not.toContain(role.roleId);
  });

  it('lists with filters and user counts; export', async () => {
    const res = (await get('admin', '/api/system/role/list?roleKey=step_&pageSize=20')).json();
    expect(res.rows.map((r: { roleKey: string }) => r.roleKey)).toEqual([
      'step_sl',
      'step_cb',
      'step_cs',
      'step_sh',
      'step_sp',
      'step_bj',
    ]);
    const ent = (await get('admin', '/api/system/role/list?roleKey=enterprise')).json().rows[0];
    expect(ent.userCount).toBe(
      (
        await t.database.db
          .select()
          .from(sysUserRole)
          .where(eq(sysUserRole.roleId, roleIds.get('enterprise')!))
      ).length,
    );
    expect(ent.userCount).toBeGreaterThanOrEqual(3);
    expect(ent).toMatchObject({ enabled: true, dutyRole: false, pending: null });
    const duties = (await get('admin', '/api/system/role/list?pageSize=30'))
      .json()
      .rows.filter((r: { dutyRole: boolean }) => r.dutyRole);
    expect(duties.map((r: { roleKey: string }) => r.roleKey).sort()).toEqual(['admin', 'auditor', 'secadmin']);
    const exp = await get('admin', '/api/system/role/export');
    expect(exp.headers['content-type']).toContain('spreadsheetml');
    const tree = (await get('admin', '/api/system/role/menuTree')).json().data as {
      label: string;
      children: unknown[];
    }[];
    expect(tree.map((n) => n.label)).toContain('系统管理');
    const pending = (await get('secadmin', '/api/system/role/list?pending=1&pageSize=30')).json();
    expect(pending.rows.every((r: { checkStatus: string | null }) => r.checkStatus !== null)).toBe(true);
  });
});
