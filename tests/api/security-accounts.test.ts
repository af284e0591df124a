/**
 * Accounts stay in their owners' hands (issue #13, findings 3 and 10): a password change ends the
 * account's other sessions; the system administrator cannot at once disable the audit or security
 * administrator, cut them off their menus, or give a reviewer's account a password of his choosing.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEMO_PASSWORD, type TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { sysMenu, sysUser } from '../../server/db/schema.js';

let t: TestApp;
const tokens = new Map<string, string>();
const as = async (user: string) => {
  if (!tokens.has(user)) tokens.set(user, await t.login(user));
  return tokens.get(user)!;
};
const post = async (user: string, url: string, payload: Record<string, unknown>) =>
  t.call(await as(user), { method: 'POST', url, payload });
const userRow = async (userName: string) =>
  (await t.database.db.select().from(sysUser).where(eq(sysUser.userName, userName)))[0]!;

apiSuite({
  ready: (app) => {
    t = app;
  },
});

describe('finding 3: a password change', () => {
  it('ends every other session of the account and keeps the one that changed it', async () => {
    const here = await t.login('gz_cb');
    const elsewhere = await t.login('gz_cb');
    const res = await t.call(here, {
      method: 'POST',
      url: '/api/system/user/updatepwd',
      payload: { oldPassword: DEMO_PASSWORD, newPassword: 'Changed#2026cb' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const other = await t.call(elsewhere, { url: '/api/system/user/getLoginUser' });
    expect(other.statusCode).toBe(401);
    expect(other.json().msg).toBe('密码已在其他地方修改，请使用新密码重新登录');
    expect((await t.call(here, { url: '/api/system/user/getLoginUser' })).statusCode).toBe(200);
  });
});

describe('finding 10: the separation of the three administrators', () => {
  it("disabling the audit administrator waits for the security administrator's review", async () => {
    const auditorSession = await as('auditor');
    const auditor = await userRow('auditor');
    const res = await post('admin', '/api/system/user/status', { userId: auditor.userId, status: '0' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toContain('等待安全管理员审核');
    expect(await userRow('auditor')).toMatchObject({ status: '1', checkStatus: '2' });
    expect((await t.call(auditorSession, { url: '/api/system/operlog/list' })).statusCode).toBe(200);
    // The reviewer approves; only then is the account disabled and its session over.
    const detail = (await t.call(await as('secadmin'), { url: `/api/system/user/get/${auditor.userId}` })).json().data;
    expect(detail.review.diff).toEqual([expect.objectContaining({ field: 'status' })]);
    const approved = await post('secadmin', '/api/system/user/update-check', {
      reviewId: detail.review.reviewId,
      approved: true,
      comment: '同意',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await userRow('auditor')).toMatchObject({ status: '0', checkStatus: null });
    expect((await t.call(auditorSession, { url: '/api/system/operlog/list' })).statusCode).toBe(401);
    await t.database.db.update(sysUser).set({ status: '1' }).where(eq(sysUser.userId, auditor.userId));
  });

  it("the audit administrator's menus cannot be hidden, disabled or deleted by the system administrator; renaming is fine", async () => {
    const [menu] = await t.database.db.select().from(sysMenu).where(eq(sysMenu.menuKey, 'system:operlog:list'));
    const base = {
      menuId: menu!.menuId,
      parentId: menu!.parentId,
      menuName: menu!.menuName,
      menuType: menu!.menuType,
      menuKey: menu!.menuKey,
      name: menu!.name,
      path: menu!.path,
      component: menu!.component,
      icon: menu!.icon,
      orderNum: menu!.orderNum,
      visible: menu!.visible,
      status: menu!.status,
    };
    for (const change of [{ visible: '1' }, { status: '0' }, { path: 'elsewhere' }]) {
      const res = await post('admin', '/api/menu/update', { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
      expect(res.json().msg).toContain('审计管理员');
    }
    expect((await post('admin', `/api/menu/remove/${menu!.menuId}`, {})).statusCode).toBe(403);
    const [after] = await t.database.db.select().from(sysMenu).where(eq(sysMenu.menuId, menu!.menuId));
    expect(after).toMatchObject({ visible: menu!.visible, status: menu!.status, path: menu!.path });
    const renamed = await post('admin', '/api/menu/update', {
      ...base,
      menuName: '操作日志（审计）',
      orderNum: menu!.orderNum + 1,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it("no administrator can give a reviewer's account a password of his choosing", async () => {
    const reviewer = await userRow('gz_sl');
    const chosen = await post('admin', '/api/system/user/resetPwd', {
      userId: reviewer.userId,
      password: 'Chosen#2026sl',
    });
    expect(chosen.statusCode).toBe(400);
    expect(chosen.json()).toMatchObject({ field: 'password' });
    await expect(t.login('gz_sl', 'Chosen#2026sl')).rejects.toThrow();
    const reset = await post('admin', '/api/system/user/resetPwd', { userId: reviewer.userId });
    expect(reset.json().data.password).toBeNull();
    // Whoever signs in with the one-time password must change it before any queue opens.
    const password = t.sms.sent.at(-1)!.text.match(/一次性密码：(\S+?)，/)![1]!;
    const token = await t.login('gz_sl', password);
    expect((await t.call(token, { url: '/api/workflow/queue/waitAccept' })).statusCode).toBe(403);
  });
});
