/**
 * What the business rules read about a person, a certificate and the applying enterprise: gathered
 * from the database in one place so the pre-check and the submit check see the same facts.
 */
import {
  and,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  application,
  certificate,
  educationRecord,
  employmentRecord,
  enterprise,
  examBatch,
  examResult,
  examSignup,
  person,
  punishment,
  regConstructor,
  sysConfig,
  sysUser,
} from '../../db/schema.js';
import { addDays, addYears, chinaDate } from '../../lib/days.js';
import type { Clock } from '../../lib/clock.js';
import { SUSPENSION } from '../credit/inForce.js';

export type PersonRow = typeof person.$inferSelect;
export type CertificateRow = typeof certificate.$inferSelect;
export type EnterpriseRow = typeof enterprise.$inferSelect;

/** The business numbers of DOMAIN.md (sys_config biz.*), read before any transaction. */
export interface BizPolicy {
  delayWindowDays: number;
  hoursPerYear: number;
  maxAgeB: number;
  maxAgeC: number;
  minAge: number;
  minWorkYears: number;
}

const POLICY_KEYS: Record<keyof BizPolicy, [string, number]> = {
  delayWindowDays: ['biz.delay.windowDays', 90],
  hoursPerYear: ['biz.delay.hoursPerYear', 24],
  maxAgeB: ['biz.age.max.B', 65],
  maxAgeC: ['biz.age.max.C', 60],
  minAge: ['biz.age.min', 18],
  minWorkYears: ['biz.newCert.minWorkYears', 2],
};

export async function readBizPolicy(db: DbOrTx): Promise<BizPolicy> {
  const rows = await db
    .select({ key: sysConfig.configKey, value: sysConfig.configValue })
    .from(sysConfig)
    .where(
      inArray(
        sysConfig.configKey,
        Object.values(POLICY_KEYS).map(([k]) => k),
      ),
    );
  const byKey = new Map(rows.map((r) => [r.key, Number(r.value)]));
  const policy = {} as BizPolicy;
  for (const [field, [key, fallback]] of Object.entries(POLICY_KEYS) as [keyof BizPolicy, [string, number]][]) {
    const n = byKey.get(key);
    policy[field] = n !== undefined && Number.isFinite(n) && n > 0 ? n : fallback;
  }
  return policy;
}

export const todayOf = (clock: Clock): string => chinaDate(clock.now());

/** Whole years between a birth date and a day (both YYYY-MM-DD). */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** The individual user account of a person (the holder who confirms), if the person has one. */
export async function holderUserOf(db: DbOrTx, personId: number): Promise<number | null> {
  const [u] = await db
    .select({ userId: sysUser.userId })
    .from(sysUser)
    .where(and(eq(sysUser.personId, personId), eq(sysUser.userType, '04'), eq(sysUser.status, '1')))
    .limit(1);
  return u?.userId ?? null;
}

export async function findPerson(db: DbOrTx, id: number): Promise<PersonRow | null> {
  const [p] = await db.select().from(person).where(eq(person.id, id));
  return p ?? null;
}

/** The certificate as stored: its status is today's (the certificate machine's writer keeps it). */
export async function findCertificate(db: DbOrTx, id: number): Promise<CertificateRow | null> {
  const [c] = await db.select().from(certificate).where(eq(certificate.id, id));
  return c ?? null;
}

export async function findEnterprise(db: DbOrTx, id: number): Promise<EnterpriseRow | null> {
  const [e] = await db.select().from(enterprise).where(eq(enterprise.id, id));
  return e ?? null;
}

/** Every certificate the person holds or held. */
export const certificatesOf = (db: DbOrTx, personId: number) =>
  db.select().from(certificate).where(eq(certificate.personId, personId));

export interface EmploymentFacts {
  /** The three databases have a current record of the person. */
  employed: boolean;
  /** Every current record names the applying enterprise. */
  employerIsApplicant: boolean;
  /** Years of construction work: from the earliest record to today. */
  workYears: number;
}

