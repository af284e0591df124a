/**
 * Data scope of the user screens (role dataScope 1–5): which users a caller sees and may change.
 * The widest scope among the caller's enabled roles wins; several narrower ones add up.
 */
import { and, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AuthUser } from '../../../context.js';
import type { DbOrTx } from '../../../db/client.js';
import { sysDept, sysRole, sysUser, sysUserRole } from '../../../db/schema.js';
import { customDeptIds } from '../roles/role-depts.js';

/** The departments at and below one department (ids), as a subquery. */
export function deptSubtree(db: DbOrTx, deptId: number) {
  return db
    .select({ id: sysDept.deptId })
    .from(sysDept)
    .where(or(eq(sysDept.deptId, deptId), sql`(',' || ${sysDept.ancestors} || ',') like ${`%,${deptId},%`}`));
}

export type UserScope = { all: true } | { all: false; deptIds: number[]; subtreeOf: number[]; self: number | null };

export async function userScopeOf(db: DbOrTx, caller: AuthUser): Promise<UserScope> {
  const roles = await db
    .select({ roleId: sysRole.roleId, dataScope: sysRole.dataScope })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, caller.userId), eq(sysRole.status, '1')));
  if (roles.some((r) => r.dataScope === '1')) return { all: true };
  const [me] = await db.select({ deptId: sysUser.deptId }).from(sysUser).where(eq(sysUser.userId, caller.userId));
  const ownDept = me?.deptId ?? null;
  const scope: UserScope = { all: false, deptIds: [], subtreeOf: [], self: null };
  for (const r of roles) {
    if (r.dataScope === '2') scope.deptIds.push(...(await customDeptIds(db, r.roleId)));
    else if (r.dataScope === '3' && ownDept !== null) scope.deptIds.push(ownDept);
    else if (r.dataScope === '4' && ownDept !== null) scope.subtreeOf.push(ownDept);
    else if (r.dataScope === '5') scope.self = caller.userId;
  }
  return scope;
}

/** The condition on a department-id expression (and a user-id expression) for a scope; undefined = everything. */
export function scopeCondition(
  db: DbOrTx,
  scope: UserScope,
  deptColumn: SQLWrapper,
  userColumn?: SQLWrapper,
): SQL | undefined {
  if (scope.all) return undefined;
  const parts: SQL[] = [];
  if (scope.deptIds.length) parts.push(inArray(deptColumn, [...new Set(scope.deptIds)]));
  for (const d of scope.subtreeOf) parts.push(inArray(deptColumn, deptSubtree(db, d)));
  if (scope.self !== null && userColumn) parts.push(eq(userColumn, scope.self));
  return parts.length ? or(...parts) : sql`false`;
}
