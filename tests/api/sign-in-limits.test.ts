/**
 * Sign-in limits that slow guessing without locking out a centre (#46 item 5), on the production
 * defaults: a centre's people behind one address all sign in when they arrive together; failures
 * are counted per account (from anywhere) and per account from one address, and an address that
 * fails at many accounts gets the captcha. README "Sign-in limits" has the figures.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { DEMO_PASSWORD, type TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { loadConfig } from '../../server/config.js';
import { sysCaptcha, sysLoginLog, sysUser } from '../../server/db/schema.js';

/** What `npm start` runs with (the test environment's own defaults are lifted). */
const production = loadConfig({});
let t: TestApp;

apiSuite({
  env: {
    RATE_LIMIT_AUTH_ADDRESS: String(production.rateLimit.authPerAddress),
    RATE_LIMIT_AUTH_ACCOUNT: String(production.rateLimit.authPerAccount),
    RATE_LIMIT_SIGNIN_ADDRESS: String(production.rateLimit.signInPerAddress),
    RATE_LIMIT_WINDOW_MS: String(production.rateLimit.windowMs),
  },
  ready: (app) => {
    t = app;
  },
});

const from = (remoteAddress: string, opts: InjectOptions) => t.app.inject({ ...opts, remoteAddress });

/** A captcha the way the page gets one, solved by reading its answer from the database. */
async function solvedCaptcha(remoteAddress: string): Promise<{ code: string; uuid: string }> {
  const res = await from(remoteAddress, { method: 'POST', url: '/api/code' });
  expect(res.statusCode).toBe(200);
  const uuid = res.json().data.uuid as string;
  const [row] = await t.database.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, uuid));
  return { code: row!.code, uuid };
}

const signIn = (remoteAddress: string, username: string, password: string, captcha?: { code: string; uuid: string }) =>
  from(remoteAddress, { method: 'POST', url: '/api/login/login', payload: { username, password, ...captcha } });

const nextQuarterHour = () => t.clock.advance(16 * 60_000);

