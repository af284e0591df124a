/**
 * Issue 13, finding 8: public look-ups and sign-in calls are limited per client address (and
 * sign-in per account), with counts in the database that every API process shares.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { eq, lte } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { DEMO_PASSWORD, type TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { buildApp } from '../../server/app.js';
import { certificate, rateLimitBucket } from '../../server/db/schema.js';

let t: TestApp;
/** A second API process on the same database. */
let other: FastifyInstance;
let queryCode: string;

apiSuite({
  env: {
    RATE_LIMIT_PUBLIC: '60',
    RATE_LIMIT_AUTH_ADDRESS: '10',
    RATE_LIMIT_AUTH_ACCOUNT: '10',
    RATE_LIMIT_WINDOW_MS: '60000',
  },
  ready: async (app) => {
    t = app;
    other = await buildApp({ config: t.config, database: t.database, clock: t.clock, sms: t.sms, logger: false });
    await other.ready();
    const [cert] = await t.database.db
      .select({ queryCode: certificate.queryCode })
      .from(certificate)
      .where(eq(certificate.status, '01'))
      .limit(1);
    queryCode = cert!.queryCode;
  },
});
// Registered after the suite's own: closed before the test app (after-hooks run in reverse).
afterAll(async () => {
  await other.close();
});

const from = (remoteAddress: string, opts: InjectOptions, app: FastifyInstance = t.app) =>
  app.inject({ ...opts, remoteAddress });
const lookUp = (remoteAddress: string, app?: FastifyInstance) =>
  from(remoteAddress, { url: `/api/cert/${queryCode}` }, app);
const nextWindow = () => t.clock.advance(60_000);

function expectRefused(res: Awaited<ReturnType<typeof lookUp>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ code: 429, msg: '请求过于频繁，请稍后再试' });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('public look-ups', () => {
  it('answers the 61st look-up of a minute from one address with 429 and Retry-After, counted across two processes', async () => {
    for (let i = 0; i < 30; i++) expect((await lookUp('198.51.100.10')).statusCode).toBe(200);
    for (let i = 0; i < 30; i++) expect((await lookUp('198.51.100.10', other)).statusCode).toBe(200);
    expectRefused(await lookUp('198.51.100.10'));
    expectRefused(await lookUp('198.51.100.10', other));
    // A forged X-Forwarded-For from an untrusted peer does not make a new client.
    expectRefused(
      await from('198.51.100.10', { url: `/api/cert/${queryCode}`, headers: { 'x-forwarded-for': '203.0.113.77' } }),
    );
    // Another address has its own count.
    expect((await lookUp('198.51.100.11')).statusCode).toBe(200);
  });

  it('opens again when the window has passed, and meanwhile says how long to wait', async () => {
    t.clock.advance(45_000);
    const waiting = await lookUp('198.51.100.10');
    expectRefused(waiting);
    expect(Number(waiting.headers['retry-after'])).toBe(15);
    t.clock.advance(15_000);
    expect((await lookUp('198.51.100.10')).statusCode).toBe(200);
  });

  it('limits the search by name and ID number or certificate number the same way', async () => {
    nextWindow();
    const search = () => from('198.51.100.20', { url: '/api/public/validCard?orgCode=NOPE' });
    for (let i = 0; i < 60; i++) expect((await search()).statusCode).toBe(200);
    expectRefused(await search());
  });

  it('leaves the health check alone (load balancers probe it)', async () => {
    for (let i = 0; i < 70; i++) expect((await from('198.51.100.30', { url: '/api/health' })).statusCode).toBe(200);
  });

  it('deletes expired buckets in passing', async () => {
    nextWindow();
    nextWindow();
    await lookUp('198.51.100.40');
    const stale = await t.database.db.select().from(rateLimitBucket).where(lte(rateLimitBucket.resetAt, t.clock.now()));
    expect(stale).toHaveLength(0);
    expect((await t.database.db.select().from(rateLimitBucket)).length).toBeGreaterThan(0);
  });
});

describe('sign-in', () => {
  const login = (remoteAddress: string, username: string, app?: FastifyInstance) =>
    from(
      remoteAddress,
      { method: 'POST', url: '/api/login/login', payload: { username, password: DEMO_PASSWORD } },
      app,
    );

  it('refuses the 11th attempt at one account in a minute, from whatever addresses', async () => {
    nextWindow();
    for (let i = 0; i < 10; i++)
      expect((await login(`192.0.2.${i + 1}`, 'ent_gz', i % 2 ? other : t.app)).statusCode).toBe(200);
    expectRefused(await login('192.0.2.99', 'ent_gz'));
    // The user name is the account, whatever its spelling.
    expectRefused(await login('192.0.2.98', ' ENT_GZ '));
    // Other accounts are not held up.
    expect((await login('192.0.2.99', 'ent_sz')).statusCode).toBe(200);
    nextWindow();
    expect((await login('192.0.2.99', 'ent_gz')).statusCode).toBe(200);
  });

  it('refuses the 11th SMS sending from one address in a minute, at whatever numbers (sign-ins: sign-in-limits.test.ts)', async () => {
    nextWindow();
    const sendTo = (i: number) =>
      from('192.0.2.200', {
        method: 'POST',
        url: '/api/login/sms/send',
        payload: { mobile: `1390000${String(i).padStart(4, '0')}` },
      });
    for (let i = 0; i < 10; i++) expect((await sendTo(i)).statusCode).toBe(200);
    expectRefused(await sendTo(10));
    expect(
      (await from('192.0.2.201', { method: 'POST', url: '/api/login/sms/send', payload: { mobile: '13900000010' } }))
        .statusCode,
    ).toBe(200);
  });

  it('limits registration per address too', async () => {
    nextWindow();
    for (let i = 0; i < 10; i++) await from('192.0.2.211', { method: 'POST', url: '/api/auth/register', payload: {} });
    expectRefused(await from('192.0.2.211', { method: 'POST', url: '/api/auth/register', payload: {} }));
  });

  it('limits registrations naming one phone, from whatever addresses', async () => {
    nextWindow();
    const register = (i: number) =>
      from(`192.0.2.${220 + i}`, {
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          creditCode: '91440000000000000Y',
          enterpriseName: '无此企业',
          contactName: '测试人',
          phone: '13700000099',
          loginName: `phone${i}user`,
          password: 'Strong#Pass1',
        },
      });
    for (let i = 0; i < 10; i++) expect((await register(i)).json().field).toBe('creditCode');
    expectRefused(await register(10));
  });
});
