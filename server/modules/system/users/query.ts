/**
 * The user lists: live users (list, export, userRoleMnglist) and, for listV2, the same plus the
 * pending submissions: the pending info of each live user and the new users waiting for their
 * first approval (they have no sys_user row yet), listed first.
 */
import { z } from 'zod';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../../context.js';
import type { DbOrTx } from '../../../db/client.js';
import { enterprise, person, sysDept, sysRecordReview, sysRole, sysUser, sysUserRole } from '../../../db/schema.js';
import { pageQuery } from '../../../lib/reply.js';
import { pendingByRecord, summaryOf, type ReviewRow } from '../review/review.service.js';
import { checkStatusSchema, pendingSchema } from '../review/schemas.js';
import { SEX_CODES, STATUS_CODES, storedCode, storedCodeOrNull, USER_TYPE_CODES } from '../../../lib/codes.js';
import { USER_TYPES, recordOf, type ProposedUser, type UserType } from './record.js';
import { deptSubtree, scopeCondition, userScopeOf, type UserScope } from './scope.js';
import { maskIdNo, maskPhone } from '../../../services/personalData.js';
import { id, optionalText } from '../../../lib/schemas.js';
import { isEnabled } from '../../../lib/status.js';
import { translateMessage } from '../../../lib/messages.js';
import { dateRange } from '../../../lib/dateRange.js';
import { listOrder } from '../../../lib/listQuery.js';
import { containsText } from '../../../lib/textMatch.js';

export const userListQuery = pageQuery.extend({
  userName: optionalText(64, '用户账号'),
  nickName: optionalText(64, '用户名称'),
  phone: optionalText(20, '手机号码'),
  userType: z.enum(['00', '02', '03', '04']).optional(),
  status: z.enum(['0', '1']).optional(),
  deptId: id('部门编号').optional().describe('部门（含下级部门）'),
  checkStatus: z.enum(['0', '2']).optional().describe("'0' 新增待审核 '2' 修改/删除待审核"),
});
export type UserListQuery = z.infer<typeof userListQuery>;
export const userListV2Query = userListQuery.extend({
  pending: z.enum(['0', '1']).optional().describe('1：只列出有待审核变更的用户（含待审核的新增用户）'),
});

export const userRow = z.object({
  key: z.string().describe('行键：u<userId> 或 r<reviewId>（待审核的新增用户）'),
  userId: z.number().nullable(),
  userName: z.string(),
  nickName: z.string(),
  userType: z.enum(USER_TYPE_CODES),
  userTypeLabel: z.string(),
  deptId: z.number().nullable(),
  deptName: z.string().nullable(),
  enterpriseId: z.number().nullable(),
  enterpriseName: z.string().nullable(),
  personId: z.number().nullable().describe('关联的持证人员（个人用户：其证书显示在“我的证书”）'),
  personLabel: z.string().nullable().describe('关联人员：姓名（证件号码脱敏）'),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  sex: z.enum(SEX_CODES),
  status: z.enum(STATUS_CODES).describe("'1' 正常 '0' 停用"),
  enabled: z.boolean().describe('账号为正常状态（status 为 1）'),
  checkStatus: checkStatusSchema.nullable(),
  roleIds: z.array(z.number()),
  roleNames: z.array(z.string()),
  remark: z.string().nullable(),
  createdAt: z.string().nullable(),
  loginDate: z.string().nullable(),
});
export const userRowV2 = userRow.extend({ pending: pendingSchema.nullable() });
export type UserRow = z.infer<typeof userRow>;
export type UserRowV2 = z.infer<typeof userRowV2>;

const SORTABLE = {
  userName: sysUser.userName,
  nickName: sysUser.nickName,
  userType: sysUser.userType,
  status: sysUser.status,
  createdAt: sysUser.createdAt,
  loginDate: sysUser.loginDate,
};

