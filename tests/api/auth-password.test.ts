import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEMO_PASSWORD, type TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { sysCaptcha, sysLoginLog, sysSession } from '../../server/db/schema.js';

let t: TestApp;
apiSuite({
  ready: (app) => {
    t = app;
  },
});

const login = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/login/login', payload });

describe('POST /api/login/login', () => {
  it('answers {code: 0, data: {token}} for a demo account and stores only the token hash', async () => {
    const res = await login({ username: 'admin', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const sessions = await t.database.db.select().from(sysSession);
    expect(sessions.some((s) => s.tokenHash === body.data.token)).toBe(false);
    expect(sessions.length).toBeGreaterThan(0);
  });

  it('names the missing field when the body is incomplete', async () => {
    const res = await login({ username: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, field: 'password' });
    expect(res.json().msg).toMatch(/密码/);
  });

  it('refuses a wrong password, asks for a captcha after 3 failures and locks after 5', async () => {
    const user = 'gz_cb';
    for (let i = 1; i <= 2; i++) {
      const res = await login({ username: user, password: 'wrong' });
      expect(res.statusCode).toBe(401);
      expect(res.json().msg).toContain('用户名或密码错误');
    }
    const third = await login({ username: user, password: 'wrong' });
    expect(third.json().data).toEqual({ needCaptcha: true });

    // Without a captcha the fourth try is refused before the password is even checked.
    const noCaptcha = await login({ username: user, password: DEMO_PASSWORD });
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.json()).toMatchObject({ field: 'code', data: { needCaptcha: true } });

    const solve = async () => {
      const cap = await t.app.inject({ method: 'POST', url: '/api/code' });
      expect(cap.json().data.img).toMatch(/^data:image\/svg\+xml;base64,/);
      const uuid = cap.json().data.uuid as string;
      const [row] = await t.database.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, uuid));
      return { uuid, code: row.code };
    };
    const wrongCaptcha = await login({
      username: user,
      password: DEMO_PASSWORD,
      uuid: (await solve()).uuid,
      code: 'zzzz',
    });
    expect(wrongCaptcha.json().msg).toBe('验证码错误或已过期');

    expect((await login({ username: user, password: 'wrong', ...(await solve()) })).statusCode).toBe(401);
    const fifth = await login({ username: user, password: 'wrong', ...(await solve()) });
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().msg).toContain('锁定');

    // Even the right password is refused while locked, and works again after 10 minutes, with the
    // captcha: the account's failures count until a success.
    const locked = await login({ username: user, password: DEMO_PASSWORD });
    expect(locked.statusCode).toBe(423);
    t.clock.advance(10 * 60_000 + 1000);
    expect((await login({ username: user, password: DEMO_PASSWORD })).json()).toMatchObject({
      field: 'code',
      data: { needCaptcha: true },
    });
    const after = await login({ username: user, password: DEMO_PASSWORD, ...(await solve()) });
    expect(after.statusCode).toBe(200);
  });

  it('writes every attempt to the login log', async () => {
    await login({ username: 'auditor', password: 'nope' });
    await login({ username: 'auditor', password: DEMO_PASSWORD });
    const rows = await t.database.db.select().from(sysLoginLog).where(eq(sysLoginLog.userName, 'auditor'));
    expect(rows.map((r) => r.status).sort()).toEqual(['0', '1']);
    expect(rows.every((r) => r.method === 'password')).toBe(true);
  });

  it('does not reveal whether an account exists (tests/api/auth-enumeration.test.ts walks it through the lock)', async () => {
    const unknown = await login({ username: 'nobody_here', password: 'x' });
    const known = await login({ username: 'gz_sp', password: 'x' });
    expect(unknown.statusCode).toBe(401);
    expect(known.statusCode).toBe(401);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.json().msg).toContain('用户名或密码错误');
  });
});

describe('sessions', () => {
  it('end after 30 minutes without a call, with the idle message', async () => {
    const token = await t.login('ent_sz');
    expect((await t.call(token, { url: '/api/system/user/getLoginUser' })).statusCode).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await t.call(token, { url: '/api/system/user/getLoginUser' })).statusCode).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await t.call(token, { url: '/api/system/user/getLoginUser' })).statusCode).toBe(200);
    t.clock.advance(30 * 60_000);
    const res = await t.call(token, { url: '/api/system/user/getLoginUser' });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toContain('30分钟');
  });

  it('end 12 hours after login however active the user is', async () => {
    const token = await t.login('ent_prov');
    for (let i = 0; i < 25; i++) {
      t.clock.advance(29 * 60_000);
      const res = await t.call(token, { url: '/api/system/sysMsgInfo/getNotReadMsgStats' });
      if (i < 24) expect(res.statusCode).toBe(200);
      else {
        expect(res.statusCode).toBe(401);
        expect(res.json().msg).toBe('登录已过期，请重新登录');
      }
    }
  });

  it('reject a missing or unknown token with 401', async () => {
    expect((await t.call(null, { url: '/api/system/user/getLoginUser' })).statusCode).toBe(401);
    const res = await t.call('not-a-token', { url: '/api/system/user/getLoginUser' });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('授权过期');
  });

  it('end at logout: the token no longer works', async () => {
    const token = await t.login('prov_staff');
    const out = await t.call(token, { method: 'POST', url: '/api/login/logout' });
    expect(out.json()).toMatchObject({ code: 0, data: null });
    expect((await t.call(token, { url: '/api/system/user/getLoginUser' })).statusCode).toBe(401);
  });
});
