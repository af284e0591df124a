/**
 * Demo punishments (CreditManagement), recorded and reviewed through the credit service as the
 * centre staff would: one officer submits, a second approves (or rejects), so every punishment has
 * its review record and every certificate change its kept version. Per area: each type approved
 * (暂扣 in force and one already over, 吊销 and 撤销 with their bans), one waiting for review and,
 * in Guangzhou, one rejected. They punish holders at enterprises other than the three demo
 * enterprises, whose cases the tests rely on — except the delay case 冯雪梅 (delaySuspended) of each
 * demo enterprise, whose approved 暂扣 makes delay answer 9.
 */
import { and, asc, eq, gte, inArray, notExists, notInArray, or, sql } from 'drizzle-orm';
import type { AuthUser } from '../context.js';
import type { Tx } from '../db/client.js';
import {
  certificate,
  enterprise,
  person,
  sysDept,
  sysMenu,
  sysRole,
  sysRoleMenu,
  sysUser,
  sysUserRole,
} from '../db/schema.js';
import { fixedClock } from '../lib/clock.js';
import { addDays, chinaDate } from '../lib/days.js';
import type { PunishmentFields } from '../modules/credit/record.js';
import { decide, submitNew, type CreditEnv } from '../modules/credit/service.js';
import { CASE_ENTERPRISE_USERS, caseIdNo } from './businessCases.js';

const AREAS = [
  { area: '1', submitter: 'gz_sl', reviewer: 'gz_sh', city: '穗' },
  { area: '2', submitter: 'sz_staff', reviewer: 'province', city: '深' },
  { area: '3', submitter: 'prov_staff', reviewer: 'province', city: '粤' },
] as const;

type Outcome = 'approved' | 'pending' | 'rejected';
interface Plan {
  fields: Omit<PunishmentFields, 'certificateIds' | 'fileIds' | 'docNo'>;
  outcome: Outcome;
}

/** Days relative to the seed's China day. */
const plans = (today: string): Record<'1' | '2' | '3', Plan[]> => {
  const day = (n: number) => addDays(today, n);
  const warning: Plan = {
    outcome: 'approved',
    fields: {
      type: '警告',
      violateType: 'absent_post',
      reason: '项目检查中发现安全生产管理人员未在岗履职',
      startDate: day(-90),
    },
  };
  const fine: Plan = {
    outcome: 'approved',
    fields: {
      type: '罚款',
      violateType: 'duty_failure',
      reason: '未依法履行安全生产管理职责，处罚款人民币二万元',
      startDate: day(-45),
    },
  };
  const suspension: Plan = {
    outcome: 'approved',
    fields: {
      type: '暂扣',
      violateType: 'accident_liability',
      reason: '对一般生产安全事故负有责任，暂扣安全生产考核合格证书六个月',
      startDate: day(-30),
      endDate: day(150),
    },
  };
  const revocation: Plan = {
    outcome: 'approved',
    fields: {
      type: '吊销',
      violateType: 'false_material',
      reason: '申请证书延期时提供虚假继续教育证明',
      startDate: day(-60),
    },
  };
  const rescission: Plan = {
    outcome: 'approved',
    fields: {
      type: '撤销',
      violateType: 'fraud_bribery',
      reason: '以贿赂手段取得安全生产考核合格证书',
      startDate: day(-10),
    },
  };
  const points: Plan = {
    outcome: 'approved',
    fields: {
      type: '记分',
      violateType: 'no_education',
      reason: '未按规定参加安全生产继续教育，记 1 分',
      startDate: day(-20),
    },
  };
  return {
    '1': [
      warning,
      fine,
      suspension,
      {
        outcome: 'approved',
        fields: {
          type: '暂扣',
          violateType: 'absent_post',
          reason: '人证不符，暂扣证书三个月（已期满）',
          startDate: day(-200),
          endDate: day(-110),
        },
      },
      revocation,
      rescission,
      points,
      {
        outcome: 'pending',
        fields: {
          type: '暂扣',
          violateType: 'cert_lending',
          reason: '出借安全生产考核合格证书，拟暂扣证书三个月',
          startDate: day(1),
          endDate: day(91),
        },
      },
      {
        outcome: 'rejected',
        fields: { type: '罚款', violateType: 'info_change_late', reason: '信息变更未按规定办理', startDate: day(-5) },
      },
    ],
    '2': [warning, suspension, revocation, { ...points, outcome: 'pending' }],
    '3': [
      fine,
      rescission,
      { ...suspension, outcome: 'pending', fields: { ...suspension.fields, startDate: day(0), endDate: day(180) } },
    ],
  };
};

