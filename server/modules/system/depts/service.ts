/** Departments: a tree whose `area` is the data scope of the staff inside (SPEC 6 areas). */
import { customDeptIds } from '../roles/role-depts.js';
import { and, asc, count, eq, ilike, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { sysDept, sysRole, sysUser, sysUserRole } from '../../../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.js';
import { buildTree, contains, descendantsOf, withAncestors } from '../menus/kit.js';
import { isEnabled } from '../../../lib/status.js';
import { AREA_CODES, STATUS_CODES, storedCode, storedCodeOrNull } from '../../../lib/codes.js';
import type { DeptBody, DeptRow } from './schemas.js';

type DeptRecord = typeof sysDept.$inferSelect;

const toRow = (r: DeptRecord, users: Map<number, number>): DeptRow => ({
  deptId: r.deptId,
  parentId: r.parentId,
  ancestors: r.ancestors,
  deptName: r.deptName,
  area: storedCodeOrNull(AREA_CODES, r.area),
  orderNum: r.orderNum,
  leader: r.leader,
  phone: r.phone,
  status: storedCode(STATUS_CODES, r.status),
  enabled: isEnabled(r.status),
  userCount: users.get(r.deptId) ?? 0,
  createdAt: r.createdAt.toISOString(),
});

async function userCounts(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db.select({ deptId: sysUser.deptId, n: count() }).from(sysUser).groupBy(sysUser.deptId);
  return new Map(rows.filter((r) => r.deptId !== null).map((r) => [r.deptId!, r.n]));
}

const ORDER = [asc(sysDept.parentId), asc(sysDept.orderNum), asc(sysDept.deptId)];

export interface DeptFilter {
  deptName?: string;
  status?: string;
  area?: string;
}

/** The tree; with filters, the matches and their ancestors. */
export async function deptTree(db: DbOrTx, f: DeptFilter) {
  const all = await db
    .select()
    .from(sysDept)
    .orderBy(...ORDER);
  const users = await userCounts(db);
  const w: SQL[] = [];
  if (f.deptName) w.push(ilike(sysDept.deptName, contains(f.deptName)));
  if (f.status) w.push(eq(sysDept.status, f.status));
  if (f.area) w.push(eq(sysDept.area, f.area));
  let rows = all;
  if (w.length) {
    const matched = await db
      .select({ id: sysDept.deptId })
      .from(sysDept)
      .where(and(...w));
    const parent = new Map(all.map((d) => [d.deptId, d.parentId]));
    const keep = withAncestors(
      matched.map((m) => m.id),
      (id) => parent.get(id) || null,
    );
    rows = all.filter((d) => keep.has(d.deptId));
  }
  return buildTree(
    rows.map((r) => toRow(r, users)),
    (r) => r.deptId,
    (r) => (r.parentId === 0 ? null : r.parentId),
  );
}

/** Enabled departments only (for pickers): a disabled department hides its whole branch. */
export async function enabledDeptTree(db: DbOrTx) {
  const all = await db
    .select()
    .from(sysDept)
    .orderBy(...ORDER);
  const users = await userCounts(db);
  const disabled = new Set(all.filter((d) => d.status !== '1').map((d) => d.deptId));
  const rows = all.filter((d) => d.status === '1' && !d.ancestors.split(',').some((a) => disabled.has(Number(a))));
  return buildTree(
    rows.map((r) => toRow(r, users)),
    (r) => r.deptId,
    (r) => (r.parentId === 0 ? null : r.parentId),
  );
}

/**
 * The departments a role's data reaches: 1 (all data) every department, 2 (custom) those chosen in
 * sys_role_dept, 3 (own department) the departments its members sit in, 4 those and everything
 * below, 5 (self) none.
 */
export async function roleDeptIds(db: DbOrTx, roleId: number): Promise<{ dataScope: string; checkedKeys: number[] }> {
  const [role] = await db.select({ dataScope: sysRole.dataScope }).from(sysRole).where(eq(sysRole.roleId, roleId));
  if (!role) throw notFound('角色不存在');
  const all = await db.select({ id: sysDept.deptId, parentId: sysDept.parentId }).from(sysDept);
  let ids: number[] = [];
  if (role.dataScope === '1') ids = all.map((d) => d.id);
  if (role.dataScope === '2') ids = await customDeptIds(db, roleId);
  if (role.dataScope === '3' || role.dataScope === '4') {
    const members = await db
      .selectDistinct({ deptId: sysUser.deptId })
      .from(sysUserRole)
      .innerJoin(sysUser, eq(sysUser.userId, sysUserRole.userId))
      .where(eq(sysUserRole.roleId, roleId));
    const own = members.map((m) => m.deptId).filter((d): d is number => d !== null);
    const set = new Set(own);
    if (role.dataScope === '4') {
      for (const d of own)
        for (const c of descendantsOf(d, (id) => all.filter((x) => x.parentId === id).map((x) => x.id))) set.add(c);
    }
    ids = [...set];
  }
  return { dataScope: role.dataScope, checkedKeys: ids.sort((a, b) => a - b) };
}

const blank = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

async function checkSiblingName(tx: DbOrTx, parentId: number, deptName: string, selfId?: number) {
  const [dup] = await tx
    .select({ id: sysDept.deptId })
    .from(sysDept)
    .where(
      and(
        eq(sysDept.parentId, parentId),
        eq(sysDept.deptName, deptName),
        selfId ? ne(sysDept.deptId, selfId) : undefined,
      ),
    );
  if (dup) throw new AppError(409, `部门名称「${deptName}」在同一上级下已存在`, 'deptName');
}

const values = (b: DeptBody) => ({
  deptName: b.deptName,
  area: blank(b.area) as DeptRecord['area'],
  orderNum: b.orderNum,
  leader: blank(b.leader),
  phone: blank(b.phone),
  status: b.status,
});

export async function createDept(tx: DbOrTx, b: DeptBody): Promise<DeptRecord> {
  const [parent] = await tx.select().from(sysDept).where(eq(sysDept.deptId, b.parentId));
  if (!parent) throw badRequest('上级部门不存在', 'parentId');
  if (parent.status !== '1') throw badRequest(`上级部门「${parent.deptName}」已停用，不允许新增下级部门`, 'parentId');
  await checkSiblingName(tx, b.parentId, b.deptName);
  const [row] = await tx
    .insert(sysDept)
    .values({ ...values(b), parentId: parent.deptId, ancestors: `${parent.ancestors},${parent.deptId}` })
    .returning();
  return row!;
}

export async function updateDept(tx: DbOrTx, b: DeptBody & { deptId: number }): Promise<DeptRecord> {
  const [self] = await tx.select().from(sysDept).where(eq(sysDept.deptId, b.deptId));
  if (!self) throw notFound('部门不存在');
  const all = await tx.select().from(sysDept);
  const childrenOf = (id: number) => all.filter((d) => d.parentId === id).map((d) => d.deptId);
  const below = descendantsOf(self.deptId, childrenOf);
  let ancestors = self.ancestors;
  if (self.parentId === 0) {
    if (b.parentId !== 0) throw badRequest('上级部门：根部门不能移到其他部门下', 'parentId');
  } else {
    if (b.parentId === 0) throw badRequest('上级部门不能为空', 'parentId');
    if (b.parentId === self.deptId) throw badRequest('上级部门不能选择自己', 'parentId');
    if (below.has(b.parentId)) throw badRequest('上级部门不能选择自己的下级部门', 'parentId');
    const parent = all.find((d) => d.deptId === b.parentId);
    if (!parent) throw badRequest('上级部门不存在', 'parentId');
    ancestors = `${parent.ancestors},${parent.deptId}`;
  }
  if (b.status === '0' && self.status === '1' && all.some((d) => below.has(d.deptId) && d.status === '1')) {
    throw badRequest(`部门「${self.deptName}」还有未停用的下级部门，请先停用下级部门`, 'status');
  }
  await checkSiblingName(tx, b.parentId, b.deptName, self.deptId);
  const [row] = await tx
    .update(sysDept)
    .set({ ...values(b), parentId: b.parentId, ancestors })
    .where(eq(sysDept.deptId, self.deptId))
    .returning();
  if (ancestors !== self.ancestors && below.size) {
    // Moving a branch: every department below gets the new chain in front of its own.
    const oldPrefix = `${self.ancestors},${self.deptId}`;
    const newPrefix = `${ancestors},${self.deptId}`;
    for (const d of all.filter((x) => below.has(x.deptId))) {
      await tx
        .update(sysDept)
        .set({ ancestors: newPrefix + d.ancestors.slice(oldPrefix.length) })
        .where(eq(sysDept.deptId, d.deptId));
    }
  }
  return row!;
}

export async function removeDept(tx: DbOrTx, deptId: number): Promise<DeptRecord> {
  const [self] = await tx.select().from(sysDept).where(eq(sysDept.deptId, deptId));
  if (!self) throw notFound('部门不存在');
  const [child] = await tx.select({ id: sysDept.deptId }).from(sysDept).where(eq(sysDept.parentId, deptId)).limit(1);
  if (child) throw conflict(`部门「${self.deptName}」存在下级部门，不允许删除`);
  const [{ n }] = await tx.select({ n: count() }).from(sysUser).where(eq(sysUser.deptId, deptId));
  if (n > 0) throw conflict(`部门「${self.deptName}」下还有 ${n} 个用户，不允许删除`);
  await tx.delete(sysDept).where(eq(sysDept.deptId, deptId));
  return self;
}

/** One department as the API shows it (with its user count). */
export async function deptRowById(db: DbOrTx, deptId: number): Promise<DeptRow> {
  const [row] = await db.select().from(sysDept).where(eq(sysDept.deptId, deptId));
  if (!row) throw notFound('部门不存在');
  const [{ n }] = await db.select({ n: count() }).from(sysUser).where(eq(sysUser.deptId, deptId));
  return toRow(row, new Map([[deptId, n]]));
}
