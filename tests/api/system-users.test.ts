/**
 * /system/user: who may call what, the four-eyes review of every user change (create, update,
 * roles, delete), separation of duties, sessions ended by disabling, role changes and deletes,
 * password resets, and the Excel import that writes nothing when a row is bad.
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { DEMO_PASSWORD, type TestApp } from '../helpers/app.js';
import { apiSuite, fourEyes, namedRows } from '../helpers/api.js';
import {
  sysMenu,
  sysRecordReview,
  sysRole,
  sysRoleMenu,
  sysSession,
  sysUser,
  sysUserRole,
} from '../../server/db/schema.js';
import { chinaDate } from '../../server/lib/days.js';
import { hashPassword } from '../../server/lib/password.js';

let t: TestApp;
const { users: ids, roles: roleIds, depts, load } = namedRows();
const api = apiSuite({
  ready: async (app) => {
    t = app;
    await load(app);
  },
});
const { token, get, post } = api;
const review = fourEyes(api, 'user');

let seq = 0;
const newUser = (over: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    userName: `tuser${seq}`,
    nickName: `测试用户${seq}`,
    userType: '02',
    deptId: depts.get('广州区域中心'),
    phone: `1390000${String(1000 + seq).slice(-4)}`,
    email: `tuser${seq}@example.cn`,
    sex: '0',
    roleIds: [roleIds.get('step_sl')],
    password: 'Init#2026a',
    ...over,
  };
};

/** Submits a new user as admin; answers the review id. */
const submitNew = (over: Record<string, unknown> = {}) => review.submit(newUser(over));

/** Submits and approves a new user; answers its user id and name. */
async function createApproved(over: Record<string, unknown> = {}) {
  const body = newUser(over);
  await review.approveNew(await review.submit(body), '同意');
  const [u] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, body.userName));
  return { userId: u!.userId, userName: body.userName, password: body.password as string };
}

