/**
 * A role record as the four-eyes review sees it: name, key, order, data scope with its custom
 * departments, and the menu permissions (menuIds) — the checks, the display for the diff and the
 * change applied to sys_role / sys_role_menu on approval.
 */
import { z } from 'zod';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import type { DbOrTx } from '../../../db/client.js';
import { sysDept, sysMenu, sysRecordReview, sysRole, sysRoleMenu, sysUserRole } from '../../../db/schema.js';
import { ROLES } from '../../../db/seed/roles.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../lib/errors.js';
import { endUserSessions } from '../../auth/session.service.js';
import { changedKeys, sameIds, type DisplayRecord } from '../review/diff.js';
import { DUTY_ROLE_NAMES, isDutyRole } from '../review/duties.js';
import { customDeptIds, dropCustomDeptIds, setCustomDeptIds } from './role-depts.js';
import { sql } from 'drizzle-orm';
import { id, text } from '../../../lib/schemas.js';

export const DATA_SCOPES = {
  '1': '全部数据权限',
  '2': '自定数据权限',
  '3': '本部门数据权限',
  '4': '本部门及以下数据权限',
  '5': '仅本人数据权限',
} as const;
export type DataScope = keyof typeof DATA_SCOPES;

/** Roles the code relies on by key (三员, step roles, provincial administrator, enterprise, person). */
export const BUILT_IN_ROLE_KEYS: ReadonlySet<string> = new Set(ROLES.map((r) => r.roleKey));

const ids = (what: string) =>
  z.array(id(what, { invalid: `${what}须为编号数组` }), { error: `${what}须为编号数组` }).max(2000, `${what}过多`);

export const roleFields = z.object({
  roleName: text(30, '角色名称', { min: 1 }),
  roleKey: z
    .string({ error: '角色标识不能为空' })
    .trim()
    .min(2, '角色标识长度为2至64个字符')
    .max(64, '角色标识长度为2至64个字符')
    .regex(/^[A-Za-z][A-Za-z0-9_:-]*$/, '角色标识须以字母开头，只能包含字母、数字和 _ : -'),
  roleSort: z
    .number({ error: '显示顺序须为数字' })
    .int()
    .min(0, '显示顺序不能小于0')
    .max(9999, '显示顺序不能大于9999')
    .default(0),
  dataScope: z.enum(['1', '2', '3', '4', '5'], { error: '数据权限须为 1 至 5' }).default('1'),
  remark: text(500, '备注', { multiline: true }).nullish(),
  menuIds: ids('菜单权限').default([]),
  deptIds: ids('数据权限部门').default([]),
});
export type RoleFields = z.infer<typeof roleFields>;

export interface RoleRecord {
  roleName: string;
  roleKey: string;
  roleSort: number;
  dataScope: DataScope;
  status: '0' | '1';
  remark: string | null;
  menuIds: number[];
  deptIds: number[];
}

const sorted = (list: readonly number[]) => [...new Set(list)].sort((a, b) => a - b);

export function normaliseRole(f: RoleFields, status: '0' | '1'): RoleRecord {
  return {
    roleName: f.roleName,
    roleKey: f.roleKey,
    roleSort: f.roleSort,
    dataScope: f.dataScope,
    status,
    remark: f.remark?.trim() ? f.remark.trim() : null,
    menuIds: sorted(f.menuIds),
    // Custom departments only mean something with data scope 2.
    deptIds: f.dataScope === '2' ? sorted(f.deptIds) : [],
  };
}

