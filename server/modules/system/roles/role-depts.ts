/** The departments of a role with custom data scope (dataScope '2'): table sys_role_dept, as in RuoYi. */
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { sysRoleDept } from '../../../db/schema.js';

export async function customDeptIds(db: DbOrTx, roleId: number): Promise<number[]> {
  const rows = await db
    .select({ deptId: sysRoleDept.deptId })
    .from(sysRoleDept)
    .where(eq(sysRoleDept.roleId, roleId))
    .orderBy(asc(sysRoleDept.deptId));
  return rows.map((r) => r.deptId);
}

export async function setCustomDeptIds(db: DbOrTx, roleId: number, deptIds: readonly number[]): Promise<void> {
  await db.delete(sysRoleDept).where(eq(sysRoleDept.roleId, roleId));
  const ids = [...new Set(deptIds)];
  if (ids.length) await db.insert(sysRoleDept).values(ids.map((deptId) => ({ roleId, deptId })));
}

export async function dropCustomDeptIds(db: DbOrTx, roleId: number): Promise<void> {
  await db.delete(sysRoleDept).where(eq(sysRoleDept.roleId, roleId));
}
