/**
 * A user record as the four-eyes review sees it: the fields an administrator proposes, their
 * checks against the database, their display for the reviewer's diff, and the change applied to
 * sys_user / sys_user_role when a reviewer approves.
 */
import { z } from 'zod';
import { and, eq, inArray, ne, sql, count, or } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import type { DbOrTx } from '../../../db/client.js';
import {
  application,
  applicationHistory,
  enterprise,
  person,
  sysDept,
  sysOss,
  sysRecordReview,
  sysRole,
  sysUser,
  sysUserRole,
} from '../../../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.js';
import { endUserSessions } from '../../auth/session.service.js';
import { assertSeparationOfDuties, dutyOf } from '../review/duties.js';
import { changedKeys, sameIds, type DisplayRecord } from '../review/diff.js';
import { maskIdNo, maskPhone } from '../../../services/personalData.js';
import { id, text } from '../../../lib/schemas.js';
import type { ReviewWarning } from '../../../../machines/recordReview.machine.js';
import { userChangeEffect } from './effect.js';

export const USER_TYPES = { '00': '系统管理员', '02': '行政单位用户', '03': '企业用户', '04': '个人用户' } as const;
export type UserType = keyof typeof USER_TYPES;
const SEX = { '0': '男', '1': '女', '2': '未知' } as const;
const STATUS = { '1': '正常', '0': '停用' } as const;

/** The fields of the create and edit forms (and of an import row). */
export const userFields = z.object({
  userName: z
    .string({ error: '登录名不能为空' })
    .trim()
    .min(2, '登录名长度为2至30个字符')
    .max(30, '登录名长度为2至30个字符')
    .regex(/^[A-Za-z0-9_.@-]+$/, '登录名只能包含字母、数字和 _ . @ -'),
  nickName: text(30, '用户名称', { min: 1 }),
  userType: z.enum(['00', '02', '03', '04'], { error: '用户类型须为 00、02、03 或 04' }),
  deptId: id('部门编号', { invalid: '部门编号须为 1 到 2147483647 之间的整数' }).nullish(),
  enterpriseId: id('企业编号', { invalid: '企业编号须为 1 到 2147483647 之间的整数' }).nullish(),
  personId: id('人员编号', { invalid: '人员编号须为 1 到 2147483647 之间的整数' }).nullish(),
  phone: z
    .string()
    .trim()
    .regex(/^(1[3-9]\d{9})?$/, '手机号码格式不正确')
    .nullish(),
  email: text(100, '邮箱')
    .regex(/^([^\s@]+@[^\s@]+\.[^\s@]+)?$/, '邮箱格式不正确')
    .nullish(),
  sex: z.enum(['0', '1', '2'], { error: '性别须为 0 男、1 女或 2 未知' }).default('0'),
  remark: text(500, '备注', { multiline: true }).nullish(),
  roleIds: z
    .array(id('角色编号'), { error: '请至少选择一个角色' })
    .min(1, '请至少选择一个角色')
    .max(20, '角色不能超过20个'),
});
export type UserFields = z.infer<typeof userFields>;

/**
 * An edit names only the fields it changes (absent: kept as they are; null or '': cleared). A form
 * that never showed a field (the linked person, before this existed) can no longer clear it by
 * leaving it out, and a masked phone sent back as it was shown keeps the real one.
 */
export const userPatch = z
  .object({
    ...userFields.shape,
    phone: z
      .string()
      .trim()
      .regex(/^(1[3-9]\d{9}|1[3-9]\d\*{4}\d{4})?$/, '手机号码格式不正确')
      .nullish(),
    sex: z.enum(['0', '1', '2'], { error: '性别须为 0 男、1 女或 2 未知' }),
  })
  .partial();
export type UserPatch = z.infer<typeof userPatch>;

export interface UserRecord {
  userName: string;
  nickName: string;
  userType: UserType;
  deptId: number | null;
  enterpriseId: number | null;
  personId: number | null;
  phone: string | null;
  email: string | null;
  sex: '0' | '1' | '2';
  status: '0' | '1';
  remark: string | null;
  roleIds: number[];
}

/** What a create submission keeps besides the record: the initial password's hash (never shown). */
export interface ProposedUser extends UserRecord {
  passwordHash?: string;
}

const blank = (v: string | null | undefined): string | null => (v && v.trim() !== '' ? v.trim() : null);

export function normalise(f: UserFields, status: '0' | '1'): UserRecord {
  return {
    userName: f.userName,
    nickName: f.nickName,
    userType: f.userType,
    deptId: f.deptId ?? null,
    enterpriseId: f.enterpriseId ?? null,
    personId: f.personId ?? null,
    phone: blank(f.phone),
    email: blank(f.email),
    sex: f.sex,
    status,
    remark: blank(f.remark),
    roleIds: [...new Set(f.roleIds)].sort((a, b) => a - b),
  };
}