/** Everything a refused call must leave untouched. */
async function fingerprint() {
  const db = t.database.db;
  return JSON.stringify([
    await db
      .select({
        id: sysUser.userId,
        s: sysUser.status,
        c: sysUser.checkStatus,
        p: sysUser.passwordHash,
        n: sysUser.nickName,
      })
      .from(sysUser)
      .orderBy(sysUser.userId),
    await db
      .select({ id: sysRecordReview.id, s: sysRecordReview.state })
      .from(sysRecordReview)
      .orderBy(sysRecordReview.id),
    await db.select().from(sysUserRole).orderBy(sysUserRole.userId, sysUserRole.roleId),
    (await db.select({ e: sysSession.endedAt }).from(sysSession)).filter((s) => s.e).length,
  ]);
}

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(file: Buffer, filename = 'users.xlsx') {
  const boundary = '----safecertboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const ACCOUNTS = ['admin', 'secadmin', 'auditor', 'ent_gz'] as const;

describe('who may call what', () => {
  const reads: [string, (typeof ACCOUNTS)[number][]][] = [
    ['/api/system/user/list', ['admin', 'secadmin']],
    ['/api/system/user/listV2', ['admin', 'secadmin']],
    ['/api/system/user/get/1', ['admin', 'secadmin']],
    ['/api/system/user/userRoleMnglist', ['admin']],
    ['/api/system/user/loadUserTypes', ['admin', 'secadmin']],
    ['/api/system/user/deptTree', ['admin', 'secadmin']],
    ['/api/system/user/enterpriseOptions?keyword=建', ['admin', 'secadmin']],
    ['/api/system/user/export', ['admin']],
    ['/api/system/user/importTemplate', ['admin']],
  ];
  for (const [url, allowed] of reads) {
    it(`GET ${url}: ${allowed.join(', ')} only`, async () => {
      for (const user of ACCOUNTS) {
        const res = await get(user, url);
        expect(res.statusCode, `${user} ${url}: ${res.body.slice(0, 200)}`).toBe(allowed.includes(user) ? 200 : 403);
      }
    });
  }

  it('GET review/{id}: admin and secadmin', async () => {
    const reviewId = await submitNew();
    for (const user of ACCOUNTS) {
      expect((await get(user, `/api/system/user/review/${reviewId}`)).statusCode).toBe(
        ['admin', 'secadmin'].includes(user) ? 200 : 403,
      );
    }
  });

  /** Each mutation: who may call it, and a fresh payload that succeeds for him. */
  const writes: {
    url: string;
    allowed: (typeof ACCOUNTS)[number][];
    make: () => Promise<{ payload?: object; url?: string }>;
  }[] = [
    { url: '/api/system/user/save', allowed: ['admin'], make: async () => ({ payload: newUser() }) },
    {
      url: '/api/system/user/updateV2',
      allowed: ['admin'],
      make: async () => {
        const u = await createApproved();
        return {
          payload: { ...newUser(), userName: u.userName, userId: u.userId, nickName: '改过的名字', phone: null },
        };
      },
    },
    {
      url: '/api/system/user/userAuthorize',
      allowed: ['admin'],
      make: async () => {
        const u = await createApproved();
        return { payload: { userId: u.userId, roleIds: [roleIds.get('step_cb')] } };
      },
    },
    {
      url: '/api/system/user/remove',
      allowed: ['admin'],
      make: async () => ({ url: `/api/system/user/remove?ids=${(await createApproved()).userId}` }),
    },
    {
      url: '/api/system/user/status',
      allowed: ['admin'],
      make: async () => ({ payload: { userId: (await createApproved()).userId, status: '0' } }),
    },
    {
      url: '/api/system/user/resetPwd',
      allowed: ['admin'],
      make: async () => ({ payload: { userId: (await createApproved()).userId } }),
    },
    {
      url: '/api/system/user/new-check',
      allowed: ['secadmin'],
      make: async () => ({ payload: { reviewId: await submitNew(), approved: true } }),
    },
    {
      url: '/api/system/user/update-check',
      allowed: ['secadmin'],
      make: async () => {
        const u = await createApproved();
        const res = await post('admin', '/api/system/user/userAuthorize', {
          userId: u.userId,
          roleIds: [roleIds.get('step_cs')],
        });
        return { payload: { reviewId: res.json().data.reviewId, approved: false, comment: '不同意' } };
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
          expect(res.json().code).toBe(0);
        } else {
          expect(res.statusCode, `${user}: ${res.body}`).toBe(403);
          expect(await fingerprint()).toBe(before);
        }
      }
    });
  }

  it('POST importData: admin only', async () => {
    const file = await xlsx([
      ['登录名*', '用户名称*', '用户类型*', '部门', '角色*'],
      ['imp_perm', '导入权限', '02', '广州区域中心', 'step_sl'],
    ]);
    for (const user of ['auditor', 'secadmin', 'ent_gz']) {
      const before = await fingerprint();
      const res = await t.call(await token(user), {
        method: 'POST',
        url: '/api/system/user/importData',
        ...multipart(file),
      });
      expect(res.statusCode).toBe(403);
      expect(await fingerprint()).toBe(before);
    }
    const res = await t.call(await token('admin'), {
      method: 'POST',
      url: '/api/system/user/importData',
      ...multipart(file),
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('a new user under review', () => {
  it('exists only after the security administrator approves; then signs in and must change the initial password', async () => {
    const body = newUser({ nickName: '新来的' });
    const saved = await post('admin', '/api/system/user/save', body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ checkStatus: '0', initialPassword: null });
    const reviewId = saved.json().data.reviewId as number;

    expect(await t.database.db.select().from(sysUser).where(eq(sysUser.userName, body.userName))).toHaveLength(0);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login/login',
      payload: { username: body.userName, password: body.password },
    });
    expect(login.statusCode).not.toBe(200);

    const v2 = (await get('secadmin', `/api/system/user/listV2?pending=1&userName=${body.userName}`)).json();
    expect(v2.rows).toHaveLength(1);
    expect(v2.rows[0]).toMatchObject({
      userId: null,
      checkStatus: '0',
      userName: body.userName,
      enabled: true,
      pending: { reviewId, change: 'create', submitterName: 'admin' },
    });
    // The row says what this caller may do (the same answer as the review detail): the page only renders it.
    expect(v2.rows[0].pending).toMatchObject({ canReview: true, canCancel: false });
    const mine = (await get('admin', `/api/system/user/listV2?pending=1&userName=${body.userName}`)).json().rows[0];
    expect(mine.pending).toMatchObject({ reviewId, canReview: false, canCancel: false });
    expect((await get('secadmin', `/api/system/user/list?userName=${body.userName}`)).json().total).toBe(0);

    const detail = (await get('secadmin', `/api/system/user/review/${reviewId}`)).json().data;
    expect(detail).toMatchObject({ change: 'create', state: 'pending', canReview: true, submitterName: 'admin' });
    expect(detail.diff).toEqual(
      expect.arrayContaining([
        { field: 'nickName', label: '用户名称', before: '', after: '新来的' },
        { field: 'deptId', label: '部门', before: '', after: '广州区域中心' },
        { field: 'roleIds', label: '角色', before: '', after: '受理' },
      ]),
    );
    expect(JSON.stringify(detail)).not.toContain('passwordHash');
    expect((await get('admin', `/api/system/user/review/${reviewId}`)).json().data.canReview).toBe(false);

    const dup = await post('admin', '/api/system/user/save', { ...newUser(), userName: body.userName.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ field: 'userName', msg: `登录名“${body.userName.toUpperCase()}”已存在` });

    const wrongCall = await post('secadmin', '/api/system/user/update-check', { reviewId, approved: true });
    expect(wrongCall.statusCode).toBe(400);

    const approve = await post('secadmin', '/api/system/user/new-check', { reviewId, approved: true, comment: '同意' });
    expect(approve.statusCode, approve.body).toBe(200);
    const [created] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, body.userName));
    expect(created).toMatchObject({ nickName: '新来的', mustChangePassword: true, checkStatus: null, status: '1' });
    const [review] = await t.database.db.select().from(sysRecordReview).where(eq(sysRecordReview.id, reviewId));
    expect(review).toMatchObject({
      state: 'approved',
      recordId: created!.userId,
      comment: '同意',
      reviewedBy: ids.get('secadmin'),
    });

    const again = await post('secadmin', '/api/system/user/new-check', { reviewId, approved: true });
    expect(again.statusCode).toBe(409);

    const token = await t.login(body.userName, body.password);
    const me = (await t.call(token, { url: '/api/system/user/getLoginUser' })).json();
    expect(me.code).toBe(800);
    expect(me.data.mustChangePassword).toBe(true);
    expect(me.data.roleIds).toEqual(['step_sl']);
    const blocked = await t.call(token, { url: '/api/workflow/queue/waitAccept' });
    expect(blocked.statusCode).toBe(403);
    const changed = await t.call(token, {
      method: 'POST',
      url: '/api/system/user/updatepwd',
      payload: { oldPassword: body.password, newPassword: 'Fresh#2026b' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await t.call(token, { url: '/api/system/user/getLoginUser' })).json().data.mustChangePassword).toBe(false);
  });

  it('a random initial password is returned once when none is given', async () => {
    const body = newUser();
    delete (body as { password?: string }).password;
    const res = await post('admin', '/api/system/user/save', body);
    const pw = res.json().data.initialPassword as string;
    expect(pw).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9]).{12}$/);
    await post('secadmin', '/api/system/user/new-check', { reviewId: res.json().data.reviewId, approved: true });
    expect(await t.login(body.userName, pw)).toBeTruthy();
  });

  it('a rejection needs a comment, keeps nothing and frees the name', async () => {
    const body = newUser();
    const reviewId = (await post('admin', '/api/system/user/save', body)).json().data.reviewId;
    const noComment = await post('secadmin', '/api/system/user/new-check', { reviewId, approved: false });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json()).toMatchObject({ field: 'comment', msg: '驳回时请填写审核意见' });
    const rejected = await post('secadmin', '/api/system/user/new-check', {
      reviewId,
      approved: false,
      comment: '部门填错',
    });
    expect(rejected.statusCode).toBe(200);
    expect(await t.database.db.select().from(sysUser).where(eq(sysUser.userName, body.userName))).toHaveLength(0);
    const detail = (await get('admin', `/api/system/user/review/${reviewId}`)).json().data;
    expect(detail).toMatchObject({ state: 'rejected', comment: '部门填错', reviewerName: 'secadmin' });
    expect((await post('admin', '/api/system/user/save', { ...newUser(), userName: body.userName })).statusCode).toBe(
      200,
    );
  });

  it('rejects bad input with the field named', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ userName: 'a' }, 'userName', '登录名长度为2至30个字符'],
      [{ userName: '中文名' }, 'userName', '登录名只能包含字母、数字和 _ . @ -'],
      [{ phone: '12345' }, 'phone', '手机号码格式不正确'],
      [{ email: 'not-mail' }, 'email', '邮箱格式不正确'],
      [{ roleIds: [] }, 'roleIds', '请至少选择一个角色'],
      [{ userType: '01' }, 'userType', '用户类型须为 00、02、03 或 04'],
      [{ deptId: null }, 'deptId', '请选择部门'],
      [{ userType: '03', deptId: null }, 'enterpriseId', '企业用户须选择所属企业'],
      [{ password: 'short' }, 'password', '密码长度不能少于8位'],
      [{ roleIds: [99999] }, 'roleIds', '所选角色不存在或尚未审核通过'],
      [{ phone: '13926000001' }, 'phone', '手机号码“13926000001”已被其他用户使用'],
    ];
    for (const [over, field, msg] of cases) {
      const before = await fingerprint();
      const res = await post('admin', '/api/system/user/save', newUser(over));
      expect(res.statusCode, JSON.stringify(over)).toBeGreaterThanOrEqual(400);
      expect(res.json(), JSON.stringify(over)).toMatchObject({ field, msg });
      expect(await fingerprint()).toBe(before);
    }
  });
});