/** Conditions on live users for the filters and the caller's scope. */
export function liveConditions(db: DbOrTx, q: UserListQuery, scope: UserScope): SQL | undefined {
  const w: (SQL | undefined)[] = [scopeCondition(db, scope, sysUser.deptId, sysUser.userId)];
  if (q.userName) w.push(containsText(sysUser.userName, q.userName));
  if (q.nickName) w.push(containsText(sysUser.nickName, q.nickName));
  if (q.phone) w.push(containsText(sysUser.phone, q.phone));
  if (q.userType) w.push(eq(sysUser.userType, q.userType));
  if (q.status) w.push(eq(sysUser.status, q.status));
  if (q.deptId) w.push(inArray(sysUser.deptId, deptSubtree(db, q.deptId)));
  if (q.checkStatus) w.push(eq(sysUser.checkStatus, q.checkStatus));
  w.push(...dateRange(sysUser.createdAt, q.beginTime, q.endTime));
  return and(...w);
}

const liveColumns = {
  user: sysUser,
  deptName: sysDept.deptName,
  enterpriseName: enterprise.name,
};

async function rolesOf(
  db: DbOrTx,
  userIds: number[],
): Promise<Map<number, { roleId: number; roleName: string; roleKey: string }[]>> {
  const out = new Map<number, { roleId: number; roleName: string; roleKey: string }[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({
      userId: sysUserRole.userId,
      roleId: sysRole.roleId,
      roleName: sysRole.roleName,
      roleKey: sysRole.roleKey,
    })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(inArray(sysUserRole.userId, userIds))
    .orderBy(asc(sysRole.roleSort));
  for (const r of rows) {
    if (!out.has(r.userId)) out.set(r.userId, []);
    out.get(r.userId)!.push({ roleId: r.roleId, roleName: r.roleName, roleKey: r.roleKey });
  }
  return out;
}

/** 姓名（440***********1234）of the linked persons, by person id. */
export async function personLabels(db: DbOrTx, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: person.id, name: person.name, idNo: person.idNo })
    .from(person)
    .where(inArray(person.id, wanted));
  return new Map(rows.map((p) => [p.id, `${p.name}（${maskIdNo(p.idNo)}）`]));
}

/** One page (offset/limit) of live users as list rows. */
export async function liveUserRows(
  db: DbOrTx,
  cond: SQL | undefined,
  q: Pick<UserListQuery, 'sortField' | 'sortOrder'>,
  offset: number,
  limit: number,
): Promise<UserRow[]> {
  const rows = await db
    .select(liveColumns)
    .from(sysUser)
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .leftJoin(enterprise, eq(enterprise.id, sysUser.enterpriseId))
    .where(cond)
    .orderBy(...listOrder(q.sortField, q.sortOrder, SORTABLE, [desc(sysUser.createdAt), desc(sysUser.userId)]))
    .limit(limit)
    .offset(offset);
  const roles = await rolesOf(
    db,
    rows.map((r) => r.user.userId),
  );
  const persons = await personLabels(
    db,
    rows.map((r) => r.user.personId),
  );
  return rows.map(({ user: u, deptName, enterpriseName }) => {
    const rs = roles.get(u.userId) ?? [];
    return {
      key: `u${u.userId}`,
      userId: u.userId,
      userName: u.userName,
      nickName: u.nickName,
      userType: storedCode(USER_TYPE_CODES, u.userType),
      userTypeLabel: translateMessage(USER_TYPES[u.userType as UserType] ?? u.userType),
      deptId: u.deptId,
      deptName: deptName ?? null,
      enterpriseId: u.enterpriseId,
      enterpriseName: enterpriseName ?? null,
      personId: u.personId,
      personLabel: u.personId === null ? null : (persons.get(u.personId) ?? `#${u.personId}`),
      phone: maskPhone(u.phone),
      email: u.email,
      sex: storedCode(SEX_CODES, u.sex),
      status: storedCode(STATUS_CODES, u.status),
      enabled: isEnabled(u.status),
      checkStatus: storedCodeOrNull(checkStatusSchema.options, u.checkStatus),
      roleIds: rs.map((r) => r.roleId),
      roleNames: rs.map((r) => r.roleName),
      remark: u.remark,
      createdAt: u.createdAt.toISOString(),
      loginDate: u.loginDate?.toISOString() ?? null,
    };
  });
}

export async function countLive(db: DbOrTx, cond: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sysUser).where(cond);
  return row?.n ?? 0;
}

