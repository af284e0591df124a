/**
 * Issue 13, findings 6 and 7: browser security headers on every answer, HSTS only over TLS, and
 * the client's address taken from X-Forwarded-For only when a TRUST_PROXY proxy sent it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD, type TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { buildApp } from '../../server/app.js';
import { parseTrustProxy, type AppConfig } from '../../server/config.js';
import { sysLoginLog } from '../../server/db/schema.js';

let t: TestApp;
const extraApps: FastifyInstance[] = [];
let clientDir: string;

apiSuite({
  ready: (app) => {
    t = app;
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-client-'));
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>',
    );
  },
});
// Registered after the suite's own: runs before the test app closes (after-hooks run in reverse).
afterAll(async () => {
  for (const app of extraApps) await app.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** Another API process on the test database with some settings changed. */
async function appWith(change: Partial<AppConfig>): Promise<FastifyInstance> {
  const app = await buildApp({
    config: { ...t.config, ...change },
    database: t.database,
    clock: t.clock,
    sms: t.sms,
    logger: false,
  });
  await app.ready();
  extraApps.push(app);
  return app;
}

function directives(csp: string | string[] | number | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(csp).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('security headers', () => {
  it('serve the client under a policy without inline or evaluated script, and never inside a frame', async () => {
    const app = await appWith({ clientDir });
    for (const url of ['/', '/user/login', '/cert/ABCDEF123', '/web/index']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      // antd writes <style> at run time; captcha and QR codes are data: images, PDF previews blob:
      expect(csp.get('style-src')).toContain("'unsafe-inline'");
      expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('come with API answers and refusals too', async () => {
    for (const res of [
      await t.app.inject({ url: '/api/health' }),
      await t.app.inject({ url: '/api/system/user/getLoginUser' }),
      await t.app.inject({ url: '/api/nothing-here' }),
    ]) {
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('let the browser call the SKAPI host when one is configured', async () => {
    const app = await appWith({ skapiHost: 'https://skapi.example.gov.cn/' });
    const csp = directives((await app.inject({ url: '/api/health' })).headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://skapi.example.gov.cn']);
  });

  it('keep the OpenAPI page working: its page loads only its own files', async () => {
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    const tags = [...page.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    expect(tags.length).toBeGreaterThan(0);
    expect(tags.every((attributes) => /\bsrc=/.test(attributes))).toBe(true);
    const scripts = tags.map((attributes) => attributes.match(/\bsrc="([^"]+)"/)![1]!);
    for (const src of scripts) {
      const res = await t.app.inject({ url: new URL(src, 'http://x/api/docs/').pathname });
      expect(res.statusCode).toBe(200);
    }
    expect((await t.app.inject({ url: '/api/docs/json' })).json().openapi).toMatch(/^3\./);
  });

  it('add HSTS only when the request came over TLS through a trusted proxy', async () => {
    const behindProxy = await appWith({ trustProxy: parseTrustProxy('127.0.0.1') });
    const overTls = await behindProxy.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await behindProxy.inject({ url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    // Anyone else saying https is not believed.
    const forged = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('TRUST_PROXY', () => {
  async function loggedAddress(app: FastifyInstance, remoteAddress: string, userName: string): Promise<string | null> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login/login',
      remoteAddress,
      headers: { 'x-forwarded-for': '203.0.113.66' },
      payload: { username: userName, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(sysLoginLog)
      .where(eq(sysLoginLog.userName, userName))
      .orderBy(desc(sysLoginLog.infoId))
      .limit(1);
    return row!.ipaddr;
  }

  it('by default believes nobody: the login log records the peer, not a forged X-Forwarded-For', async () => {
    expect(t.config.trustProxy).toBe(false);
    expect(await loggedAddress(t.app, '198.51.100.7', 'ent_gz')).toBe('198.51.100.7');
  });

  it('believes the listed proxies, and only them', async () => {
    const app = await appWith({ trustProxy: parseTrustProxy('10.0.0.0/8, 192.168.1.1') });
    expect(await loggedAddress(app, '10.1.2.3', 'ent_sz')).toBe('203.0.113.66');
    expect(await loggedAddress(app, '192.168.1.1', 'ent_sz')).toBe('203.0.113.66');
    expect(await loggedAddress(app, '198.51.100.8', 'ent_sz')).toBe('198.51.100.8');
  });

  it('believes the nearest hops when given a count', async () => {
    const app = await appWith({ trustProxy: parseTrustProxy('1') });
    expect(await loggedAddress(app, '198.51.100.9', 'ent_prov')).toBe('203.0.113.66');
  });

  it('refuses settings that would trust anyone or are not addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('loopback,10.0.0.0/8,::1')).toEqual(['loopback', '10.0.0.0/8', '::1']);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/TRUST_PROXY/);
  });
});
