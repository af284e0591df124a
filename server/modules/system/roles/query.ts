/** The role list: roles waiting for their first approval first (no sys_role row yet), then live roles with their pending info. */
import { z } from 'zod';
import { and, count, desc, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../../context.js';
import type { DbOrTx } from '../../../db/client.js';
import { sysRecordReview, sysRole, sysUser, sysUserRole } from '../../../db/schema.js';
import { pageQuery } from '../../../lib/reply.js';
import { pendingByRecord, summaryOf } from '../review/review.service.js';
import { checkStatusSchema, pendingSchema } from '../review/schemas.js';
import { STATUS_CODES, storedCode, storedCodeOrNull } from '../../../lib/codes.js';
import { isDutyRole } from '../review/duties.js';
import { isEnabled } from '../../../lib/status.js';
import { DATA_SCOPES, type RoleRecord } from './record.js';

const DATA_SCOPE_CODES = ['1', '2', '3', '4', '5'] as const;
import { optionalText } from '../../../lib/schemas.js';
import { dateRange } from '../../../lib/dateRange.js';
import { listOrder } from '../../../lib/listQuery.js';
import { containsText } from '../../../lib/textMatch.js';

export const roleListQuery = pageQuery.extend({
  roleName: optionalText(64, '角色名称'),
  roleKey: optionalText(64, '权限字符'),
  status: z.enum(['0', '1']).optional(),
  checkStatus: z.enum(['0', '2', '3']).optional(),
  pending: z.enum(['0', '1']).optional().describe('1：只列出有待审核变更的角色'),
});
export type RoleListQuery = z.infer<typeof roleListQuery>;

export const roleRow = z.object({
  key: z.string().describe('行键：o<roleId> 或 r<reviewId>（待审核的新增角色）'),
  roleId: z.number().nullable(),
  roleName: z.string(),
  roleKey: z.string(),
  roleSort: z.number(),
  dataScope: z.enum(DATA_SCOPE_CODES),
  dataScopeLabel: z.string(),
  status: z.enum(STATUS_CODES),
  enabled: z.boolean().describe('角色为正常状态（status 为 1）'),
  dutyRole: z.boolean().describe('三员角色（系统管理员、安全管理员、审计管理员）：不能停用、删除或改数据权限'),
  checkStatus: checkStatusSchema.nullable(),
  remark: z.string().nullable(),
  userCount: z.number(),
  createdAt: z.string().nullable(),
  pending: pendingSchema.nullable(),
});
export type RoleRow = z.infer<typeof roleRow>;

const SORTABLE = {
  roleName: sysRole.roleName,
  roleKey: sysRole.roleKey,
  roleSort: sysRole.roleSort,
  createdAt: sysRole.createdAt,
  status: sysRole.status,
};

export function liveRoleConditions(q: RoleListQuery): SQL | undefined {
  const w: (SQL | undefined)[] = [];
  if (q.roleName) w.push(containsText(sysRole.roleName, q.roleName));
  if (q.roleKey) w.push(containsText(sysRole.roleKey, q.roleKey));
  if (q.status) w.push(eq(sysRole.status, q.status));
  if (q.checkStatus) w.push(eq(sysRole.checkStatus, q.checkStatus));
  if (q.pending === '1') w.push(sql`${sysRole.checkStatus} is not null`);
  w.push(...dateRange(sysRole.createdAt, q.beginTime, q.endTime));
  return and(...w);
}

const proposed = (key: string) => sql<string>`${sysRecordReview.proposed}->>${key}`;

function createConditions(q: RoleListQuery): SQL | undefined {
  if (q.checkStatus && q.checkStatus !== '0') return sql`false`;
  const w: (SQL | undefined)[] = [
    eq(sysRecordReview.entity, 'role'),
    eq(sysRecordReview.state, 'pending'),
    eq(sysRecordReview.checkStatus, '0'),
  ];
  if (q.roleName) w.push(containsText(proposed('roleName'), q.roleName));
  if (q.roleKey) w.push(containsText(proposed('roleKey'), q.roleKey));
  if (q.status) w.push(eq(proposed('status'), q.status));
  w.push(...dateRange(sysRecordReview.submittedAt, q.beginTime, q.endTime));
  return and(...w);
}

export async function liveRoleRows(
  db: DbOrTx,
  caller: AuthUser,
  cond: SQL | undefined,
  q: Pick<RoleListQuery, 'sortField' | 'sortOrder'>,
  offset: number,
  limit: number,
): Promise<RoleRow[]> {
  const rows = await db
    .select()
    .from(sysRole)
    .where(cond)
    .orderBy(...listOrder(q.sortField, q.sortOrder, SORTABLE, [asc(sysRole.roleSort), asc(sysRole.roleId)]))
    .limit(limit)
    .offset(offset);
  const ids = rows.map((r) => r.roleId);
  const counts = ids.length
    ? await db
        .select({ roleId: sysUserRole.roleId, n: count() })
        .from(sysUserRole)
        .where(inArray(sysUserRole.roleId, ids))
        .groupBy(sysUserRole.roleId)
    : [];
  const countOf = new Map(counts.map((c) => [c.roleId, c.n]));
  const pending = await pendingByRecord(db, 'role', ids, caller);
  return rows.map((r) => ({
    key: `o${r.roleId}`,
    roleId: r.roleId,
    roleName: r.roleName,
    roleKey: r.roleKey,
    roleSort: r.roleSort,
    dataScope: storedCode(DATA_SCOPE_CODES, r.dataScope),
    dataScopeLabel: DATA_SCOPES[r.dataScope as keyof typeof DATA_SCOPES] ?? r.dataScope,
    status: storedCode(STATUS_CODES, r.status),
    enabled: isEnabled(r.status),
    dutyRole: isDutyRole(r.roleKey),
    checkStatus: storedCodeOrNull(checkStatusSchema.options, r.checkStatus),
    remark: r.remark,
    userCount: countOf.get(r.roleId) ?? 0,
    createdAt: r.createdAt.toISOString(),
    pending: pending.get(r.roleId) ?? null,
  }));
}

export async function listRoles(
  db: DbOrTx,
  caller: AuthUser,
  q: RoleListQuery,
): Promise<{ rows: RoleRow[]; total: number }> {
  const live = liveRoleConditions(q);
  const creates = createConditions(q);
  const [{ n: createTotal } = { n: 0 }] = await db.select({ n: count() }).from(sysRecordReview).where(creates);
  const [{ n: liveTotal } = { n: 0 }] =
    q.checkStatus === '0' ? [{ n: 0 }] : await db.select({ n: count() }).from(sysRole).where(live);
  const offset = (q.pageNum - 1) * q.pageSize;
  const createRows =
    offset < createTotal
      ? await db
          .select({ review: sysRecordReview, submitterName: sysUser.userName })
          .from(sysRecordReview)
          .innerJoin(sysUser, eq(sysUser.userId, sysRecordReview.submittedBy))
          .where(creates)
          .orderBy(desc(sysRecordReview.submittedAt), desc(sysRecordReview.id))
          .limit(Math.min(q.pageSize, createTotal - offset))
          .offset(offset)
      : [];
  const liveLimit = q.checkStatus === '0' ? 0 : q.pageSize - createRows.length;
  const liveRows =
    liveLimit > 0 ? await liveRoleRows(db, caller, live, q, Math.max(0, offset - createTotal), liveLimit) : [];
  return {
    rows: [
      ...createRows.map(({ review, submitterName }): RoleRow => {
        const rec = review.proposed as RoleRecord;
        return {
          key: `r${review.id}`,
          roleId: null,
          roleName: rec.roleName,
          roleKey: rec.roleKey,
          roleSort: rec.roleSort,
          dataScope: rec.dataScope,
          dataScopeLabel: DATA_SCOPES[rec.dataScope] ?? rec.dataScope,
          status: rec.status,
          enabled: isEnabled(rec.status),
          dutyRole: isDutyRole(rec.roleKey),
          checkStatus: '0',
          remark: rec.remark,
          userCount: 0,
          createdAt: null,
          pending: summaryOf(review, submitterName, caller),
        };
      }),
      ...liveRows,
    ],
    total: createTotal + liveTotal,
  };
}

/** One live role as a list row (undefined when there is none). */
export async function liveRoleRow(db: DbOrTx, caller: AuthUser, roleId: number): Promise<RoleRow | undefined> {
  const [row] = await liveRoleRows(db, caller, eq(sysRole.roleId, roleId), {}, 0, 1);
  return row;
}

/** The export's reader: pages (offset, limit) of the live roles the list's filters keep. */
export function liveRolePages(db: DbOrTx, caller: AuthUser, q: RoleListQuery) {
  const cond = liveRoleConditions(q);
  return (offset: number, limit: number) => liveRoleRows(db, caller, cond, q, offset, limit);
}
