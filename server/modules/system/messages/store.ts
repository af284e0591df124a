/** Administered messages' SQL: sys_msg_info rows with their recipient, the recipients one may choose. */
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { sysMsgInfo, sysRole, sysUser, sysUserRole } from '../../../db/schema.js';
import type { PageQuery } from '../../../lib/reply.js';
import { dateRange } from '../../../lib/dateRange.js';
import { listOrder } from '../../../lib/listQuery.js';
import { containsPattern } from '../../../lib/textMatch.js';

/** The filters of the list and the export (the message types are chosen by the service). */
export interface MessageFilter {
  bt?: string;
  userName?: string;
  senderName?: string;
  ckzt?: string;
  beginTime?: string;
  endTime?: string;
}

export type MessageRecord = typeof sysMsgInfo.$inferSelect;

const selectRow = {
  id: sysMsgInfo.id,
  msgType: sysMsgInfo.msgType,
  bt: sysMsgInfo.bt,
  nr: sysMsgInfo.nr,
  ckzt: sysMsgInfo.ckzt,
  readAt: sysMsgInfo.readAt,
  senderName: sysMsgInfo.senderName,
  userId: sysMsgInfo.userId,
  userName: sysUser.userName,
  nickName: sysUser.nickName,
  createdAt: sysMsgInfo.createdAt,
};

const SORTABLE = {
  id: sysMsgInfo.id,
  createdAt: sysMsgInfo.createdAt,
  bt: sysMsgInfo.bt,
  msgType: sysMsgInfo.msgType,
  ckzt: sysMsgInfo.ckzt,
};

function messageWhere(types: readonly string[], q: MessageFilter): SQL | undefined {
  const w: SQL[] = [inArray(sysMsgInfo.msgType, [...types])];
  if (q.bt) w.push(ilike(sysMsgInfo.bt, containsPattern(q.bt)));
  if (q.senderName) w.push(ilike(sysMsgInfo.senderName, containsPattern(q.senderName)));
  if (q.userName)
    w.push(
      or(ilike(sysUser.userName, containsPattern(q.userName)), ilike(sysUser.nickName, containsPattern(q.userName)))!,
    );
  if (q.ckzt) w.push(eq(sysMsgInfo.ckzt, q.ckzt));
  w.push(...dateRange(sysMsgInfo.createdAt, q.beginTime, q.endTime));
  return and(...w);
}

/** One page of the messages of these types (with their recipient) and the count of all that match. */
export async function messagePage(db: DbOrTx, types: readonly string[], q: PageQuery & MessageFilter) {
  const cond = messageWhere(types, q);
  const [{ total }] = await db
    .select({ total: count() })
    .from(sysMsgInfo)
    .leftJoin(sysUser, eq(sysUser.userId, sysMsgInfo.userId))
    .where(cond);
  const rows = await db
    .select(selectRow)
    .from(sysMsgInfo)
    .leftJoin(sysUser, eq(sysUser.userId, sysMsgInfo.userId))
    .where(cond)
    .orderBy(...listOrder(q.sortField, q.sortOrder, SORTABLE, [desc(sysMsgInfo.createdAt), desc(sysMsgInfo.id)]))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { rows, total };
}

/** A batch of the export, newest first. */
export async function messageExportBatch(
  db: DbOrTx,
  types: readonly string[],
  q: MessageFilter,
  offset: number,
  limit: number,
) {
  return db
    .select(selectRow)
    .from(sysMsgInfo)
    .leftJoin(sysUser, eq(sysUser.userId, sysMsgInfo.userId))
    .where(messageWhere(types, q))
    .orderBy(desc(sysMsgInfo.id))
    .limit(limit)
    .offset(offset);
}

export type MessageLine = Awaited<ReturnType<typeof messageExportBatch>>[number];

