/** Departments: a tree whose `area` is the data scope of the staff inside (SPEC 6 areas). */
import { customDeptIds } from '../roles/role-depts.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.js';
import { isEnabled } from '../../../lib/status.js';
import { AREA_CODES, STATUS_CODES, storedCode, storedCodeOrNull } from '../../../lib/codes.js';
import type { DeptBody, DeptRow } from './schemas.js';
import {
  allDepts,
  deleteDept,
  deptById,
  deptIdsMatching,
  deptParents,
  deptRows,
  deptUserCounts,
  hasChildDept,
  insertDept,
  memberDeptIds,
  roleDataScope,
  siblingNameTaken,
  updateDeptRow,
  userCountInDept,
  type DeptFilter,
  type DeptRecord,
} from './store.js';
import { buildTree, descendantsOf, withAncestors } from '../../../lib/tree.js';

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

/** 部门树 GET /system/dept/list: the tree; with filters, the matches and their ancestors. */
export async function deptTree(db: DbOrTx, f: DeptFilter) {
  const all = await allDepts(db);
  const users = await deptUserCounts(db);
  let rows = all;
  if (f.deptName || f.status || f.area) {
    const matched = await deptIdsMatching(db, f);
    const parent = new Map(all.map((d) => [d.deptId, d.parentId]));
    const keep = withAncestors(matched, (id) => parent.get(id) || null);
    rows = all.filter((d) => keep.has(d.deptId));
  }
  return buildTree(
    rows.map((r) => toRow(r, users)),
    (r) => r.deptId,
    (r) => (r.parentId === 0 ? null : r.parentId),
  );
}

/** 正常状态的部门树 GET /system/dept/list/enable: a disabled department hides its whole branch. */
export async function enabledDeptTree(db: DbOrTx) {
  const all = await allDepts(db);
  const users = await deptUserCounts(db);
  const disabled = new Set(all.filter((d) => d.status !== '1').map((d) => d.deptId));
  const rows = all.filter((d) => d.status === '1' && !d.ancestors.split(',').some((a) => disabled.has(Number(a))));
  return buildTree(
    rows.map((r) => toRow(r, users)),
    (r) => r.deptId,
    (r) => (r.parentId === 0 ? null : r.parentId),
  );
}

/**
 * 角色数据范围涉及的部门 GET /system/dept/role/{id}: the departments a role's data reaches: 1 (all
 * data) every department, 2 (custom) those chosen in sys_role_dept, 3 (own department) the
 * departments its members sit in, 4 those and everything below, 5 (self) none.
 */
export async function roleDeptIds(db: DbOrTx, roleId: number): Promise<{ dataScope: string; checkedKeys: number[] }> {
  const dataScope = await roleDataScope(db, roleId);
  if (dataScope === undefined) throw notFound('角色不存在');
  const all = await deptParents(db);
  let ids: number[] = [];
  if (dataScope === '1') ids = all.map((d) => d.id);
  if (dataScope === '2') ids = await customDeptIds(db, roleId);
  if (dataScope === '3' || dataScope === '4') {
    const own = (await memberDeptIds(db, roleId)).filter((d): d is number => d !== null);
    const set = new Set(own);
    if (dataScope === '4') {
      for (const d of own)
        for (const c of descendantsOf(d, (id) => all.filter((x) => x.parentId === id).map((x) => x.id))) set.add(c);
    }
    ids = [...set];
  }
  return { dataScope, checkedKeys: ids.sort((a, b) => a - b) };
}

const blank = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

async function checkSiblingName(tx: DbOrTx, parentId: number, deptName: string, selfId?: number) {
  if (await siblingNameTaken(tx, parentId, deptName, selfId))
    throw new AppError(409, `部门名称「${deptName}」在同一上级下已存在`, 'deptName');
}

const values = (b: DeptBody) => ({
  deptName: b.deptName,
  area: blank(b.area) as DeptRecord['area'],
  orderNum: b.orderNum,
  leader: blank(b.leader),
  phone: blank(b.phone),
  status: b.status,
});

/** 新增部门 POST /system/dept/save: under an enabled department, its name unique among its siblings. */
export async function createDept(db: Db, b: DeptBody): Promise<DeptRecord> {
  return db.transaction(async (tx) => {
    const parent = await deptById(tx, b.parentId);
    if (!parent) throw badRequest('上级部门不存在', 'parentId');
    if (parent.status !== '1') throw badRequest(`上级部门「${parent.deptName}」已停用，不允许新增下级部门`, 'parentId');
    await checkSiblingName(tx, b.parentId, b.deptName);
    return insertDept(tx, {
      ...values(b),
      parentId: parent.deptId,
      ancestors: `${parent.ancestors},${parent.deptId}`,
    });
  });
}

/** 修改部门 POST /system/dept/update: a moved department takes its branch along. */
export async function updateDept(db: Db, b: DeptBody & { deptId: number }): Promise<DeptRecord> {
  return db.transaction((tx) => updateDeptIn(tx, b));
}

async function updateDeptIn(tx: DbOrTx, b: DeptBody & { deptId: number }): Promise<DeptRecord> {
  const self = await deptById(tx, b.deptId);
  if (!self) throw notFound('部门不存在');
  const all = await deptRows(tx);
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
  const row = await updateDeptRow(tx, self.deptId, { ...values(b), parentId: b.parentId, ancestors });
  if (ancestors !== self.ancestors && below.size) {
    // Moving a branch: every department below gets the new chain in front of its own.
    const oldPrefix = `${self.ancestors},${self.deptId}`;
    const newPrefix = `${ancestors},${self.deptId}`;
    for (const d of all.filter((x) => below.has(x.deptId))) {
      await updateDeptRow(tx, d.deptId, { ancestors: newPrefix + d.ancestors.slice(oldPrefix.length) });
    }
  }
  return row;
}

/** 删除部门 POST /system/dept/remove/{id}: none with departments or users below. */
export async function removeDept(db: Db, deptId: number): Promise<DeptRecord> {
  return db.transaction(async (tx) => {
    const self = await deptById(tx, deptId);
    if (!self) throw notFound('部门不存在');
    if (await hasChildDept(tx, deptId)) throw conflict(`部门「${self.deptName}」存在下级部门，不允许删除`);
    const n = await userCountInDept(tx, deptId);
    if (n > 0) throw conflict(`部门「${self.deptName}」下还有 ${n} 个用户，不允许删除`);
    await deleteDept(tx, deptId);
    return self;
  });
}

/** One department as the API shows it (with its user count). */
export async function deptRowById(db: DbOrTx, deptId: number): Promise<DeptRow> {
  const row = await deptById(db, deptId);
  if (!row) throw notFound('部门不存在');
  const n = await userCountInDept(db, deptId);
  return toRow(row, new Map([[deptId, n]]));
}
