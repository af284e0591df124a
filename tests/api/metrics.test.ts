/**
 * /metrics (#46 item 7): what an operator's Prometheus reads, scraped as it would be, on the
 * metrics listener and never on the API's port. A request, a workflow transition, a job run (and a
 * failed one), an import (and a refused one) each move their series with bounded labels (the
 * route's pattern, the business type and event, the job, the import's kind and outcome); the
 * database's pool is reported as it is; an address not on METRICS_ALLOW is refused and
 * METRICS_PORT=off serves nothing. Every log line written while the requests were served names
 * its request.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { apiSuite } from '../helpers/api.js';
import type { TestApp } from '../helpers/app.js';
import { jobEnv } from '../helpers/jobs.js';
import { EDUCATION_HEADER, holdersInArea, multipart, xlsx, type CellInput } from '../helpers/imports.js';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { jobByName } from '../../server/jobs/catalog.js';
import { JobEngine } from '../../server/jobs/engine.js';
import { runJob } from '../../server/jobs/runner.js';
import { addDays, chinaDate } from '../../server/lib/days.js';
import { AppMetrics } from '../../server/lib/metrics.js';
import { buildMetricsServer, startMetricsServer } from '../../server/lib/metricsServer.js';
import { startThrowawayPostgres } from '../../scripts/lib/postgres.js';

let t: TestApp;
apiSuite({
  ready: (app) => {
    t = app;
  },
});

/** The app under watch: the suite's database and clock, with its log lines kept. */
let observed: FastifyInstance;
const logLines: string[] = [];
/** Its metrics listener as the server builds it, answering loopback only (the default). */
let metricsServer: FastifyInstance;
const refusals: string[] = [];

beforeAll(async () => {
  observed = await buildApp({
    config: t.config,
    database: t.database,
    clock: t.clock,
    sms: t.sms,
    logStream: { write: (line: string) => logLines.push(line) },
  });
  await observed.ready();
  metricsServer = buildMetricsServer({
    allow: t.config.metrics.allow,
    scrape: () => observed.ctx.metrics.scrape(),
    warn: (m) => refusals.push(m),
  });
});
afterAll(async () => {
  await metricsServer?.close();
  await observed?.close();
});