/** One message with its recipient, if any. */
export async function messageLineById(db: DbOrTx, id: number): Promise<MessageLine | undefined> {
  const [row] = await db
    .select(selectRow)
    .from(sysMsgInfo)
    .leftJoin(sysUser, eq(sysUser.userId, sysMsgInfo.userId))
    .where(eq(sysMsgInfo.id, id));
  return row;
}

/** The first 50 active users by login name whose login name or name holds the keyword. */
export async function activeUsersMatching(db: DbOrTx, keyword: string | undefined) {
  return db
    .select({ userId: sysUser.userId, userName: sysUser.userName, nickName: sysUser.nickName })
    .from(sysUser)
    .where(
      and(
        eq(sysUser.status, '1'),
        keyword
          ? or(ilike(sysUser.userName, containsPattern(keyword)), ilike(sysUser.nickName, containsPattern(keyword)))
          : undefined,
      ),
    )
    .orderBy(sysUser.userName)
    .limit(50);
}

/** The active roles in their order. */
export async function activeRoles(db: DbOrTx) {
  return db
    .select({ roleId: sysRole.roleId, roleName: sysRole.roleName, roleKey: sysRole.roleKey })
    .from(sysRole)
    .where(eq(sysRole.status, '1'))
    .orderBy(sysRole.roleSort);
}

const active = () => eq(sysUser.status, '1');

/** Every active user. */
export async function allActiveUsers(db: DbOrTx): Promise<{ userId: number }[]> {
  return db.select({ userId: sysUser.userId }).from(sysUser).where(active());
}

/** The active users holding any of the roles, each once. */
export async function activeUsersOfRoles(db: DbOrTx, roleIds: readonly number[]): Promise<{ userId: number }[]> {
  return db
    .selectDistinct({ userId: sysUser.userId })
    .from(sysUser)
    .innerJoin(sysUserRole, eq(sysUserRole.userId, sysUser.userId))
    .where(and(active(), inArray(sysUserRole.roleId, [...roleIds])));
}

/** Those of the users that are active. */
export async function activeUsersAmong(db: DbOrTx, userIds: readonly number[]): Promise<{ userId: number }[]> {
  return db
    .select({ userId: sysUser.userId })
    .from(sysUser)
    .where(and(active(), inArray(sysUser.userId, [...userIds])));
}

/** Inserts the copies of a sending, a thousand rows a statement. */
export async function insertMessages(db: DbOrTx, rows: (typeof sysMsgInfo.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(sysMsgInfo).values(rows.slice(i, i + 1000));
}

/** The message row by id, if any. */
export async function messageById(db: DbOrTx, id: number): Promise<MessageRecord | undefined> {
  const [row] = await db.select().from(sysMsgInfo).where(eq(sysMsgInfo.id, id));
  return row;
}

/**
 * Rewrites every copy of the sending `old` belongs to (same type, title, text, creation time and
 * sender); how many copies.
 */
export async function updateSending(
  db: DbOrTx,
  old: MessageRecord,
  values: { msgType: string; bt: string; nr: string },
): Promise<number> {
  const sameSending = and(
    eq(sysMsgInfo.msgType, old.msgType),
    eq(sysMsgInfo.bt, old.bt),
    eq(sysMsgInfo.nr, old.nr),
    eq(sysMsgInfo.createdAt, old.createdAt),
    old.senderName === null ? undefined : eq(sysMsgInfo.senderName, old.senderName),
  );
  const updated = await db.update(sysMsgInfo).set(values).where(sameSending).returning({ id: sysMsgInfo.id });
  return updated.length;
}

/** The id and type of each of the messages that exist. */
export async function messageTypesOf(db: DbOrTx, ids: readonly number[]) {
  return db
    .select({ id: sysMsgInfo.id, msgType: sysMsgInfo.msgType })
    .from(sysMsgInfo)
    .where(inArray(sysMsgInfo.id, [...ids]));
}

/** Deletes the messages. */
export async function deleteMessages(db: DbOrTx, ids: readonly number[]): Promise<void> {
  await db.delete(sysMsgInfo).where(inArray(sysMsgInfo.id, [...ids]));
}
