/**
 * Housekeeping: expired sessions, SMS codes, captchas and rate-limit windows go; the operation and
 * login logs are kept at least 180 days, then archived to a gzip'd JSON-lines file under
 * DATA_DIR/archive and deleted (or deleted, per sys_config) — a setting only the security
 * administrator changes, and never below 180 days.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, like } from 'drizzle-orm';
import { apiSuite } from '../helpers/api.js';
import type { TestApp } from '../helpers/app.js';
import { chinaAt, runNamed } from '../helpers/jobs.js';
import {
  jobRun,
  rateLimitBucket,
  sysCaptcha,
  sysConfig,
  sysLoginLog,
  sysOperLog,
  sysSession,
  sysSmsCode,
  sysUser,
} from '../../server/db/schema.js';
import { chinaDate } from '../../server/lib/days.js';

let t: TestApp;
const api = apiSuite({
  ready: (app) => {
    t = app;
  },
});
const db = () => t.database.db;
let today: string;
const DAY = 86_400_000;

beforeAll(() => {
  today = chinaDate(t.clock.now());
  t.clock.set(chinaAt(today, '03:30'));
});

const daysAgo = (n: number) => new Date(chinaAt(today, '03:30').getTime() - n * DAY);
const oper = (title: string, at: Date) => ({
  title,
  action: 'update',
  requestMethod: 'POST',
  operName: 'admin',
  operUrl: '/api/test',
  operIp: '127.0.0.1',
  operParam: '{}',
  status: '0',
  httpStatus: 200,
  errorMsg: null,
  durationMs: 5,
  operTime: at,
});
const archives = () => {
  const dir = path.join(t.config.dataDir, 'archive');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};
const linesOf = (file: string) =>
  gunzipSync(fs.readFileSync(path.join(t.config.dataDir, 'archive', file)))
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('housekeeping', () => {
  it('deletes expired sessions, SMS codes, captchas and rate-limit windows, and keeps what is live', async () => {
    const [admin] = await db().select().from(sysUser).where(eq(sysUser.userName, 'admin'));
    const now = t.clock.now();
    await db()
      .insert(sysSession)
      .values([
        {
          tokenHash: 'a'.repeat(64),
          userId: admin!.userId,
          method: 'password',
          createdAt: daysAgo(3),
          lastActiveAt: daysAgo(3),
          expiresAt: daysAgo(2.5),
        },
        {
          tokenHash: 'b'.repeat(64),
          userId: admin!.userId,
          method: 'password',
          createdAt: daysAgo(2),
          lastActiveAt: daysAgo(2),
          expiresAt: new Date(now.getTime() + DAY),
          endedAt: daysAgo(2),
          endReason: 'logout',
        },
        // Ended an hour ago: kept a day, so the user still reads why.
        {
          tokenHash: 'c'.repeat(64),
          userId: admin!.userId,
          method: 'password',
          createdAt: daysAgo(0.1),
          lastActiveAt: daysAgo(0.1),
          expiresAt: new Date(now.getTime() + DAY),
          endedAt: new Date(now.getTime() - 3_600_000),
          endReason: 'offline',
        },
        {
          tokenHash: 'd'.repeat(64),
          userId: admin!.userId,
          method: 'password',
          createdAt: now,
          lastActiveAt: now,
          expiresAt: new Date(now.getTime() + 12 * 3_600_000),
        },
      ]);
    await db()
      .insert(sysCaptcha)
      .values([
        { uuid: 'old-captcha', code: 'abcd', expiresAt: daysAgo(0.01) },
        { uuid: 'live-captcha', code: 'abcd', expiresAt: new Date(now.getTime() + 60_000) },
      ]);
    await db()
      .insert(sysSmsCode)
      .values([
        { phone: '13900000001', codeHash: 'x'.repeat(64), createdAt: daysAgo(2), expiresAt: daysAgo(1.9) },
        // Expired, but still counted by the hourly send limit.
        {
          phone: '13900000001',
          codeHash: 'y'.repeat(64),
          createdAt: new Date(now.getTime() - 1_800_000),
          expiresAt: new Date(now.getTime() - 1_500_000),
        },
      ]);
    await db()
      .insert(rateLimitBucket)
      .values([
        { key: 'test:old', hits: 3, resetAt: daysAgo(0.5) },
        { key: 'test:live', hits: 3, resetAt: new Date(now.getTime() + 30_000) },
      ]);
    const run = await runNamed(t, 'housekeeping');
    expect(run.detail).toMatchObject({ sessions: 2, captchas: 1, smsCodes: 1, rateBuckets: 1 });
    const sessions = (
      await db()
        .select({ h: sysSession.tokenHash })
        .from(sysSession)
        .where(
          inArray(
            sysSession.tokenHash,
            ['a', 'b', 'c', 'd'].map((c) => c.repeat(64)),
          ),
        )
    ).map((s) => s.h[0]);
    expect(sessions.sort()).toEqual(['c', 'd']);
    expect((await db().select().from(sysCaptcha).where(like(sysCaptcha.uuid, '%-captcha'))).map((c) => c.uuid)).toEqual(
      ['live-captcha'],
    );
    expect(await db().select().from(sysSmsCode).where(eq(sysSmsCode.phone, '13900000001'))).toHaveLength(1);
    expect(
      (await db().select().from(rateLimitBucket).where(like(rateLimitBucket.key, 'test:%'))).map((b) => b.key),
    ).toEqual(['test:live']);
  });

  it("archives logs older than 180 days to gzip'd JSON lines under DATA_DIR/archive, deletes them, keeps the younger ones", async () => {
    const old = await db()
      .insert(sysOperLog)
      .values([oper('归档测试-1', daysAgo(400)), oper('归档测试-2', daysAgo(181))])
      .returning();
    const young = await db()
      .insert(sysOperLog)
      .values([oper('归档测试-3', daysAgo(179))])
      .returning();
    const oldLogin = await db()
      .insert(sysLoginLog)
      .values({
        userName: 'admin',
        method: 'password',
        ipaddr: '127.0.0.1',
        status: '0',
        msg: '登录成功',
        loginTime: daysAgo(200),
      })
      .returning();
    await db()
      .insert(jobRun)
      .values({
        job: 'certExpiry',
        trigger: 'schedule',
        startedAt: daysAgo(300),
        finishedAt: daysAgo(300),
        ok: true,
        rows: 0,
      });
    const run = await runNamed(t, 'housekeeping');
    expect(run.detail).toMatchObject({ retentionDays: 180, expiredAction: 'archive', jobRuns: 1 });
    expect(run.detail.sys_oper_log).toMatchObject({ archived: 2, deleted: 2 });
    expect(run.detail.sys_login_log).toMatchObject({ archived: 1, deleted: 1 });
    const files = archives();
    expect(files.filter((f) => f.startsWith('sys_oper_log-'))).toHaveLength(1);
    expect(files.every((f) => f.endsWith('.jsonl.gz'))).toBe(true);
    const lines = linesOf(files.find((f) => f.startsWith('sys_oper_log-'))!);
    expect(lines.map((l) => l.title)).toEqual(['归档测试-1', '归档测试-2']);
    expect(lines[0]).toMatchObject({
      operId: old[0]!.operId,
      operName: 'admin',
      operTime: old[0]!.operTime.toISOString(),
    });
    expect(linesOf(files.find((f) => f.startsWith('sys_login_log-'))!)[0]).toMatchObject({
      infoId: oldLogin[0]!.infoId,
      userName: 'admin',
    });
    expect(
      await db()
        .select()
        .from(sysOperLog)
        .where(
          inArray(
            sysOperLog.operId,
            old.map((o) => o.operId),
          ),
        ),
    ).toEqual([]);
    expect(
      await db()
        .select()
        .from(sysOperLog)
        .where(
          inArray(
            sysOperLog.operId,
            young.map((o) => o.operId),
          ),
        ),
    ).toHaveLength(1);

    // Again: nothing old is left, no new file.
    const again = await runNamed(t, 'housekeeping');
    expect(again.detail.sys_oper_log).toMatchObject({ archived: 0, deleted: 0, file: null });
    expect(archives()).toEqual(files);
  });

  it('only the security administrator sets the log policy; never under 180 days; delete skips the archive', async () => {
    const [row] = await db().select().from(sysConfig).where(eq(sysConfig.configKey, 'sys.log.expiredAction'));
    const [retention] = await db().select().from(sysConfig).where(eq(sysConfig.configKey, 'sys.log.retentionDays'));
    const body = (r: typeof row, configValue: string) => ({
      configId: r!.configId,
      configName: r!.configName,
      configKey: r!.configKey,
      configValue,
      configType: 'Y',
    });
    expect((await api.post('admin', '/api/system/config/update', body(row, 'delete'))).statusCode).toBe(403);
    expect((await api.post('secadmin', '/api/system/config/update', body(row, 'purge'))).statusCode).toBe(400);
    expect((await api.post('secadmin', '/api/system/config/update', body(retention, '90'))).statusCode).toBe(400);
    expect((await api.post('secadmin', '/api/system/config/update', body(row, 'delete'))).statusCode).toBe(200);

    const files = archives();
    const old = await db()
      .insert(sysOperLog)
      .values([oper('删除测试', daysAgo(190)), oper('保留测试', daysAgo(100))])
      .returning();
    // A retention below the floor in the table (written around the API) still keeps 180 days.
    await db().update(sysConfig).set({ configValue: '30' }).where(eq(sysConfig.configKey, 'sys.log.retentionDays'));
    const run = await runNamed(t, 'housekeeping');
    expect(run.detail).toMatchObject({
      retentionDays: 180,
      expiredAction: 'delete',
      sys_oper_log: { archived: 0, deleted: 1, file: null },
    });
    expect(archives()).toEqual(files);
    expect(
      (
        await db()
          .select()
          .from(sysOperLog)
          .where(
            inArray(
              sysOperLog.operId,
              old.map((o) => o.operId),
            ),
          )
      ).map((o) => o.title),
    ).toEqual(['保留测试']);
  });
});
