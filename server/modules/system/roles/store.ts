/**
 * The role administration's SQL beside the record's and the list's (record.ts, query.ts): the
 * waiting mark a submission leaves on the live row, the immediate status change, and the form's
 * options. Each function takes the database or the caller's transaction.
 */
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { sysMenu, sysRecordReview, sysRole, sysUser } from '../../../db/schema.js';

/** Sets the live row's waiting mark (checkStatus; null once the change is decided or taken back). */
export async function setRoleCheckStatus(tx: DbOrTx, roleId: number, checkStatus: string | null): Promise<void> {
  await tx.update(sysRole).set({ checkStatus }).where(eq(sysRole.roleId, roleId));
}

/** Points an approved create's review at the role it created. */
export async function setReviewRecordId(tx: DbOrTx, reviewId: number, roleId: number): Promise<void> {
  await tx.update(sysRecordReview).set({ recordId: roleId }).where(eq(sysRecordReview.id, reviewId));
}

/** Writes a role's status. */
export async function updateRoleStatus(tx: DbOrTx, roleId: number, status: '0' | '1', now: Date): Promise<void> {
  await tx.update(sysRole).set({ status, updatedAt: now }).where(eq(sysRole.roleId, roleId));
}

/** The enabled roles in display order. */
export async function enabledRoles(db: DbOrTx) {
  return db
    .select({ roleId: sysRole.roleId, roleName: sysRole.roleName, roleKey: sysRole.roleKey })
    .from(sysRole)
    .where(eq(sysRole.status, '1'))
    .orderBy(asc(sysRole.roleSort));
}

/** A user's type, or undefined when there is no such user. */
export async function userTypeOf(db: DbOrTx, userId: number): Promise<string | undefined> {
  const [u] = await db.select({ userType: sysUser.userType }).from(sysUser).where(eq(sysUser.userId, userId));
  return u?.userType;
}

/** Every menu entry, parents first, in display order. */
export async function allMenus(db: DbOrTx) {
  return db.select().from(sysMenu).orderBy(asc(sysMenu.parentId), asc(sysMenu.orderNum), asc(sysMenu.menuId));
}