describe('changes to a live user', () => {
  it('an update waits for review; the live record stays until approval; a second submission is refused', async () => {
    const u = await createApproved();
    const full = (await get('admin', `/api/system/user/get/${u.userId}`)).json().data;
    const res = await post('admin', '/api/system/user/updateV2', {
      userId: u.userId,
      userName: full.userName,
      nickName: '新名字',
      userType: full.userType,
      deptId: full.deptId,
      phone: full.phone,
      email: 'new@example.cn',
      sex: '1',
      roleIds: full.roleIds,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.checkStatus).toBe('2');
    const [live] = await t.database.db.select().from(sysUser).where(eq(sysUser.userId, u.userId));
    expect(live).toMatchObject({ nickName: full.nickName, checkStatus: '2', sex: '0' });

    const got = (await get('secadmin', `/api/system/user/get/${u.userId}`)).json().data;
    expect(got.pending).toMatchObject({ checkStatus: '2', change: 'update' });
    expect(got.review.diff).toEqual([
      { field: 'nickName', label: '用户名称', before: full.nickName, after: '新名字' },
      { field: 'email', label: '邮箱', before: full.email, after: 'new@example.cn' },
      { field: 'sex', label: '性别', before: '男', after: '女' },
    ]);
    expect((await get('admin', `/api/system/user/list?checkStatus=2&userName=${u.userName}`)).json().total).toBe(1);

    const second = await post('admin', '/api/system/user/userAuthorize', {
      userId: u.userId,
      roleIds: [roleIds.get('step_cb')],
    });
    expect(second.statusCode).toBe(409);

    const approve = await post('secadmin', '/api/system/user/update-check', {
      reviewId: got.pending.reviewId,
      approved: true,
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const [after] = await t.database.db.select().from(sysUser).where(eq(sysUser.userId, u.userId));
    expect(after).toMatchObject({ nickName: '新名字', email: 'new@example.cn', sex: '1', checkStatus: null });
  });

  it('a rejected update keeps the live record', async () => {
    const u = await createApproved();
    const full = (await get('admin', `/api/system/user/get/${u.userId}`)).json().data;
    const sub = await post('admin', '/api/system/user/updateV2', { ...full, nickName: '不会生效' });
    expect(sub.statusCode, sub.body).toBe(200);
    const rej = await post('secadmin', '/api/system/user/update-check', {
      reviewId: sub.json().data.reviewId,
      approved: false,
      comment: '无依据',
    });
    expect(rej.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(sysUser).where(eq(sysUser.userId, u.userId));
    expect(after).toMatchObject({ nickName: full.nickName, checkStatus: null });
  });

  it('an unchanged submission is refused', async () => {
    const u = await createApproved();
    const full = (await get('admin', `/api/system/user/get/${u.userId}`)).json().data;
    const res = await post('admin', '/api/system/user/updateV2', full);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('没有需要提交的修改');
  });

  it("approving a role change ends the user's sessions; the new roles apply", async () => {
    const u = await createApproved();
    await t.database.db.update(sysUser).set({ mustChangePassword: false }).where(eq(sysUser.userId, u.userId));
    const token = await t.login(u.userName, u.password);
    expect((await t.call(token, { url: '/api/system/user/getLoginUser' })).statusCode).toBe(200);
    const sub = await post('admin', '/api/system/user/userAuthorize', {
      userId: u.userId,
      roleIds: [roleIds.get('step_cb'), roleIds.get('step_cs')],
    });
    expect(sub.statusCode, sub.body).toBe(200);
    expect((await t.call(token, { url: '/api/system/user/getLoginUser' })).statusCode).toBe(200);
    const detail = (await get('secadmin', `/api/system/user/review/${sub.json().data.reviewId}`)).json().data;
    expect(detail.diff).toEqual([
      { field: 'roleIds', label: '角色', before: '共1项；移除：受理', after: '共2项；新增：承办、初审' },
    ]);
    expect(
      (await post('secadmin', '/api/system/user/update-check', { reviewId: sub.json().data.reviewId, approved: true }))
        .statusCode,
    ).toBe(200);
    const after = await t.call(token, { url: '/api/system/user/getLoginUser' });
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe('您的角色已变更，请重新登录');
    const again = await t.login(u.userName, u.password);
    expect((await t.call(again, { url: '/api/system/user/getLoginUser' })).json().data.roleIds.sort()).toEqual([
      'step_cb',
      'step_cs',
    ]);
  });

  it('a delete is reviewed: checkStatus 2 while waiting, the account and its sessions are gone after approval', async () => {
    const u = await createApproved();
    const token = await t.login(u.userName, u.password);
    const sub = await post('admin', `/api/system/user/remove?ids=${u.userId}`);
    expect(sub.statusCode, sub.body).toBe(200);
    expect(sub.json().data[0].checkStatus).toBe('2');
    const [waiting] = await t.database.db.select().from(sysUser).where(eq(sysUser.userId, u.userId));
    expect(waiting!.checkStatus).toBe('2');
    const reviewId = sub.json().data[0].reviewId;
    const detail = (await get('secadmin', `/api/system/user/review/${reviewId}`)).json().data;
    expect(detail).toMatchObject({ change: 'delete', checkStatus: '2' });
    expect(detail.diff).toEqual(
      expect.arrayContaining([{ field: 'userName', label: '登录名', before: u.userName, after: '' }]),
    );
    expect((await post('secadmin', '/api/system/user/new-check', { reviewId, approved: true })).statusCode).toBe(400);
    expect((await post('secadmin', '/api/system/user/update-check', { reviewId, approved: true })).statusCode).toBe(
      200,
    );
    expect(await t.database.db.select().from(sysUser).where(eq(sysUser.userId, u.userId))).toHaveLength(0);
    expect((await t.call(token, { url: '/api/system/user/getLoginUser' })).statusCode).toBe(401);
  });

  it('a rejected delete keeps the account', async () => {
    const u = await createApproved();
    const sub = await post('admin', `/api/system/user/remove?ids=${u.userId}`);
    await post('secadmin', '/api/system/user/update-check', {
      reviewId: sub.json().data[0].reviewId,
      approved: false,
      comment: '仍在岗',
    });
    const [kept] = await t.database.db.select().from(sysUser).where(eq(sysUser.userId, u.userId));
    expect(kept).toMatchObject({ checkStatus: null, status: '1' });
  });

  it('refuses deleting oneself and accounts that audit records point at', async () => {
    const self = await post('admin', `/api/system/user/remove?ids=${ids.get('admin')}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toBe('不能删除当前登录的用户');
    const reviewer = await post('admin', `/api/system/user/remove?ids=${ids.get('secadmin')}`);
    expect(reviewer.statusCode).toBe(400);
    expect(reviewer.json().msg).toContain('为保留审计记录不能删除，请改为停用');
  });
});

describe('four eyes', () => {
  it('the reviewer is never the submitter, nor the user the change is about', async () => {
    // One account holding both add and audit (outside the three duty roles) still cannot approve its own submission.
    const db = t.database.db;
    const menus = await db
      .select({ id: sysMenu.menuId, key: sysMenu.menuKey })
      .from(sysMenu)
      .where(
        inArray(sysMenu.menuKey, ['system:menu:view', 'system:user:list', 'system:user:add', 'system:user:audit']),
      );
    const [role] = await db
      .insert(sysRole)
      .values({ roleName: '用户专员', roleKey: 'userOps', roleSort: 90, dataScope: '1', status: '1' })
      .returning();
    await db.insert(sysRoleMenu).values(menus.map((m) => ({ roleId: role!.roleId, menuId: m.id })));
    await db.insert(sysUser).values({
      userName: 'ops1',
      nickName: '专员',
      userType: '02',
      deptId: depts.get('省中心'),
      passwordHash: await hashPassword(DEMO_PASSWORD),
    });
    const [ops] = await db.select().from(sysUser).where(eq(sysUser.userName, 'ops1'));
    await db.insert(sysUserRole).values({ userId: ops!.userId, roleId: role!.roleId });
    const token = await t.login('ops1');
    const sub = await t.call(token, { method: 'POST', url: '/api/system/user/save', payload: newUser() });
    expect(sub.statusCode, sub.body).toBe(200);
    const before = await fingerprint();
    const own = await t.call(token, {
      method: 'POST',
      url: '/api/system/user/new-check',
      payload: { reviewId: sub.json().data.reviewId, approved: true },
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().msg).toBe('四眼原则：审核人不能是提交人，不能审核本人提交的变更');
    expect(await fingerprint()).toBe(before);

    // A change to the security administrator's own account is not his to review.
    const sec = (await get('admin', `/api/system/user/get/${ids.get('secadmin')}`)).json().data;
    const change = await post('admin', '/api/system/user/updateV2', { ...sec, email: 'sec2@example.cn' });
    expect(change.statusCode, change.body).toBe(200);
    const selfReview = await post('secadmin', '/api/system/user/update-check', {
      reviewId: change.json().data.reviewId,
      approved: true,
    });
    expect(selfReview.statusCode).toBe(403);
    expect(selfReview.json().msg).toBe('四眼原则：不能审核与本人账号有关的变更');
    expect(
      (await get('secadmin', `/api/system/user/review/${change.json().data.reviewId}`)).json().data.canReview,
    ).toBe(false);
    // Another reviewer may.
    const ok = await t.call(token, {
      method: 'POST',
      url: '/api/system/user/update-check',
      payload: { reviewId: change.json().data.reviewId, approved: false, comment: '请本人确认' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('separation of duties (三员分立)', () => {
  it('no account holds two of admin, secadmin and auditor; the three go only to type 00', async () => {
    const two = await post(
      'admin',
      '/api/system/user/save',
      newUser({
        userType: '00',
        deptId: depts.get('系统管理部'),
        roleIds: [roleIds.get('admin'), roleIds.get('auditor')],
      }),
    );
    expect(two.statusCode).toBe(400);
    expect(two.json()).toMatchObject({
      field: 'roleIds',
      msg: '三员分立：同一账号不能同时拥有系统管理员、审计管理员角色',
    });

    const grant = await post('admin', '/api/system/user/userAuthorize', {
      userId: ids.get('auditor'),
      roleIds: [roleIds.get('auditor'), roleIds.get('secadmin')],
    });
    expect(grant.statusCode).toBe(400);
    expect(grant.json().msg).toBe('三员分立：同一账号不能同时拥有安全管理员、审计管理员角色');

    const wrongType = await post('admin', '/api/system/user/save', newUser({ roleIds: [roleIds.get('auditor')] }));
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().msg).toBe('审计管理员角色只能分配给系统管理员类型（00）的用户');

    const alt = (await get('admin', '/api/system/role/userAlternativeRole?userType=02')).json().data as {
      roleKey: string;
    }[];
    expect(alt.map((r) => r.roleKey)).not.toContain('secadmin');
    const alt00 = (await get('admin', '/api/system/role/userAlternativeRole?userType=00')).json().data as {
      roleKey: string;
    }[];
    expect(alt00.map((r) => r.roleKey)).toEqual(expect.arrayContaining(['admin', 'secadmin', 'auditor']));
  });

  it('the auditor only reads logs', async () => {
    const me = (await get('auditor', '/api/system/user/getLoginUser')).json().data;
    const admin = (me.buttons as string[]).filter(
      (b) => /^system:(user|role|online|userGroup|userRole):/.test(b) && b !== 'system:user:updatePwd',
    );
    expect(admin).toEqual([]);
    expect(me.buttons).toContain('system:operlog:list');
  });

  it('the password of the security or audit administrator is reset by nobody else', async () => {
    const res = await post('admin', '/api/system/user/resetPwd', { userId: ids.get('secadmin') });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('三员分立：安全管理员账号的密码只能由本人修改');
  });
});

describe('status and password', () => {
  it("disabling ends the user's sessions at once and refuses sign-in; enabling lets him back", async () => {
    const token = await t.login('gz_cb');
    const off = await post('admin', '/api/system/user/status', { userId: ids.get('gz_cb'), status: '0' });
    expect(off.statusCode, off.body).toBe(200);
    const res = await t.call(token, { url: '/api/system/user/getLoginUser' });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('账号已停用，请联系管理员');
    await expect(t.login('gz_cb')).rejects.toThrow();
    const listed = async () =>
      (await get('admin', '/api/system/user/list?userName=gz_cb')).json().rows[0] as {
        status: string;
        enabled: boolean;
      };
    expect(await listed()).toMatchObject({ status: '0', enabled: false });
    expect((await post('admin', '/api/system/user/status', { userId: ids.get('gz_cb'), status: '1' })).statusCode).toBe(
      200,
    );
    expect(await listed()).toMatchObject({ status: '1', enabled: true });
    expect(await t.login('gz_cb')).toBeTruthy();
    const self = await post('admin', '/api/system/user/status', { userId: ids.get('admin'), status: '0' });
    expect(self.statusCode).toBe(400);
  });

  it('a reset issues a one-time password, texted to the user, that must be changed at the next sign-in; the old sessions end', async () => {
    const old = await t.login('gz_cs');
    // Nobody chooses another user's password (三员分立): a given one is refused, nothing changes.
    const chosen = await post('admin', '/api/system/user/resetPwd', {
      userId: ids.get('gz_cs'),
      password: 'Given#2026x',
    });
    expect(chosen.statusCode).toBe(400);
    expect(chosen.json().field).toBe('password');
    expect((await t.call(old, { url: '/api/system/user/getLoginUser' })).statusCode).toBe(200);
    const [gzCs] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'gz_cs'));
    const res = await post('admin', '/api/system/user/resetPwd', { userId: ids.get('gz_cs') });
    expect(res.statusCode, res.body).toBe(200);
    // The administrator never sees it: the user's phone receives it.
    expect(res.json().data).toEqual({
      password: null,
      sentTo: `${gzCs!.phone!.slice(0, 3)}****${gzCs!.phone!.slice(-4)}`,
    });
    const password = t.sms.sent.at(-1)!.text.match(/一次性密码：(\S+?)，/)![1]!;
    expect(t.sms.sent.at(-1)!.mobile).toBe(gzCs!.phone);
    expect(res.body).not.toContain(password);
    expect((await t.call(old, { url: '/api/system/user/getLoginUser' })).statusCode).toBe(401);
    await expect(t.login('gz_cs')).rejects.toThrow();
    const token = await t.login('gz_cs', password);
    const me = (await t.call(token, { url: '/api/system/user/getLoginUser' })).json();
    expect(me).toMatchObject({ code: 800, msg: '首次登录，请先修改初始密码' });
    const blocked = await t.call(token, { url: '/api/workflow/queue/waitAccept' });
    expect(blocked.statusCode).toBe(403);
  });

  it('a reset ends a lock-out: the one-time password signs in at once', async () => {
    const u = await createApproved();
    const inHalfAnHour = new Date(t.clock.now().getTime() + 30 * 60_000);
    await t.database.db
      .update(sysUser)
      .set({ failCount: 5, lockedUntil: inHalfAnHour })
      .where(eq(sysUser.userId, u.userId));
    await expect(t.login(u.userName, u.password)).rejects.toThrow(/423/);
    const res = await post('admin', '/api/system/user/resetPwd', { userId: u.userId });
    expect(res.statusCode, res.body).toBe(200);
    const password = t.sms.sent.at(-1)!.text.match(/一次性密码：(\S+?)，/)![1]!;
    expect(await t.login(u.userName, password)).toBeTruthy();
  });

  it('a user without a phone gets the one-time password through the administrator, once', async () => {
    await t.database.db.update(sysUser).set({ phone: null }).where(eq(sysUser.userName, 'gz_sh'));
    const res = await post('admin', '/api/system/user/resetPwd', { userId: ids.get('gz_sh') });
    expect(res.statusCode, res.body).toBe(200);
    const { password, sentTo } = res.json().data as { password: string; sentTo: string | null };
    expect(sentTo).toBeNull();
    const token = await t.login('gz_sh', password);
    expect((await t.call(token, { url: '/api/system/user/getLoginUser' })).json().code).toBe(800);
  });
});

describe('lists', () => {
  it('filter by name, type, status and department; page with total and pageNum', async () => {
    const all = (await get('admin', '/api/system/user/list?pageSize=100')).json();
    expect(all.total).toBeGreaterThanOrEqual(17);
    const gz = (await get('admin', `/api/system/user/list?deptId=${depts.get('广州区域中心')}&pageSize=100`)).json();
    expect(gz.rows.every((r: { deptName: string }) => r.deptName === '广州区域中心')).toBe(true);
    expect(gz.rows.map((r: { userName: string }) => r.userName)).toContain('gz_sl');
    const ents = (await get('admin', '/api/system/user/list?userType=03&pageSize=100')).json();
    expect(ents.rows.every((r: { userType: string }) => r.userType === '03')).toBe(true);
    expect(ents.rows.map((r: { userName: string }) => r.userName)).toEqual(
      expect.arrayContaining(['ent_gz', 'ent_prov', 'ent_sz']),
    );
    const page2 = (await get('admin', '/api/system/user/list?pageNum=2&pageSize=5')).json();
    expect(page2).toMatchObject({ code: 0, pageNum: 2 });
    expect(page2.rows).toHaveLength(5);
    const today = chinaDate(t.clock.now());
    expect((await get('admin', `/api/system/user/list?beginTime=2000-01-01&endTime=${today}`)).json().total).toBe(
      all.total,
    );
    expect((await get('admin', '/api/system/user/list?endTime=2000-01-01')).json().total).toBe(0);
    expect((await get('admin', '/api/system/user/list?beginTime=yesterday')).statusCode).toBe(400);
    const withRoles = (
      await get('admin', `/api/system/user/userRoleMnglist?roleId=${roleIds.get('enterprise')}&pageSize=100`)
    ).json();
    expect(withRoles.rows.map((r: { userName: string }) => r.userName)).toEqual(
      expect.arrayContaining(['ent_gz', 'ent_prov', 'ent_sz']),
    );
    expect(withRoles.total).toBe(ents.total);
    expect(withRoles.rows[0].roleNames).toEqual(['企业用户']);
    const types = (await get('admin', '/api/system/user/loadUserTypes')).json().data;
    expect(types).toEqual([
      { value: '00', label: '系统管理员' },
      { value: '02', label: '行政单位用户' },
      { value: '03', label: '企业用户' },
      { value: '04', label: '个人用户' },
    ]);
  });

  it("apply the caller's data scope (a role with scope 3 sees its own department only)", async () => {
    const db = t.database.db;
    const menus = await db
      .select({ id: sysMenu.menuId })
      .from(sysMenu)
      .where(inArray(sysMenu.menuKey, ['system:menu:view', 'system:user:list']));
    const [role] = await db
      .insert(sysRole)
      .values({ roleName: '部门查看', roleKey: 'deptViewer', roleSort: 91, dataScope: '3', status: '1' })
      .returning();
    await db.insert(sysRoleMenu).values(menus.map((m) => ({ roleId: role!.roleId, menuId: m.id })));
    await db.insert(sysUserRole).values({ userId: ids.get('sz_staff')!, roleId: role!.roleId });
    const token = await t.login('sz_staff');
    const res = (await t.call(token, { url: '/api/system/user/list?pageSize=100' })).json();
    expect(res.rows.length).toBeGreaterThan(0);
    expect(res.rows.every((r: { deptName: string }) => r.deptName === '深圳区域中心')).toBe(true);
    expect((await t.call(token, { url: `/api/system/user/get/${ids.get('gz_sl')}` })).statusCode).toBe(404);
    await db.delete(sysUserRole).where(eq(sysUserRole.roleId, role!.roleId));
  });

  it('export the filtered list to Excel', async () => {
    const res = await get('admin', '/api/system/user/export?userType=03');
    const listed = (await get('admin', '/api/system/user/list?userType=03&pageSize=500'))
      .json()
      .rows.map((r: { userName: string }) => r.userName);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('登录名');
    const names: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) names.push(String(row.getCell(2).value));
    });
    expect(names.sort()).toEqual(listed.sort());
    expect(names).toContain('ent_gz');
  });
});

describe('import from Excel', () => {
  const HEADER = [
    '登录名*',
    '用户名称*',
    '用户类型*',
    '部门',
    '企业统一社会信用代码',
    '手机号码',
    '邮箱',
    '性别',
    '角色*',
    '初始密码',
    '备注',
  ];

  it('serves a template with the columns', async () => {
    const res = await get('admin', '/api/system/user/importTemplate');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const header = (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(HEADER);
  });

  it('writes nothing when any row is bad and reports every bad row', async () => {
    const file = await xlsx([
      HEADER,
      ['imp_ok1', '导入一', '02', '广州区域中心', '', '13700000001', '', '男', 'step_sl', '', ''],
      ['x', '坏登录名', '02', '广州区域中心', '', '', '', '', 'step_sl', '', ''],
      ['imp_bad2', '坏部门', '02', '不存在的部门', '', '', '', '', 'step_sl', '', ''],
      ['imp_bad3', '坏角色', '02', '广州区域中心', '', '', '', '', 'nosuchrole', '', ''],
      ['admin', '重名', '02', '广州区域中心', '', '', '', '', 'step_sl', '', ''],
      ['imp_ok1', '文件内重复', '02', '广州区域中心', '', '', '', '', 'step_sl', '', ''],
      ['imp_bad6', '三员冲突', '00', '系统管理部', '', '', '', '', 'admin,auditor', '', ''],
      ['imp_bad7', '弱密码', '02', '广州区域中心', '', '', '', '', 'step_sl', 'abc', ''],
    ]);
    const before = await fingerprint();
    const res = await t.call(await token('admin'), {
      method: 'POST',
      url: '/api/system/user/importData',
      ...multipart(file),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('导入失败：共7行有错误，未导入任何数据');
    const errors = res.json().data as { rowNumber: number; field: string; msg: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        { rowNumber: 3, field: '登录名', msg: '登录名长度为2至30个字符' },
        { rowNumber: 4, field: '部门', msg: '部门“不存在的部门”不存在' },
        { rowNumber: 5, field: '角色', msg: '角色“nosuchrole”不存在' },
        { rowNumber: 6, field: '登录名', msg: '登录名“admin”已存在' },
        { rowNumber: 7, field: '登录名', msg: '登录名与第2行重复' },
        { rowNumber: 8, field: '角色', msg: '三员分立：同一账号不能同时拥有系统管理员、审计管理员角色' },
        { rowNumber: 9, field: '初始密码', msg: '密码长度不能少于8位' },
      ]),
    );
    expect(errors.some((e) => e.rowNumber === 2)).toBe(false);
    expect(await fingerprint()).toBe(before);
  });

  it('turns every good row into a new-user submission', async () => {
    const file = await xlsx([
      HEADER,
      [
        'imp_a',
        '导入甲',
        '02 行政单位用户',
        '深圳区域中心',
        '',
        '13700000011',
        'a@example.cn',
        '女',
        '受理、承办',
        'Imp#2026aa',
        '',
      ],
      ['imp_b', '导入乙', '02', '省中心', '', '', '', '', 'step_sh', '', '备注'],
    ]);
    const res = await t.call(await token('admin'), {
      method: 'POST',
      url: '/api/system/user/importData',
      ...multipart(file),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.count).toBe(2);
    const v2 = (await get('secadmin', '/api/system/user/listV2?checkStatus=0&userName=imp_')).json();
    const a = v2.rows.find((r: { userName: string }) => r.userName === 'imp_a');
    expect(a).toMatchObject({
      userId: null,
      checkStatus: '0',
      deptName: '深圳区域中心',
      sex: '1',
      roleNames: ['受理', '承办'],
    });
    await post('secadmin', '/api/system/user/new-check', { reviewId: a.pending.reviewId, approved: true });
    expect(await t.login('imp_a', 'Imp#2026aa')).toBeTruthy();
  });

  it('refuses files that are not a filled template', async () => {
    const notExcel = await t.call(await token('admin'), {
      method: 'POST',
      url: '/api/system/user/importData',
      ...multipart(Buffer.from('hello'), 'x.xlsx'),
    });
    expect(notExcel.statusCode).toBe(400);
    expect(notExcel.json().field).toBe('file');
    const noHeaders = await t.call(await token('admin'), {
      method: 'POST',
      url: '/api/system/user/importData',
      ...multipart(
        await xlsx([
          ['a', 'b'],
          ['1', '2'],
        ]),
      ),
    });
    expect(noHeaders.statusCode).toBe(400);
    expect(noHeaders.json().msg).toContain('缺少必填列');
    const csv = await t.call(await token('admin'), {
      method: 'POST',
      url: '/api/system/user/importData',
      ...multipart(Buffer.from('a,b'), 'x.csv'),
    });
    expect(csv.json().msg).toBe('只支持 .xlsx 格式的 Excel 文件');
  });
});
