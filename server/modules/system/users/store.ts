/**
 * The user administration's SQL beside the review's and the record's (record.ts, query.ts): the
 * marks a submission leaves on the live row, the immediate status change and password reset, and the
 * form's options. Each function takes the database or the caller's transaction.
 */
import { asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { certificate, enterprise, person, sysDept, sysRecordReview, sysUser } from '../../../db/schema.js';
import { containsText } from '../../../lib/textMatch.js';

/** Sets the live row's waiting mark (checkStatus; null once the change is decided). */
export async function setUserCheckStatus(tx: DbOrTx, userId: number, checkStatus: string | null): Promise<void> {
  await tx.update(sysUser).set({ checkStatus }).where(eq(sysUser.userId, userId));
}

/** Points an approved create's review at the user it created. */
export async function setReviewRecordId(tx: DbOrTx, reviewId: number, userId: number): Promise<void> {
  await tx.update(sysRecordReview).set({ recordId: userId }).where(eq(sysRecordReview.id, reviewId));
}

/** Writes a user's status; answers whether the user exists. */
export async function updateUserStatus(tx: DbOrTx, userId: number, status: '0' | '1', now: Date): Promise<boolean> {
  const updated = await tx
    .update(sysUser)
    .set({ status, updatedAt: now })
    .where(eq(sysUser.userId, userId))
    .returning({ id: sysUser.userId });
  return updated.length > 0;
}

/** A user's name, password hash and phone, or undefined. */
export async function passwordOfUser(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ userName: sysUser.userName, passwordHash: sysUser.passwordHash, phone: sysUser.phone })
    .from(sysUser)
    .where(eq(sysUser.userId, userId));
  return row;
}

/** Every department, parents first, in display order. */
export async function allDepts(db: DbOrTx) {
  return db.select().from(sysDept).orderBy(asc(sysDept.parentId), asc(sysDept.orderNum), asc(sysDept.deptId));
}

/** At most 20 persons: the one with this id, else by name (containsText) or the whole ID number. */
export async function personOptionRows(db: DbOrTx, keyword: string | undefined, personId: number | undefined) {
  const where = personId
    ? eq(person.id, personId)
    : or(containsText(person.name, keyword!), eq(person.idNo, keyword!.toUpperCase()));
  return db
    .select({ value: person.id, name: person.name, idNo: person.idNo, enterpriseName: enterprise.name })
    .from(person)
    .leftJoin(enterprise, eq(enterprise.id, person.enterpriseId))
    .where(where)
    .orderBy(asc(person.name), asc(person.id))
    .limit(20);
}

/** How many certificates each of these persons holds (persons without one are absent). */
export async function certificateCountsOf(db: DbOrTx, personIds: number[]): Promise<Map<number, number>> {
  if (personIds.length === 0) return new Map();
  const counts = await db
    .select({ personId: certificate.personId, n: sql<number>`count(*)::int` })
    .from(certificate)
    .where(inArray(certificate.personId, personIds))
    .groupBy(certificate.personId);
  return new Map(counts.map((c) => [c.personId, Number(c.n)]));
}

/** At most 20 enterprises: the one with this id, else by name (containsText) or credit code (prefix), else the first. */
export async function enterpriseOptionRows(db: DbOrTx, keyword: string | undefined, id: number | undefined) {
  const where = id
    ? eq(enterprise.id, id)
    : keyword
      ? or(containsText(enterprise.name, keyword), ilike(enterprise.creditCode, `${keyword.replace(/[\\%_]/g, '')}%`))
      : undefined;
  return db
    .select({ value: enterprise.id, label: enterprise.name, creditCode: enterprise.creditCode })
    .from(enterprise)
    .where(where)
    .orderBy(asc(enterprise.name))
    .limit(20);
}
