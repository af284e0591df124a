/**
 * Every rule of DOMAIN.md for every business type, as one answer: code 0 and the facts when the
 * application may go on, else the first failing rule's code and words. The pre-check
 * (GET /applyCertification/checkDataByApplyId) and the submit (SUBMIT through the engine) call the
 * same function, so the answer is the same whether or not the client asked first. Delay runs the
 * delayEligibility machine; its codes 1–9 are reused by the other types where the rule is the same.
 */
import {
  checkDelayEligibility,
  DELAY_ELIGIBILITY_MESSAGES,
  type DelayFacts,
} from '../../../machines/delayEligibility.machine.js';
import { ageLimitText, isOverAgeLimit, type AgeLimitSubject, type YearLimits } from '../../../machines/ageLimits.js';
import type { BusinessType } from '../../../machines/businessTypes.js';
import {
  CERT_STATUS_LABELS,
  CERT_STATUSES,
  hasStatutoryLength,
  statutoryExpiryOf,
  type CertStatus,
} from '../../../machines/certificate.machine.js';
import type { DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import {
  activeBan,
  ageOn,
  banMessage,
  certificatesOf,
  educationHours,
  employmentFacts,
  findCertificate,
  findEnterprise,
  findPerson,
  hasValidConstructorReg,
  otherBusinessInProgress,
  passedExam,
  readBizPolicy,
  requiredEducationHours,
  suspended,
  todayOf,
  type BizPolicy,
  type CertificateRow,
  type PersonRow,
} from './facts.js';
import { parsePayload, type Category, type PayloadOf } from './payloads.js';
import { certificate, enterprise } from '../../db/schema.js';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { delayedValidity } from './validity.js';
import { maskIdNo } from '../../services/personalData.js';

/** Rule codes beyond the nine delay codes of SPEC 4 (shown with the message; 0 = may go on). */
export const RULE = {
  window: 1,
  hours: 2,
  constructorReg: 3,
  inProgress: 4,
  age: 5,
  noEmployment: 6,
  employerMismatch: 7,
  holding: 8,
  suspension: 9,
  exam: 10,
  qualification: 11,
  workYears: 12,
  certificateState: 13,
  legalRepExists: 14,
  expiredSameCategory: 15,
  ban: 16,
  minAge: 17,
  enterpriseState: 18,
  sameEnterprise: 19,
  payload: 20,
  person: 21,
} as const;

export interface Draft {
  businessType: BusinessType;
  /** The saved application being checked (excluded from "other business in progress"). */
  applicationId: number | null;
  /** The applying enterprise (the holder's enterprise for a person's own revocation). */
  enterpriseId: number | null;
  personId: number | null;
  certificateId: number | null;
  payload: unknown;
  applicantUserId: number;
}

export interface RuleAnswer {
  code: number;
  message: string;
  /** The payload field at fault, when the rule is about the form. */
  field?: string;
  /** What the rules looked at (shown in the apply modal's summary). */
  facts: Record<string, unknown>;
  /** Worth knowing but not blocking. */
  warnings: string[];
}

const ok = (facts: Record<string, unknown>, warnings: string[] = []): RuleAnswer => ({
  code: 0,
  message: '校验通过，可以申请',
  facts,
  warnings,
});
const fail = (code: number, message: string, facts: Record<string, unknown> = {}, field?: string): RuleAnswer => ({
  code,
  message,
  facts,
  warnings: [],
  field,
});

const LIVE = ['01', '02'];
const isLive = (c: CertificateRow) => LIVE.includes(c.status);

/** Holding rules of DOMAIN.md: a new `category` for the person next to `others` (their live certificates). */
export function holdingConflict(
  category: Category,
  others: readonly Pick<CertificateRow, 'category' | 'certNo'>[],
): string | null {
  for (const o of others) {
    const c = o.category;
    if (c === category) return `已持有同类别（${c}）的有效证书 ${o.certNo}`;
    if ((category === 'C3' && (c === 'C1' || c === 'C2')) || (c === 'C3' && (category === 'C1' || category === 'C2'))) {
      return `C1、C2 证书不能与 C3 证书同时持有（已持有 ${o.certNo}）`;
    }
  }
  return null;
}

export const yearLimitsOf = (policy: BizPolicy): YearLimits => ({ B: policy.maxAgeB, C: policy.maxAgeC });

/** The holder of a certificate of `category` as the age limits see them (machines/ageLimits.ts). */
export const ageSubject = (category: string, position: string, p: PersonRow): AgeLimitSubject => ({
  birthDate: p.birthDate,
  sex: p.sex,
  category,
  isLegalRepresentative: category === 'A' && position === '01',
});

/** Over the age limit for keeping a certificate (delay, transfer, change), counted to the day: only 注销 is left. */
function overAge(
  category: string,
  position: string,
  p: PersonRow,
  policy: BizPolicy,
  today: string,
): RuleAnswer | null {
  const subject = ageSubject(category, position, p);
  if (!isOverAgeLimit(subject, today, yearLimitsOf(policy))) return null;
  const age = ageOn(p.birthDate, today);
  return fail(
    RULE.age,
    `${DELAY_ELIGIBILITY_MESSAGES[5]}（${ageLimitText(subject, yearLimitsOf(policy))}），只能办理注销`,
    { age },
  );
}

// The identity number only masked: facts are shown to whoever sees the check and kept in the history (issue #47 item 4).
const personFacts = (p: PersonRow, today: string) => ({
  personId: p.id,
  name: p.name,
  idNo: maskIdNo(p.idNo),
  sex: p.sex,
  age: ageOn(p.birthDate, today),
});
const certFacts = (c: CertificateRow) => ({
  certificateId: c.id,
  certNo: c.certNo,
  category: c.category,
  position: c.position,
  issueDate: c.issueDate,
  expiryDate: c.expiryDate,
  status: c.status,
  version: c.version,
});

interface Ctx {
  db: DbOrTx;
  today: string;
  policy: BizPolicy;
  draft: Draft;
}

/** The person's live certificates other than `exclude`. */
async function otherLive(db: DbOrTx, personId: number, exclude: number | null): Promise<CertificateRow[]> {
  return (await certificatesOf(db, personId)).filter((c) => isLive(c) && c.id !== exclude);
}

async function employmentRules(
  c: Ctx,
  personId: number,
  enterpriseId: number,
  facts: Record<string, unknown>,
): Promise<RuleAnswer | null> {
  const emp = await employmentFacts(c.db, personId, enterpriseId, c.today);
  Object.assign(facts, {
    employed: emp.employed,
    employerIsApplicant: emp.employerIsApplicant,
    workYears: emp.workYears,
  });
  if (!emp.employed) return fail(RULE.noEmployment, DELAY_ELIGIBILITY_MESSAGES[6], facts);
  if (!emp.employerIsApplicant) return fail(RULE.employerMismatch, DELAY_ELIGIBILITY_MESSAGES[7], facts);
  return null;
}

/** The certificate exists, is live and (unless `anyEnterprise`) belongs to the applying enterprise. */
async function loadOwnCertificate(
  c: Ctx,
  opts: { anyEnterprise?: boolean; allowStatuses?: string[] } = {},
): Promise<{ cert: CertificateRow; holder: PersonRow } | RuleAnswer> {
  const { draft } = c;
  if (!draft.certificateId) return fail(RULE.certificateState, '请选择证书', {}, 'certificateId');
  const cert = await findCertificate(c.db, draft.certificateId);
  if (!cert) return fail(RULE.certificateState, '证书不存在', {}, 'certificateId');
  const holder = await findPerson(c.db, cert.personId);
  if (!holder) return fail(RULE.person, '证书持有人不存在', {}, 'certificateId');
  if (!opts.anyEnterprise && cert.enterpriseId !== draft.enterpriseId) {
    return fail(RULE.certificateState, '该证书不属于申请企业', certFacts(cert), 'certificateId');
  }
  const statuses = opts.allowStatuses ?? ['01'];
  if (!statuses.includes(cert.status)) {
    if (cert.status === '02') return fail(RULE.suspension, DELAY_ELIGIBILITY_MESSAGES[9], certFacts(cert));
    return fail(
      RULE.certificateState,
      `证书当前状态不能办理该业务（状态 ${cert.status}）`,
      certFacts(cert),
      'certificateId',
    );
  }
  return { cert, holder };
}

async function inProgress(
  c: Ctx,
  target: Parameters<typeof otherBusinessInProgress>[1],
  facts: Record<string, unknown>,
): Promise<RuleAnswer | null> {
  if (!(await otherBusinessInProgress(c.db, target, c.draft.applicationId))) return null;
  const message = target.certificateId
    ? DELAY_ELIGIBILITY_MESSAGES[4]
    : target.personId
      ? '该人员有同类业务正在办理'
      : '本企业有同类业务正在办理';
  return fail(RULE.inProgress, message, facts);
}

type Checker = (c: Ctx) => Promise<RuleAnswer>;

/**
 * The delay answer of a certificate the machine no longer lets live (03 撤销, 04 注销, 05 失效, 06
 * 办理转出, 07 吊销): SPEC 4's code 1, for it has no validity left to be within the window of; the
 * words say which status it is. A 暂扣 (02) goes through the nine checks (9 unless an earlier one fails).
 */
const endedCertificate = (cert: CertificateRow): RuleAnswer =>
  fail(
    RULE.window,
    `${DELAY_ELIGIBILITY_MESSAGES[1]}：证书状态为「${CERT_STATUS_LABELS[cert.status as CertStatus] ?? cert.status}」，不能延期`,
    certFacts(cert),
    'certificateId',
  );

/** What the delayEligibility machine reads about a certificate, its holder and the applying enterprise. */
async function delayFactsOf(
  c: Ctx,
  cert: CertificateRow,
  holder: PersonRow,
  enterpriseId: number,
): Promise<DelayFacts> {
  const emp = await employmentFacts(c.db, holder.id, enterpriseId, c.today);
  const others = await otherLive(c.db, holder.id, cert.id);
  return {
    today: c.today,
    expiryDate: cert.expiryDate,
    category: cert.category as DelayFacts['category'],
    position: cert.position,
    isLegalRepresentative: cert.category === 'A' && cert.position === '01',
    windowDays: c.policy.delayWindowDays,
    educationHours: await educationHours(c.db, cert),
    requiredHours: requiredEducationHours(c.policy),
    hasValidConstructorRegAtApplicant:
      cert.category !== 'B' || (await hasValidConstructorReg(c.db, holder.id, enterpriseId, c.today)),
    otherBusinessInProgress: await otherBusinessInProgress(c.db, { certificateId: cert.id }, c.draft.applicationId),
    birthDate: holder.birthDate,
    sex: holder.sex === '1' ? '1' : '0',
    yearLimits: yearLimitsOf(c.policy),
    employedInThreeDatabases: emp.employed,
    employerInThreeDatabasesIsApplicant: emp.employerIsApplicant,
    conflictingValidCertificate: holdingConflict(cert.category as Category, others) !== null,
    suspended: await suspended(c.db, holder.id, cert, c.today),
  };
}

/** The delay machine's facts for a saved application (the reviewer's case asks each check's answer). */
export async function delayFactsOfDraft(
  db: DbOrTx,
  clock: Clock,
  draft: Draft,
  cert: CertificateRow,
  holder: PersonRow,
): Promise<DelayFacts> {
  return delayFactsOf(
    { db, today: todayOf(clock), policy: await readBizPolicy(db), draft },
    cert,
    holder,
    draft.enterpriseId!,
  );
}

const checkDelay: Checker = async (c) => {
  const own = await loadOwnCertificate(c, { allowStatuses: [...CERT_STATUSES] });
  if ('code' in own) return own;
  const { cert, holder } = own;
  if (cert.status !== '01' && cert.status !== '02') return endedCertificate(cert);
  if (!c.draft.enterpriseId) return fail(RULE.enterpriseState, '缺少申请企业');
  const facts = await delayFactsOf(c, cert, holder, c.draft.enterpriseId);
  const answer = checkDelayEligibility(facts);
  const renewed = delayedValidity(cert.expiryDate);
  const shown = {
    ...certFacts(cert),
    ...personFacts(holder, c.today),
    educationHours: facts.educationHours,
    requiredHours: facts.requiredHours,
    newValidFrom: renewed.validFrom,
    newExpiryDate: renewed.expiryDate,
  };
  if (answer.code !== 0) {
    const message =
      answer.code === 2
        ? `${answer.message}（已完成 ${facts.educationHours} 学时，须 ${facts.requiredHours} 学时）`
        : answer.message;
    return fail(answer.code, message, shown);
  }
  return ok(shown);
};

/** Age for the category (min and max) and a ban after 吊销/撤销: who may not sit the exam nor hold a new certificate. */
async function ageAndBanRules(
  c: Ctx,
  p: PersonRow,
  category: Category,
  position: string,
  facts: Record<string, unknown>,
): Promise<RuleAnswer | null> {
  const age = ageOn(p.birthDate, c.today);
  if (age < c.policy.minAge) return fail(RULE.minAge, `申请人未满 ${c.policy.minAge} 周岁`, facts);
  const subject = ageSubject(category, position, p);
  if (isOverAgeLimit(subject, c.today, yearLimitsOf(c.policy)))
    return fail(
      RULE.age,
      `${DELAY_ELIGIBILITY_MESSAGES[5]}（${ageLimitText(subject, yearLimitsOf(c.policy))}）`,
      facts,
    );
  const ban = await activeBan(c.db, p.id, c.today);
  if (ban) return fail(RULE.ban, banMessage(ban), { ...facts, banUntil: ban.banUntil });
  return null;
}

/** 中专/高中 or higher (文化程度 01–05), or at least a junior title (技术职称 01–05). */
export const isQualified = (p: Pick<PersonRow, 'education' | 'title'>): boolean =>
  (p.education !== null && /^0[1-5]$/.test(p.education)) || (p.title !== null && /^0[1-5]$/.test(p.title));

/** Education or title, employment by the applying enterprise (the three databases) and years of construction work. */
async function backgroundRules(
  c: Ctx,
  p: PersonRow,
  enterpriseId: number,
  facts: Record<string, unknown>,
): Promise<RuleAnswer | null> {
  if (!isQualified(p))
    return fail(RULE.qualification, '申请人须具有中专（高中）及以上文化程度或初级及以上技术职称', facts);
  const employment = await employmentRules(c, p.id, enterpriseId, facts);
  if (employment) return employment;
  if (Number(facts.workYears) < c.policy.minWorkYears)
    return fail(RULE.workYears, `申请人须具有 ${c.policy.minWorkYears} 年及以上建筑施工相关工作经历`, facts);
  return null;
}

/** Exam, qualification, experience, employment, holding rules and the one 法定代表人 per enterprise. */
const checkNewCert: Checker = async (c) => {
  const payload = parsePayload('newCert', c.draft.payload);
  if (!payload.ok) return fail(RULE.payload, payload.msg, {}, payload.field);
  const { category, position } = payload.value;
  if (!c.draft.personId) return fail(RULE.person, '请选择申请人员', {}, 'personId');
  const p = await findPerson(c.db, c.draft.personId);
  if (!p) return fail(RULE.person, '人员不存在', {}, 'personId');
  const enterpriseId = c.draft.enterpriseId!;
  const facts: Record<string, unknown> = { ...personFacts(p, c.today), category, position };
  const inFlight = await inProgress(c, { personId: p.id, businessType: 'newCert' }, facts);
  if (inFlight) return inFlight;
  const before = await ageAndBanRules(c, p, category, position, facts);
  if (before) return before;
  if (!(await passedExam(c.db, p.id, category, c.today)))
    return fail(RULE.exam, `申请人未通过 ${category} 类安全生产知识和管理能力考核（或成绩已超过三年）`, facts);
  const background = await backgroundRules(c, p, enterpriseId, facts);
  if (background) return background;
  if (category === 'B' && !(await hasValidConstructorReg(c.db, p.id, enterpriseId, c.today)))
    return fail(RULE.constructorReg, DELAY_ELIGIBILITY_MESSAGES[3], facts);
  const all = await certificatesOf(c.db, p.id);
  const expiredSame = all.find(
    (x) => x.category === category && (x.status === '05' || (isLive(x) && x.expiryDate < c.today)),
  );
  if (expiredSame)
    return fail(RULE.expiredSameCategory, `申请人持有已过期的同类别证书 ${expiredSame.certNo}，须先办理注销`, facts);
  const live = all.filter((x) => isLive(x) && x.expiryDate >= c.today);
  const conflict = holdingConflict(category, live);
  if (conflict) return fail(RULE.holding, conflict, facts);
  const elsewhere = live.find((x) => x.enterpriseId !== enterpriseId);
  if (elsewhere)
    return fail(RULE.holding, `申请人的证书须在同一企业（证书 ${elsewhere.certNo} 在其他企业），请先办理调动`, facts);
  if (category === 'A' && position === '01') {
    const [rep] = await c.db
      .select({ certNo: certificate.certNo })
      .from(certificate)
      .where(
        and(
          eq(certificate.enterpriseId, enterpriseId),
          eq(certificate.category, 'A'),
          eq(certificate.position, '01'),
          inArray(certificate.status, LIVE),
        ),
      );
    if (rep) return fail(RULE.legalRepExists, `本企业已有法定代表人 A 证书（${rep.certNo}），须先注销或变更`, facts);
  }
  return ok(facts);
};

/** Moves between two enterprises of the province: the new enterprise applies for a certificate held elsewhere. */
const checkInner: Checker = async (c) => {
  const own = await loadOwnCertificate(c, { anyEnterprise: true, allowStatuses: ['01'] });
  if ('code' in own) return own;
  const { cert, holder } = own;
  const facts: Record<string, unknown> = { ...certFacts(cert), ...personFacts(holder, c.today) };
  if (cert.enterpriseId === c.draft.enterpriseId)
    return fail(RULE.sameEnterprise, '该证书已在本企业，无需调动', facts, 'certificateId');
  if (cert.expiryDate < c.today) return fail(RULE.certificateState, '证书已过有效期，不能调动', facts);
  return (
    (await inProgress(c, { certificateId: cert.id }, facts)) ??
    overAge(cert.category, cert.position, holder, c.policy, c.today) ??
    (await employmentRules(c, holder.id, c.draft.enterpriseId!, facts)) ??
    ((await suspended(c.db, holder.id, cert, c.today))
      ? fail(RULE.suspension, DELAY_ELIGIBILITY_MESSAGES[9], facts)
      : null) ??
    (cert.category === 'B' && !(await hasValidConstructorReg(c.db, holder.id, c.draft.enterpriseId!, c.today))
      ? fail(RULE.constructorReg, DELAY_ELIGIBILITY_MESSAGES[3], facts)
      : null) ??
    (await legalRepRule(c, cert, cert.position, facts)) ??
    ok(facts)
  );
};

async function legalRepRule(
  c: Ctx,
  cert: Pick<CertificateRow, 'category'>,
  position: string,
  facts: Record<string, unknown>,
): Promise<RuleAnswer | null> {
  if (cert.category !== 'A' || position !== '01') return null;
  const [rep] = await c.db
    .select({ certNo: certificate.certNo })
    .from(certificate)
    .where(
      and(
        eq(certificate.enterpriseId, c.draft.enterpriseId!),
        eq(certificate.category, 'A'),
        eq(certificate.position, '01'),
        inArray(certificate.status, LIVE),
      ),
    );
  return rep ? fail(RULE.legalRepExists, `本企业已有法定代表人 A 证书（${rep.certNo}）`, facts) : null;
}

/** A holder of another province's certificate joins: a new 粤 certificate keeps the original expiry. */
const checkInProvince: Checker = async (c) => {
  if (!c.draft.personId) return fail(RULE.person, '请选择调入人员', {}, 'personId');
  const p = await findPerson(c.db, c.draft.personId);
  if (!p) return fail(RULE.person, '人员不存在', {}, 'personId');
  const subjectFacts = personFacts(p, c.today);
  const subject =
    (await inProgress(c, { personId: p.id, businessType: 'inProvince' }, subjectFacts)) ??
    (await employmentRules(c, p.id, c.draft.enterpriseId!, subjectFacts));
  if (subject) return subject;
  const payload = parsePayload('inProvince', c.draft.payload);
  if (!payload.ok) return fail(RULE.payload, payload.msg, subjectFacts, payload.field);
  const v: PayloadOf<'inProvince'> = payload.value;
  const category: Category = v.category === 'C' ? 'C3' : v.category;
  const facts: Record<string, unknown> = {
    ...personFacts(p, c.today),
    category,
    originalCertNo: v.originalCertNo,
    expiryDate: v.expiryDate,
  };
  if (v.originalCertNo.startsWith('粤'))
    return fail(RULE.payload, '原证书为本省证书，请办理省内调动', facts, 'originalCertNo');
  if (v.expiryDate < c.today) return fail(RULE.certificateState, '原证书已过有效期，不能调入', facts, 'expiryDate');
  if (v.issueDate >= v.expiryDate) return fail(RULE.payload, '原发证日期应早于有效期截止日期', facts, 'issueDate');
  // The validity carries over as it is (DOMAIN.md "Transfers"): it ends the day before its start plus three years.
  if (!hasStatutoryLength(v.issueDate, v.expiryDate)) {
    return fail(
      RULE.payload,
      `原证书有效期应为三年：自 ${v.issueDate} 起至 ${statutoryExpiryOf(v.issueDate)} 止`,
      facts,
      'expiryDate',
    );
  }
  const all = await otherLive(c.db, p.id, null);
  return (
    overAge(category, v.position, p, c.policy, c.today) ??
    (category === 'B' && !(await hasValidConstructorReg(c.db, p.id, c.draft.enterpriseId!, c.today))
      ? fail(RULE.constructorReg, DELAY_ELIGIBILITY_MESSAGES[3], facts)
      : null) ??
    (() => {
      const x = holdingConflict(category, all);
      return x ? fail(RULE.holding, x, facts) : null;
    })() ??
    (await legalRepRule(c, { category }, v.position, facts)) ??
    ok(facts, category !== v.category ? ['原 C 类证书按 C3 类换发'] : [])
  );
};

const checkOut: Checker = async (c) => {
  const own = await loadOwnCertificate(c);
  if ('code' in own) return own;
  const facts = { ...certFacts(own.cert), ...personFacts(own.holder, c.today) };
  return (
    (await inProgress(c, { certificateId: own.cert.id }, facts)) ??
    overAge(own.cert.category, own.cert.position, own.holder, c.policy, c.today) ??
    ((await suspended(c.db, own.holder.id, own.cert, c.today))
      ? fail(RULE.suspension, DELAY_ELIGIBILITY_MESSAGES[9], facts)
      : null) ??
    ok(facts)
  );
};

const checkModify: Checker = async (c) => {
  // The subject's rules first: step 0 asks before the form exists.
  const own = await loadOwnCertificate(c);
  if ('code' in own) return own;
  const facts = { ...certFacts(own.cert), ...personFacts(own.holder, c.today) };
  const subject =
    (await inProgress(c, { certificateId: own.cert.id }, facts)) ??
    overAge(own.cert.category, own.cert.position, own.holder, c.policy, c.today) ??
    ((await suspended(c.db, own.holder.id, own.cert, c.today))
      ? fail(RULE.suspension, DELAY_ELIGIBILITY_MESSAGES[9], facts)
      : null);
  if (subject) return subject;
  const payload = parsePayload('modify', c.draft.payload);
  if (!payload.ok) return fail(RULE.payload, payload.msg, facts, payload.field);
  return (
    (payload.value.position === '01' && own.cert.position !== '01'
      ? await legalRepRule(c, own.cert, '01', facts)
      : null) ?? ok(facts)
  );
};

/** Revocation is always possible for a certificate that has not already ended (also over age, also suspended). */
const revocationChecker =
  (byPerson: boolean): Checker =>
  async (c) => {
    const own = await loadOwnCertificate(c, { anyEnterprise: byPerson, allowStatuses: ['01', '02', '05'] });
    if ('code' in own) return own;
    const facts = { ...certFacts(own.cert), ...personFacts(own.holder, c.today) };
    const busy = await inProgress(c, { certificateId: own.cert.id }, facts);
    if (busy) return busy;
    const payload = parsePayload(byPerson ? 'personRevocation' : 'revocation', c.draft.payload);
    return payload.ok ? ok(facts) : fail(RULE.payload, payload.msg, facts, payload.field);
  };

/**
 * The checks of a rename on the enterprise alone, before any form: it exists, is active and has no
 * other rename in progress. The rules run them first; the business page asks them before it offers
 * 申请 (enterpriseApplyRefusal).
 */
type RenameSubject =
  | { refusal: RuleAnswer }
  | { ent: NonNullable<Awaited<ReturnType<typeof findEnterprise>>>; facts: Record<string, unknown> };

async function renameSubject(
  c: Pick<Ctx, 'db'> & { draft: Pick<Draft, 'enterpriseId' | 'applicationId'> },
): Promise<RenameSubject> {
  const ent = c.draft.enterpriseId ? await findEnterprise(c.db, c.draft.enterpriseId) : null;
  if (!ent) return { refusal: fail(RULE.enterpriseState, '申请企业不存在') };
  const facts: Record<string, unknown> = {
    enterpriseId: ent.id,
    oldName: ent.name,
    legalRepresentative: ent.legalRepresentative,
  };
  if (ent.status !== '1') return { refusal: fail(RULE.enterpriseState, '企业状态无效，不能办理更名', facts) };
  if (await otherBusinessInProgress(c.db, { enterpriseId: ent.id, businessType: 'rename' }, c.draft.applicationId)) {
    return { refusal: fail(RULE.inProgress, '本企业有同类业务正在办理', facts) };
  }
  return { ent, facts };
}

/**
 * Why an enterprise cannot open a new application of an enterprise-level business now (null: it
 * can). Only rename is one: the other businesses name a person or a certificate, checked in the
 * wizard when one is chosen.
 */
export async function enterpriseApplyRefusal(
  db: DbOrTx,
  type: BusinessType,
  enterpriseId: number | null,
): Promise<RuleAnswer | null> {
  if (type !== 'rename') return null;
  const subject = await renameSubject({ db, draft: { enterpriseId, applicationId: null } });
  return 'refusal' in subject ? subject.refusal : null;
}

const checkRename: Checker = async (c) => {
  const subject = await renameSubject(c);
  if ('refusal' in subject) return subject.refusal;
  const { ent, facts } = subject;
  const payload = parsePayload('rename', c.draft.payload);
  if (!payload.ok) return fail(RULE.payload, payload.msg, facts, payload.field);
  facts.newName = payload.value.newName;
  if (payload.value.newName === ent.name) return fail(RULE.payload, '新企业名称与现名称相同', facts, 'newName');
  const [taken] = await c.db
    .select({ id: enterprise.id })
    .from(enterprise)
    .where(and(eq(enterprise.name, payload.value.newName), ne(enterprise.id, ent.id)));
  if (taken) return fail(RULE.payload, '已有其他企业使用该名称', facts, 'newName');
  const newRep = payload.value.newLegalRepresentative;
  if (newRep && newRep !== ent.legalRepresentative && !payload.value.revokeOldLegalRepA) {
    const [rep] = await c.db
      .select({ certNo: certificate.certNo })
      .from(certificate)
      .where(
        and(
          eq(certificate.enterpriseId, ent.id),
          eq(certificate.category, 'A'),
          eq(certificate.position, '01'),
          inArray(certificate.status, LIVE),
        ),
      );
    if (rep)
      return fail(
        RULE.legalRepExists,
        `法定代表人变更时，原法定代表人的 A 证书（${rep.certNo}）须在本申请中一并注销`,
        facts,
        'revokeOldLegalRepA',
      );
  }
  const valid = await c.db
    .select({ id: certificate.id })
    .from(certificate)
    .where(and(eq(certificate.enterpriseId, ent.id), eq(certificate.status, '01')));
  return ok({ ...facts, validCertificates: valid.length });
};

const CHECKERS: Record<BusinessType, Checker> = {
  newCert: checkNewCert,
  delay: checkDelay,
  inner: checkInner,
  inProvince: checkInProvince,
  outProvince: checkOut,
  modify: checkModify,
  revocation: revocationChecker(false),
  personRevocation: revocationChecker(true),
  rename: checkRename,
};

/** Who an enterprise signs up for an exam of a category. */
export interface ExamCandidate {
  personId: number;
  /** The enterprise signing the person up. */
  enterpriseId: number;
  category: Category;
  /** ministerial_position code the person would hold the certificate in (the A category's age limit depends on it). */
  position: string;
}

/**
 * The new-certificate preconditions that can be judged before the exam (DOMAIN.md "New
 * certificate"): age for the category, no ban in force, education or title, employment by the
 * enterprise signing up, years of work. The same functions as the new-certificate check, in its
 * order; the exam itself and the holding rules are judged when the certificate is applied for.
 */
export async function checkExamCandidate(db: DbOrTx, clock: Clock, candidate: ExamCandidate): Promise<RuleAnswer> {
  const policy = await readBizPolicy(db);
  const today = todayOf(clock);
  const c: Ctx = {
    db,
    today,
    policy,
    draft: {
      businessType: 'newCert',
      applicationId: null,
      enterpriseId: candidate.enterpriseId,
      personId: candidate.personId,
      certificateId: null,
      payload: {},
      applicantUserId: 0,
    },
  };
  const p = await findPerson(db, candidate.personId);
  if (!p) return fail(RULE.person, '人员不存在', {}, 'personId');
  const facts: Record<string, unknown> = {
    ...personFacts(p, today),
    category: candidate.category,
    position: candidate.position,
  };
  return (
    (await ageAndBanRules(c, p, candidate.category, candidate.position, facts)) ??
    (await backgroundRules(c, p, candidate.enterpriseId, facts)) ??
    ok(facts)
  );
}

/** The one answer of the rules for a draft (read-only; call it outside transactions on PGlite). */
export async function checkDraft(db: DbOrTx, clock: Clock, draft: Draft): Promise<RuleAnswer> {
  const policy = await readBizPolicy(db);
  return CHECKERS[draft.businessType]({ db, today: todayOf(clock), policy, draft });
}
