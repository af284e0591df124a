/**
 * Why (issue #47 item 3): each rule the server checks for an application, in the order the rules run,
 * with its own answer and the facts behind it — not only the first failure that the pre-check and
 * SUBMIT answer with. Coded facts are the dictionaries' words in the caller's language (性别 男, not
 * 性别 0), texts are the server's and translated as its messages are. The rules themselves are not
 * stated here again: the delay checks are the delayEligibility machine's predicates, the others the
 * functions rules.ts and facts.ts decide with; tests/api/case-why.test.ts holds the explanation to
 * the rules' own answer for every demo application (its first failing check is the rules' code).
 */
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { DELAY_ELIGIBILITY_MESSAGES, explainDelayEligibility } from '../../../machines/delayEligibility.machine.js';
import {
  ageLimitText,
  isOverAgeLimit,
  lastDayWithinAgeLimit,
  type AgeLimitSubject,
  type YearLimits,
} from '../../../machines/ageLimits.js';
import { BUSINESS_ROUTES, type BusinessType } from '../../../machines/businessTypes.js';
import type { AppContext } from '../../context.js';
import {
  application,
  certificate,
  enterprise,
  examBatch,
  examResult,
  examSignup,
  punishment,
  sysOss,
} from '../../db/schema.js';
import { addDays } from '../../lib/days.js';
import { translateMessage } from '../../lib/messages.js';
import type { ApplicationRow } from '../../workflow/types.js';
import type { Labels } from '../certificate/labels.js';
import { isInForce, SUSPENSION } from '../credit/inForce.js';
import {
  activeBan,
  ageOn,
  certificatesOf,
  educationHours,
  employmentFacts,
  findCertificate,
  findEnterprise,
  findPerson,
  hasValidConstructorReg,
  passedExam,
  readBizPolicy,
  requiredEducationHours,
  suspended,
  todayOf,
  type BizPolicy,
  type CertificateRow,
  type PersonRow,
} from './facts.js';
import { parsePayload, type Category } from './payloads.js';
import {
  ageSubject,
  checkDraft,
  delayFactsOfDraft,
  holdingConflict,
  isQualified,
  RULE,
  yearLimitsOf,
  type Draft,
  type RuleAnswer,
} from './rules.js';
import { delayedValidity } from './validity.js';
import { maskIdNo } from '../../services/personalData.js';

/** pass: the rule is met; fail: it refuses; warn: worth a reviewer's look, not a refusal; info: facts without a verdict. */
export type Verdict = 'pass' | 'fail' | 'warn' | 'info';
export interface Fact {
  label: string;
  value: string;
  /** An ID number: shown as the case view shows ID numbers (the one place to mask or reveal it). */
  kind?: 'idNo';
}
export interface RuleCheck {
  key: string;
  /** The rule's code (SPEC 4's 1–9 for the delay checks, RULE for the others), null for facts that decide nothing. */
  code: number | null;
  title: string;
  verdict: Verdict;
  answer: string;
  facts: Fact[];
}
export interface Explanation {
  /** The rules' one answer (code 0: may go on), as the pre-check and SUBMIT give it. */
  verdict: { code: number; message: string };
  checks: RuleCheck[];
  /** What every reviewer is warned of before deciding (missing materials). */
  warnings: string[];
  /** The rules' facts as they read them (kept in a SUBMIT's history row; the API's checks.now.facts). */
  facts: Record<string, unknown>;
}

const tr = (text: string) => translateMessage(text);
const fact = (label: string, value: string): Fact => ({ label: tr(label), value });
const yes = (b: boolean) => tr(b ? '是' : '否');
const has = (b: boolean) => tr(b ? '有' : '无');

/** A check in words: the title and answer are the server's Chinese, translated for the caller. */
function check(
  key: string,
  code: number | null,
  title: string,
  verdict: Verdict,
  answer: string,
  facts: Fact[],
): RuleCheck {
  return { key, code, title: tr(title), verdict, answer: tr(answer), facts };
}
const passOrFail = (failed: boolean): Verdict => (failed ? 'fail' : 'pass');

interface Scope {
  ctx: AppContext;
  app: ApplicationRow;
  draft: Draft;
  labels: Labels;
  today: string;
  policy: BizPolicy;
}

const validityOf = (c: Pick<CertificateRow, 'validFrom' | 'expiryDate'>) => `${c.validFrom} 至 ${c.expiryDate}`;

function personFacts(s: Scope, p: PersonRow): Fact[] {
  return [
    fact('姓名', p.name),
    { ...fact('身份证号', maskIdNo(p.idNo)), kind: 'idNo' },
    fact('性别', s.labels.of('sys_user_sex', p.sex)),
    fact('年龄', tr(`${ageOn(p.birthDate, s.today)} 岁`)),
  ];
}

