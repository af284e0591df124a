/** Notices' SQL: sys_notice rows. */
import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { sysNotice } from '../../../db/schema.js';
import type { PageQuery } from '../../../lib/reply.js';
import { dateRange } from '../../../lib/dateRange.js';
import { listOrder } from '../../../lib/listQuery.js';
import { containsPattern } from '../../../lib/textMatch.js';

export type NoticeRecord = typeof sysNotice.$inferSelect;

/** The filters of the list and the export. */
export interface NoticeFilter {
  noticeTitle?: string;
  noticeType?: string;
  status?: string;
  createdBy?: string;
  beginTime?: string;
  endTime?: string;
}

/** The columns the form writes. */
export interface NoticeValues {
  noticeTitle: string;
  noticeType: string;
  noticeContent: string;
  status: string;
}

function noticeWhere(q: NoticeFilter): SQL | undefined {
  const w: SQL[] = [];
  if (q.noticeTitle) w.push(ilike(sysNotice.noticeTitle, containsPattern(q.noticeTitle)));
  if (q.noticeType) w.push(eq(sysNotice.noticeType, q.noticeType));
  if (q.status) w.push(eq(sysNotice.status, q.status));
  if (q.createdBy) w.push(ilike(sysNotice.createdBy, containsPattern(q.createdBy)));
  w.push(...dateRange(sysNotice.createdAt, q.beginTime, q.endTime));
  return w.length ? and(...w) : undefined;
}
const SORTABLE = {
  noticeId: sysNotice.noticeId,
  noticeTitle: sysNotice.noticeTitle,
  createdAt: sysNotice.createdAt,
  updatedAt: sysNotice.updatedAt,
};

/** One page of notices, newest first, and the count of all that match. */
export async function noticePage(
  db: DbOrTx,
  q: PageQuery & NoticeFilter,
): Promise<{ rows: NoticeRecord[]; total: number }> {
  const cond = noticeWhere(q);
  const [{ total }] = await db.select({ total: count() }).from(sysNotice).where(cond);
  const rows = await db
    .select()
    .from(sysNotice)
    .where(cond)
    .orderBy(...listOrder(q.sortField, q.sortOrder, SORTABLE, [desc(sysNotice.createdAt), desc(sysNotice.noticeId)]))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { rows, total };
}

/** A batch of the export, newest first. */
export async function noticeExportBatch(
  db: DbOrTx,
  q: NoticeFilter,
  offset: number,
  limit: number,
): Promise<NoticeRecord[]> {
  return db
    .select()
    .from(sysNotice)
    .where(noticeWhere(q))
    .orderBy(desc(sysNotice.noticeId))
    .limit(limit)
    .offset(offset);
}

/** The notice by id, if any. */
export async function noticeById(db: DbOrTx, noticeId: number): Promise<NoticeRecord | undefined> {
  const [row] = await db.select().from(sysNotice).where(eq(sysNotice.noticeId, noticeId));
  return row;
}

/** Inserts a notice. */
export async function insertNotice(db: DbOrTx, values: NoticeValues, createdBy: string): Promise<NoticeRecord> {
  const [row] = await db
    .insert(sysNotice)
    .values({ ...values, createdBy })
    .returning();
  return row!;
}

/** Updates a notice's columns; undefined when there is no such notice. */
export async function updateNoticeRow(
  db: DbOrTx,
  noticeId: number,
  values: NoticeValues,
): Promise<NoticeRecord | undefined> {
  const [row] = await db.update(sysNotice).set(values).where(eq(sysNotice.noticeId, noticeId)).returning();
  return row;
}

/** Deletes the notices; how many there were. */
export async function deleteNotices(db: DbOrTx, ids: readonly number[]): Promise<number> {
  const removed = await db
    .delete(sysNotice)
    .where(inArray(sysNotice.noticeId, [...ids]))
    .returning({ id: sysNotice.noticeId });
  return removed.length;
}
