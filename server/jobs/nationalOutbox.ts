/**
 * Every minute: the national platform outbox (transfers out, issues, revocations written by the
 * close effects). Each pending record whose wait is over is delivered through the NationalPlatform
 * port; a 2xx marks it sent, a failure counts an attempt and keeps the error, and after
 * NATIONAL_PLATFORM_MAX_ATTEMPTS it is dead until an administrator retries it. The wait before
 * attempt n+1 is NATIONAL_PLATFORM_BACKOFF_SECONDS × 2^(n−1), at most six hours. Without
 * NATIONAL_PLATFORM_URL nothing is sent and the records stay pending (the monitor page says so).
 *
 * Records go one at a time in id order, outside any transaction (the HTTP call must not hold a lock,
 * and on the embedded database a transaction would stop every other request); two runs never
 * overlap because the engine's queue lets one run of a job be active at a time across processes.
 */
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import { nationalOutbox } from '../db/schema.js';
import type { JobDefinition, JobEnv } from './types.js';

/** Longest wait between two attempts. */
export const MAX_BACKOFF_SECONDS = 6 * 3_600;
/** Records read per page of one run. */
const PAGE = 100;

/** Seconds to wait after `attempts` failed attempts. */
export const backoffSeconds = (attempts: number, base: number) =>
  Math.min(MAX_BACKOFF_SECONDS, base * 2 ** Math.max(0, attempts - 1));

async function pendingCount(env: JobEnv): Promise<number> {
  const [row] = await env.db.select({ n: count() }).from(nationalOutbox).where(eq(nationalOutbox.state, 'pending'));
  return row?.n ?? 0;
}

export const nationalOutboxJob: JobDefinition = {
  name: 'nationalOutbox',
  title: '国家平台数据推送',
  cron: '* * * * *',
  catchUp: false,
  // Each record keeps its own attempts and backoff; a failed run has nothing the next minute's would not redo.
  retry: { limit: 0, delaySeconds: 60, maxDelaySeconds: 60, expireInSeconds: 900 },
  async run(env) {
    const { national } = env;
    if (!national) return { rows: 0, detail: { configured: false, pending: await pendingCount(env) } };
    const now = env.clock.now();
    const { maxAttempts, backoffSeconds: base } = env.config.national;
    const due = and(
      eq(nationalOutbox.state, 'pending'),
      sql`(${nationalOutbox.attempts} = 0 or ${nationalOutbox.lastAttemptAt} is null
        or ${nationalOutbox.lastAttemptAt} + least(${MAX_BACKOFF_SECONDS}::int, ${base}::int * power(2, ${nationalOutbox.attempts} - 1)) * interval '1 second' <= ${now.toISOString()}::timestamptz)`,
    );
    let sent = 0;
    let failed = 0;
    let dead = 0;
    for (let after = 0; ; ) {
      const page = await env.db
        .select()
        .from(nationalOutbox)
        .where(and(due, gt(nationalOutbox.id, after)))
        .orderBy(asc(nationalOutbox.id))
        .limit(PAGE);
      if (page.length === 0) break;
      after = page.at(-1)!.id;
      for (const r of page) {
        const attempts = r.attempts + 1;
        try {
          await national.deliver({
            id: r.id,
            kind: r.kind,
            certificateId: r.certificateId,
            applicationId: r.applicationId,
            payload: r.payload,
            createdAt: r.createdAt.toISOString(),
          });
          await env.db
            .update(nationalOutbox)
            .set({ state: 'sent', sentAt: now, attempts, lastAttemptAt: now, lastError: null })
            .where(and(eq(nationalOutbox.id, r.id), eq(nationalOutbox.state, 'pending')));
          sent += 1;
        } catch (err) {
          const gaveUp = attempts >= maxAttempts;
          await env.db
            .update(nationalOutbox)
            .set({
              state: gaveUp ? 'dead' : 'pending',
              attempts,
              lastAttemptAt: now,
              lastError: (err instanceof Error ? err.message : String(err)).slice(0, 2_000),
            })
            .where(and(eq(nationalOutbox.id, r.id), eq(nationalOutbox.state, 'pending')));
          failed += 1;
          if (gaveUp) dead += 1;
        }
      }
    }
    return { rows: sent + failed, detail: { configured: true, sent, failed, dead, pending: await pendingCount(env) } };
  },
};