/** The live record with the patch's fields written over it (status is changed elsewhere). */
export function patched(live: UserRecord, patch: UserPatch): UserRecord {
  const next: UserRecord = { ...live };
  if (patch.userName !== undefined) next.userName = patch.userName;
  if (patch.nickName !== undefined) next.nickName = patch.nickName;
  if (patch.userType !== undefined) next.userType = patch.userType;
  if (patch.deptId !== undefined) next.deptId = patch.deptId ?? null;
  if (patch.enterpriseId !== undefined) next.enterpriseId = patch.enterpriseId ?? null;
  if (patch.personId !== undefined) next.personId = patch.personId ?? null;
  // The lists and the form show the phone masked: the same mask back means "unchanged".
  if (patch.phone !== undefined && !(live.phone && patch.phone === maskPhone(live.phone))) {
    if (patch.phone?.includes('*')) throw badRequest('手机号码格式不正确', 'phone');
    next.phone = blank(patch.phone);
  }
  if (patch.email !== undefined) next.email = blank(patch.email);
  if (patch.sex !== undefined) next.sex = patch.sex;
  if (patch.remark !== undefined) next.remark = blank(patch.remark);
  if (patch.roleIds !== undefined) next.roleIds = [...new Set(patch.roleIds)].sort((a, b) => a - b);
  return next;
}

/** The record part of a stored proposal (drops the password hash). */
export function recordOf(p: ProposedUser | UserRecord): UserRecord {
  const { passwordHash: _drop, ...rest } = p as ProposedUser;
  return rest;
}

/** The live record of a user with his role ids, or 404. */
export async function liveUser(
  db: DbOrTx,
  userId: number,
): Promise<{ row: typeof sysUser.$inferSelect; record: UserRecord }> {
  const [row] = await db.select().from(sysUser).where(eq(sysUser.userId, userId));
  if (!row) throw notFound('用户不存在');
  const roles = await db.select({ roleId: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, userId));
  return {
    row,
    record: {
      userName: row.userName,
      nickName: row.nickName,
      userType: row.userType as UserType,
      deptId: row.deptId,
      enterpriseId: row.enterpriseId,
      personId: row.personId,
      phone: row.phone,
      email: row.email,
      sex: row.sex as UserRecord['sex'],
      status: row.status as UserRecord['status'],
      remark: row.remark,
      roleIds: roles.map((r) => r.roleId).sort((a, b) => a - b),
    },
  };
}

const proposedText = (key: string) => sql<string>`${sysRecordReview.proposed}->>${key}`;

/**
 * Checks a proposed record against the database; answers its role keys. `self` is the user being
 * changed (null for a new one) and `selfReview` a pending create the record belongs to (import).
 */
export async function checkUserRecord(db: DbOrTx, rec: UserRecord, self: number | null): Promise<string[]> {
  if ((rec.userType === '00' || rec.userType === '02') && rec.deptId === null) throw badRequest('请选择部门', 'deptId');
  if (rec.userType === '03' && rec.enterpriseId === null) throw badRequest('企业用户须选择所属企业', 'enterpriseId');
  if (rec.deptId !== null) {
    const [d] = await db.select({ status: sysDept.status }).from(sysDept).where(eq(sysDept.deptId, rec.deptId));
    if (!d) throw badRequest('部门不存在', 'deptId');
    if (d.status !== '1') throw badRequest('部门已停用，不能选择', 'deptId');
  }
  if (rec.enterpriseId !== null) {
    const [e] = await db.select({ id: enterprise.id }).from(enterprise).where(eq(enterprise.id, rec.enterpriseId));
    if (!e) throw badRequest('所属企业不存在', 'enterpriseId');
  }
  if (rec.personId !== null) {
    const [p] = await db.select({ id: person.id }).from(person).where(eq(person.id, rec.personId));
    if (!p) throw badRequest('人员不存在', 'personId');
  }
  const roles = await db
    .select({ roleId: sysRole.roleId, roleKey: sysRole.roleKey, status: sysRole.status })
    .from(sysRole)
    .where(inArray(sysRole.roleId, rec.roleIds));
  if (roles.length !== rec.roleIds.length) throw badRequest('所选角色不存在或尚未审核通过', 'roleIds');
  if (roles.some((r) => r.status !== '1')) throw badRequest('所选角色已停用，不能分配', 'roleIds');
  const roleKeys = roles.map((r) => r.roleKey);
  assertSeparationOfDuties(roleKeys, rec.userType);

  const others = self === null ? undefined : ne(sysUser.userId, self);
  const [taken] = await db
    .select({ id: sysUser.userId })
    .from(sysUser)
    .where(and(sql`lower(${sysUser.userName}) = lower(${rec.userName})`, others));
  const [waiting] = await db
    .select({ id: sysRecordReview.id })
    .from(sysRecordReview)
    .where(
      and(
        eq(sysRecordReview.entity, 'user'),
        eq(sysRecordReview.state, 'pending'),
        eq(sysRecordReview.checkStatus, '0'),
        sql`lower(${proposedText('userName')}) = lower(${rec.userName})`,
      ),
    );
  if (taken || waiting) throw new AppError(409, `登录名“${rec.userName}”已存在`, 'userName');
  if (rec.phone) {
    const [phoneTaken] = await db
      .select({ id: sysUser.userId })
      .from(sysUser)
      .where(and(eq(sysUser.phone, rec.phone), others));
    const [phoneWaiting] = await db
      .select({ id: sysRecordReview.id })
      .from(sysRecordReview)
      .where(
        and(
          eq(sysRecordReview.entity, 'user'),
          eq(sysRecordReview.state, 'pending'),
          eq(sysRecordReview.checkStatus, '0'),
          eq(proposedText('phone'), rec.phone),
        ),
      );
    if (phoneTaken || phoneWaiting) throw new AppError(409, `手机号码“${rec.phone}”已被其他用户使用`, 'phone');
  }
  return roleKeys;
}