export async function employmentFacts(
  db: DbOrTx,
  personId: number,
  enterpriseId: number,
  today: string,
): Promise<EmploymentFacts> {
  const rows = await db.select().from(employmentRecord).where(eq(employmentRecord.personId, personId));
  const current = rows.filter((r) => r.startDate <= today && (r.endDate === null || r.endDate >= today));
  const earliest = rows.reduce<string | null>(
    (min, r) => (min === null || r.startDate < min ? r.startDate : min),
    null,
  );
  return {
    employed: current.length > 0,
    employerIsApplicant: current.length > 0 && current.every((r) => r.enterpriseId === enterpriseId),
    workYears: earliest ? ageOn(earliest, today) : 0,
  };
}

/** The person works at the enterprise now: its staff register says so, or the three databases have a current record there. */
export async function employedAt(db: DbOrTx, personId: number, enterpriseId: number, today: string): Promise<boolean> {
  const [p] = await db.select({ enterpriseId: person.enterpriseId }).from(person).where(eq(person.id, personId));
  if (p?.enterpriseId === enterpriseId) return true;
  const rows = await db
    .select()
    .from(employmentRecord)
    .where(and(eq(employmentRecord.personId, personId), eq(employmentRecord.enterpriseId, enterpriseId)));
  return rows.some((r) => r.startDate <= today && (r.endDate === null || r.endDate >= today));
}

