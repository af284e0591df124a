/** Guards of the user mutations: the target is inside the caller's data scope, and not the caller himself where that matters. */
import { and, eq, inArray } from 'drizzle-orm';
import type { AuthUser } from '../../../context.js';
import type { DbOrTx } from '../../../db/client.js';
import { sysRole, sysUser, sysUserRole } from '../../../db/schema.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { scopeCondition, userScopeOf } from './scope.js';
import type { Revealable } from '../../../services/personalData.js';

/** 404 (not 403: the user is not to learn it exists) when the target is outside the caller's scope. */
export async function assertInScope(db: DbOrTx, caller: AuthUser, userId: number): Promise<void> {
  const scope = await userScopeOf(db, caller);
  const [row] = await db
    .select({ id: sysUser.userId })
    .from(sysUser)
    .where(and(eq(sysUser.userId, userId), scopeCondition(db, scope, sysUser.deptId, sysUser.userId)));
  if (!row) throw notFound('用户不存在');
}

export function assertNotSelf(caller: AuthUser, userId: number, msg: string): void {
  if (caller.userId === userId) throw badRequest(msg, 'userId');
}

/** The role keys a user holds now. */
export async function roleKeysOfUser(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ key: sysRole.roleKey })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(eq(sysUserRole.userId, userId));
  return rows.map((r) => r.key);
}

export async function roleKeysByIds(db: DbOrTx, roleIds: readonly number[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  return (
    await db
      .select({ key: sysRole.roleKey })
      .from(sysRole)
      .where(inArray(sysRole.roleId, [...roleIds]))
  ).map((r) => r.key);
}

/**
 * An account's phone for the caller (reveal source 'user'): in scope of the user list, revealed to
 * who may edit the account; the account's own phone is the caller's.
 */
export async function userPersonalData(
  db: DbOrTx,
  caller: AuthUser,
  userId: number,
): Promise<Revealable<{ phone: string | null }>> {
  if (!caller.permissions.has('system:user:list') && caller.userId !== userId) throw notFound('用户不存在');
  if (caller.userId !== userId) await assertInScope(db, caller, userId);
  const [row] = await db
    .select({ userName: sysUser.userName, phone: sysUser.phone })
    .from(sysUser)
    .where(eq(sysUser.userId, userId));
  if (!row) throw notFound('用户不存在');
  const duty = caller.userId === userId ? 'self' : caller.permissions.has('system:user:edit') ? 'admin:user' : null;
  return { subject: { userId, name: row.userName }, duty, values: { phone: row.phone } };
}
