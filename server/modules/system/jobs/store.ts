/**
 * The job monitor's lists: the runs (job_run) and the national platform outbox (national_outbox,
 * with its certificate's and application's numbers), filtered, in pages for the lists and in
 * batches for the exports. Each function takes the database.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { application, certificate, jobRun, nationalOutbox } from '../../../db/schema.js';
import { dateRange } from '../../../lib/dateRange.js';
import { listOrder } from '../../../lib/listQuery.js';

/** A stored run of a job. */
export type RunRow = typeof jobRun.$inferSelect;

/** The runs list's filters. */
export interface RunFilter {
  job?: string;
  trigger?: string;
  ok?: boolean;
  beginTime?: string;
  endTime?: string;
}

/** The condition of the runs list's filters (undefined: every run). */
export function runWhere(q: RunFilter): SQL | undefined {
  const w: SQL[] = [];
  if (q.job) w.push(eq(jobRun.job, q.job));
  if (q.trigger) w.push(eq(jobRun.trigger, q.trigger));
  if (q.ok !== undefined) w.push(eq(jobRun.ok, q.ok));
  w.push(...dateRange(jobRun.startedAt, q.beginTime, q.endTime));
  return w.length ? and(...w) : undefined;
}

const RUN_SORT = { id: jobRun.id, startedAt: jobRun.startedAt, rows: jobRun.rows, job: jobRun.job };

/** The sort and page of a list. */
interface Paging {
  pageNum: number;
  pageSize: number;
  sortField?: string | undefined;
  sortOrder?: string | undefined;
}

/** A page of runs, newest first unless a sort field is chosen, and how many match. */
export async function runsPage(db: DbOrTx, q: RunFilter & Paging): Promise<{ rows: RunRow[]; total: number }> {
  const cond = runWhere(q);
  const [{ total }] = await db.select({ total: count() }).from(jobRun).where(cond);
  const rows = await db
    .select()
    .from(jobRun)
    .where(cond)
    .orderBy(...listOrder(q.sortField, q.sortOrder, RUN_SORT, [desc(jobRun.startedAt), desc(jobRun.id)]))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { rows, total };
}

/** The runs export's reader: pages (offset, limit) of the matching runs, newest first. */
export function runPages(db: DbOrTx, q: RunFilter) {
  const cond = runWhere(q);
  return (offset: number, limit: number) =>
    db.select().from(jobRun).where(cond).orderBy(desc(jobRun.startedAt), desc(jobRun.id)).limit(limit).offset(offset);
}

/** The outbox list's filters. */
export interface OutboxFilter {
  state?: string;
  kind?: string;
  beginTime?: string;
  endTime?: string;
}

/** The condition of the outbox list's filters (undefined: every record). */
export function outboxWhere(q: OutboxFilter): SQL | undefined {
  const w: SQL[] = [];
  if (q.state) w.push(eq(nationalOutbox.state, q.state));
  if (q.kind) w.push(eq(nationalOutbox.kind, q.kind));
  w.push(...dateRange(nationalOutbox.createdAt, q.beginTime, q.endTime));
  return w.length ? and(...w) : undefined;
}

const outboxColumns = {
  record: nationalOutbox,
  certNo: certificate.certNo,
  applyNo: application.applyNo,
};

/** An outbox record with its certificate's and application's numbers. */
export type OutboxJoined = {
  record: typeof nationalOutbox.$inferSelect;
  certNo: string | null;
  applyNo: string | null;
};

/** Outbox records joined to their certificate's and application's numbers (the caller adds where, order and page). */
function outboxQuery(db: DbOrTx) {
  return db
    .select(outboxColumns)
    .from(nationalOutbox)
    .leftJoin(certificate, eq(certificate.id, nationalOutbox.certificateId))
    .leftJoin(application, eq(application.id, nationalOutbox.applicationId));
}

const OUTBOX_SORT = { id: nationalOutbox.id, createdAt: nationalOutbox.createdAt, attempts: nationalOutbox.attempts };

/** A page of outbox records, newest first unless a sort field is chosen, and how many match. */
export async function outboxPage(
  db: DbOrTx,
  q: OutboxFilter & Paging,
): Promise<{ rows: OutboxJoined[]; total: number }> {
  const cond = outboxWhere(q);
  const [{ total }] = await db.select({ total: count() }).from(nationalOutbox).where(cond);
  const rows = await outboxQuery(db)
    .where(cond)
    .orderBy(...listOrder(q.sortField, q.sortOrder, OUTBOX_SORT, [desc(nationalOutbox.id)]))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { rows, total };
}

/** The outbox export's reader: pages (offset, limit) of the matching records, newest first. */
export function outboxPages(db: DbOrTx, q: OutboxFilter) {
  const cond = outboxWhere(q);
  return (offset: number, limit: number): Promise<OutboxJoined[]> =>
    outboxQuery(db).where(cond).orderBy(desc(nationalOutbox.id)).limit(limit).offset(offset);
}