export async function listUsers(
  db: DbOrTx,
  caller: AuthUser,
  q: UserListQuery,
): Promise<{ rows: UserRow[]; total: number }> {
  const cond = liveConditions(db, q, await userScopeOf(db, caller));
  const [total, rows] = [
    await countLive(db, cond),
    await liveUserRows(db, cond, q, (q.pageNum - 1) * q.pageSize, q.pageSize),
  ];
  return { rows, total };
}

const proposed = (key: string) => sql<string>`${sysRecordReview.proposed}->>${key}`;

/** Conditions on pending new-user submissions (the proposed JSON) for the same filters. */
function pendingCreateConditions(db: DbOrTx, q: UserListQuery, scope: UserScope, caller: AuthUser): SQL | undefined {
  const deptExpr = sql`(${proposed('deptId')})::int`;
  const w: (SQL | undefined)[] = [
    eq(sysRecordReview.entity, 'user'),
    eq(sysRecordReview.state, 'pending'),
    eq(sysRecordReview.checkStatus, '0'),
  ];
  // A new user has no account yet: outside an all-data scope the submitter sees his own, others by department.
  if (!scope.all)
    w.push(sql`(${scopeCondition(db, scope, deptExpr)} or ${sysRecordReview.submittedBy} = ${caller.userId})`);
  if (q.userName) w.push(containsText(proposed('userName'), q.userName));
  if (q.nickName) w.push(containsText(proposed('nickName'), q.nickName));
  if (q.phone) w.push(containsText(proposed('phone'), q.phone));
  if (q.userType) w.push(eq(proposed('userType'), q.userType));
  if (q.status) w.push(eq(proposed('status'), q.status));
  if (q.deptId) w.push(inArray(deptExpr, deptSubtree(db, q.deptId)));
  if (q.checkStatus === '2') w.push(sql`false`);
  w.push(...dateRange(sysRecordReview.submittedAt, q.beginTime, q.endTime));
  return and(...w);
}

async function pendingCreateRows(
  db: DbOrTx,
  caller: AuthUser,
  cond: SQL | undefined,
  offset: number,
  limit: number,
): Promise<UserRowV2[]> {
  if (limit <= 0) return [];
  const rows = await db
    .select({ review: sysRecordReview, submitterName: sysUser.userName })
    .from(sysRecordReview)
    .innerJoin(sysUser, eq(sysUser.userId, sysRecordReview.submittedBy))
    .where(cond)
    .orderBy(desc(sysRecordReview.submittedAt), desc(sysRecordReview.id))
    .limit(limit)
    .offset(offset);
  return describePendingCreates(db, rows, caller);
}

export async function describePendingCreates(
  db: DbOrTx,
  rows: { review: ReviewRow; submitterName: string }[],
  caller: AuthUser,
): Promise<UserRowV2[]> {
  const recs = rows.map((r) => recordOf(r.review.proposed as ProposedUser));
  const deptIds = [...new Set(recs.map((r) => r.deptId).filter((d): d is number => d !== null))];
  const entIds = [...new Set(recs.map((r) => r.enterpriseId).filter((d): d is number => d !== null))];
  const roleIds = [...new Set(recs.flatMap((r) => r.roleIds))];
  const depts = new Map(
    deptIds.length
      ? (
          await db
            .select({ id: sysDept.deptId, name: sysDept.deptName })
            .from(sysDept)
            .where(inArray(sysDept.deptId, deptIds))
        ).map((d) => [d.id, d.name])
      : [],
  );
  const ents = new Map(
    entIds.length
      ? (
          await db
            .select({ id: enterprise.id, name: enterprise.name })
            .from(enterprise)
            .where(inArray(enterprise.id, entIds))
        ).map((d) => [d.id, d.name])
      : [],
  );
  const roles = new Map(
    roleIds.length
      ? (
          await db
            .select({ id: sysRole.roleId, name: sysRole.roleName })
            .from(sysRole)
            .where(inArray(sysRole.roleId, roleIds))
        ).map((d) => [d.id, d.name])
      : [],
  );
  const persons = await personLabels(
    db,
    recs.map((r) => r.personId),
  );
  return rows.map(({ review, submitterName }, i) => {
    const rec = recs[i]!;
    return {
      key: `r${review.id}`,
      userId: null,
      userName: rec.userName,
      nickName: rec.nickName,
      userType: rec.userType,
      userTypeLabel: translateMessage(USER_TYPES[rec.userType] ?? rec.userType),
      deptId: rec.deptId,
      deptName: rec.deptId === null ? null : (depts.get(rec.deptId) ?? null),
      enterpriseId: rec.enterpriseId,
      enterpriseName: rec.enterpriseId === null ? null : (ents.get(rec.enterpriseId) ?? null),
      personId: rec.personId,
      personLabel: rec.personId === null ? null : (persons.get(rec.personId) ?? `#${rec.personId}`),
      phone: maskPhone(rec.phone),
      email: rec.email,
      sex: rec.sex,
      status: rec.status,
      enabled: isEnabled(rec.status),
      checkStatus: '0' as const,
      roleIds: rec.roleIds,
      roleNames: rec.roleIds.map((id) => roles.get(id) ?? `#${id}`),
      remark: rec.remark,
      createdAt: null,
      loginDate: null,
      pending: summaryOf(review, submitterName, caller),
    };
  });
}

