/** The signed-in user's own messages and to-dos: pages, unread counts, the read mark. */
import { and, count, desc, eq, like, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { sysMsgInfo, sysTodo } from '../../db/schema.js';
import { storedPatternsFor } from '../../lib/messages.js';
import { currentRequest } from '../../lib/requestScope.js';
import { containsText } from '../../lib/textMatch.js';
import { todoKindCondition, type TodoKind } from './todoKinds.js';

/**
 * The stored text contains `text`, or is one of the platform's messages whose words in the reader's
 * language contain it: the lists show notices and to-dos translated, so they are searched so too.
 */
function readsAs(column: AnyPgColumn, text: string): SQL {
  const own = containsText(column, text);
  const patterns = storedPatternsFor(text, currentRequest().lang);
  return patterns.length ? or(own, ...patterns.map((p) => like(column, p)))! : own;
}

/** The filters and page of the message list. */
export interface MessageFilter {
  pageNum: number;
  pageSize: number;
  ckzt?: string | undefined;
  msgType?: string | undefined;
  bt?: string | undefined;
}

/** A page of a user's messages, newest first, and how many match. */
export async function messagesPage(db: DbOrTx, userId: number, q: MessageFilter) {
  const where: SQL[] = [eq(sysMsgInfo.userId, userId)];
  if (q.bt) where.push(readsAs(sysMsgInfo.bt, q.bt));
  if (q.ckzt) where.push(eq(sysMsgInfo.ckzt, q.ckzt));
  if (q.msgType) where.push(eq(sysMsgInfo.msgType, q.msgType));
  const cond = and(...where);
  const [{ total }] = await db.select({ total: count() }).from(sysMsgInfo).where(cond);
  const rows = await db
    .select({
      id: sysMsgInfo.id,
      msgType: sysMsgInfo.msgType,
      bt: sysMsgInfo.bt,
      nr: sysMsgInfo.nr,
      ckzt: sysMsgInfo.ckzt,
      senderName: sysMsgInfo.senderName,
      createdAt: sysMsgInfo.createdAt,
    })
    .from(sysMsgInfo)
    .where(cond)
    .orderBy(desc(sysMsgInfo.createdAt), desc(sysMsgInfo.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { rows, total };
}

/** How many unread messages a user has, by message type (types without any are absent). */
export async function unreadCountsByType(db: DbOrTx, userId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ msgType: sysMsgInfo.msgType, count: count() })
    .from(sysMsgInfo)
    .where(and(eq(sysMsgInfo.userId, userId), eq(sysMsgInfo.ckzt, '0')))
    .groupBy(sysMsgInfo.msgType);
  return new Map(rows.map((r) => [r.msgType, r.count]));
}

/** Marks one of the user's messages read; answers whether the user has such a message. */
export async function markMessageRead(db: DbOrTx, userId: number, id: number, now: Date): Promise<boolean> {
  const updated = await db
    .update(sysMsgInfo)
    .set({ ckzt: '1', readAt: now })
    .where(and(eq(sysMsgInfo.id, id), eq(sysMsgInfo.userId, userId)))
    .returning({ id: sysMsgInfo.id });
  return updated.length > 0;
}

/** The filters and page of the to-do list. */
export interface TodoFilter {
  pageNum: number;
  pageSize: number;
  status: string;
  mc?: string | undefined;
  kind?: TodoKind | undefined;
}

/** A page of a user's to-dos, newest first, and how many match. */
export async function todosPage(db: DbOrTx, userId: number, q: TodoFilter) {
  const cond = and(
    eq(sysTodo.userId, userId),
    eq(sysTodo.status, q.status),
    q.mc ? readsAs(sysTodo.mc, q.mc) : undefined,
    q.kind ? todoKindCondition(q.kind) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(sysTodo).where(cond);
  const rows = await db
    .select({
      id: sysTodo.id,
      mc: sysTodo.mc,
      url: sysTodo.url,
      status: sysTodo.status,
      createdAt: sysTodo.createdAt,
    })
    .from(sysTodo)
    .where(cond)
    .orderBy(desc(sysTodo.createdAt), desc(sysTodo.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { rows, total };
}