const tokens: Record<string, string> = {};
async function call(user: string, opts: InjectOptions) {
  tokens[user] ??= (
    await observed.inject({
      method: 'POST',
      url: '/api/login/login',
      payload: { username: user, password: 'Demo#2026' },
    })
  ).json().data.token as string;
  return observed.inject({ ...opts, headers: { ...(opts.headers ?? {}), token: tokens[user] } });
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text exposition format, as a scraper reads it: `name{a="x",b="y"} value`. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

async function scrape(): Promise<Sample[]> {
  const res = await metricsServer.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(res.body);
}

/** The value of one series (0 when it does not exist yet): labels must match all of the series' own. */
const seriesValue = (samples: Sample[], name: string, labels: Record<string, string>) =>
  samples.find(
    (s) =>
      s.name === name &&
      Object.keys(labels).length === Object.keys(s.labels).length &&
      Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  )?.value ?? 0;

const REQUESTS = 'safecert_http_request_duration_seconds_count';

describe('requests', () => {
  it('are timed by method, route pattern and status: one series for every id and query, one for unmatched URLs', async () => {
    const before = await scrape();
    const waiting = await call('gz_sl', { url: '/api/workflow/queue/waitAccept?pageSize=2' });
    const ids = (waiting.json().rows as { id: number }[]).map((r) => r.id);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect((await call('gz_sl', { url: `/api/workflow/${id}?x=${id}` })).statusCode).toBe(200);
    expect((await observed.inject({ url: '/api/no/such/route/4711' })).statusCode).toBe(404);
    expect((await observed.inject({ url: '/api/no/such/route/4712' })).statusCode).toBe(404);
    const after = await scrape();
    const moved = (labels: Record<string, string>) =>
      seriesValue(after, REQUESTS, labels) - seriesValue(before, REQUESTS, labels);
    expect(moved({ method: 'GET', route: '/api/workflow/:id', status_code: '200' })).toBe(2);
    expect(moved({ method: 'GET', route: '/api/workflow/queue/waitAccept', status_code: '200' })).toBe(1);
    expect(moved({ method: 'GET', route: 'unmatched', status_code: '404' })).toBe(2);
    // No label holds a URL, an id or a query.
    const routes = new Set(after.filter((s) => s.name === REQUESTS).map((s) => s.labels.route!));
    for (const route of routes) expect(route).toMatch(/^(unmatched|\/[a-zA-Z0-9/:_*.-]*)$/);
    for (const id of ids) expect([...routes].some((r) => r.includes(String(id)))).toBe(false);
    // Histogram buckets go with the count.
    const buckets = after.filter(
      (s) =>
        s.name === 'safecert_http_request_duration_seconds_bucket' &&
        s.labels.route === '/api/workflow/:id' &&
        s.labels.status_code === '200',
    );
    expect(buckets.find((b) => b.labels.le === '+Inf')?.value).toBe(
      seriesValue(after, REQUESTS, { method: 'GET', route: '/api/workflow/:id', status_code: '200' }),
    );
  });
});

describe('workflow transitions', () => {
  it('are counted by business type and event once written, and a refused one is not', async () => {
    const before = await scrape();
    const item = (await call('gz_sl', { url: '/api/workflow/queue/waitAccept?pageSize=1' })).json().rows[0] as {
      id: number;
    };
    const detail = (await call('gz_sl', { url: `/api/workflow/${item.id}` })).json().data as {
      version: number;
      businessType: string;
    };
    const stale = await call('gz_sl', {
      method: 'POST',
      url: `/api/workflow/${item.id}/events`,
      payload: { type: 'AGREE', version: detail.version + 7 },
    });
    expect(stale.statusCode).toBe(409);
    const res = await call('gz_sl', {
      method: 'POST',
      url: `/api/workflow/${item.id}/events`,
      payload: { type: 'AGREE', version: detail.version, comment: '材料齐全，予以受理' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await scrape();
    const name = 'safecert_workflow_transitions_total';
    const labels = { business_type: detail.businessType, event: 'AGREE' };
    expect(seriesValue(after, name, labels) - seriesValue(before, name, labels)).toBe(1);
    const total = (s: Sample[]) => s.filter((x) => x.name === name).reduce((n, x) => n + x.value, 0);
    expect(total(after) - total(before)).toBe(1);
  });
});

describe('job runs', () => {
  it('count each run by job, trigger and outcome, failures included, and keep the last success', async () => {
    const before = await scrape();
    const res = await call('admin', { method: 'POST', url: '/api/system/job/run/housekeeping' });
    expect(res.statusCode, res.body).toBe(200);
    const housekeeping = jobByName('housekeeping')!;
    const failing = {
      ...housekeeping,
      run: async () => {
        throw new Error('测试：任务失败');
      },
    };
    const failed = await runJob(jobEnv(t, { metrics: observed.ctx.metrics }), failing, 'retry');
    expect(failed?.ok).toBe(false);
    const after = await scrape();
    const runs = 'safecert_job_runs_total';
    const moved = (labels: Record<string, string>) =>
      seriesValue(after, runs, labels) - seriesValue(before, runs, labels);
    expect(moved({ job: 'housekeeping', trigger: 'manual', outcome: 'ok' })).toBe(1);
    expect(moved({ job: 'housekeeping', trigger: 'retry', outcome: 'failed' })).toBe(1);
    const lastSuccess = seriesValue(after, 'safecert_job_last_success_timestamp_seconds', { job: 'housekeeping' });
    // The run's own clock (the suite's test clock), in seconds.
    expect(Math.abs(lastSuccess - t.clock.now().getTime() / 1000)).toBeLessThan(60);
  });
});

describe('imports', () => {
  it("count each import by kind and outcome, and the gate's places", async () => {
    const holders = await holdersInArea(t.database.db, '1', 3);
    const today = chinaDate(t.clock.now());
    const good = await xlsx([
      [...EDUCATION_HEADER],
      ...holders.map((h, i): CellInput[] => [
        h.name,
        h.idNo,
        h.certNo,
        `指标测试第${i + 1}讲`,
        2,
        addDays(today, -3 - i),
        addDays(today, -2 - i),
        '广东省建筑安全协会',
      ]),
    ]);
    const url = '/api/exam/educationImport/importData';
    const before = await scrape();
    const ok = await call('gz_sl', { method: 'POST', url, ...multipart(good, 'good.xlsx') });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ written: 3 });
    const notXlsx = await call('gz_sl', {
      method: 'POST',
      url,
      ...multipart(Buffer.from('姓名,证件号码\n'), 'list.xlsx'),
    });
    expect(notXlsx.statusCode).toBe(400);
    // An enterprise may not import trainings; the administrator's user import is another kind.
    expect((await call('ent_gz', { method: 'POST', url, ...multipart(good, 'good.xlsx') })).statusCode).toBe(403);
    expect(
      (await call('admin', { method: 'POST', url: '/api/system/user/importData', ...multipart(good, 'users.csv') }))
        .statusCode,
    ).toBe(400);
    const after = await scrape();
    const name = 'safecert_imports_total';
    const moved = (labels: Record<string, string>) =>
      seriesValue(after, name, labels) - seriesValue(before, name, labels);
    expect(moved({ kind: 'education', outcome: 'imported' })).toBe(1);
    expect(moved({ kind: 'education', outcome: 'invalid' })).toBe(1);
    expect(moved({ kind: 'education', outcome: 'refused' })).toBe(1);
    expect(moved({ kind: 'user', outcome: 'invalid' })).toBe(1);
    const total = (s: Sample[]) => s.filter((x) => x.name === name).reduce((n, x) => n + x.value, 0);
    expect(total(after) - total(before)).toBe(4);
    expect(seriesValue(after, 'safecert_imports_running', {})).toBe(0);
    expect(seriesValue(after, 'safecert_imports_waiting', {})).toBe(0);
  });
});

describe('the database', () => {
  it('is named as it is: the embedded one has no pool series, PostgreSQL reports each pool', async () => {
    const samples = await scrape();
    expect(seriesValue(samples, 'safecert_database_info', { kind: t.database.kind })).toBe(1);
    const pools = new Set(samples.filter((s) => s.name === 'safecert_db_pool_connections').map((s) => s.labels.pool));
    expect([...pools].sort()).toEqual(t.database.kind === 'pglite' ? [] : ['main', 'reads']);
  });

  const postgres = startThrowawayPostgres();
  afterAll(() => postgres?.stop());
  it.skipIf(!postgres)('pool series follow a real pg.Pool: open, idle and waiting connections', async () => {
    const pool = new pg.Pool({ connectionString: postgres!.url, max: 2 });
    const metrics = new AppMetrics();
    metrics.watchDatabase({ kind: 'postgres', pool, readsPool: null });
    const read = async () => {
      const s = parseExposition((await metrics.scrape()).body);
      const v = (n: string) => seriesValue(s, `safecert_db_pool_${n}`, { pool: 'main' });
      return {
        open: v('connections'),
        idle: v('idle_connections'),
        waiting: v('waiting_requests'),
        max: v('max_connections'),
      };
    };
    try {
      expect(await read()).toEqual({ open: 0, idle: 0, waiting: 0, max: 2 });
      const a = await pool.connect();
      const b = await pool.connect();
      const third = pool.connect();
      expect(await read()).toEqual({ open: 2, idle: 0, waiting: 1, max: 2 });
      a.release();
      const c = await third;
      b.release();
      expect(await read()).toEqual({ open: 2, idle: 1, waiting: 0, max: 2 });
      c.release();
    } finally {
      await pool.end();
    }
  });

  it.skipIf(!postgres)('the job engine\'s own pool (pg-boss) is reported as pool="jobs" while it runs', async () => {
    const env = jobEnv(t, { metrics: observed.ctx.metrics });
    const engine = await JobEngine.start(
      { ...env, database: { ...env.database, pglite: null } },
      { connectionString: postgres!.url, jobs: [], installSchedules: false },
    );
    const metrics = new AppMetrics();
    metrics.watchPoolCounts('jobs', () => engine.poolCounts());
    try {
      const s = parseExposition((await metrics.scrape()).body);
      expect(seriesValue(s, 'safecert_db_pool_max_connections', { pool: 'jobs' })).toBe(4);
      expect(seriesValue(s, 'safecert_db_pool_connections', { pool: 'jobs' })).toBeGreaterThanOrEqual(1);
      expect(seriesValue(s, 'safecert_db_pool_waiting_requests', { pool: 'jobs' })).toBe(0);
    } finally {
      await engine.stop();
    }
    // Stopped, pg-boss's pool is gone: its series go too, rather than stay at their last figures.
    const s = parseExposition((await metrics.scrape()).body);
    expect(s.filter((x) => x.labels.pool === 'jobs')).toEqual([]);
  });
});

describe('access', () => {
  it('refuses an address not on METRICS_ALLOW, naming the setting, and logs it once', async () => {
    const res = await metricsServer.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('safecert_');
    expect(res.body).toContain('METRICS_ALLOW');
    await metricsServer.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(refusals.filter((r) => r.includes('203.0.113.9'))).toHaveLength(1);
    // An IPv4 loopback peer on a dual-stack socket is loopback too.
    expect((await metricsServer.inject({ url: '/metrics', remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
  });

  it('listens on a port of its own that answers the allowed network only', async () => {
    const open = await startMetricsServer(
      { port: 0, host: '127.0.0.1', allow: ['loopback'] },
      () => observed.ctx.metrics.scrape(),
      () => undefined,
    );
    const closed = await startMetricsServer(
      { port: 0, host: '127.0.0.1', allow: ['10.8.0.0/16'] },
      () => observed.ctx.metrics.scrape(),
      () => undefined,
    );
    try {
      const urlOf = (s: FastifyInstance) => `http://127.0.0.1:${(s.server.address() as { port: number }).port}/metrics`;
      const res = await fetch(urlOf(open!));
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('safecert_http_request_duration_seconds_bucket{');
      expect((await fetch(urlOf(closed!))).status).toBe(403);
    } finally {
      await open?.close();
      await closed?.close();
    }
  });

  it("serves nothing with METRICS_PORT=off, and never on the API's port, not even as a page of the client", async () => {
    const off = loadConfig({ NODE_ENV: 'test', METRICS_PORT: 'off' }).metrics;
    expect(off.port).toBeNull();
    expect(
      await startMetricsServer(
        off,
        () => observed.ctx.metrics.scrape(),
        () => undefined,
      ),
    ).toBeNull();
    // The API's port with a built client answers client routes with its page, but /metrics with 404.
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'metrics-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>SafeCert</title>');
    const withClient = await buildApp({
      config: { ...t.config, clientDir },
      database: t.database,
      clock: t.clock,
      sms: t.sms,
      logger: false,
    });
    try {
      expect((await withClient.inject({ url: '/workbench' })).body).toContain('SafeCert');
      for (const url of ['/metrics', '/metrics?x=1']) {
        const res = await withClient.inject({ url });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('safecert_');
      }
    } finally {
      await withClient.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });
});

describe('the log', () => {
  it('names the request on every line written while the requests above were served', () => {
    const parsed = logLines.map((l) => JSON.parse(l) as { msg: string; reqId?: string });
    // The app's own lines before its first request (none expected without a job engine) are not a request's.
    const first = parsed.findIndex((l) => l.reqId);
    expect(first).toBeGreaterThanOrEqual(0);
    const served = parsed.slice(first);
    expect(served.length).toBeGreaterThan(30);
    for (const line of served) expect(line.reqId, line.msg).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    // The lines of the requests above are among them.
    for (const url of [
      '/api/system/job/run/housekeeping',
      '/api/exam/educationImport/importData',
      '/api/workflow/queue/waitAccept',
    ]) {
      expect(
        served.some((l) => JSON.stringify(l).includes(url)),
        url,
      ).toBe(true);
    }
  });
});