function certFacts(s: Scope, c: CertificateRow): Fact[] {
  return [
    fact('证书编号', c.certNo),
    fact('证书类别', s.labels.of('cer_type', c.category)),
    fact('职务', s.labels.of('ministerial_position', c.position)),
    fact('证书状态', s.labels.of('cert_status', c.status)),
    fact('有效期', tr(validityOf(c))),
  ];
}

/** The person's other open applications (about this certificate, or of this type for the person): rule 4. */
async function otherOpen(
  s: Scope,
  target: {
    certificateId?: number | null;
    personId?: number | null;
    enterpriseId?: number | null;
    businessType?: string;
  },
): Promise<RuleCheck> {
  const conds = [
    inArray(application.status, [0, 1, 2, 3]),
    eq(application.deleted, false),
    ne(application.id, s.app.id),
  ];
  if (target.certificateId) conds.push(eq(application.certificateId, target.certificateId));
  else if (target.personId) conds.push(eq(application.personId, target.personId));
  else if (target.enterpriseId) conds.push(eq(application.enterpriseId, target.enterpriseId));
  if (target.businessType) conds.push(eq(application.businessType, target.businessType));
  const rows = await s.ctx.db
    .select({ applyNo: application.applyNo, businessType: application.businessType })
    .from(application)
    .where(and(...conds));
  const title = target.certificateId
    ? '该证书无其他在办业务'
    : target.personId
      ? '该人员无同类在办业务'
      : '本企业无同类在办业务';
  const answer =
    rows.length === 0
      ? '无其他在办业务'
      : target.certificateId
        ? DELAY_ELIGIBILITY_MESSAGES[4]
        : target.personId
          ? '该人员有同类业务正在办理'
          : '本企业有同类业务正在办理';
  const facts =
    rows.length === 0
      ? [fact('其他在办业务', tr('无'))]
      : rows.map((r) =>
          fact(
            '其他在办业务',
            `${r.applyNo} ${tr(BUSINESS_ROUTES[r.businessType as BusinessType]?.label ?? r.businessType)}`,
          ),
        );
  return check('inProgress', RULE.inProgress, title, passOrFail(rows.length > 0), answer, facts);
}

/** The age limit of a subject in words: none for the A 法定代表人, else the limit and the day it is reached. */
const limitWords = (subject: AgeLimitSubject, limits: YearLimits) =>
  lastDayWithinAgeLimit(subject, limits) === null ? tr('无（法定代表人）') : tr(ageLimitText(subject, limits));

/** The age check's answer, counted to the day as the rules count it (machines/ageLimits.ts). */
function ageAnswer(subject: AgeLimitSubject, limits: YearLimits, over: boolean, age: number): string {
  if (over) return `${DELAY_ELIGIBILITY_MESSAGES[5]}（${ageLimitText(subject, limits)}）`;
  const last = lastDayWithinAgeLimit(subject, limits);
  return last === null ? '法定代表人的 A 证书不设年龄上限' : `${age} 岁，未超过年龄上限（${last} 届满）`;
}

/** Age against the category's limit (keeping or getting a certificate alike), and for a new one the minimum age. */
function ageCheck(s: Scope, p: PersonRow, category: string, position: string, forNew: boolean): RuleCheck[] {
  const age = ageOn(p.birthDate, s.today);
  const subject = ageSubject(category, position, p);
  const limits = yearLimitsOf(s.policy);
  const facts = [
    fact('年龄', tr(`${age} 岁`)),
    fact('证书类别', s.labels.of('cer_type', category)),
    fact('年龄上限', limitWords(subject, limits)),
  ];
  const out: RuleCheck[] = [];
  if (forNew) {
    const young = age < s.policy.minAge;
    out.push(
      check(
        'minAge',
        RULE.minAge,
        `年满 ${s.policy.minAge} 周岁`,
        passOrFail(young),
        young ? `申请人未满 ${s.policy.minAge} 周岁` : `${age} 岁，已满 ${s.policy.minAge} 周岁`,
        [fact('年龄', tr(`${age} 岁`))],
      ),
    );
  }
  const over = isOverAgeLimit(subject, s.today, limits);
  out.push(
    check('age', RULE.age, '年龄不超过证书类别的上限', passOrFail(over), ageAnswer(subject, limits, over, age), facts),
  );
  return out;
}