/** listV2: pending new users first, then live users with their pending info. */
export async function listUsersV2(
  db: DbOrTx,
  caller: AuthUser,
  q: z.infer<typeof userListV2Query>,
): Promise<{ rows: UserRowV2[]; total: number }> {
  const scope = await userScopeOf(db, caller);
  const onlyPending = q.pending === '1';
  let live = liveConditions(db, q, scope);
  if (onlyPending) live = and(live, sql`${sysUser.checkStatus} is not null`);
  const createCond = q.checkStatus === '2' ? sql`false` : pendingCreateConditions(db, q, scope, caller);
  const [{ n: creates } = { n: 0 }] = await db.select({ n: count() }).from(sysRecordReview).where(createCond);
  const liveTotal = q.checkStatus === '0' ? 0 : await countLive(db, live);
  const offset = (q.pageNum - 1) * q.pageSize;
  const createRows =
    offset < creates
      ? await pendingCreateRows(db, caller, createCond, offset, Math.min(q.pageSize, creates - offset))
      : [];
  const liveOffset = Math.max(0, offset - creates);
  const liveLimit = q.checkStatus === '0' ? 0 : q.pageSize - createRows.length;
  const liveRows = liveLimit > 0 ? await liveUserRows(db, live, q, liveOffset, liveLimit) : [];
  const pending = await pendingByRecord(
    db,
    'user',
    liveRows.map((r) => r.userId!),
    caller,
  );
  return {
    rows: [...createRows, ...liveRows.map((r) => ({ ...r, pending: pending.get(r.userId!) ?? null }))],
    total: creates + liveTotal,
  };
}

/** One live user as a list row (undefined when there is none). */
export async function liveUserRow(db: DbOrTx, userId: number): Promise<UserRow | undefined> {
  const [row] = await liveUserRows(db, eq(sysUser.userId, userId), {}, 0, 1);
  return row;
}

/** userRoleMnglist: a page of live users in the caller's scope, with their pending info; roleId keeps the holders of that role. */
export async function listUsersWithRoles(
  db: DbOrTx,
  caller: AuthUser,
  q: UserListQuery & { roleId?: number },
): Promise<{ rows: UserRowV2[]; total: number }> {
  let cond = liveConditions(db, q, await userScopeOf(db, caller));
  if (q.roleId)
    cond = and(
      cond,
      inArray(
        sysUser.userId,
        db.select({ id: sysUserRole.userId }).from(sysUserRole).where(eq(sysUserRole.roleId, q.roleId)),
      ),
    );
  const total = await countLive(db, cond);
  const rows = await liveUserRows(db, cond, q, (q.pageNum - 1) * q.pageSize, q.pageSize);
  const pending = await pendingByRecord(
    db,
    'user',
    rows.map((r) => r.userId!),
    caller,
  );
  return { rows: rows.map((r) => ({ ...r, pending: pending.get(r.userId!) ?? null })), total };
}
