/**
 * One run of a job, whoever starts it (the engine's schedule, a retry, an administrator): skipped
 * while the job is paused (a scheduled run), else recorded in job_run from start to finish and in
 * the operation log under the system user, with the job's own clock as the time of its writes.
 */
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { jobRun, jobSetting, sysOperLog } from '../db/schema.js';
import { runWithClock } from '../lib/clock.js';
import type { JobDefinition, JobEnv, JobTrigger } from './types.js';
import type { OperAction } from '../lib/operLog.js';

export type JobRunRow = typeof jobRun.$inferSelect;

/** The operation log's name for what the platform does by itself (no account signs in as it). */
export const SYSTEM_OPERATOR = 'system';

const MAX_ERROR = 2_000;

export async function isPaused(env: Pick<JobEnv, 'db'>, job: string): Promise<boolean> {
  const [row] = await env.db.select({ paused: jobSetting.paused }).from(jobSetting).where(eq(jobSetting.job, job));
  return row?.paused ?? false;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR);

/**
 * Runs `def` once and answers its job_run row, or null when a scheduled run finds the job paused.
 * A failure is recorded, not thrown: the engine reads `ok` and retries.
 */
export async function runJob(
  env: JobEnv,
  def: JobDefinition,
  trigger: JobTrigger,
  by: string | null = null,
): Promise<JobRunRow | null> {
  // An administrator's run goes ahead while paused: pausing stops the schedule, not the button.
  if (trigger !== 'manual' && (await isPaused(env, def.name))) {
    env.log.info(`job ${def.name}: paused, ${trigger} run skipped`);
    env.metrics?.jobRun(def.name, trigger, 'skipped');
    return null;
  }
  return runWithClock(env.clock, async () => {
    const startedAt = env.clock.now();
    const [started] = await env.db
      .insert(jobRun)
      .values({ job: def.name, trigger, startedAt })
      .returning({ id: jobRun.id });
    const t0 = performance.now();
    let outcome: { ok: true; rows: number; detail: Record<string, unknown> } | { ok: false; error: string };
    try {
      const result = await def.run(env);
      outcome = { ok: true, rows: result.rows, detail: result.detail };
    } catch (err) {
      outcome = { ok: false, error: messageOf(err) };
      env.log.warn(`job ${def.name} failed: ${outcome.error}`);
    }
    const durationMs = Math.round(performance.now() - t0);
    // The run's own length, measured; its start is the clock's, so a test clock's runs line up with its day.
    const finishedAt = new Date(startedAt.getTime() + durationMs);
    // Counted when the run ends, whatever happens to its record below (the database may be gone).
    env.metrics?.jobRun(def.name, trigger, outcome.ok ? 'ok' : 'failed', finishedAt);
    const detail = { ...(outcome.ok ? outcome.detail : {}), durationMs, ...(by ? { by } : {}) };
    const [row] = await env.db
      .update(jobRun)
      .set({
        finishedAt,
        ok: outcome.ok,
        rows: outcome.ok ? outcome.rows : 0,
        error: outcome.ok ? null : outcome.error,
        detail,
      })
      .where(eq(jobRun.id, started!.id))
      .returning();
    // The audit trail gets what the system did; a scheduled run that found nothing to do stays in job_run only.
    if (!outcome.ok || outcome.rows > 0 || trigger === 'manual') {
      const param = JSON.stringify({ job: def.name, runId: started!.id, trigger, rows: row!.rows, detail });
      await env.db.insert(sysOperLog).values({
        title: def.title,
        action: 'job' satisfies OperAction,
        requestMethod: 'JOB',
        operName: SYSTEM_OPERATOR,
        operUrl: `job:${def.name}`,
        operIp: null,
        operParam: param.length > 4000 ? `${param.slice(0, 4000)}…` : param,
        status: outcome.ok ? '0' : '1',
        httpStatus: 0,
        errorMsg: outcome.ok ? null : outcome.error,
        durationMs,
        operTime: finishedAt,
      });
    }
    return row!;
  });
}