/** The person's punishments, approved ones; whether a 暂扣 or a ban is in force is the rule of the business. */
async function punishmentCheck(
  s: Scope,
  p: PersonRow,
  cert: CertificateRow | null,
  rule: 'suspension' | 'ban' | null,
): Promise<RuleCheck> {
  const rows = await s.ctx.db
    .select()
    .from(punishment)
    .where(and(eq(punishment.personId, p.id), eq(punishment.reviewState, 'approved')))
    .orderBy(desc(punishment.startDate));
  const facts: Fact[] =
    rows.length === 0
      ? [fact('处罚记录', tr('无'))]
      : rows.flatMap((r) => [
          // The label is the punishment's type and document number (the number is the document's own, not translated).
          {
            label: `${tr(r.type)} ${r.docNo}`,
            value: `${tr(`${r.startDate} 至 ${r.endDate ?? '—'}`)}${isInForce(r, s.today) ? tr('（执行中）') : ''}`,
          },
          ...(r.banUntil ? [fact('禁止考核至', r.banUntil)] : []),
        ]);
  if (rule === 'suspension') {
    const inForce = await suspended(s.ctx.db, p.id, cert, s.today);
    return check(
      'punishments',
      RULE.suspension,
      '无执行中的暂扣',
      passOrFail(inForce),
      inForce
        ? DELAY_ELIGIBILITY_MESSAGES[9]
        : rows.some((r) => r.type === SUSPENSION)
          ? '暂扣期已结束或尚未开始'
          : '无暂扣处罚',
      facts,
    );
  }
  if (rule === 'ban') {
    const ban = await activeBan(s.ctx.db, p.id, s.today);
    return check(
      'punishments',
      RULE.ban,
      '无禁止考核期',
      passOrFail(ban !== null),
      ban ? `禁止考核期至 ${ban.banUntil}` : '无禁止考核期',
      facts,
    );
  }
  return check(
    'punishments',
    null,
    '处罚记录',
    'info',
    rows.length === 0 ? '无处罚记录' : `共 ${rows.length} 条处罚记录`,
    facts,
  );
}

/** Continuing-education hours in the certificate's validity period against the requirement (delay rule 2; for the others a fact). */
async function hoursCheck(s: Scope, cert: CertificateRow, asRule: boolean): Promise<RuleCheck> {
  const done = await educationHours(s.ctx.db, cert);
  const required = requiredEducationHours(s.policy);
  const facts = [
    fact('已完成继续教育', tr(`${done} 学时`)),
    fact('应完成继续教育', tr(`${required} 学时（每年 ${s.policy.hoursPerYear} 学时，共 3 年）`)),
    fact('计算期间', tr(validityOf(cert))),
  ];
  const short = !(done >= required);
  const answer = short
    ? `${DELAY_ELIGIBILITY_MESSAGES[2]}（已完成 ${done} 学时，须 ${required} 学时）`
    : `已完成 ${done} 学时，达到 ${required} 学时的要求`;
  return check(
    'hours',
    asRule ? 2 : null,
    '继续教育学时达到要求',
    asRule ? passOrFail(short) : short ? 'warn' : 'pass',
    answer,
    facts,
  );
}

/** The materials the applicant uploaded: at least one is required, and each must still be in the file store. */
async function materialsCheck(s: Scope): Promise<RuleCheck> {
  const p = (s.app.payload ?? {}) as { materials?: unknown };
  const ids = Array.isArray(p.materials) ? p.materials.filter((x): x is number => typeof x === 'number') : [];
  const files = ids.length
    ? await s.ctx.db.select({ id: sysOss.id, name: sysOss.originalName }).from(sysOss).where(inArray(sysOss.id, ids))
    : [];
  const missing = ids.length - files.length;
  const facts = files.length ? files.map((f) => fact('申请材料', f.name)) : [fact('申请材料', tr('未上传'))];
  if (missing > 0) facts.push(fact('缺失文件', tr(`${missing} 份`)));
  const answer =
    ids.length === 0
      ? '未上传任何申请材料，请核实后再办理'
      : missing > 0
        ? `有 ${missing} 份申请材料已不在文件库中`
        : `已上传 ${files.length} 份申请材料`;
  return check('materials', null, '申请材料齐全', ids.length === 0 || missing > 0 ? 'warn' : 'pass', answer, facts);
}

/** The exam results of the category (a pass of both parts within three years, of a published batch or from before the platform). */
async function examCheck(s: Scope, p: PersonRow, category: Category): Promise<RuleCheck> {
  const rows = await s.ctx.db
    .select({ r: examResult, state: examBatch.state })
    .from(examResult)
    .leftJoin(examSignup, eq(examSignup.id, examResult.signupId))
    .leftJoin(examBatch, eq(examBatch.id, examSignup.batchId))
    .where(and(eq(examResult.personId, p.id), eq(examResult.category, category)))
    .orderBy(desc(examResult.examDate));
  const part = (v: string) => (v === '1' ? '合格' : '不合格');
  const facts =
    rows.length === 0
      ? [fact('考核成绩', tr('无'))]
      : rows.map(({ r, state }) =>
          fact(
            `${r.examDate} ${r.batchNo}`,
            r.attended !== '1'
              ? tr('缺考')
              : `${tr(`安全生产知识 ${part(r.knowledgeResult)}，管理能力 ${part(r.abilityResult)}`)}${r.signupId !== null && state !== 'published' ? tr('（成绩未发布）') : ''}`,
          ),
        );
  const passed = await passedExam(s.ctx.db, p.id, category, s.today);
  return check(
    'exam',
    RULE.exam,
    `通过 ${category} 类考核（三年内）`,
    passOrFail(!passed),
    passed
      ? '已通过两部分考核，成绩在三年有效期内'
      : `申请人未通过 ${category} 类安全生产知识和管理能力考核（或成绩已超过三年）`,
    facts,
  );
}

