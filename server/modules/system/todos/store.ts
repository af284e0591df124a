/** To-do administration's SQL: every user's sys_todo rows with who they are for. */
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { sysTodo, sysUser } from '../../../db/schema.js';
import type { PageQuery } from '../../../lib/reply.js';
import { dateRange } from '../../../lib/dateRange.js';
import { listOrder } from '../../../lib/listQuery.js';
import { containsPattern } from '../../../lib/textMatch.js';

/** The filters of the list and the export. */
export interface TodoFilter {
  mc?: string;
  status?: string;
  userName?: string;
  beginTime?: string;
  endTime?: string;
}

const selectRow = {
  id: sysTodo.id,
  mc: sysTodo.mc,
  url: sysTodo.url,
  status: sysTodo.status,
  userId: sysTodo.userId,
  userName: sysUser.userName,
  nickName: sysUser.nickName,
  createdAt: sysTodo.createdAt,
};

function todoWhere(q: TodoFilter): SQL | undefined {
  const w: SQL[] = [];
  if (q.mc) w.push(ilike(sysTodo.mc, containsPattern(q.mc)));
  if (q.status) w.push(eq(sysTodo.status, q.status));
  if (q.userName)
    w.push(
      or(ilike(sysUser.userName, containsPattern(q.userName)), ilike(sysUser.nickName, containsPattern(q.userName)))!,
    );
  w.push(...dateRange(sysTodo.createdAt, q.beginTime, q.endTime));
  return w.length ? and(...w) : undefined;
}
const SORTABLE = { id: sysTodo.id, mc: sysTodo.mc, status: sysTodo.status, createdAt: sysTodo.createdAt };

/** One page of to-dos with whom they are for, and the count of all that match. */
export async function todoPage(db: DbOrTx, q: PageQuery & TodoFilter) {
  const cond = todoWhere(q);
  const [{ total }] = await db
    .select({ total: count() })
    .from(sysTodo)
    .leftJoin(sysUser, eq(sysUser.userId, sysTodo.userId))
    .where(cond);
  const rows = await db
    .select(selectRow)
    .from(sysTodo)
    .leftJoin(sysUser, eq(sysUser.userId, sysTodo.userId))
    .where(cond)
    .orderBy(...listOrder(q.sortField, q.sortOrder, SORTABLE, [desc(sysTodo.createdAt), desc(sysTodo.id)]))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { rows, total };
}

/** A batch of the export, newest first. */
export async function todoExportBatch(db: DbOrTx, q: TodoFilter, offset: number, limit: number) {
  return db
    .select(selectRow)
    .from(sysTodo)
    .leftJoin(sysUser, eq(sysUser.userId, sysTodo.userId))
    .where(todoWhere(q))
    .orderBy(desc(sysTodo.id))
    .limit(limit)
    .offset(offset);
}

/** Deletes the to-dos; how many there were. */
export async function deleteTodos(db: DbOrTx, ids: readonly number[]): Promise<number> {
  const removed = await db
    .delete(sysTodo)
    .where(inArray(sysTodo.id, [...ids]))
    .returning({ id: sysTodo.id });
  return removed.length;
}
