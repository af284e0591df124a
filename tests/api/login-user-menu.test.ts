import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { sysOperLog, sysUser } from '../../server/db/schema.js';

let t: TestApp;
apiSuite({
  ready: (app) => {
    t = app;
  },
});

interface MenuEntry {
  menuId: number;
  parentId: number;
  name: string | null;
  component: string | null;
  path: string | null;
  visible: string;
}
const me = async (user: string) => (await t.call(await t.login(user), { url: '/api/system/user/getLoginUser' })).json();
const menu = async (user: string) =>
  (await t.call(await t.login(user), { url: '/api/menu/user/0' })).json().data as MenuEntry[];

describe('GET /api/system/user/getLoginUser', () => {
  it.each([
    ['admin', '00', 'admin'],
    ['secadmin', '00', 'secadmin'],
    ['auditor', '00', 'auditor'],
    ['province', '02', 'adminProvince'],
    ['gz_sl', '02', 'step_sl'],
    ['ent_gz', '03', 'enterprise'],
    ['person1', '04', 'person'],
  ])('describes %s as type %s with role %s', async (user, type, role) => {
    const body = await me(user);
    expect(body.code).toBe(0);
    expect(body.data.info.userType).toBe(type);
    expect(body.data.info.loginName).toBe(user);
    expect(body.data.roleIds).toContain(role);
    expect(body.data.buttons.length).toBeGreaterThan(0);
  });

  it('gives staff their area and enterprise users their enterprise ownership', async () => {
    expect((await me('gz_sh')).data.info.area).toBe('1');
    expect((await me('sz_staff')).data.info.area).toBe('2');
    expect((await me('prov_staff')).data.info.area).toBe('3');
    expect((await me('province')).data.info.area).toBe('all');
    const ent = await me('ent_sz');
    expect(ent.data.info.enterpriseInfo.enterpriseOwnership).toBe('2');
    expect(ent.data.info.enterpriseInfo.name).toMatch(/公司/);
  });

  it('groups permissions as {permissionId, actionList} with the nine actions only', async () => {
    const body = await me('admin');
    const actions = new Set(body.data.permissions.flatMap((p: { actionList: string[] }) => p.actionList));
    for (const a of actions)
      expect(['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'import', 'export']).toContain(a);
    expect(body.data.permissions.length).toBeGreaterThan(0);
  });

  it('answers code 800 with a notice when the password must be changed, and blocks other calls until it is', async () => {
    await t.database.db.update(sysUser).set({ mustChangePassword: true }).where(eq(sysUser.userName, 'gz_sp'));
    const token = await t.login('gz_sp');
    const info = await t.call(token, { url: '/api/system/user/getLoginUser' });
    expect(info.json()).toMatchObject({ code: 800, msg: '首次登录，请先修改初始密码' });
    const blocked = await t.call(token, { url: '/api/system/sysTodo/list' });
    expect(blocked.statusCode).toBe(403);

    const weak = await t.call(token, {
      method: 'POST',
      url: '/api/system/user/updatepwd',
      payload: { oldPassword: 'Demo#2026', newPassword: 'abcdefgh' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().field).toBe('newPassword');
    const same = await t.call(token, {
      method: 'POST',
      url: '/api/system/user/updatepwd',
      payload: { oldPassword: 'Demo#2026', newPassword: 'Demo#2026' },
    });
    expect(same.json().msg).toMatch(/最近5次/);
    const wrongOld = await t.call(token, {
      method: 'POST',
      url: '/api/system/user/updatepwd',
      payload: { oldPassword: 'nope', newPassword: 'Better#Pass9' },
    });
    expect(wrongOld.json()).toMatchObject({ field: 'oldPassword', msg: '旧密码错误' });
    const ok = await t.call(token, {
      method: 'POST',
      url: '/api/system/user/updatepwd',
      payload: { oldPassword: 'Demo#2026', newPassword: 'Better#Pass9' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.call(token, { url: '/api/system/sysTodo/list' })).statusCode).toBe(200);
    expect((await t.call(token, { url: '/api/system/user/getLoginUser' })).json().code).toBe(0);
    await expect(t.login('gz_sp', 'Better#Pass9')).resolves.toBeTruthy();
  });

  it('logs the password change without the passwords', async () => {
    const rows = await t.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, '修改密码'));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.operParam).not.toContain('Better#Pass9');
      expect(r.operParam).not.toContain('Demo#2026');
      expect(r.operName).toBe('gz_sp');
    }
  });
});

describe('GET /api/menu/user/0', () => {
  it('gives every account a menu with the dashboard and no buttons', async () => {
    for (const user of ['admin', 'secadmin', 'auditor', 'province', 'gz_sl', 'sz_staff', 'ent_gz', 'person1']) {
      const rows = await menu(user);
      expect(
        rows.some((m) => m.path === '/dashboard'),
        user,
      ).toBe(true);
      expect(
        rows.every((m) => m.component !== null || m.path !== null),
        user,
      ).toBe(true);
    }
  });

  it('shows each kind of user their own areas', async () => {
    const names = async (user: string) => new Set((await menu(user)).map((m) => m.name));
    const admin = await names('admin');
    const auditor = await names('auditor');
    const ent = await names('ent_gz');
    const person = await names('person1');
    expect(admin.has('UserList')).toBe(true);
    expect(auditor.has('UserList')).toBe(false);
    expect(auditor.has('OperLogList')).toBe(true);
    expect(admin.has('OperLogList')).toBe(false);
    expect(ent.has('NewCertificate')).toBe(true);
    expect(ent.has('UserList')).toBe(false);
    expect(person.has('PersonCheckDelay')).toBe(true);
    expect(person.has('NewCertificate')).toBe(false);
  });

  it('lists for each Guangzhou step account only queues it can open (no dead menu entry)', async () => {
    // The queue pages of the seed are queue/<View><Type> with the view's URL: waitAccept, accepted, waitReview, reviewed.
    const VIEWS: Record<string, string> = {
      WaitAccept: 'waitAccept',
      Accepted: 'accepted',
      WaitReview: 'waitReview',
      Reviewed: 'reviewed',
    };
    const TYPES: Record<string, string> = {
      NewCert: 'newCert',
      Delay: 'delay',
      Inner: 'inner',
      InProvince: 'inProvince',
      OutProvince: 'outProvince',
      Modify: 'modify',
      Revocation: 'revocation',
      PersonRevocation: 'personRevocation',
      Rename: 'rename',
    };
    // gz_sp changed its password above: its current one is used.
    for (const [user, password] of [
      ['gz_sl'],
      ['gz_cb'],
      ['gz_cs'],
      ['gz_sh'],
      ['gz_sp', 'Better#Pass9'],
      ['gz_bj'],
    ] as [string, string?][]) {
      const token = await t.login(user, password);
      const entries = (await t.call(token, { url: '/api/menu/user/0' })).json().data as MenuEntry[];
      const queues = entries.flatMap((m) => {
        const match = /^queue\/(WaitAccept|Accepted|WaitReview|Reviewed)(\w+)$/.exec(m.component ?? '');
        return match ? [{ view: VIEWS[match[1]!]!, type: TYPES[match[2]!]! }] : [];
      });
      expect(queues.length, user).toBeGreaterThan(0);
      for (const q of queues) {
        const res = await t.call(token, { url: `/api/workflow/queue/${q.view}?businessType=${q.type}` });
        expect(res.statusCode, `${user} ${q.view} ${q.type}: ${res.body}`).toBe(200);
      }
    }
  });
});

describe('permissions on the server', () => {
  it('lets only the provincial administrator read the data visualisation', async () => {
    const ok = await t.call(await t.login('province'), { url: '/api/analysis/month-bar' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toHaveLength(12);
    for (const user of ['gz_sl', 'ent_gz', 'admin']) {
      const res = await t.call(await t.login(user), { url: '/api/analysis/month-bar' });
      expect(res.statusCode, user).toBe(403);
    }
  });
});