/** Employment in the three databases, and that the employer there is the applicant (rules 6 and 7). */
async function employmentChecks(
  s: Scope,
  p: PersonRow,
  enterpriseId: number,
): Promise<{ checks: RuleCheck[]; workYears: number }> {
  const emp = await employmentFacts(s.ctx.db, p.id, enterpriseId, s.today);
  const ent = await findEnterprise(s.ctx.db, enterpriseId);
  return {
    workYears: emp.workYears,
    checks: [
      check(
        'employed',
        RULE.noEmployment,
        '三库有从业记录',
        passOrFail(!emp.employed),
        emp.employed ? '三库有该人员的在职记录' : DELAY_ELIGIBILITY_MESSAGES[6],
        [fact('三库在职记录', has(emp.employed))],
      ),
      check(
        'employer',
        RULE.employerMismatch,
        '三库从业单位为申请企业',
        emp.employed ? passOrFail(!emp.employerIsApplicant) : 'info',
        !emp.employed
          ? '无在职记录，无从核对'
          : emp.employerIsApplicant
            ? '三库登记的从业单位为申请企业'
            : DELAY_ELIGIBILITY_MESSAGES[7],
        [fact('申请企业', ent?.name ?? '-'), fact('在职单位为申请企业', yes(emp.employerIsApplicant))],
      ),
    ],
  };
}

async function constructorCheck(s: Scope, p: PersonRow, category: string, enterpriseId: number): Promise<RuleCheck> {
  if (category !== 'B')
    return check(
      'constructorReg',
      RULE.constructorReg,
      '注册建造师注册（B 类）',
      'info',
      '仅 B 类证书须在申请企业注册建造师',
      [],
    );
  const ok = await hasValidConstructorReg(s.ctx.db, p.id, enterpriseId, s.today);
  return check(
    'constructorReg',
    RULE.constructorReg,
    '注册建造师注册（B 类）',
    passOrFail(!ok),
    ok ? '在申请企业有有效的注册建造师注册' : DELAY_ELIGIBILITY_MESSAGES[3],
    [fact('申请企业的注册建造师注册', has(ok))],
  );
}

const LIVE = ['01', '02'];

/** The person's other live certificates against the holding rules (rule 8). */
async function holdingCheck(s: Scope, p: PersonRow, category: Category, exclude: number | null): Promise<RuleCheck> {
  const others = (await certificatesOf(s.ctx.db, p.id)).filter((c) => LIVE.includes(c.status) && c.id !== exclude);
  const conflict = holdingConflict(category, others);
  const facts =
    others.length === 0
      ? [fact('其他有效证书', tr('无'))]
      : others.map((c) => fact('其他有效证书', `${c.certNo} ${s.labels.of('cert_status', c.status)}`));
  return check(
    'holding',
    RULE.holding,
    '持证规则（同类与 C1/C2/C3）',
    passOrFail(conflict !== null),
    conflict ?? '与已持有的证书不冲突',
    facts,
  );
}

async function legalRepCheck(
  s: Scope,
  category: string,
  position: string,
  enterpriseId: number,
): Promise<RuleCheck | null> {
  if (category !== 'A' || position !== '01') return null;
  const [rep] = await s.ctx.db
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
  return check(
    'legalRep',
    RULE.legalRepExists,
    '每家企业一名法定代表人 A 证书',
    passOrFail(!!rep),
    rep ? `本企业已有法定代表人 A 证书（${rep.certNo}）` : '本企业尚无其他法定代表人 A 证书',
    [fact('本企业法定代表人 A 证书', rep?.certNo ?? tr('无'))],
  );
}

/** The certificate's own state: a status the business accepts (a 暂扣 is rule 9), the applicant's, not past its end. */
function certStateCheck(
  s: Scope,
  cert: CertificateRow,
  allowed: string[],
  opts: { ownEnterprise?: boolean; notExpired?: boolean } = {},
): RuleCheck {
  const facts = certFacts(s, cert);
  const statusLabel = s.labels.of('cert_status', cert.status);
  if (opts.ownEnterprise && cert.enterpriseId !== s.draft.enterpriseId)
    return check('certificate', RULE.certificateState, '证书可以办理该业务', 'fail', '该证书不属于申请企业', facts);
  if (!allowed.includes(cert.status)) {
    return cert.status === '02'
      ? check('certificate', RULE.suspension, '证书可以办理该业务', 'fail', DELAY_ELIGIBILITY_MESSAGES[9], facts)
      : check(
          'certificate',
          RULE.certificateState,
          '证书可以办理该业务',
          'fail',
          `证书当前状态（${statusLabel}）不能办理该业务`,
          facts,
        );
  }
  if (opts.notExpired && cert.expiryDate < s.today)
    return check('certificate', RULE.certificateState, '证书可以办理该业务', 'fail', '证书已过有效期', facts);
  return check(
    'certificate',
    RULE.certificateState,
    '证书可以办理该业务',
    'pass',
    `证书状态为${statusLabel}，可以办理`,
    facts,
  );
}