/** A staff account as the permission and scope checks see it (the seed has no session). */
async function caller(tx: Tx, userName: string): Promise<AuthUser> {
  const [u] = await tx
    .select({ user: sysUser, area: sysDept.area })
    .from(sysUser)
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .where(eq(sysUser.userName, userName));
  if (!u) throw new Error(`demo credit: no user ${userName}`);
  const perms = await tx
    .selectDistinct({ key: sysMenu.menuKey })
    .from(sysUserRole)
    .innerJoin(sysRoleMenu, eq(sysRoleMenu.roleId, sysUserRole.roleId))
    .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
    .where(eq(sysUserRole.userId, u.user.userId));
  const permissions = new Set(perms.map((p) => p.key).filter((k): k is string => !!k));
  const roles = await tx
    .select({ key: sysRole.roleKey })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(eq(sysUserRole.userId, u.user.userId));
  const roleKeys = roles.map((r) => r.key);
  return {
    userId: u.user.userId,
    userName: u.user.userName,
    nickName: u.user.nickName,
    userType: u.user.userType as AuthUser['userType'],
    duty: u.user.duty,
    roleKeys,
    permissions,
    area: roleKeys.includes('adminProvince') ? 'all' : (u.area as AuthUser['area']),
    enterpriseId: u.user.enterpriseId,
    personId: u.user.personId,
    mustChangePassword: false,
    passwordExpired: false,
    tokenHash: '',
  };
}

/** Valid certificates far from their delay window, one per holder, of the area's other enterprises and holders without an account. */
async function targets(tx: Tx, area: string, excluded: number[], today: string, n: number): Promise<number[]> {
  const rows = await tx
    .select({ id: certificate.id, personId: certificate.personId })
    .from(certificate)
    .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId))
    .where(
      and(
        eq(enterprise.ownership, area),
        notInArray(enterprise.id, excluded.length ? excluded : [0]),
        eq(certificate.status, '01'),
        gte(certificate.expiryDate, addDays(today, 200)),
        // Each enterprise keeps its one valid 法定代表人 A certificate.
        or(sql`${certificate.category} <> 'A'`, sql`${certificate.position} <> '01'`),
        notExists(tx.select({ one: sql`1` }).from(sysUser).where(eq(sysUser.personId, certificate.personId))),
      ),
    )
    .orderBy(asc(certificate.id));
  const seen = new Set<number>();
  const out: number[] = [];
  for (const r of rows) {
    if (seen.has(r.personId)) continue;
    seen.add(r.personId);
    out.push(r.id);
    if (out.length === n) break;
  }
  return out;
}

export async function seedDemoCredit(tx: Tx, now: Date): Promise<number> {
  const env: CreditEnv = { clock: fixedClock(now) };
  const today = chinaDate(now);
  const year = today.slice(0, 4);
  const demoEnterprises = (
    await tx
      .select({ enterpriseId: sysUser.enterpriseId })
      .from(sysUser)
      .where(inArray(sysUser.userName, [...CASE_ENTERPRISE_USERS]))
  ).flatMap((u) => (u.enterpriseId ? [u.enterpriseId] : []));
  const byArea = plans(today);
  let count = 0;
  let seq = 0;
  const record = async (
    submitter: AuthUser,
    reviewer: AuthUser,
    plan: Plan,
    certificateIds: number[],
    city: string,
  ) => {
    seq += 1;
    const docNo = `${city}建罚〔${year}〕${String(100 + seq).padStart(4, '0')}号`;
    const { reviewId } = await submitNew(env, tx, submitter, { ...plan.fields, docNo, certificateIds, fileIds: [] });
    if (plan.outcome === 'approved') await decide(env, tx, reviewer, reviewId!, true, '事实清楚，依据充分，同意');
    if (plan.outcome === 'rejected')
      await decide(env, tx, reviewer, reviewId!, false, '处罚依据引用有误，请核对后重新提交');
    count += 1;
  };
  for (const a of AREAS) {
    const submitter = await caller(tx, a.submitter);
    const reviewer = await caller(tx, a.reviewer);
    const list = byArea[a.area];
    const certs = await targets(tx, a.area, demoEnterprises, today, list.length);
    for (const [i, plan] of list.entries()) if (certs[i]) await record(submitter, reviewer, plan, [certs[i]], a.city);
  }
  // The delay case 9 of each demo enterprise: an approved 暂扣 in force.
  for (const [entIndex, userName] of CASE_ENTERPRISE_USERS.entries()) {
    const a = AREAS[entIndex]!;
    const [p] = await tx
      .select({ id: person.id })
      .from(person)
      .where(eq(person.idNo, caseIdNo(entIndex, 'delaySuspended', today)));
    if (!p) continue;
    const certs = await tx
      .select({ id: certificate.id })
      .from(certificate)
      .where(and(eq(certificate.personId, p.id), eq(certificate.status, '01')));
    if (certs.length === 0 || !userName) continue;
    await record(
      await caller(tx, a.submitter),
      await caller(tx, a.reviewer),
      {
        outcome: 'approved',
        fields: {
          type: '暂扣',
          violateType: 'duty_failure',
          reason: '未按规定履行安全生产管理职责',
          startDate: addDays(today, -20),
          endDate: addDays(today, 160),
        },
      },
      certs.map((c) => c.id),
      a.city,
    );
  }
  return count;
}
