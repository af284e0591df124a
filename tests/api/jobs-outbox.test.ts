/**
 * The national platform outbox against a small receiving server on 127.0.0.1: each record is POSTed
 * as JSON, failures wait out a doubling backoff, the record is marked sent on a 2xx after two
 * failures, dead after NATIONAL_PLATFORM_MAX_ATTEMPTS with its last error, and an administrator's
 * retry sends it again. Without NATIONAL_PLATFORM_URL nothing is sent and the monitor says so.
 *
 * Besides its apiSuite, two tests start apps of their own on other settings (a wrong token, no URL): createTestApp.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { apiSuite } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { runNamed } from '../helpers/jobs.js';
import { nationalOutbox } from '../../server/db/schema.js';

const TOKEN = 'gd-province-2026';
/** Records received (by id), and how many times each id is still to be refused. */
const received: { id: number; body: Record<string, unknown>; key: string | undefined }[] = [];
const refuse = new Map<number, number>();
const alwaysRefuse = new Set<number>();
const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => {
    raw += c;
  });
  req.on('end', () => {
    // The platform accepts only the province's credential.
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      res.writeHead(401, { 'content-type': 'text/plain' }).end('凭证无效');
      return;
    }
    const body = JSON.parse(raw) as { id: number };
    const left = refuse.get(body.id) ?? 0;
    if (alwaysRefuse.has(body.id) || left > 0) {
      refuse.set(body.id, left - 1);
      res.writeHead(503, { 'content-type': 'text/plain' }).end('系统维护中');
      return;
    }
    received.push({
      id: body.id,
      body: body as unknown as Record<string, unknown>,
      key: req.headers['idempotency-key'] as string | undefined,
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/national/receive`;

let t: TestApp;
const api = apiSuite({
  users: ['admin'],
  env: {
    NATIONAL_PLATFORM_URL: url,
    NATIONAL_PLATFORM_TOKEN: TOKEN,
    NATIONAL_PLATFORM_MAX_ATTEMPTS: '4',
    NATIONAL_PLATFORM_BACKOFF_SECONDS: '60',
  },
  ready: (app) => {
    t = app;
  },
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const db = () => t.database.db;
const recordOf = async (id: number) => (await db().select().from(nationalOutbox).where(eq(nationalOutbox.id, id)))[0]!;
const advance = (seconds: number) => t.clock.advance(seconds * 1000);

describe('delivery to the national platform', () => {
  let mine: number;
  let doomed: number;
  beforeAll(async () => {
    // The demo's records go through first, so that only these two are in play below.
    await runNamed(t, 'nationalOutbox');
    const rows = await db()
      .insert(nationalOutbox)
      .values([
        { kind: 'transferOut', payload: { certNo: '粤建安C3（2024）0000999', targetProvince: '湖南省' } },
        { kind: 'revoke', payload: { certNo: '粤建安B（2023）0000777', reason: '4' } },
      ])
      .returning({ id: nationalOutbox.id });
    mine = rows[0]!.id;
    doomed = rows[1]!.id;
    refuse.set(mine, 2);
    alwaysRefuse.add(doomed);
  });

  it('sends the demo records as JSON with an idempotency key', () => {
    expect(received.length).toBeGreaterThan(0);
    for (const r of received) {
      expect(r.key).toBe(`safecert-outbox-${r.id}`);
      expect(r.body).toMatchObject({
        id: r.id,
        kind: expect.any(String),
        payload: expect.any(Object),
        createdAt: expect.any(String),
      });
    }
  });

  it('retries with a doubling backoff and marks the record sent after two failures', async () => {
    const first = await runNamed(t, 'nationalOutbox');
    expect(first.detail).toMatchObject({ configured: true, sent: 0, failed: 2 });
    expect(await recordOf(mine)).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastError: '国家平台返回 HTTP 503：系统维护中',
    });
    // Not due again before its wait (60 s) is over.
    advance(30);
    expect((await runNamed(t, 'nationalOutbox')).rows).toBe(0);
    advance(31);
    await runNamed(t, 'nationalOutbox');
    expect(await recordOf(mine)).toMatchObject({ state: 'pending', attempts: 2 });
    // The second wait is twice the first.
    advance(90);
    expect((await runNamed(t, 'nationalOutbox')).rows).toBe(0);
    advance(31);
    const third = await runNamed(t, 'nationalOutbox');
    expect(third.detail).toMatchObject({ sent: 1 });
    const sent = await recordOf(mine);
    expect(sent).toMatchObject({ state: 'sent', attempts: 3, lastError: null });
    expect(sent.sentAt!.toISOString()).toBe(t.clock.now().toISOString());
    const got = received.filter((r) => r.id === mine);
    expect(got).toHaveLength(1);
    expect(got[0]!.body).toMatchObject({
      kind: 'transferOut',
      payload: { certNo: '粤建安C3（2024）0000999', targetProvince: '湖南省' },
      certificateId: null,
    });
    // Sent is sent.
    advance(3_600);
    await runNamed(t, 'nationalOutbox');
    expect(received.filter((r) => r.id === mine)).toHaveLength(1);
  });

  it('gives up after the configured attempts, keeps the last error, and an administrator retries it', async () => {
    for (let i = 0; i < 6 && (await recordOf(doomed)).state === 'pending'; i++) {
      advance(4 * 3_600);
      await runNamed(t, 'nationalOutbox');
    }
    expect(await recordOf(doomed)).toMatchObject({
      state: 'dead',
      attempts: 4,
      lastError: '国家平台返回 HTTP 503：系统维护中',
    });
    advance(24 * 3_600);
    await runNamed(t, 'nationalOutbox');
    expect((await recordOf(doomed)).attempts).toBe(4);

    // A day later by the server's clock: the morning's session has ended, sign in again.
    delete api.tokens.admin;
    const list = await api.get('admin', '/api/system/job/outbox/list?state=dead&pageSize=50');
    expect(list.statusCode).toBe(200);
    const row = list.json().rows.find((r: { id: number }) => r.id === doomed);
    expect(row).toMatchObject({
      state: 'dead',
      attempts: 4,
      canRetry: true,
      lastError: '国家平台返回 HTTP 503：系统维护中',
    });
    const notDead = await api.post('admin', `/api/system/job/outbox/retry/${mine}`);
    expect(notDead.statusCode).toBe(409);

    alwaysRefuse.delete(doomed);
    expect((await api.post('admin', `/api/system/job/outbox/retry/${doomed}`)).statusCode).toBe(200);
    expect(await recordOf(doomed)).toMatchObject({ state: 'pending', attempts: 0 });
    await runNamed(t, 'nationalOutbox');
    expect(await recordOf(doomed)).toMatchObject({ state: 'sent', attempts: 1, lastError: null });
    const status = (await api.get('admin', '/api/system/job/status')).json().data;
    expect(status.national).toMatchObject({ configured: true, maxAttempts: 4, backoffSeconds: 60 });
    expect(status.outbox.dead).toBe(0);
  });
});

describe('with a wrong NATIONAL_PLATFORM_TOKEN', () => {
  it('delivers nothing: the platform refuses the credential and each record keeps its answer', async () => {
    const wrong = await createTestApp({ NATIONAL_PLATFORM_URL: url, NATIONAL_PLATFORM_TOKEN: 'expired-2025' });
    try {
      const before = received.length;
      const pending = (
        await wrong.database.db.select().from(nationalOutbox).where(eq(nationalOutbox.state, 'pending'))
      ).map((r) => r.id);
      expect(pending.length).toBeGreaterThan(0);
      const run = await runNamed(wrong, 'nationalOutbox');
      expect(run.detail).toMatchObject({ configured: true, sent: 0, failed: pending.length });
      expect(received.length).toBe(before);
      const after = await wrong.database.db.select().from(nationalOutbox).where(inArray(nationalOutbox.id, pending));
      expect(
        after.every(
          (r) => r.state === 'pending' && r.attempts === 1 && r.lastError === '国家平台返回 HTTP 401：凭证无效',
        ),
      ).toBe(true);
    } finally {
      await wrong.close();
    }
  });
});

describe('without NATIONAL_PLATFORM_URL', () => {
  it('sends nothing, the records stay pending, and the monitor says so', async () => {
    const bare = await createTestApp();
    try {
      const pending = (
        await bare.database.db.select().from(nationalOutbox).where(eq(nationalOutbox.state, 'pending'))
      ).map((r) => r.id);
      expect(pending.length).toBeGreaterThan(0);
      const run = await runNamed(bare, 'nationalOutbox');
      expect(run.detail).toMatchObject({ configured: false, pending: pending.length });
      const after = await bare.database.db.select().from(nationalOutbox).where(inArray(nationalOutbox.id, pending));
      expect(after.every((r) => r.state === 'pending' && r.attempts === 0)).toBe(true);
      const token = await bare.login('admin');
      const status = (await bare.call(token, { url: '/api/system/job/status' })).json().data;
      expect(status).toMatchObject({
        engine: null,
        national: { configured: false },
        outbox: { pending: pending.length },
      });
    } finally {
      await bare.close();
    }
  });
});