// ---------- each business type, in the order its rules run ----------

async function delayChecks(s: Scope, cert: CertificateRow, p: PersonRow): Promise<RuleCheck[]> {
  const facts = await delayFactsOfDraft(s.ctx.db, s.ctx.clock, s.draft, cert, p);
  const { context, checks } = explainDelayEligibility(facts);
  const failed = new Map(checks.map((c) => [c.code, c.failed]));
  const windowFrom = addDays(context.expiryDate, -context.windowDays);
  const out: RuleCheck[] = [certStateCheck(s, cert, ['01', '02'], { ownEnterprise: true })];
  out.push(
    check(
      'window',
      1,
      '在延期申请期内（第 1 项）',
      passOrFail(failed.get(1)!),
      failed.get(1) ? DELAY_ELIGIBILITY_MESSAGES[1] : `在延期申请期内（${windowFrom} 至 ${context.expiryDate}）`,
      [
        fact('有效期至', context.expiryDate),
        fact('今天', context.today),
        fact('可申请期间', tr(`${windowFrom} 至 ${context.expiryDate}`)),
      ],
    ),
  );
  const hours = await hoursCheck(s, cert, true);
  out.push({ ...hours, title: tr('继续教育学时达到要求（第 2 项）') });
  const reg = await constructorCheck(s, p, cert.category, s.draft.enterpriseId!);
  out.push({ ...reg, code: 3, title: tr('注册建造师注册（第 3 项）') });
  const open = await otherOpen(s, { certificateId: cert.id });
  out.push({ ...open, code: 4, title: tr('该证书无其他在办业务（第 4 项）') });
  const subject: AgeLimitSubject = { ...context, category: cert.category };
  const age = ageOn(context.birthDate, context.today);
  out.push(
    check(
      'age',
      5,
      '年龄不超过上限（第 5 项）',
      passOrFail(failed.get(5)!),
      ageAnswer(subject, context.yearLimits, failed.get(5)!, age),
      [
        fact('年龄', tr(`${age} 岁`)),
        fact('证书类别', s.labels.of('cer_type', cert.category)),
        fact('年龄上限', limitWords(subject, context.yearLimits)),
      ],
    ),
  );
  const ent = await findEnterprise(s.ctx.db, s.draft.enterpriseId!);
  out.push(
    check(
      'employed',
      6,
      '三库有从业记录（第 6 项）',
      passOrFail(failed.get(6)!),
      failed.get(6) ? DELAY_ELIGIBILITY_MESSAGES[6] : '三库有该人员的在职记录',
      [fact('三库在职记录', has(context.employedInThreeDatabases))],
    ),
  );
  out.push(
    check(
      'employer',
      7,
      '三库从业单位为申请企业（第 7 项）',
      passOrFail(failed.get(7)!),
      failed.get(7) ? DELAY_ELIGIBILITY_MESSAGES[7] : '三库登记的从业单位为申请企业',
      [
        fact('申请企业', ent?.name ?? '-'),
        fact('在职单位为申请企业', yes(context.employerInThreeDatabasesIsApplicant)),
      ],
    ),
  );
  const holding = await holdingCheck(s, p, cert.category as Category, cert.id);
  out.push({
    ...holding,
    code: 8,
    title: tr('无冲突的其他有效证书（第 8 项）'),
    verdict: passOrFail(failed.get(8)!),
    answer: failed.get(8) ? tr(DELAY_ELIGIBILITY_MESSAGES[8]) : holding.answer,
  });
  const punish = await punishmentCheck(s, p, cert, 'suspension');
  out.push({ ...punish, title: tr('无执行中的暂扣（第 9 项）'), verdict: passOrFail(failed.get(9)!) });
  const renewed = delayedValidity(cert.expiryDate);
  out.push(
    check(
      'newValidity',
      null,
      '延期后的有效期',
      'info',
      `准予后有效期为 ${renewed.validFrom} 至 ${renewed.expiryDate}`,
      [fact('延期后有效期', tr(`${renewed.validFrom} 至 ${renewed.expiryDate}`))],
    ),
  );
  return out;
}

