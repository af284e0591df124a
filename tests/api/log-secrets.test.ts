/**
 * The server log of sign-ins holds no secret (#46 item 3): the app logs as `npm start` does (pino,
 * the request lines, the SMS sender without a gateway) into a buffer, and the test signs in by
 * password, SMS code and SSO token, then greps every line for the token, the codes, the password
 * and the sessions it was given. Every line written while a request was served names that request.
 *
 * Not an apiSuite: the app logs as `npm start` does (pino into a buffer), which createTestApp turns off.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, smsOutboxFile } from '../../server/app.js';
import { loadConfig, type AppConfig } from '../../server/config.js';
import type { Database } from '../../server/db/client.js';
import { ManualClock, setFallbackClock } from '../../server/lib/clock.js';
import { lastSmsTo } from '../../server/modules/auth/sms-sender.js';
import { demoKeyPair, signSsoToken } from '../../server/modules/auth/sso.js';
import { openTestDatabase } from '../helpers/db.js';
import { DEMO_PASSWORD, testNow } from '../helpers/app.js';

const lines: string[] = [];
let app: FastifyInstance;
let database: Database;
let config: AppConfig;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-log-'));
  config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CLIENT_DIR: '' });
  database = await openTestDatabase();
  const clock = new ManualClock(testNow());
  setFallbackClock(clock);
  // No sms sender given: the one `npm start` uses without a gateway (outbox file + a log line).
  app = await buildApp({
    config,
    database,
    clock,
    logStream: { write: (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)) },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Where a secret shows in the log (none: []). Digits only count as a code when no digit touches them. */
const hits = (secret: string) => {
  const pattern = new RegExp(`(?<![0-9A-Za-z])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9A-Za-z])`);
  return lines.filter((l) => pattern.test(l));
};

describe('server log of sign-ins', () => {
  const secrets: string[] = [];

  it('signs in by password, by SMS code and by SSO token, with the request lines logged', async () => {
    const password = await app.inject({
      method: 'POST',
      url: '/api/login/login',
      payload: { username: 'gz_sl', password: DEMO_PASSWORD },
    });
    expect(password.statusCode).toBe(200);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/login/login',
      payload: { username: 'gz_cb', password: 'Wrong#Secret9' },
    });
    expect(wrong.statusCode).toBe(401);
    secrets.push(DEMO_PASSWORD, 'Wrong#Secret9', password.json().data.token);

    const sent = await app.inject({ method: 'POST', url: '/api/login/sms/send', payload: { mobile: '13800000001' } });
    expect(sent.statusCode).toBe(200);
    const verifyToken = sent.json().data.token as string;
    const message = lastSmsTo(smsOutboxFile(config), '13800000001')!;
    // Stamped by the app's clock, as every other write of the server.
    expect(message.at).toBe(testNow().toISOString());
    const code = message.text.match(/\d{6}/)![0];
    // The code travels in a query string here, as the client sends it.
    const checked = await app.inject({ url: `/api/login/verifyMessageCode?code=${code}`, headers: { verifyToken } });
    expect(checked.json().data.passStatus).toBe(true);
    const sms = await app.inject({
      method: 'POST',
      url: '/api/login/sms/login',
      payload: { mobile: '13800000001', code },
      headers: { verifyToken },
    });
    expect(sms.statusCode).toBe(200);
    secrets.push(code, verifyToken, sms.json().data.token);

    const { privateKey } = await demoKeyPair(config.sso.demoKeyFile);
    const t = await signSsoToken(privateKey, {
      loginName: 'person2',
      issuer: config.sso.issuer,
      audience: config.sso.audience,
      now: testNow(),
    });
    const sso = await app.inject({ method: 'POST', url: `/api/auth/sso/login?t=${encodeURIComponent(t)}` });
    expect(sso.statusCode).toBe(200);
    const replay = await app.inject({ method: 'POST', url: `/api/auth/sso/login?t=${encodeURIComponent(t)}` });
    expect(replay.statusCode).toBe(401);
    secrets.push(t, ...t.split('.'), sso.json().data);

    await new Promise((r) => setTimeout(r, 120)); // the log stream writes in batches (lib/logStream.ts)
    expect(lines.some((l) => l.includes('/api/auth/sso/login?t=***'))).toBe(true);
    expect(lines.some((l) => l.includes('/api/login/verifyMessageCode?code=***'))).toBe(true);
    expect(lines.some((l) => l.includes('SMS to 138****0001 not sent'))).toBe(true);
    expect(lines.some((l) => l.includes('SSO token replayed for person2'))).toBe(true);
  });

  it('holds none of the token, codes, passwords or sessions', () => {
    expect(secrets.length).toBeGreaterThanOrEqual(10);
    for (const secret of secrets) expect(hits(secret), `a log line holds ${secret.slice(0, 12)}…`).toEqual([]);
  });

  it('names the request on every line written while one was served', () => {
    const parsed = lines.map((l) => JSON.parse(l) as { msg: string; reqId?: string });
    const duringRequests = parsed.filter((l) =>
      /incoming request|request completed|SMS to|SSO token replayed/.test(l.msg),
    );
    expect(duringRequests.length).toBeGreaterThan(10);
    for (const line of duringRequests) expect(line.reqId, line.msg).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    // The SMS line comes from the app's logger, not the request's: it gets the id of the request that sent it.
    const smsLine = parsed.find((l) => l.msg.startsWith('SMS to'))!;
    const sendLine = parsed.find(
      (l) => l.msg === 'incoming request' && JSON.stringify(l).includes('/api/login/sms/send'),
    )!;
    expect(smsLine.reqId).toBe(sendLine.reqId);
  });

  it("keeps a load balancer's request id and answers with it", async () => {
    const res = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-7f3a9c' } });
    expect(res.headers['x-request-id']).toBe('lb-7f3a9c');
    const odd = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'has spaces and {json}' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
  });
});
