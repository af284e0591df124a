/**
 * The logs' SQL: operation log (sys_oper_log), login log (sys_login_log), personal-data access log
 * (personal_data_access) — read only — and clearing an account's login lock on sys_user.
 */
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { personalDataAccess, sysLoginLog, sysOperLog, sysUser } from '../../../db/schema.js';
import type { PageQuery } from '../../../lib/reply.js';
import { dateRange } from '../../../lib/dateRange.js';
import { listOrder } from '../../../lib/listQuery.js';
import { containsPattern } from '../../../lib/textMatch.js';

export type OperRecord = typeof sysOperLog.$inferSelect;
export type LoginRecord = typeof sysLoginLog.$inferSelect;
export type AccessRecord = typeof personalDataAccess.$inferSelect;

interface Period {
  beginTime?: string;
  endTime?: string;
}

// ---------- operation log ----------

/** The filters of the operation log's list and export. */
export interface OperFilter extends Period {
  title?: string;
  operName?: string;
  action?: string;
  status?: string;
}

function operWhere(q: OperFilter): SQL | undefined {
  const w: SQL[] = [];
  if (q.title) w.push(ilike(sysOperLog.title, containsPattern(q.title)));
  if (q.operName) w.push(ilike(sysOperLog.operName, containsPattern(q.operName)));
  if (q.action) w.push(eq(sysOperLog.action, q.action));
  if (q.status) w.push(eq(sysOperLog.status, q.status));
  w.push(...dateRange(sysOperLog.operTime, q.beginTime, q.endTime));
  return w.length ? and(...w) : undefined;
}
const OPER_SORT = {
  operId: sysOperLog.operId,
  operTime: sysOperLog.operTime,
  title: sysOperLog.title,
  operName: sysOperLog.operName,
  durationMs: sysOperLog.durationMs,
};

/** One page of the operation log and the count of all rows that match. */
export async function operPage(db: DbOrTx, q: PageQuery & OperFilter): Promise<{ rows: OperRecord[]; total: number }> {
  const cond = operWhere(q);
  const [{ total }] = await db.select({ total: count() }).from(sysOperLog).where(cond);
  const rows = await db
    .select()
    .from(sysOperLog)
    .where(cond)
    .orderBy(...listOrder(q.sortField, q.sortOrder, OPER_SORT, [desc(sysOperLog.operTime), desc(sysOperLog.operId)]))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { rows, total };
}

/** A batch of the operation log's export, newest first. */
export async function operExportBatch(db: DbOrTx, q: OperFilter, offset: number, limit: number): Promise<OperRecord[]> {
  return db.select().from(sysOperLog).where(operWhere(q)).orderBy(desc(sysOperLog.operId)).limit(limit).offset(offset);
}

/** An operation-log row by id, if any. */
export async function operById(db: DbOrTx, operId: number): Promise<OperRecord | undefined> {
  const [row] = await db.select().from(sysOperLog).where(eq(sysOperLog.operId, operId));
  return row;
}

// ---------- login log ----------

/** The filters of the login log's list and export. */
export interface LoginFilter extends Period {
  userName?: string;
  ipaddr?: string;
  method?: string;
  status?: string;
}

function loginWhere(q: LoginFilter): SQL | undefined {
  const w: SQL[] = [];
  if (q.userName) w.push(ilike(sysLoginLog.userName, containsPattern(q.userName)));
  if (q.ipaddr) w.push(ilike(sysLoginLog.ipaddr, containsPattern(q.ipaddr)));
  if (q.method) w.push(eq(sysLoginLog.method, q.method));
  if (q.status) w.push(eq(sysLoginLog.status, q.status));
  w.push(...dateRange(sysLoginLog.loginTime, q.beginTime, q.endTime));
  return w.length ? and(...w) : undefined;
}
const LOGIN_SORT = {
  infoId: sysLoginLog.infoId,
  loginTime: sysLoginLog.loginTime,
  userName: sysLoginLog.userName,
  ipaddr: sysLoginLog.ipaddr,
};

/** One page of the login log and the count of all rows that match. */
export async function loginPage(
  db: DbOrTx,
  q: PageQuery & LoginFilter,
): Promise<{ rows: LoginRecord[]; total: number }> {
  const cond = loginWhere(q);
  const [{ total }] = await db.select({ total: count() }).from(sysLoginLog).where(cond);
  const rows = await db
    .select()
    .from(sysLoginLog)
    .where(cond)
    .orderBy(
      ...listOrder(q.sortField, q.sortOrder, LOGIN_SORT, [desc(sysLoginLog.loginTime), desc(sysLoginLog.infoId)]),
    )
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { rows, total };
}

/** A batch of the login log's export, newest first. */
export async function loginExportBatch(
  db: DbOrTx,
  q: LoginFilter,
  offset: number,
  limit: number,
): Promise<LoginRecord[]> {
  return db
    .select()
    .from(sysLoginLog)
    .where(loginWhere(q))
    .orderBy(desc(sysLoginLog.infoId))
    .limit(limit)
    .offset(offset);
}

/** Clears an account's failed sign-ins and lock; false when there is no such account. */
export async function clearAccountLock(db: DbOrTx, userName: string): Promise<boolean> {
  const updated = await db
    .update(sysUser)
    .set({ failCount: 0, lockedUntil: null })
    .where(eq(sysUser.userName, userName))
    .returning({ userId: sysUser.userId });
  return updated.length > 0;
}

// ---------- personal-data access log ----------

/** The filters of the personal-data access log's list and export. */
export interface AccessFilter extends Period {
  userName?: string;
  subjectName?: string;
  personId?: number;
  purpose?: string;
  via?: string;
}

function accessWhere(q: AccessFilter): SQL | undefined {
  const w: SQL[] = [];
  if (q.userName) w.push(ilike(personalDataAccess.userName, containsPattern(q.userName)));
  if (q.subjectName) w.push(ilike(personalDataAccess.subjectName, containsPattern(q.subjectName)));
  if (q.personId) w.push(eq(personalDataAccess.personId, q.personId));
  if (q.purpose) w.push(eq(personalDataAccess.purpose, q.purpose));
  if (q.via) w.push(ilike(personalDataAccess.via, `${q.via.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  w.push(...dateRange(personalDataAccess.accessedAt, q.beginTime, q.endTime));
  return w.length ? and(...w) : undefined;
}
const ACCESS_SORT = {
  id: personalDataAccess.id,
  accessedAt: personalDataAccess.accessedAt,
  userName: personalDataAccess.userName,
};

/** One page of the personal-data access log and the count of all rows that match. */
export async function accessPage(
  db: DbOrTx,
  q: PageQuery & AccessFilter,
): Promise<{ rows: AccessRecord[]; total: number }> {
  const cond = accessWhere(q);
  const [{ total }] = await db.select({ total: count() }).from(personalDataAccess).where(cond);
  const rows = await db
    .select()
    .from(personalDataAccess)
    .where(cond)
    .orderBy(
      ...listOrder(q.sortField, q.sortOrder, ACCESS_SORT, [
        desc(personalDataAccess.accessedAt),
        desc(personalDataAccess.id),
      ]),
    )
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { rows, total };
}

/** A batch of the personal-data access log's export, newest first. */
export async function accessExportBatch(
  db: DbOrTx,
  q: AccessFilter,
  offset: number,
  limit: number,
): Promise<AccessRecord[]> {
  return db
    .select()
    .from(personalDataAccess)
    .where(accessWhere(q))
    .orderBy(desc(personalDataAccess.id))
    .limit(limit)
    .offset(offset);
}