async function newCertChecks(s: Scope): Promise<RuleCheck[]> {
  const payload = parsePayload('newCert', s.app.payload);
  const p = s.draft.personId ? await findPerson(s.ctx.db, s.draft.personId) : null;
  if (!payload.ok || !p) return [];
  const { category, position } = payload.value;
  const enterpriseId = s.draft.enterpriseId!;
  const out: RuleCheck[] = [
    check(
      'subject',
      null,
      '申请人员与证书',
      'info',
      `申请 ${s.labels.of('cer_type', category)}，职务 ${s.labels.of('ministerial_position', position)}`,
      [
        ...personFacts(s, p),
        fact('证书类别', s.labels.of('cer_type', category)),
        fact('职务', s.labels.of('ministerial_position', position)),
      ],
    ),
    await otherOpen(s, { personId: p.id, businessType: 'newCert' }),
    ...ageCheck(s, p, category, position, true),
    await punishmentCheck(s, p, null, 'ban'),
    await examCheck(s, p, category),
    check(
      'qualification',
      RULE.qualification,
      '文化程度或技术职称',
      passOrFail(!isQualified(p)),
      isQualified(p)
        ? '达到中专（高中）及以上文化程度或初级及以上技术职称'
        : '申请人须具有中专（高中）及以上文化程度或初级及以上技术职称',
      [
        fact('文化程度', p.education ? s.labels.of('ministerial_diploma', p.education) : '-'),
        fact('技术职称', p.title ? s.labels.of('ministerial_title_rank', p.title) : '-'),
      ],
    ),
  ];
  const emp = await employmentChecks(s, p, enterpriseId);
  out.push(...emp.checks);
  const short = emp.workYears < s.policy.minWorkYears;
  out.push(
    check(
      'workYears',
      RULE.workYears,
      `建筑施工工作经历 ${s.policy.minWorkYears} 年及以上`,
      passOrFail(short),
      short
        ? `申请人须具有 ${s.policy.minWorkYears} 年及以上建筑施工相关工作经历`
        : `已从事建筑施工 ${emp.workYears} 年`,
      [fact('从事建筑施工年限', tr(`${emp.workYears} 年`))],
    ),
  );
  if (category === 'B') out.push(await constructorCheck(s, p, category, enterpriseId));
  const all = await certificatesOf(s.ctx.db, p.id);
  const expiredSame = all.find(
    (x) => x.category === category && (x.status === '05' || (LIVE.includes(x.status) && x.expiryDate < s.today)),
  );
  out.push(
    check(
      'expiredSame',
      RULE.expiredSameCategory,
      '无未注销的过期同类证书',
      passOrFail(!!expiredSame),
      expiredSame ? `申请人持有已过期的同类别证书 ${expiredSame.certNo}，须先办理注销` : '无过期未注销的同类证书',
      expiredSame ? [fact('过期证书', expiredSame.certNo)] : [],
    ),
  );
  const live = all.filter((x) => LIVE.includes(x.status) && x.expiryDate >= s.today);
  const conflict = holdingConflict(category, live);
  const elsewhere = live.find((x) => x.enterpriseId !== enterpriseId);
  out.push(
    check(
      'holding',
      RULE.holding,
      '持证规则（同类、C1/C2/C3、同一企业）',
      passOrFail(!!conflict || !!elsewhere),
      conflict ??
        (elsewhere
          ? `申请人的证书须在同一企业（证书 ${elsewhere.certNo} 在其他企业），请先办理调动`
          : '与已持有的证书不冲突'),
      live.length === 0
        ? [fact('有效证书', tr('无'))]
        : live.map((c) => fact('有效证书', `${c.certNo} ${s.labels.of('cert_status', c.status)}`)),
    ),
  );
  const rep = await legalRepCheck(s, category, position, enterpriseId);
  if (rep) out.push(rep);
  return out;
}

/** What a certificate-based business keeps checking: age, suspension, its hours as a fact. */
async function keepingChecks(
  s: Scope,
  cert: CertificateRow,
  p: PersonRow,
  opts: { employment?: boolean; constructorReg?: boolean } = {},
): Promise<RuleCheck[]> {
  const out: RuleCheck[] = [
    await otherOpen(s, { certificateId: cert.id }),
    ...ageCheck(s, p, cert.category, cert.position, false),
  ];
  if (opts.employment) out.push(...(await employmentChecks(s, p, s.draft.enterpriseId!)).checks);
  out.push(await punishmentCheck(s, p, cert, 'suspension'));
  if (opts.constructorReg && cert.category === 'B')
    out.push(await constructorCheck(s, p, cert.category, s.draft.enterpriseId!));
  out.push(await hoursCheck(s, cert, false));
  return out;
}