describe('a centre behind one address', () => {
  it('signs in 50 reviewers arriving in the same minute, each on their own account', async () => {
    expect(production.rateLimit.signInPerAddress).toBeGreaterThanOrEqual(50);
    const accounts = await t.database.db
      .select({ userName: sysUser.userName })
      .from(sysUser)
      .where(and(eq(sysUser.status, '1'), or(isNull(sysUser.checkStatus), ne(sysUser.checkStatus, '0'))))
      .orderBy(sysUser.userId)
      .limit(50);
    expect(accounts).toHaveLength(50);
    // Before #46 the 11th of them got 429 (10 per minute per address).
    const answers = [];
    for (const { userName } of accounts) answers.push(await signIn('203.0.113.9', userName, DEMO_PASSWORD));
    expect(answers.map((r) => r.statusCode)).toEqual(accounts.map(() => 200));
    // A few typos among them bring no captcha for the others.
    for (const { userName } of accounts.slice(0, 5))
      expect((await signIn('203.0.113.9', userName, 'typo')).statusCode).toBe(401);
    expect((await signIn('203.0.113.9', accounts[10]!.userName, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('still stops a flood from one address (a captcha fetch over the per-address ceiling gets 429)', async () => {
    t.clock.advance(60_000);
    for (let i = 0; i < production.rateLimit.signInPerAddress; i++) {
      const res = await from('203.0.113.10', { method: 'POST', url: '/api/code' });
      if (res.statusCode !== 200) throw new Error(`call ${i + 1}: ${res.statusCode}`);
    }
    const over = await from('203.0.113.10', { method: 'POST', url: '/api/code' });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});

describe('guessing one account', () => {
  it('asks for the captcha after 3 failures and locks the account from that address after 5, not from another', async () => {
    nextQuarterHour();
    const wrong = (addr: string, captcha?: { code: string; uuid: string }) =>
      signIn(addr, 'gz_cs', 'Guess#0001', captcha);
    expect((await wrong('198.51.100.1')).statusCode).toBe(401);
    expect((await wrong('198.51.100.1')).statusCode).toBe(401);
    const third = await wrong('198.51.100.1');
    expect(third.json()).toMatchObject({ code: 401, data: { needCaptcha: true } });
    expect((await wrong('198.51.100.1')).json()).toMatchObject({
      code: 400,
      field: 'code',
      data: { needCaptcha: true },
    });
    expect((await wrong('198.51.100.1', await solvedCaptcha('198.51.100.1'))).statusCode).toBe(401);
    const fifth = await wrong('198.51.100.1', await solvedCaptcha('198.51.100.1'));
    expect(fifth.json()).toEqual({ code: 423, msg: '密码错误次数过多，账号已锁定10分钟' });
    const rightButLocked = await signIn('198.51.100.1', 'gz_cs', DEMO_PASSWORD, await solvedCaptcha('198.51.100.1'));
    expect(rightButLocked.statusCode).toBe(423);
    // The owner at another desk: the account has failures, so the captcha, then in.
    const elsewhere = await signIn('198.51.100.2', 'gz_cs', DEMO_PASSWORD);
    expect(elsewhere.json()).toMatchObject({ code: 400, data: { needCaptcha: true } });
    expect((await signIn('198.51.100.2', 'gz_cs', DEMO_PASSWORD, await solvedCaptcha('198.51.100.2'))).statusCode).toBe(
      200,
    );
  });

  it('locks the account everywhere after 20 failures from many addresses', async () => {
    nextQuarterHour();
    const statuses: number[] = [];
    for (let i = 0; i < production.login.accountLockAfter; i++) {
      const addr = `198.51.100.${100 + Math.floor(i / 4)}`; // 4 per address: under the lock from one address
      if (i > 0 && i % 5 === 0) t.clock.advance(60_000); // under the 10 calls a minute per account
      const res = await signIn(
        addr,
        'gz_sh',
        'Guess#0002',
        i >= production.login.captchaAfter ? await solvedCaptcha(addr) : undefined,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(423);
    const anywhere = await signIn('198.51.100.250', 'gz_sh', DEMO_PASSWORD, await solvedCaptcha('198.51.100.250'));
    expect(anywhere.statusCode).toBe(423);
    t.clock.advance(production.login.lockMinutes * 60_000 + 1000);
    expect((await signIn('198.51.100.250', 'gz_sh', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('is unlocked from every address by the security administrator', async () => {
    nextQuarterHour();
    for (let i = 0; i < 5; i++) {
      const captcha = i >= 3 ? await solvedCaptcha('198.51.100.50') : undefined;
      await signIn('198.51.100.50', 'gz_sp', 'Guess#0003', captcha);
    }
    expect(
      (await signIn('198.51.100.50', 'gz_sp', DEMO_PASSWORD, await solvedCaptcha('198.51.100.50'))).statusCode,
    ).toBe(423);
    const secadmin = await t.login('secadmin');
    expect((await t.call(secadmin, { method: 'POST', url: '/api/system/logininfor/unlock/gz_sp' })).statusCode).toBe(
      200,
    );
    expect((await signIn('198.51.100.50', 'gz_sp', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('guessing many accounts from one address', () => {
  it('brings the captcha to every sign-in from that address after 20 failures, and only there', async () => {
    nextQuarterHour();
    for (let i = 0; i < production.login.addressCaptchaAfter; i++) {
      // One password tried at many names: each name fails once, under any per-account threshold.
      expect((await signIn('192.0.2.77', `nobody${i}`, 'Summer#2026')).statusCode).toBe(401);
    }
    const next = await signIn('192.0.2.77', 'gz_bj', DEMO_PASSWORD);
    expect(next.json()).toMatchObject({ code: 400, field: 'code', data: { needCaptcha: true } });
    expect((await signIn('192.0.2.77', 'gz_bj', DEMO_PASSWORD, await solvedCaptcha('192.0.2.77'))).statusCode).toBe(
      200,
    );
    // Another address is not concerned.
    expect((await signIn('192.0.2.78', 'gz_bj', DEMO_PASSWORD)).statusCode).toBe(200);
    // And the address's count ends with its window.
    nextQuarterHour();
    expect((await signIn('192.0.2.77', 'gz_bj', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('writes each of those refusals to the login log with the address', async () => {
    const rows = await t.database.db
      .select()
      .from(sysLoginLog)
      .where(and(eq(sysLoginLog.ipaddr, '192.0.2.77'), eq(sysLoginLog.status, '1')));
    expect(rows.length).toBe(production.login.addressCaptchaAfter + 1);
  });
});