export async function liveRole(
  db: DbOrTx,
  roleId: number,
): Promise<{ row: typeof sysRole.$inferSelect; record: RoleRecord }> {
  const [row] = await db.select().from(sysRole).where(eq(sysRole.roleId, roleId));
  if (!row) throw notFound('角色不存在');
  const menus = await db.select({ id: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
  return {
    row,
    record: {
      roleName: row.roleName,
      roleKey: row.roleKey,
      roleSort: row.roleSort,
      dataScope: row.dataScope as DataScope,
      status: row.status as RoleRecord['status'],
      remark: row.remark,
      menuIds: sorted(menus.map((m) => m.id)),
      deptIds: row.dataScope === '2' ? sorted(await customDeptIds(db, roleId)) : [],
    },
  };
}

/** The menus with every ancestor added (a button needs its page, a page its directory). */
export async function withAncestors(db: DbOrTx, menuIds: readonly number[]): Promise<number[]> {
  if (menuIds.length === 0) return [];
  const all = await db.select({ id: sysMenu.menuId, parentId: sysMenu.parentId }).from(sysMenu);
  const parent = new Map(all.map((m) => [m.id, m.parentId]));
  const out = new Set<number>();
  for (const id of menuIds) {
    if (!parent.has(id)) throw badRequest(`菜单 ${id} 不存在`, 'menuIds');
    for (let p: number | undefined = id; p && !out.has(p); p = parent.get(p)) out.add(p);
  }
  return sorted([...out]);
}

/** 三员 roles keep their key, permissions, data scope and status: only name, order and remark may change. */
export function assertDutyRoleUnchanged(live: RoleRecord, next: RoleRecord | null): void {
  if (!isDutyRole(live.roleKey)) return;
  const name = DUTY_ROLE_NAMES[live.roleKey];
  if (next === null) throw forbidden(`三员分立：${name}角色不能删除`);
  const touched = changedKeys(live, next).filter((k) => k !== 'roleName' && k !== 'roleSort' && k !== 'remark');
  if (touched.length) throw forbidden(`三员分立：${name}角色的标识、菜单权限、数据权限和状态不可修改`);
}

const proposedKey = sql<string>`${sysRecordReview.proposed}->>'roleKey'`;
const proposedName = sql<string>`${sysRecordReview.proposed}->>'roleName'`;

/** Checks a proposed role against the database (self: the role being changed, null for a new one). */
export async function checkRoleRecord(
  db: DbOrTx,
  rec: RoleRecord,
  self: number | null,
  liveKey: string | null,
): Promise<void> {
  if (liveKey !== null && liveKey !== rec.roleKey && BUILT_IN_ROLE_KEYS.has(liveKey)) {
    throw badRequest(`内置角色“${liveKey}”的角色标识不可修改`, 'roleKey');
  }
  const others = self === null ? undefined : ne(sysRole.roleId, self);
  const pendingCreate = and(
    eq(sysRecordReview.entity, 'role'),
    eq(sysRecordReview.state, 'pending'),
    eq(sysRecordReview.checkStatus, '0'),
  );
  const [keyTaken] = await db
    .select({ id: sysRole.roleId })
    .from(sysRole)
    .where(and(sql`lower(${sysRole.roleKey}) = lower(${rec.roleKey})`, others));
  const [keyWaiting] = await db
    .select({ id: sysRecordReview.id })
    .from(sysRecordReview)
    .where(and(pendingCreate, sql`lower(${proposedKey}) = lower(${rec.roleKey})`));
  if (keyTaken || keyWaiting) throw new AppError(409, `角色标识“${rec.roleKey}”已存在`, 'roleKey');
  const [nameTaken] = await db
    .select({ id: sysRole.roleId })
    .from(sysRole)
    .where(and(eq(sysRole.roleName, rec.roleName), others));
  const [nameWaiting] = await db
    .select({ id: sysRecordReview.id })
    .from(sysRecordReview)
    .where(and(pendingCreate, eq(proposedName, rec.roleName)));
  if (nameTaken || nameWaiting) throw new AppError(409, `角色名称“${rec.roleName}”已存在`, 'roleName');
  if (rec.menuIds.length) {
    const found = await db.select({ id: sysMenu.menuId }).from(sysMenu).where(inArray(sysMenu.menuId, rec.menuIds));
    if (found.length !== rec.menuIds.length) throw badRequest('所选菜单权限不存在', 'menuIds');
  }
  if (rec.dataScope === '2') {
    if (rec.deptIds.length === 0) throw badRequest('自定数据权限须至少选择一个部门', 'deptIds');
    const found = await db.select({ id: sysDept.deptId }).from(sysDept).where(inArray(sysDept.deptId, rec.deptIds));
    if (found.length !== rec.deptIds.length) throw badRequest('所选部门不存在', 'deptIds');
  }
}

export async function usersOfRole(db: DbOrTx, roleId: number): Promise<number[]> {
  return (await db.select({ id: sysUserRole.userId }).from(sysUserRole).where(eq(sysUserRole.roleId, roleId))).map(
    (r) => r.id,
  );
}

export async function deleteBlocker(db: DbOrTx, roleId: number, roleName: string): Promise<string | null> {
  const [row] = await db.select({ n: count() }).from(sysUserRole).where(eq(sysUserRole.roleId, roleId));
  return row && row.n > 0 ? `角色“${roleName}”已分配给${row.n}个用户，不能删除` : null;
}

export const ROLE_LABELS = [
  ['roleName', '角色名称'],
  ['roleKey', '角色标识'],
  ['roleSort', '显示顺序'],
  ['dataScope', '数据权限'],
  ['deptIds', '数据权限部门'],
  ['status', '状态'],
  ['menuIds', '菜单权限'],
  ['remark', '备注'],
] as const;

/** Menu names with their page for buttons ("用户管理/新增"), so the reviewer reads what a grant means. */
async function menuNames(db: DbOrTx, menuIds: readonly number[]): Promise<string[]> {
  if (menuIds.length === 0) return [];
  const all = await db
    .select({ id: sysMenu.menuId, parentId: sysMenu.parentId, name: sysMenu.menuName, type: sysMenu.menuType })
    .from(sysMenu);
  const byId = new Map(all.map((m) => [m.id, m]));
  return menuIds.map((id) => {
    const m = byId.get(id);
    if (!m) return `#${id}`;
    const parent = m.type === 'F' ? byId.get(m.parentId) : undefined;
    return parent ? `${parent.name}/${m.name}` : m.name;
  });
}

export async function displayRole(db: DbOrTx, rec: RoleRecord | null): Promise<DisplayRecord | null> {
  if (!rec) return null;
  const depts = rec.deptIds.length
    ? await db
        .select({ id: sysDept.deptId, name: sysDept.deptName })
        .from(sysDept)
        .where(inArray(sysDept.deptId, rec.deptIds))
    : [];
  const deptName = new Map(depts.map((d) => [d.id, d.name]));
  return {
    roleName: rec.roleName,
    roleKey: rec.roleKey,
    roleSort: String(rec.roleSort),
    dataScope: `${rec.dataScope} ${DATA_SCOPES[rec.dataScope] ?? ''}`.trim(),
    deptIds: rec.deptIds.map((id) => deptName.get(id) ?? `#${id}`),
    status: rec.status === '1' ? '正常' : '停用',
    menuIds: await menuNames(db, rec.menuIds),
    remark: rec.remark ?? '',
  };
}

async function writeMenus(tx: DbOrTx, roleId: number, menuIds: readonly number[]): Promise<void> {
  await tx.delete(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
  if (menuIds.length) await tx.insert(sysRoleMenu).values(menuIds.map((menuId) => ({ roleId, menuId })));
}

/** Approved: writes the change to the live role (inside the reviewer's transaction). Answers the role id. */
export async function applyRoleChange(
  ctx: AppContext,
  tx: DbOrTx,
  change: 'create' | 'update' | 'delete',
  recordId: number | null,
  proposed: RoleRecord,
  current: RoleRecord | null,
): Promise<number> {
  const now = ctx.clock.now();
  if (change === 'create') {
    await checkRoleRecord(tx, proposed, null, null);
    const [row] = await tx
      .insert(sysRole)
      .values({
        roleName: proposed.roleName,
        roleKey: proposed.roleKey,
        roleSort: proposed.roleSort,
        dataScope: proposed.dataScope,
        status: proposed.status,
        remark: proposed.remark,
        checkStatus: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ roleId: sysRole.roleId });
    await writeMenus(tx, row!.roleId, proposed.menuIds);
    if (proposed.dataScope === '2') await setCustomDeptIds(tx, row!.roleId, proposed.deptIds);
    return row!.roleId;
  }
  if (recordId === null) throw conflict('审核记录缺少角色编号');
  const live = await liveRole(tx, recordId);
  if (change === 'delete') {
    assertDutyRoleUnchanged(live.record, null);
    const blocker = await deleteBlocker(tx, recordId, live.record.roleName);
    if (blocker) throw conflict(blocker);
    await dropCustomDeptIds(tx, recordId);
    await tx.delete(sysRole).where(eq(sysRole.roleId, recordId));
    return recordId;
  }
  // Only what the submitter changed is written: a status change made meanwhile stays.
  const delta = changedKeys(current ?? live.record, proposed);
  const next: RoleRecord = { ...live.record, ...Object.fromEntries(delta.map((k) => [k, proposed[k]])) };
  if (next.dataScope !== '2') next.deptIds = [];
  assertDutyRoleUnchanged(live.record, next);
  await checkRoleRecord(tx, next, recordId, live.record.roleKey);
  await tx
    .update(sysRole)
    .set({
      roleName: next.roleName,
      roleKey: next.roleKey,
      roleSort: next.roleSort,
      dataScope: next.dataScope,
      remark: next.remark,
      checkStatus: null,
      updatedAt: now,
    })
    .where(eq(sysRole.roleId, recordId));
  if (!sameIds(next.menuIds, live.record.menuIds)) {
    await writeMenus(tx, recordId, next.menuIds);
    // Holders sign in again to get the new menu (the server checks the new permissions at once anyway).
    for (const userId of await usersOfRole(tx, recordId)) await endUserSessions(ctx, tx, userId, 'roles');
  }
  if (!sameIds(next.deptIds, live.record.deptIds) || next.dataScope !== live.record.dataScope)
    await setCustomDeptIds(tx, recordId, next.deptIds);
  return recordId;
}
