/** Online users' SQL: the sessions still alive with their user and department, ending one session. */
import { and, count, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { sysDept, sysSession, sysUser } from '../../../db/schema.js';
import { containsText } from '../../../lib/textMatch.js';

/** A session with its user and department. */
export interface OnlineLine {
  session: typeof sysSession.$inferSelect;
  userName: string;
  nickName: string;
  deptName: string | null;
}

/** The limits a live session is within (the policy's, at one instant). */
export interface AliveLimits {
  now: Date;
  createdAfter: Date;
  activeAfter: Date;
}

/** The filters of the list and the export. */
export interface OnlineFilter {
  userName?: string;
  ipaddr?: string;
}

/** Sessions still alive: not ended, not past their absolute end, active within the idle limit. */
function onlineWhere(alive: AliveLimits, q: OnlineFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [
    and(
      isNull(sysSession.endedAt),
      gt(sysSession.expiresAt, alive.now),
      gt(sysSession.createdAt, alive.createdAfter),
      gt(sysSession.lastActiveAt, alive.activeAfter),
    )!,
  ];
  if (q.userName) where.push(containsText(sysUser.userName, q.userName));
  if (q.ipaddr) where.push(containsText(sysSession.ip, q.ipaddr));
  return and(...where);
}

const onlineLines = (db: DbOrTx) =>
  db
    .select({
      session: sysSession,
      userName: sysUser.userName,
      nickName: sysUser.nickName,
      deptName: sysDept.deptName,
    })
    .from(sysSession)
    .innerJoin(sysUser, eq(sysUser.userId, sysSession.userId))
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId));

/** One page of live sessions, last active first, and the count of all that match. */
export async function onlinePage(
  db: DbOrTx,
  alive: AliveLimits,
  q: OnlineFilter & { pageNum: number; pageSize: number },
): Promise<{ rows: OnlineLine[]; total: number }> {
  const cond = onlineWhere(alive, q);
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(sysSession)
    .innerJoin(sysUser, eq(sysUser.userId, sysSession.userId))
    .where(cond);
  const rows = await onlineLines(db)
    .where(cond)
    .orderBy(desc(sysSession.lastActiveAt), desc(sysSession.createdAt))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { rows, total: n };
}

/** A batch of the export, last active first. */
export async function onlineExportBatch(
  db: DbOrTx,
  alive: AliveLimits,
  q: OnlineFilter,
  offset: number,
  limit: number,
): Promise<OnlineLine[]> {
  return onlineLines(db)
    .where(onlineWhere(alive, q))
    .orderBy(desc(sysSession.lastActiveAt), desc(sysSession.createdAt), sysSession.tokenHash)
    .limit(limit)
    .offset(offset);
}

/** Whether a user of this id exists. */
export async function userExists(db: DbOrTx, userId: number): Promise<boolean> {
  const [u] = await db.select({ id: sysUser.userId }).from(sysUser).where(eq(sysUser.userId, userId));
  return u !== undefined;
}

/** Ends the open sessions whose key hash starts with the prefix; how many. */
export async function endSessionsByPrefix(db: DbOrTx, prefix: string, now: Date, endReason: string): Promise<number> {
  const head = sql`left(${sysSession.tokenHash}, ${prefix.length})`;
  const ended = await db
    .update(sysSession)
    .set({ endedAt: now, endReason })
    .where(and(sql`${head} = ${prefix}`, isNull(sysSession.endedAt)))
    .returning({ userId: sysSession.userId });
  return ended.length;
}
