/**
 * The live waiting applications' counts (application_waiting_count, kept by migration 0036's
 * triggers): the workbench's queue figures and their overdue items, for the steps a user holds.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { applicationWaitingCount as w } from '../db/schema.js';
import { overdueByAcceptanceDay, type DeadlineLimits } from './views.js';
import type { Step } from '../../machines/businessTypes.js';

export interface WaitingCount { businessType: string; step: string | null; status: number; n: number; overdue: number }

/** The items waiting at `steps` (受理 on status 2, the others on status 3 at the step), per type, step and status. */
export async function waitingCounts(db: DbOrTx, steps: readonly Step[], area: string | null, now: Date, limits: DeadlineLimits): Promise<WaitingCount[]> {
  const waiting: SQL[] = [];
  if (steps.includes('sl')) waiting.push(sql`${w.status} = 2`);
  const review = steps.filter((s) => s !== 'sl');
  if (review.length) waiting.push(and(eq(w.status, 3), inArray(w.step, review))!);
  if (!waiting.length) return [];
  const overdue = overdueByAcceptanceDay(now, limits, { status: w.status, acceptedDay: w.acceptedDay, businessType: w.businessType });
  const rows = await db.select({
    businessType: w.businessType, step: sql<string | null>`nullif(${w.step}, '')`, status: w.status,
    n: sql<number>`sum(${w.n})::int`, overdue: sql<number>`(coalesce(sum(${w.n}) filter (where ${overdue}), 0))::int`,
  }).from(w).where(and(area ? eq(w.area, area) : undefined, or(...waiting))).groupBy(w.businessType, w.step, w.status);
  return rows.map((r) => ({ ...r, n: Number(r.n), overdue: Number(r.overdue) }));
}

/**
 * Counts the waiting applications again from the rows, for a load that wrote application with its
 * triggers off (seed:scale on PostgreSQL). Never needed otherwise: the triggers keep the counts.
 */
export async function recountWaiting(db: DbOrTx): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table application_waiting_count in exclusive mode`);
    await tx.execute(sql`delete from application_waiting_count`);
    await tx.execute(sql`insert into application_waiting_count (business_type, status, step, area, accepted_day, n)
      select business_type, status, coalesce(step, ''), area, coalesce(((accepted_at + interval '8 hours') at time zone 'UTC')::date, '-infinity'::date), count(*)
      from application where not deleted and status in (2, 3) group by 1, 2, 3, 4, 5`);
  });
}