/** The labels of the reviewer's diff, in form order. */
export const USER_LABELS = [
  ['userName', '登录名'],
  ['nickName', '用户名称'],
  ['userType', '用户类型'],
  ['deptId', '部门'],
  ['enterpriseId', '所属企业'],
  ['personId', '人员'],
  ['phone', '手机号码'],
  ['email', '邮箱'],
  ['sex', '性别'],
  ['status', '状态'],
  ['roleIds', '角色'],
  ['remark', '备注'],
] as const;

/** Field values in words (names instead of ids) for the diff. */
export async function displayUser(db: DbOrTx, rec: UserRecord | null): Promise<DisplayRecord | null> {
  if (!rec) return null;
  const [dept] =
    rec.deptId === null
      ? []
      : await db.select({ name: sysDept.deptName }).from(sysDept).where(eq(sysDept.deptId, rec.deptId));
  const [ent] =
    rec.enterpriseId === null
      ? []
      : await db.select({ name: enterprise.name }).from(enterprise).where(eq(enterprise.id, rec.enterpriseId));
  const [per] =
    rec.personId === null
      ? []
      : await db.select({ name: person.name, idNo: person.idNo }).from(person).where(eq(person.id, rec.personId));
  const roles = rec.roleIds.length
    ? await db
        .select({ roleId: sysRole.roleId, roleName: sysRole.roleName })
        .from(sysRole)
        .where(inArray(sysRole.roleId, rec.roleIds))
    : [];
  const roleName = new Map(roles.map((r) => [r.roleId, r.roleName]));
  return {
    userName: rec.userName,
    nickName: rec.nickName,
    userType: `${rec.userType} ${USER_TYPES[rec.userType] ?? ''}`.trim(),
    deptId: rec.deptId === null ? '' : (dept?.name ?? `#${rec.deptId}`),
    enterpriseId: rec.enterpriseId === null ? '' : (ent?.name ?? `#${rec.enterpriseId}`),
    personId: rec.personId === null ? '' : per ? `${per.name}（${maskIdNo(per.idNo)}）` : `#${rec.personId}`,
    phone: maskPhone(rec.phone) ?? '',
    email: rec.email ?? '',
    sex: SEX[rec.sex] ?? rec.sex,
    status: STATUS[rec.status] ?? rec.status,
    roleIds: rec.roleIds.map((id) => roleName.get(id) ?? `#${id}`),
    remark: rec.remark ?? '',
  };
}

/** Why this user cannot be deleted (kept records point at him), or null. */
export async function deleteBlocker(db: DbOrTx, userId: number): Promise<string | null> {
  const checks: [Promise<{ n: number }[]>, string][] = [
    [
      db
        .select({ n: count() })
        .from(application)
        .where(or(eq(application.applicantUserId, userId), eq(application.holderUserId, userId))),
      '业务申请',
    ],
    [db.select({ n: count() }).from(applicationHistory).where(eq(applicationHistory.actorId, userId)), '办理记录'],
    [
      db
        .select({ n: count() })
        .from(sysRecordReview)
        .where(or(eq(sysRecordReview.submittedBy, userId), eq(sysRecordReview.reviewedBy, userId))),
      '审核记录',
    ],
    [db.select({ n: count() }).from(sysOss).where(eq(sysOss.createdBy, userId)), '上传文件'],
  ];
  for (const [query, what] of checks) {
    const [row] = await query;
    if ((row?.n ?? 0) > 0) return `该用户已有${what}，为保留审计记录不能删除，请改为停用`;
  }
  return null;
}

