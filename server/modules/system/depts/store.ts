/** Departments' SQL: sys_dept rows, the users in each, and the departments of a role's members. */
import { and, asc, count, eq, ilike, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { sysDept, sysRole, sysUser, sysUserRole } from '../../../db/schema.js';
import { containsPattern } from '../../../lib/textMatch.js';

export type DeptRecord = typeof sysDept.$inferSelect;
/** The columns a department's form writes, with its place in the tree. */
export type DeptValues = Omit<typeof sysDept.$inferInsert, 'deptId' | 'createdAt' | 'updatedAt'>;

/** The filters of the department tree and its export. */
export interface DeptFilter {
  deptName?: string;
  status?: string;
  area?: string;
}

const ORDER = [asc(sysDept.parentId), asc(sysDept.orderNum), asc(sysDept.deptId)];

/** Every department, parents' ids first, then in their order. */
export async function allDepts(db: DbOrTx): Promise<DeptRecord[]> {
  return db
    .select()
    .from(sysDept)
    .orderBy(...ORDER);
}

/** Every department, in no particular order. */
export async function deptRows(db: DbOrTx): Promise<DeptRecord[]> {
  return db.select().from(sysDept);
}

/** The ids of the departments the filter matches. */
export async function deptIdsMatching(db: DbOrTx, f: DeptFilter): Promise<number[]> {
  const w: SQL[] = [];
  if (f.deptName) w.push(ilike(sysDept.deptName, containsPattern(f.deptName)));
  if (f.status) w.push(eq(sysDept.status, f.status));
  if (f.area) w.push(eq(sysDept.area, f.area));
  const matched = await db
    .select({ id: sysDept.deptId })
    .from(sysDept)
    .where(and(...w));
  return matched.map((m) => m.id);
}

/** Each department's id and its parent's. */
export async function deptParents(db: DbOrTx): Promise<{ id: number; parentId: number }[]> {
  return db.select({ id: sysDept.deptId, parentId: sysDept.parentId }).from(sysDept);
}

/** How many users each department has. */
export async function deptUserCounts(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db.select({ deptId: sysUser.deptId, n: count() }).from(sysUser).groupBy(sysUser.deptId);
  return new Map(rows.filter((r) => r.deptId !== null).map((r) => [r.deptId!, r.n]));
}

/** How many users one department has. */
export async function userCountInDept(db: DbOrTx, deptId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(sysUser).where(eq(sysUser.deptId, deptId));
  return n;
}

/** A role's data scope, if the role exists. */
export async function roleDataScope(db: DbOrTx, roleId: number): Promise<string | undefined> {
  const [role] = await db.select({ dataScope: sysRole.dataScope }).from(sysRole).where(eq(sysRole.roleId, roleId));
  return role?.dataScope;
}

/** The departments a role's members sit in, each once (null for members without one). */
export async function memberDeptIds(db: DbOrTx, roleId: number): Promise<(number | null)[]> {
  const members = await db
    .selectDistinct({ deptId: sysUser.deptId })
    .from(sysUserRole)
    .innerJoin(sysUser, eq(sysUser.userId, sysUserRole.userId))
    .where(eq(sysUserRole.roleId, roleId));
  return members.map((m) => m.deptId);
}

/** The department by id, if any. */
export async function deptById(db: DbOrTx, deptId: number): Promise<DeptRecord | undefined> {
  const [row] = await db.select().from(sysDept).where(eq(sysDept.deptId, deptId));
  return row;
}

/** Whether another department (not `selfId`) under the parent has this name. */
export async function siblingNameTaken(
  db: DbOrTx,
  parentId: number,
  deptName: string,
  selfId?: number,
): Promise<boolean> {
  const [dup] = await db
    .select({ id: sysDept.deptId })
    .from(sysDept)
    .where(
      and(
        eq(sysDept.parentId, parentId),
        eq(sysDept.deptName, deptName),
        selfId ? ne(sysDept.deptId, selfId) : undefined,
      ),
    );
  return dup !== undefined;
}

/** Whether a department has any department below it. */
export async function hasChildDept(db: DbOrTx, deptId: number): Promise<boolean> {
  const [child] = await db.select({ id: sysDept.deptId }).from(sysDept).where(eq(sysDept.parentId, deptId)).limit(1);
  return child !== undefined;
}

/** Inserts a department. */
export async function insertDept(db: DbOrTx, values: DeptValues): Promise<DeptRecord> {
  const [row] = await db.insert(sysDept).values(values).returning();
  return row!;
}

/** Updates a department's columns. */
export async function updateDeptRow(db: DbOrTx, deptId: number, values: Partial<DeptValues>): Promise<DeptRecord> {
  const [row] = await db.update(sysDept).set(values).where(eq(sysDept.deptId, deptId)).returning();
  return row!;
}

/** Deletes a department. */
export async function deleteDept(db: DbOrTx, deptId: number): Promise<void> {
  await db.delete(sysDept).where(eq(sysDept.deptId, deptId));
}
