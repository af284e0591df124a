/**
 * The job monitor (定时任务): each job with its schedule, last run, failures and next run, the runs
 * themselves, pausing and resuming (job_setting), and the national platform outbox with the retry
 * of dead records. Rows carry what this administrator may do with them now.
 */
import { and, count, desc, eq, gte, inArray } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../../context.js';
import { jobRun, jobSetting, nationalOutbox } from '../../../db/schema.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { JOB_TIMEZONE, JOBS, jobByName } from '../../../jobs/catalog.js';
import { nextRunOf } from '../../../jobs/schedule.js';
import type { JobDefinition } from '../../../jobs/types.js';
import type { OutboxJoined, RunRow } from './store.js';
import { maskedDocument } from '../../../services/personalData.js';

export const OUTBOX_STATES = ['pending', 'sent', 'dead'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];
export const RUN_TRIGGERS = ['schedule', 'manual', 'retry'] as const;

/** How far back the monitor counts failures. */
const FAILURE_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;

export const runView = (r: RunRow) => {
  const detail = (r.detail ?? null) as Record<string, unknown> | null;
  const measured = typeof detail?.durationMs === 'number' ? detail.durationMs : null;
  return {
    id: r.id,
    job: r.job,
    trigger: r.trigger,
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    durationMs: measured ?? (r.finishedAt ? r.finishedAt.getTime() - r.startedAt.getTime() : null),
    running: r.finishedAt === null,
    ok: r.ok,
    rows: r.rows,
    error: r.error,
    detail,
  };
};

export function requireJob(name: string): JobDefinition {
  const def = jobByName(name);
  if (!def) throw notFound('定时任务不存在');
  return def;
}

export async function listJobs(ctx: AppContext, user: AuthUser) {
  const db = ctx.db;
  const now = ctx.clock.now();
  const names = JOBS.map((j) => j.name);
  const settings = new Map(
    (await db.select().from(jobSetting).where(inArray(jobSetting.job, names))).map((s) => [s.job, s]),
  );
  // The newest run and the newest failure of each job (DISTINCT ON keeps one row per job).
  const last = await db
    .selectDistinctOn([jobRun.job])
    .from(jobRun)
    .where(inArray(jobRun.job, names))
    .orderBy(jobRun.job, desc(jobRun.startedAt), desc(jobRun.id));
  const lastFailed = await db
    .selectDistinctOn([jobRun.job])
    .from(jobRun)
    .where(and(inArray(jobRun.job, names), eq(jobRun.ok, false)))
    .orderBy(jobRun.job, desc(jobRun.startedAt), desc(jobRun.id));
  const failures = await db
    .select({ job: jobRun.job, n: count() })
    .from(jobRun)
    .where(
      and(
        inArray(jobRun.job, names),
        eq(jobRun.ok, false),
        gte(jobRun.startedAt, new Date(now.getTime() - FAILURE_WINDOW_DAYS * DAY_MS)),
      ),
    )
    .groupBy(jobRun.job);
  const lastBy = new Map(last.map((r) => [r.job, r]));
  const failedBy = new Map(lastFailed.map((r) => [r.job, r]));
  const failuresBy = new Map(failures.map((f) => [f.job, f.n]));
  const may = (perm: string) => user.permissions.has(perm);
  return JOBS.map((def) => {
    const setting = settings.get(def.name);
    const paused = setting?.paused ?? false;
    const lastRun = lastBy.get(def.name);
    const failed = failedBy.get(def.name);
    return {
      job: def.name,
      title: def.title,
      cron: def.cron,
      timezone: JOB_TIMEZONE,
      paused,
      pausedAt: paused && setting ? setting.updatedAt.toISOString() : null,
      nextRunAt: paused ? null : (nextRunOf(def, now)?.toISOString() ?? null),
      lastRun: lastRun ? runView(lastRun) : null,
      lastFailure: failed ? { id: failed.id, startedAt: failed.startedAt.toISOString(), error: failed.error } : null,
      failuresRecent: failuresBy.get(def.name) ?? 0,
      retryLimit: def.retry.limit,
      canRun: may('system:job:run'),
      canPause: !paused && may('system:job:pause'),
      canResume: paused && may('system:job:resume'),
    };
  });
}

export async function setPaused(ctx: AppContext, user: AuthUser, name: string, paused: boolean): Promise<void> {
  const def = requireJob(name);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(jobSetting).where(eq(jobSetting.job, def.name)).for('update');
    if ((current?.paused ?? false) === paused) throw conflict(paused ? '该任务已暂停' : '该任务未暂停');
    await tx
      .insert(jobSetting)
      .values({ job: def.name, paused, updatedBy: user.userId, updatedAt: now })
      .onConflictDoUpdate({ target: jobSetting.job, set: { paused, updatedBy: user.userId, updatedAt: now } });
  });
}

// ---------- the national platform outbox ----------

export const outboxView = (r: OutboxJoined, user: AuthUser) => ({
  id: r.record.id,
  kind: r.record.kind,
  certificateId: r.record.certificateId,
  certNo: r.certNo,
  applicationId: r.record.applicationId,
  applyNo: r.applyNo,
  payload: maskedDocument(r.record.payload as Record<string, unknown>),
  state: r.record.state as OutboxState,
  attempts: r.record.attempts,
  lastError: r.record.lastError,
  lastAttemptAt: r.record.lastAttemptAt?.toISOString() ?? null,
  createdAt: r.record.createdAt.toISOString(),
  sentAt: r.record.sentAt?.toISOString() ?? null,
  canRetry: r.record.state === 'dead' && user.permissions.has('system:job:run'),
});

export async function outboxCounts(ctx: AppContext): Promise<Record<OutboxState, number>> {
  const rows = await ctx.db
    .select({ state: nationalOutbox.state, n: count() })
    .from(nationalOutbox)
    .groupBy(nationalOutbox.state);
  const out: Record<OutboxState, number> = { pending: 0, sent: 0, dead: 0 };
  for (const r of rows) if ((OUTBOX_STATES as readonly string[]).includes(r.state)) out[r.state as OutboxState] = r.n;
  return out;
}

/** A dead record goes back to pending with a fresh count of attempts; its last error stays until the next attempt. */
export async function retryOutbox(ctx: AppContext, id: number): Promise<void> {
  const [row] = await ctx.db
    .select({ state: nationalOutbox.state })
    .from(nationalOutbox)
    .where(eq(nationalOutbox.id, id));
  if (!row) throw notFound('推送记录不存在');
  const updated = await ctx.db
    .update(nationalOutbox)
    .set({ state: 'pending', attempts: 0 })
    .where(and(eq(nationalOutbox.id, id), eq(nationalOutbox.state, 'dead')))
    .returning({ id: nationalOutbox.id });
  if (updated.length === 0) throw conflict('只有发送失败（已放弃）的记录可以重试');
}