async function certificateBusinessChecks(s: Scope, type: BusinessType): Promise<RuleCheck[]> {
  const cert = s.draft.certificateId ? await findCertificate(s.ctx.db, s.draft.certificateId) : null;
  const p = cert ? await findPerson(s.ctx.db, cert.personId) : null;
  if (!cert || !p) return [];
  const subject = check('subject', null, '持证人', 'info', p.name, personFacts(s, p));
  switch (type) {
    case 'delay':
      return [subject, ...(await delayChecks(s, cert, p))];
    case 'inner': {
      const same = cert.enterpriseId === s.draft.enterpriseId;
      const expired = cert.expiryDate < s.today;
      const out = [subject, certStateCheck(s, cert, ['01'])];
      out.push(
        check(
          'sameEnterprise',
          RULE.sameEnterprise,
          '调入其他企业',
          passOrFail(same),
          same ? '该证书已在本企业，无需调动' : '证书在其他企业，可以调入',
          [],
        ),
      );
      out.push(
        check(
          'expiry',
          RULE.certificateState,
          '证书在有效期内',
          passOrFail(expired),
          expired ? '证书已过有效期，不能调动' : `证书有效期至 ${cert.expiryDate}`,
          [fact('有效期至', cert.expiryDate)],
        ),
      );
      out.push(...(await keepingChecks(s, cert, p, { employment: true, constructorReg: true })));
      const rep = await legalRepCheck(s, cert.category, cert.position, s.draft.enterpriseId!);
      if (rep) out.push(rep);
      return out;
    }
    case 'outProvince':
      return [subject, certStateCheck(s, cert, ['01'], { ownEnterprise: true }), ...(await keepingChecks(s, cert, p))];
    case 'modify': {
      const out = [
        subject,
        certStateCheck(s, cert, ['01'], { ownEnterprise: true }),
        ...(await keepingChecks(s, cert, p)),
      ];
      const payload = parsePayload('modify', s.app.payload);
      if (payload.ok && payload.value.position === '01' && cert.position !== '01') {
        const rep = await legalRepCheck(s, cert.category, '01', s.draft.enterpriseId!);
        if (rep) out.push(rep);
      }
      return out;
    }
    case 'revocation':
    case 'personRevocation':
      return [
        subject,
        certStateCheck(s, cert, ['01', '02', '05'], { ownEnterprise: type === 'revocation' }),
        await otherOpen(s, { certificateId: cert.id }),
        await punishmentCheck(s, p, cert, null),
        await hoursCheck(s, cert, false),
      ];
    default:
      return [];
  }
}

async function inProvinceChecks(s: Scope): Promise<RuleCheck[]> {
  const p = s.draft.personId ? await findPerson(s.ctx.db, s.draft.personId) : null;
  const payload = parsePayload('inProvince', s.app.payload);
  if (!p || !payload.ok) return [];
  const v = payload.value;
  const category: Category = v.category === 'C' ? 'C3' : v.category;
  const out: RuleCheck[] = [
    check('subject', null, '调入人员', 'info', p.name, personFacts(s, p)),
    await otherOpen(s, { personId: p.id, businessType: 'inProvince' }),
    ...(await employmentChecks(s, p, s.draft.enterpriseId!)).checks,
  ];
  const local = v.originalCertNo.startsWith('粤');
  const expired = v.expiryDate < s.today;
  const backwards = v.issueDate >= v.expiryDate;
  const [code, answer] = local
    ? [RULE.payload, '原证书为本省证书，请办理省内调动']
    : expired
      ? [RULE.certificateState, '原证书已过有效期，不能调入']
      : backwards
        ? [RULE.payload, '原发证日期应早于有效期截止日期']
        : [RULE.certificateState, `原证书有效期至 ${v.expiryDate}`];
  out.push(
    check('originalCertificate', code, '原证书为外省有效证书', passOrFail(local || expired || backwards), answer, [
      fact('原证书编号', v.originalCertNo),
      fact('原发证省份', v.originalProvince),
      fact('证书类别', s.labels.of('cer_type', category)),
      fact('有效期', tr(`${v.issueDate} 至 ${v.expiryDate}`)),
    ]),
  );
  out.push(...ageCheck(s, p, category, v.position, false));
  if (category === 'B') out.push(await constructorCheck(s, p, category, s.draft.enterpriseId!));
  out.push(await holdingCheck(s, p, category, null));
  const rep = await legalRepCheck(s, category, v.position, s.draft.enterpriseId!);
  if (rep) out.push(rep);
  out.push(await punishmentCheck(s, p, null, null));
  return out;
}