async function roleKeysOf(db: DbOrTx, roleIds: readonly number[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  return (
    await db
      .select({ roleKey: sysRole.roleKey })
      .from(sysRole)
      .where(inArray(sysRole.roleId, [...roleIds]))
  ).map((r) => r.roleKey);
}

/** Approved: writes the change to the live record (inside the reviewer's transaction). Answers the user id. */
export async function applyUserChange(
  ctx: AppContext,
  tx: DbOrTx,
  change: 'create' | 'update' | 'delete',
  recordId: number | null,
  proposed: ProposedUser,
  current: UserRecord | null,
  /** The warnings the submitter chose and the reviewer named (the submission's). */
  accepted: readonly ReviewWarning[] = [],
): Promise<number> {
  const now = ctx.clock.now();
  if (change === 'create') {
    const rec = recordOf(proposed);
    // The decision is already stored, so this submission no longer reserves the name: any clash is real.
    await checkUserRecord(tx, rec, null);
    if (!proposed.passwordHash) throw conflict('新增用户缺少初始密码');
    const [row] = await tx
      .insert(sysUser)
      .values({
        userName: rec.userName,
        nickName: rec.nickName,
        userType: rec.userType,
        deptId: rec.deptId,
        enterpriseId: rec.enterpriseId,
        personId: rec.personId,
        phone: rec.phone,
        email: rec.email,
        sex: rec.sex,
        status: rec.status,
        remark: rec.remark,
        passwordHash: proposed.passwordHash,
        passwordChangedAt: now,
        mustChangePassword: true,
        checkStatus: null,
        duty: dutyOf(await roleKeysOf(tx, rec.roleIds)),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ userId: sysUser.userId });
    await tx.insert(sysUserRole).values(rec.roleIds.map((roleId) => ({ userId: row!.userId, roleId })));
    return row!.userId;
  }
  if (recordId === null) throw conflict('审核记录缺少用户编号');
  const live = await liveUser(tx, recordId);
  const rec = recordOf(proposed);
  const delta = changedKeys(current ?? live.record, rec);
  const next: UserRecord = { ...live.record };
  Object.assign(next, Object.fromEntries(delta.map((k) => [k, rec[k]])));
  // The world may have moved since the submission (the person got certificates): what was not chosen is not done.
  const effect = await userChangeEffect(tx, live.record, change === 'delete' ? null : next);
  const unchosen = effect.warnings.filter((w) => !accepted.includes(w.code));
  if (unchosen.length > 0)
    throw conflict(`提交后情况已变化：${unchosen.map((w) => w.message).join('；')}。请驳回后重新提交`);
  if (change === 'delete') {
    const blocker = await deleteBlocker(tx, recordId);
    if (blocker) throw conflict(blocker);
    await endUserSessions(ctx, tx, recordId, 'deleted');
    await tx.delete(sysUser).where(eq(sysUser.userId, recordId));
    return recordId;
  }
  // Only what the submitter changed is written (next): a status change made meanwhile stays.
  await checkUserRecord(tx, next, recordId);
  const rolesChanged = !sameIds(next.roleIds, live.record.roleIds);
  await tx
    .update(sysUser)
    .set({
      nickName: next.nickName,
      userName: next.userName,
      userType: next.userType,
      deptId: next.deptId,
      enterpriseId: next.enterpriseId,
      personId: next.personId,
      phone: next.phone,
      email: next.email,
      sex: next.sex,
      remark: next.remark,
      status: next.status,
      checkStatus: null,
      duty: dutyOf(await roleKeysOf(tx, next.roleIds)),
      updatedAt: now,
    })
    .where(eq(sysUser.userId, recordId));
  if (rolesChanged) {
    await tx.delete(sysUserRole).where(eq(sysUserRole.userId, recordId));
    await tx.insert(sysUserRole).values(next.roleIds.map((roleId) => ({ userId: recordId, roleId })));
    await endUserSessions(ctx, tx, recordId, 'roles');
  } else if (next.status === '0' && live.record.status !== '0') {
    await endUserSessions(ctx, tx, recordId, 'disabled');
  }
  return recordId;
}