export async function hasValidConstructorReg(
  db: DbOrTx,
  personId: number,
  enterpriseId: number,
  today: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: regConstructor.id })
    .from(regConstructor)
    .where(
      and(
        eq(regConstructor.personId, personId),
        eq(regConstructor.enterpriseId, enterpriseId),
        eq(regConstructor.status, '0'),
        or(isNull(regConstructor.validTo), gte(regConstructor.validTo, today)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Which continuing-education rows count toward a certificate (DOMAIN.md delay rule 2): the holder's
 * rows for this certificate (or for no certificate in particular) finished within its validity
 * period. Built from values or from columns, so a list can sum it per certificate in SQL and the
 * rule reads exactly the same rows.
 */
export function educationCountsToward(cert: {
  personId: number | SQLWrapper;
  certNo: string | SQLWrapper;
  validFrom: string | SQLWrapper;
  expiryDate: string | SQLWrapper;
}): SQL {
  return and(
    eq(educationRecord.personId, cert.personId),
    or(eq(educationRecord.certNo, cert.certNo), isNull(educationRecord.certNo)),
    gte(educationRecord.finishedOn, cert.validFrom),
    lte(educationRecord.finishedOn, cert.expiryDate),
  )!;
}

/** Years of a certificate's validity period (DOMAIN.md: 3 years). */
const CERTIFICATE_YEARS = 3;

/** Hours a certificate needs in its validity period: the yearly requirement (sys_config) times the three years of validity. */
export const requiredEducationHours = (policy: Pick<BizPolicy, 'hoursPerYear'>): number =>
  policy.hoursPerYear * CERTIFICATE_YEARS;

/** Continuing-education hours earned within a certificate's validity period. */
export async function educationHours(db: DbOrTx, cert: CertificateRow): Promise<number> {
  const [row] = await db
    .select({ hours: sql<string>`coalesce(sum(${educationRecord.hours}), 0)` })
    .from(educationRecord)
    .where(educationCountsToward(cert));
  return Number(row?.hours ?? 0);
}

/** In progress: saved, waiting for the holder, submitted or under review (not deleted, not closed). */
const IN_PROGRESS_STATUSES = [0, 1, 2, 3];

/** Another application in progress for this certificate (or, without one, for this person and category). */
export async function otherBusinessInProgress(
  db: DbOrTx,
  target: {
    certificateId?: number | null;
    personId?: number | null;
    enterpriseId?: number | null;
    businessType?: string;
  },
  excludeApplicationId: number | null,
): Promise<boolean> {
  const conds = [inArray(application.status, IN_PROGRESS_STATUSES), eq(application.deleted, false)];
  if (excludeApplicationId) conds.push(ne(application.id, excludeApplicationId));
  if (target.certificateId) conds.push(eq(application.certificateId, target.certificateId));
  else if (target.personId) conds.push(eq(application.personId, target.personId));
  else if (target.enterpriseId) conds.push(eq(application.enterpriseId, target.enterpriseId));
  if (target.businessType) conds.push(eq(application.businessType, target.businessType));
  const rows = await db
    .select({ id: application.id })
    .from(application)
    .where(and(...conds))
    .limit(1);
  return rows.length > 0;
}

/**
 * A 暂扣 (suspension) in force today: for a certificate, its status as of today is 02 (an approved
 * punishment of it in force, or a 02 no punishment explains); without one, any approved 暂扣 of the
 * person in force. Punishments waiting for review or rejected count for nothing.
 */
export async function suspended(
  db: DbOrTx,
  personId: number,
  cert: CertificateRow | null,
  today: string,
): Promise<boolean> {
  if (cert) return cert.status === '02';
  const rows = await db
    .select({ id: punishment.id })
    .from(punishment)
    .where(
      and(
        eq(punishment.personId, personId),
        eq(punishment.type, SUSPENSION),
        eq(punishment.reviewState, 'approved'),
        lte(punishment.startDate, today),
        or(isNull(punishment.endDate), gte(punishment.endDate, today)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** A ban after an approved 吊销/撤销, in force today: no exam and no new certificate until it ends. */
export interface ActiveBan {
  banUntil: string;
  type: string;
  docNo: string;
  reason: string;
}

export async function activeBan(db: DbOrTx, personId: number, today: string): Promise<ActiveBan | null> {
  const [row] = await db
    .select({
      banUntil: punishment.banUntil,
      type: punishment.type,
      docNo: punishment.docNo,
      reason: punishment.reason,
    })
    .from(punishment)
    .where(
      and(
        eq(punishment.personId, personId),
        eq(punishment.reviewState, 'approved'),
        isNotNull(punishment.banUntil),
        gte(punishment.banUntil, today),
      ),
    )
    .orderBy(desc(punishment.banUntil))
    .limit(1);
  return row?.banUntil ? { ...row, banUntil: row.banUntil } : null;
}

/** The last day of a ban in force (see {@link activeBan}), or null. */
export async function bannedUntil(db: DbOrTx, personId: number, today: string): Promise<string | null> {
  return (await activeBan(db, personId, today))?.banUntil ?? null;
}

/** The words of a ban refusal: what, why, until when. */
export const banMessage = (ban: ActiveBan): string =>
  `申请人因${ban.reason}被${ban.type}证书（${ban.docNo}），禁止考核期至 ${ban.banUntil}，期满前不能报考或申请新办证书`;

/**
 * Passed both exam parts of the category (an unclassified C pass counts for C1/C2/C3 alike is not
 * assumed). A result of a sign-up counts once its batch has published the results (until then
 * staff may still correct it); a result without a sign-up predates the platform and counts as it is.
 */
export async function passedExam(db: DbOrTx, personId: number, category: string, today: string): Promise<boolean> {
  return (await passedCategoriesOf(db, [personId], today, category)).has(personId);
}

/** The categories each person passed as the new-certificate rule counts a pass (see {@link passedExam}). */
export async function passedCategoriesOf(
  db: DbOrTx,
  personIds: readonly number[],
  today: string,
  category?: string,
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (personIds.length === 0) return out;
  const rows = await db
    .selectDistinct({ personId: examResult.personId, category: examResult.category })
    .from(examResult)
    .leftJoin(examSignup, eq(examSignup.id, examResult.signupId))
    .leftJoin(examBatch, eq(examBatch.id, examSignup.batchId))
    .where(
      and(
        inArray(examResult.personId, [...personIds]),
        category ? eq(examResult.category, category) : undefined,
        eq(examResult.attended, '1'),
        eq(examResult.knowledgeResult, '1'),
        eq(examResult.abilityResult, '1'),
        // An exam pass is good for a new certificate for three years.
        gte(examResult.examDate, addYears(today, -3)),
        or(isNull(examResult.signupId), eq(examBatch.state, 'published')),
      ),
    )
    .orderBy(examResult.category);
  for (const r of rows) out.set(r.personId, [...(out.get(r.personId) ?? []), r.category]);
  return out;
}

export { addDays, addYears };
