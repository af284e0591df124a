/**
 * The live waiting applications' counts: application_waiting_count as last folded plus the changes
 * migration 0036's triggers appended since (application_waiting_change). The workbench's queue
 * figures and their overdue items, for the steps a user holds.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { chinaDayOf, rowsOf } from '../db/sql.js';
import { applicationWaitingChange, applicationWaitingCount } from '../db/schema.js';
import { overdueByAcceptanceDay, type DeadlineLimits } from './views.js';
import type { Step } from '../../machines/businessTypes.js';

export interface WaitingCount {
  businessType: string;
  step: string | null;
  status: number;
  n: number;
  overdue: number;
}

const KEY = 'business_type, status, step, area, accepted_day';
/** The folded counts and the changes since, as one FROM item with the count table's columns. */
const w = sql`(select ${sql.raw(KEY)}, n from ${applicationWaitingCount} union all select ${sql.raw(KEY)}, n from ${applicationWaitingChange}) w`;
const col = (name: string) => sql.raw(`w.${name}`);

/** The items waiting at `steps` (受理 on status 2, the others on status 3 at the step), per type, step and status. */
export async function waitingCounts(
  db: DbOrTx,
  steps: readonly Step[],
  area: string | null,
  now: Date,
  limits: DeadlineLimits,
): Promise<WaitingCount[]> {
  const [status, step, businessType] = [col('status'), col('step'), col('business_type')];
  const waiting: SQL[] = [];
  if (steps.includes('sl')) waiting.push(sql`${status} = 2`);
  const review = steps.filter((s) => s !== 'sl');
  if (review.length) waiting.push(and(sql`${status} = 3`, inArray(step, review))!);
  if (!waiting.length) return [];
  const overdue = overdueByAcceptanceDay(now, limits, { status, acceptedDay: col('accepted_day'), businessType });
  const rows = await db
    .select({
      businessType: sql<string>`${businessType}`,
      step: sql<string | null>`nullif(${step}, '')`,
      status: sql<number>`${status}`,
      n: sql<number>`sum(${col('n')})::int`,
      overdue: sql<number>`(coalesce(sum(${col('n')}) filter (where ${overdue}), 0))::int`,
    })
    .from(w)
    .where(and(area ? eq(col('area'), area) : undefined, or(...waiting)))
    .groupBy(businessType, step, status);
  return rows.map((r) => ({ ...r, status: Number(r.status), n: Number(r.n), overdue: Number(r.overdue) }));
}

/**
 * Folds the changes appended since into the counts, in the caller's transaction (the statistics
 * refresh's, and the nightly housekeeping's: the changes must not pile up while an administrator has
 * paused the statistics job, since every workbench read adds them up). The changes it reads are
 * removed in the same statement, and those appended meanwhile by transactions not yet committed stay
 * for the next fold; two folds at once each take the rows the other has not (a deleted row is skipped).
 * Counts that reach 0 go. Answers how many changes it folded.
 */
export async function foldWaiting(tx: DbOrTx): Promise<number> {
  const [row] = rowsOf<{ folded: number }>(
    await tx.execute(sql`with moved as (delete from application_waiting_change returning ${sql.raw(KEY)}, n),
    summed as (select ${sql.raw(KEY)}, sum(n)::int as n from moved group by ${sql.raw(KEY)}),
    upserted as (insert into application_waiting_count as c (${sql.raw(KEY)}, n) select ${sql.raw(KEY)}, n from summed
      on conflict (${sql.raw(KEY)}) do update set n = c.n + excluded.n)
    select count(*)::int as folded from moved`),
  );
  await tx.execute(sql`delete from application_waiting_count where n = 0`);
  return Number(row?.folded ?? 0);
}

/**
 * Counts the waiting applications again from the rows, for a load that wrote application with its
 * triggers off (seed:scale on PostgreSQL). Never needed otherwise: the triggers keep the counts.
 */
export async function recountWaiting(db: DbOrTx): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table application_waiting_count, application_waiting_change in exclusive mode`);
    await tx.execute(sql`delete from application_waiting_change`);
    await tx.execute(sql`delete from application_waiting_count`);
    await tx.execute(sql`insert into application_waiting_count (${sql.raw(KEY)}, n)
      select business_type, status, coalesce(step, ''), area, coalesce(${chinaDayOf(sql.raw('accepted_at'))}, '-infinity'::date), count(*)
      from application where not deleted and status in (2, 3) group by 1, 2, 3, 4, 5`);
  });
}
