/**
 * The jobs through the engine (pg-boss on this suite's database: PGlite in process, or PostgreSQL):
 * "run now" is queued and worked; a failed run is retried with backoff and each attempt recorded; a
 * paused job's scheduled run does nothing; a queued run survives the engine's restart; and — on
 * PostgreSQL — two job runners sharing one database run a schedule's occurrence once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { apiSuite } from '../helpers/api.js';
import type { TestApp } from '../helpers/app.js';
import { jobEnv } from '../helpers/jobs.js';
import { jobRun } from '../../server/db/schema.js';
import { JobEngine, queueOnlyClient } from '../../server/jobs/engine.js';
import { startJobs } from '../../server/jobs/index.js';
import { housekeeping } from '../../server/jobs/housekeeping.js';
import { suspension } from '../../server/jobs/suspension.js';
import type { JobDefinition } from '../../server/jobs/types.js';

let t: TestApp;
const api = apiSuite({
  users: ['admin'],
  ready: (app) => {
    t = app;
  },
});
const db = () => t.database.db;
const engines: JobEngine[] = [];
afterEach(async () => {
  while (engines.length) await engines.pop()!.stop();
});

async function start(opts: Parameters<typeof JobEngine.start>[1] = {}, env = jobEnv(t)): Promise<JobEngine> {
  const engine = await JobEngine.start(env, { installSchedules: false, pollingIntervalSeconds: 0.5, ...opts });
  engines.push(engine);
  return engine;
}

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const got = await probe();
    if (got) return got;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const lastRunId = async () =>
  Number(
    (
      await db()
        .select({ id: sql<number>`coalesce(max(${jobRun.id}), 0)` })
        .from(jobRun)
    )[0]!.id,
  );
const runsAfter = (after: number, job: string) =>
  db()
    .select()
    .from(jobRun)
    .where(and(gt(jobRun.id, after), eq(jobRun.job, job)))
    .orderBy(asc(jobRun.id));

describe('jobs through the engine', () => {
  it('queues "run now" from the page and a worker runs it, recorded as manual by the administrator', async () => {
    // The app under test has no engine of its own (its "run now" runs inline): the engine is asked directly.
    const engine = await start();
    const before = await lastRunId();
    expect(engine.engine).toBe(t.database.kind);
    expect(await engine.runNow('housekeeping', 'admin')).toEqual({ queued: true, runId: null });
    const [run] = await waitFor('the manual run', async () => {
      const rows = await runsAfter(before, 'housekeeping');
      return rows.length && rows[0]!.finishedAt ? rows : null;
    });
    expect(run).toMatchObject({ trigger: 'manual', ok: true, detail: expect.objectContaining({ by: 'admin' }) });
  });

  it('starts in the background as the server does: "run now" right away waits for the start and is worked; a failed start is the answer, and it tries again', async () => {
    const before = await lastRunId();
    const jobs = await startJobs(jobEnv(t), { installSchedules: false, pollingIntervalSeconds: 0.5 }, true);
    try {
      expect(jobs.engine).toBe(t.database.kind);
      expect(await jobs.runNow('housekeeping', 'admin')).toEqual({ queued: true, runId: null });
      const [run] = await waitFor('the manual run', async () => {
        const rows = await runsAfter(before, 'housekeeping');
        return rows.length && rows[0]!.finishedAt ? rows : null;
      });
      expect(run).toMatchObject({ trigger: 'manual', ok: true });
    } finally {
      await jobs.stop();
    }
    const warned: string[] = [];
    // An engine whose database cannot be reached (PostgreSQL on a closed port).
    const env = jobEnv(t);
    const failing = await startJobs(
      jobEnv(t, {
        config: { ...env.config, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' },
        database: { ...env.database, pglite: null },
        log: {
          info: () => undefined,
          warn: (m: string) => {
            warned.push(m);
          },
        },
      }),
      { installSchedules: false },
      true,
    );
    await waitFor('the first failed start', async () => warned.length > 0 || null);
    await expect(failing.runNow('housekeeping', 'admin')).rejects.toThrow();
    expect(warned.join('\n')).toMatch(/^job engine did not start \(trying again in 5 s\): /);
    // Not given up: it tries again until the database answers, and is not ready meanwhile.
    expect(failing.state()).toBe('starting');
    const stopping = Date.now();
    await failing.stop();
    expect(Date.now() - stopping, 'stop ends the wait before the next try').toBeLessThan(4_000);
  });

  it('retries a failed run with backoff and records each attempt', async () => {
    const attemptedAt: number[] = [];
    const flaky: JobDefinition = {
      ...suspension,
      retry: { limit: 2, delaySeconds: 1, maxDelaySeconds: 2, expireInSeconds: 60 },
      async run(env) {
        // The engine's own timing is real time (the server clock of the test stands still).
        attemptedAt.push(Date.now());
        if (attemptedAt.length === 1) throw new Error('测试：第一次失败');
        return suspension.run(env);
      },
    };
    const engine = await start({ jobs: [flaky] });
    const before = await lastRunId();
    await engine.runNow('suspension', 'admin');
    const runs = await waitFor('a failed run and its retry', async () => {
      const rows = await runsAfter(before, 'suspension');
      return rows.length >= 2 && rows[1]!.finishedAt ? rows : null;
    });
    expect(runs.map((r) => [r.trigger, r.ok, r.error])).toEqual([
      ['manual', false, '测试：第一次失败'],
      ['retry', true, null],
    ]);
    // Exponential backoff from a 1-second delay: the first retry waits 1–2 s.
    expect(attemptedAt[1]! - attemptedAt[0]!).toBeGreaterThanOrEqual(900);
    const jobs = await engine.pgBoss.findJobs('suspension');
    expect(jobs.some((j) => j.retryCount === 1 && j.state === 'completed')).toBe(true);
  });

  it("a paused job's scheduled run does nothing; resumed, it runs", async () => {
    const engine = await start();
    expect((await api.post('admin', '/api/system/job/pause/housekeeping')).statusCode).toBe(200);
    const before = await lastRunId();
    const id = await engine.pgBoss.send('housekeeping', { trigger: 'schedule' });
    await waitFor('the paused run to be taken and completed', async () => {
      const [job] = await engine.pgBoss.findJobs('housekeeping', { id: id! });
      return job?.state === 'completed';
    });
    expect(await runsAfter(before, 'housekeeping')).toEqual([]);
    expect((await api.post('admin', '/api/system/job/resume/housekeeping')).statusCode).toBe(200);
    await engine.pgBoss.send('housekeeping', { trigger: 'schedule' });
    const [run] = await waitFor('the resumed run', async () => {
      const rows = await runsAfter(before, 'housekeeping');
      return rows.length && rows[0]!.finishedAt ? rows : null;
    });
    expect(run).toMatchObject({ trigger: 'schedule', ok: true });
  });

  it('a run queued while no engine works survives until the next start', async () => {
    // Queues made by an earlier start of the engine; then it stops.
    await (await start()).stop();
    engines.length = 0;
    // pg-boss with no workers stands in for a process that queued a run and went down.
    const boss = await queueOnlyClient(jobEnv(t));
    await boss.send('housekeeping', { trigger: 'manual', by: 'admin' });
    await boss.stop({ graceful: false });
    const before = await lastRunId();
    await new Promise((r) => setTimeout(r, 500));
    expect(await runsAfter(before, 'housekeeping')).toEqual([]);
    await start();
    const [run] = await waitFor('the queued run after the restart', async () => {
      const rows = await runsAfter(before, 'housekeeping');
      return rows.length && rows[0]!.finishedAt ? rows : null;
    });
    expect(run).toMatchObject({ trigger: 'manual', ok: true });
  });
});

describe.runIf(inject('postgresAdminUrl'))('two job runners on one PostgreSQL', () => {
  it("run a schedule's occurrence once", { timeout: 150_000 }, async () => {
    // The next minute in China time, as a daily cron: both runners install the same schedule.
    const next = new Date(Date.now() + (new Date().getUTCSeconds() > 50 ? 120_000 : 60_000));
    const china = new Date(next.getTime() + 8 * 3_600_000);
    const cron = `${china.getUTCMinutes()} ${china.getUTCHours()} * * *`;
    const ran: string[] = [];
    const probe = (runner: string): JobDefinition => ({
      ...housekeeping,
      cron,
      async run(env) {
        ran.push(runner);
        return housekeeping.run(env);
      },
    });
    const opts = { installSchedules: true, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 } as const;
    const before = await lastRunId();
    await start({ ...opts, jobs: [probe('A')], instanceName: 'runner-A' });
    await start({ ...opts, jobs: [probe('B')], instanceName: 'runner-B' });
    const runs = await waitFor(
      'the scheduled run',
      async () => {
        const rows = await runsAfter(before, 'housekeeping');
        return rows.length && rows[0]!.finishedAt ? rows : null;
      },
      140_000,
    );
    // Several more scheduling passes of both runners: still one run.
    await new Promise((r) => setTimeout(r, 6_000));
    expect(await runsAfter(before, 'housekeeping')).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'schedule', ok: true });
    expect(ran).toHaveLength(1);
    const schedules = await engines[0]!.pgBoss.getSchedules('housekeeping');
    expect(schedules.map((s) => [s.cron, s.timezone])).toEqual([[cron, 'Asia/Shanghai']]);
  });
});