async function renameChecks(s: Scope): Promise<RuleCheck[]> {
  const ent = s.draft.enterpriseId ? await findEnterprise(s.ctx.db, s.draft.enterpriseId) : null;
  if (!ent) return [];
  const payload = parsePayload('rename', s.app.payload);
  const out: RuleCheck[] = [
    check(
      'enterprise',
      RULE.enterpriseState,
      '企业状态有效',
      passOrFail(ent.status !== '1'),
      ent.status === '1' ? '企业状态有效' : '企业状态无效，不能办理更名',
      [fact('企业名称', ent.name), fact('法定代表人', ent.legalRepresentative ?? '-')],
    ),
    await otherOpen(s, { enterpriseId: ent.id, businessType: 'rename' }),
  ];
  if (payload.ok) {
    const [taken] = await s.ctx.db
      .select({ id: enterprise.id })
      .from(enterprise)
      .where(and(eq(enterprise.name, payload.value.newName), ne(enterprise.id, ent.id)));
    const same = payload.value.newName === ent.name;
    out.push(
      check(
        'newName',
        RULE.payload,
        '新企业名称可以使用',
        passOrFail(same || !!taken),
        same ? '新企业名称与现名称相同' : taken ? '已有其他企业使用该名称' : '新名称未被其他企业使用',
        [fact('新企业名称', payload.value.newName)],
      ),
    );
    const newRep = payload.value.newLegalRepresentative;
    if (newRep && newRep !== ent.legalRepresentative) {
      const [rep] = payload.value.revokeOldLegalRepA
        ? []
        : await s.ctx.db
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
      out.push(
        check(
          'legalRep',
          RULE.legalRepExists,
          '法定代表人变更时原 A 证书一并注销',
          passOrFail(!!rep),
          rep
            ? `法定代表人变更时，原法定代表人的 A 证书（${rep.certNo}）须在本申请中一并注销`
            : payload.value.revokeOldLegalRepA
              ? '原法定代表人的 A 证书在本申请中一并注销'
              : '原法定代表人无有效 A 证书',
          [fact('新法定代表人', newRep), fact('注销原法定代表人A证', yes(payload.value.revokeOldLegalRepA))],
        ),
      );
    }
  }
  const valid = await s.ctx.db
    .select({ id: certificate.id })
    .from(certificate)
    .where(and(eq(certificate.enterpriseId, ent.id), eq(certificate.status, '01')));
  out.push(
    check('certificates', null, '随之换发的有效证书', 'info', `${valid.length} 本有效证书随更名换发（版本号各 +1）`, [
      fact('有效证书', tr(`${valid.length} 本`)),
    ]),
  );
  return out;
}

/** Every rule's answer for one application, in order, and what every reviewer is warned of. */
export async function explainApplication(ctx: AppContext, app: ApplicationRow, labels: Labels): Promise<Explanation> {
  const draft: Draft = {
    businessType: app.businessType as BusinessType,
    applicationId: app.id,
    enterpriseId: app.enterpriseId,
    personId: app.personId,
    certificateId: app.certificateId,
    payload: app.payload,
    applicantUserId: app.applicantUserId,
  };
  const answer: RuleAnswer = await checkDraft(ctx.db, ctx.clock, draft);
  const s: Scope = { ctx, app, draft, labels, today: todayOf(ctx.clock), policy: await readBizPolicy(ctx.db) };
  const type = app.businessType as BusinessType;
  const checks =
    type === 'newCert'
      ? await newCertChecks(s)
      : type === 'inProvince'
        ? await inProvinceChecks(s)
        : type === 'rename'
          ? await renameChecks(s)
          : await certificateBusinessChecks(s, type);
  const materials = await materialsCheck(s);
  checks.push(materials);
  return {
    verdict: { code: answer.code, message: tr(answer.message) },
    checks,
    warnings: materials.verdict === 'warn' ? [materials.answer] : [],
    facts: answer.facts,
  };
}

/** How each fact the rules keep (the history row of a SUBMIT) reads: its label, and its value in words. Ids are left out. */
const FACT_WORDS: Record<string, [string, (v: unknown, labels: Labels) => string]> = {
  name: ['姓名', String],
  // Masked like every view of the case: the full number is revealed by a logged click (personalData).
  idNo: ['身份证号', (v) => maskIdNo(String(v))],
  sex: ['性别', (v, l) => l.of('sys_user_sex', String(v))],
  age: ['年龄', (v) => tr(`${String(v)} 岁`)],
  certNo: ['证书编号', String],
  category: ['证书类别', (v, l) => l.of('cer_type', String(v))],
  position: ['职务', (v, l) => l.of('ministerial_position', String(v))],
  status: ['证书状态', (v, l) => l.of('cert_status', String(v))],
  issueDate: ['发证日期', String],
  expiryDate: ['有效期至', String],
  version: ['版本号', (v) => String(v).padStart(3, '0')],
  educationHours: ['已完成继续教育', (v) => tr(`${String(v)} 学时`)],
  requiredHours: ['应完成继续教育', (v) => tr(`${String(v)} 学时`)],
  newValidFrom: ['延期后有效期自', String],
  newExpiryDate: ['延期后有效期至', String],
  employed: ['三库在职记录', (v) => has(v === true)],
  employerIsApplicant: ['在职单位为申请企业', (v) => yes(v === true)],
  workYears: ['从事建筑施工年限', (v) => tr(`${String(v)} 年`)],
  banUntil: ['禁止考核至', String],
  originalCertNo: ['原证书编号', String],
  oldName: ['原企业名称', String],
  newName: ['新企业名称', String],
  legalRepresentative: ['法定代表人', String],
  validCertificates: ['有效证书', (v) => tr(`${String(v)} 本`)],
};

/** Facts as the rules kept them, in words and in the order above (what was checked at SUBMIT). */
export function factsInWords(facts: Record<string, unknown>, labels: Labels): Fact[] {
  const out: Fact[] = [];
  for (const [key, [label, words]] of Object.entries(FACT_WORDS)) {
    const v = facts[key];
    if (v === undefined || v === null || v === '') continue;
    out.push({ ...fact(label, words(v, labels)), ...(key === 'idNo' ? { kind: 'idNo' as const } : {}) });
  }
  return out;
}
