/**
 * Issue #13, findings 4 and 12: a hostile, deeply nested body cannot skip the operation log, and a
 * phone number belongs to one account only (so an SMS sign-in always knows whose it is).
 */
import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { sysOperLog, sysRole, sysUser } from '../../server/db/schema.js';

let t: TestApp;
apiSuite({
  ready: (app) => {
    t = app;
  },
});

describe('finding 4: the operation log cannot be skipped', () => {
  it('a payload nested 50,000 levels deep is refused with 400, and its attempt is logged', async () => {
    const token = await t.login('ent_gz');
    const body = `{"certificateId":1,"payload":{"remark":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}}`;
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/apply/delay/save',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    const [row] = await t.database.db
      .select()
      .from(sysOperLog)
      .where(eq(sysOperLog.operName, 'ent_gz'))
      .orderBy(desc(sysOperLog.operId))
      .limit(1);
    expect(row).toMatchObject({ operUrl: '/api/apply/delay/save', status: '1', httpStatus: 400 });
    expect(row!.operParam!.length).toBeLessThanOrEqual(4001);
  });
});

describe('finding 12: one account per phone', () => {
  it('the database refuses a second account with a phone already taken', async () => {
    const [gz] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'gz_sl'));
    const [other] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'gz_cb'));
    await expect(
      t.database.db.update(sysUser).set({ phone: gz!.phone }).where(eq(sysUser.userId, other!.userId)),
    ).rejects.toThrow();
    // Accounts without a phone are many.
    await t.database.db.update(sysUser).set({ phone: null }).where(eq(sysUser.userId, other!.userId));
    await t.database.db.update(sysUser).set({ phone: '' }).where(eq(sysUser.userName, 'gz_cs'));
  });

  it('the user screen says the phone is taken (409 on the field) and submits nothing', async () => {
    const [gz] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'gz_sl'));
    const [role] = await t.database.db.select().from(sysRole).where(eq(sysRole.roleKey, 'step_sl'));
    const token = await t.login('admin');
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/system/user/save',
      payload: {
        userName: 'phone_twin',
        nickName: '同号用户',
        userType: '02',
        deptId: gz!.deptId,
        phone: gz!.phone,
        sex: '0',
        roleIds: [role!.roleId],
      },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().field).toBe('phone');
  });
});
