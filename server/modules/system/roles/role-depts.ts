/**
 * The departments of a role with custom data scope (dataScope '2', RuoYi sys_role_dept).
 *
 * The schema has no sys_role_dept table yet, so the list is kept in sys_catalog under its own
 * kind (one row per role, the ids in `extra.deptIds`). Everything goes through these three
 * functions, so moving to a real table changes only this file.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { sysCatalog } from '../../../db/schema.js';

const KIND = 'roleDataScope';

export async function customDeptIds(db: DbOrTx, roleId: number): Promise<number[]> {
  const [row] = await db.select({ extra: sysCatalog.extra }).from(sysCatalog).where(and(eq(sysCatalog.kind, KIND), eq(sysCatalog.code, String(roleId))));
  const ids = (row?.extra as { deptIds?: unknown } | undefined)?.deptIds;
  return Array.isArray(ids) ? ids.filter((n): n is number => typeof n === 'number') : [];
}

export async function setCustomDeptIds(db: DbOrTx, roleId: number, deptIds: readonly number[]): Promise<void> {
  await db.delete(sysCatalog).where(and(eq(sysCatalog.kind, KIND), eq(sysCatalog.code, String(roleId))));
  if (deptIds.length === 0) return;
  await db.insert(sysCatalog).values({
    kind: KIND,
    code: String(roleId),
    name: `角色${roleId}自定义数据权限`,
    status: '1',
    extra: { deptIds: [...new Set(deptIds)].sort((a, b) => a - b) },
  });
}

export async function dropCustomDeptIds(db: DbOrTx, roleId: number): Promise<void> {
  await db.delete(sysCatalog).where(and(eq(sysCatalog.kind, KIND), eq(sysCatalog.code, String(roleId))));
}
