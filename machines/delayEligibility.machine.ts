/**
 * May this certificate be delayed (延期)? The nine ordered checks of DOMAIN.md "Delay" over facts
 * the server gathers (SPEC 4 delay eligibility codes 0–9). Pure statechart: every check is a
 * transient state with `always` transitions, so the machine runs from its input straight to one
 * final state per code; the first failing check is the answer. The apply modal and the server use
 * the same machine ({@link checkDelayEligibility}).
 */
import { initialTransition, setup, type SnapshotFrom, type StateValue } from 'xstate';
import { DEFAULT_YEAR_LIMITS, isOverAgeLimit, type YearLimits } from './ageLimits.js';
import type { StateDocMeta, TransitionDocMeta } from './introspect.js';

export type CertCategory = 'A' | 'B' | 'C1' | 'C2' | 'C3';

/** Facts about the certificate, its holder and the applying enterprise, gathered by the server. */
export interface DelayFacts {
  /** Today, YYYY-MM-DD (the server's date in Asia/Shanghai). */
  today: string;
  /** The certificate's end date, YYYY-MM-DD. */
  expiryDate: string;
  category: CertCategory;
  /** Position code (职务, national standard; 01 法定代表人). Informational: the age rule reads `isLegalRepresentative`. */
  position: string;
  /** The holder is the enterprise's 法定代表人 (A certificates: no age limit). */
  isLegalRepresentative: boolean;
  /** Days before expiry from which a delay may be applied for (sys_config, default 90). */
  windowDays?: number;
  /** Continuing-education hours in the validity period. */
  educationHours: number;
  /** Hours required in the validity period (default 24 per certificate year). */
  requiredHours: number;
  /** B only: a valid 注册建造师 registration at the applying enterprise. */
  hasValidConstructorRegAtApplicant: boolean;
  /** Another application for the same certificate is in progress. */
  otherBusinessInProgress: boolean;
  /** The holder's birth date, YYYY-MM-DD: check 5 counts the age limit to the day (ageLimits.ts). */
  birthDate: string;
  /** '0' male, '1' female (the A limit is the statutory retirement age of the holder's sex). */
  sex: '0' | '1';
  /** B and C limits in years (sys_config biz.age.max.*); default 65 and 60. */
  yearLimits?: YearLimits;
  /** The three databases (三库) have an employment record of the person. */
  employedInThreeDatabases: boolean;
  /** The employer recorded there is the applying enterprise. */
  employerInThreeDatabasesIsApplicant: boolean;
  /** Another valid certificate of a conflicting category exists (here or in another province). */
  conflictingValidCertificate: boolean;
  /** A suspension (暂扣) penalty is in force. */
  suspended: boolean;
}

/** The facts with defaults filled in (the machine's context). */
export interface DelayEligibilityContext extends Omit<DelayFacts, 'windowDays' | 'yearLimits'> {
  windowDays: number;
  yearLimits: YearLimits;
}

export type DelayEligibilityCode = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

export const DEFAULT_DELAY_WINDOW_DAYS = 90;

export const DELAY_ELIGIBILITY_MESSAGES: Record<DelayEligibilityCode, string> = {
  0: '可以申请延期',
  1: '不在延期申请时间范围内（证书有效期届满前90日内方可申请）',
  2: '继续教育学时不足',
  3: '申请企业无有效的注册建造师注册',
  4: '该证书有其他业务正在办理',
  5: '申请人超过年龄限制',
  6: '三库中无该人员的从业记录',
  7: '三库中的从业单位与申请企业不一致',
  8: '已持有其他有效的安管人员证书',
  9: '证书处于暂扣期',
};

/** Final state of each code. */
export const DELAY_ELIGIBILITY_STATES = {
  0: 'eligible',
  1: 'outsideWindow',
  2: 'insufficientHours',
  3: 'noConstructorRegistration',
  4: 'otherBusinessInProgress',
  5: 'overAgeLimit',
  6: 'noEmploymentRecord',
  7: 'employerMismatch',
  8: 'conflictingCertificate',
  9: 'suspended',
} as const satisfies Record<DelayEligibilityCode, string>;
export type DelayEligibilityFinalState = (typeof DELAY_ELIGIBILITY_STATES)[DelayEligibilityCode];

const DAY_MS = 86_400_000;

/** Epoch day of a YYYY-MM-DD date, NaN when it is not a real calendar date. */
function epochDay(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return Number.NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return Number.NaN;
  return ms / DAY_MS;
}

/**
 * Check 1: today is within `windowDays` days before the expiry date, up to and including it.
 * An expired certificate (today after the expiry date) or an unreadable date fails.
 */
export function isWithinDelayWindow(today: string, expiryDate: string, windowDays: number): boolean {
  const left = epochDay(expiryDate) - epochDay(today);
  return left >= 0 && left <= windowDays;
}

function normalize(facts: DelayFacts): DelayEligibilityContext {
  const { windowDays, yearLimits, ...rest } = facts;
  return {
    ...rest,
    windowDays:
      windowDays !== undefined && Number.isFinite(windowDays) && windowDays >= 0
        ? windowDays
        : DEFAULT_DELAY_WINDOW_DAYS,
    yearLimits: yearLimits ?? DEFAULT_YEAR_LIMITS,
  };
}

const code = (n: DelayEligibilityCode): StateDocMeta => ({ code: n, codeLabel: DELAY_ELIGIBILITY_MESSAGES[n] });

/**
 * The nine checks as plain predicates (true: the check fails), in the machine's order, so that the
 * reviewer's case can say each check's answer ({@link explainDelayEligibility}) without stating a
 * rule a second time: the machine's guards are these.
 */
export const DELAY_CHECKS = [
  {
    code: 1,
    guard: 'isOutsideTheWindow',
    fails: (c: DelayEligibilityContext) => !isWithinDelayWindow(c.today, c.expiryDate, c.windowDays),
  },
  {
    code: 2,
    guard: 'lacksEducationHours',
    fails: (c: DelayEligibilityContext) => !(c.educationHours >= c.requiredHours),
  },
  {
    code: 3,
    guard: 'lacksConstructorRegistration',
    fails: (c: DelayEligibilityContext) => c.category === 'B' && !c.hasValidConstructorRegAtApplicant,
  },
  { code: 4, guard: 'hasOtherBusinessInProgress', fails: (c: DelayEligibilityContext) => c.otherBusinessInProgress },
  {
    code: 5,
    guard: 'isOverTheAgeLimit',
    fails: (c: DelayEligibilityContext) => isOverAgeLimit(c, c.today, c.yearLimits),
  },
  { code: 6, guard: 'lacksEmploymentRecord', fails: (c: DelayEligibilityContext) => !c.employedInThreeDatabases },
  {
    code: 7,
    guard: 'worksForAnotherEmployer',
    fails: (c: DelayEligibilityContext) => !c.employerInThreeDatabasesIsApplicant,
  },
  {
    code: 8,
    guard: 'holdsConflictingCertificate',
    fails: (c: DelayEligibilityContext) => c.conflictingValidCertificate,
  },
  { code: 9, guard: 'isSuspended', fails: (c: DelayEligibilityContext) => c.suspended },
] as const satisfies readonly {
  code: Exclude<DelayEligibilityCode, 0>;
  guard: string;
  fails: (c: DelayEligibilityContext) => boolean;
}[];

type DelayGuardName = (typeof DELAY_CHECKS)[number]['guard'];
const check =
  (name: DelayGuardName) =>
  ({ context }: { context: DelayEligibilityContext }) =>
    DELAY_CHECKS.find((c) => c.guard === name)!.fails(context);

export const delayEligibilityMachine = setup({
  types: {
    context: {} as DelayEligibilityContext,
    input: {} as DelayFacts,
    meta: {} as StateDocMeta,
    transitionMeta: {} as TransitionDocMeta,
  },
  guards: {
    isOutsideTheWindow: check('isOutsideTheWindow'),
    lacksEducationHours: check('lacksEducationHours'),
    lacksConstructorRegistration: check('lacksConstructorRegistration'),
    hasOtherBusinessInProgress: check('hasOtherBusinessInProgress'),
    isOverTheAgeLimit: check('isOverTheAgeLimit'),
    lacksEmploymentRecord: check('lacksEmploymentRecord'),
    worksForAnotherEmployer: check('worksForAnotherEmployer'),
    holdsConflictingCertificate: check('holdsConflictingCertificate'),
    isSuspended: check('isSuspended'),
  },
}).createMachine({
  id: 'delayEligibility',
  description:
    'Whether a certificate may be delayed (延期): nine checks in order over facts the server gathers, the first ' +
    'failure is the answer (SPEC 4 codes 1–9), 0 when all pass. 1 window (from 90 days before the expiry date ' +
    'up to it; an expired certificate cannot be delayed), 2 continuing-education hours, 3 B: a valid 注册建造师 ' +
    'registration at the applying enterprise, 4 no other application for the certificate in progress, 5 age ' +
    '(B over 65, C over 60, A other than the 法定代表人 over the retirement age), 6 an employment record in the ' +
    'three databases, 7 that the employer there is the applicant, 8 no conflicting valid certificate, 9 no ' +
    'suspension in force. Runs from its input straight to a final state; no events.',
  meta: { doc: { stateCodeTitle: 'Eligibility code' } },
  context: ({ input }) => normalize(input),
  initial: 'checkingWindow',
  states: {
    checkingWindow: {
      description: 'Check 1: today is within the window before the expiry date (not after it).',
      always: [{ guard: 'isOutsideTheWindow', target: 'outsideWindow' }, { target: 'checkingHours' }],
    },
    checkingHours: {
      description: 'Check 2: the continuing-education hours of the validity period are met.',
      always: [
        { guard: 'lacksEducationHours', target: 'insufficientHours' },
        { target: 'checkingConstructorRegistration' },
      ],
    },
    checkingConstructorRegistration: {
      description: 'Check 3 (B only): a valid 注册建造师 registration at the applying enterprise.',
      always: [
        { guard: 'lacksConstructorRegistration', target: 'noConstructorRegistration' },
        { target: 'checkingOtherBusiness' },
      ],
    },
    checkingOtherBusiness: {
      description: 'Check 4: no other application for this certificate is in progress.',
      always: [{ guard: 'hasOtherBusinessInProgress', target: 'otherBusinessInProgress' }, { target: 'checkingAge' }],
    },
    checkingAge: {
      description:
        'Check 5: B up to the 65th birthday, C up to the 60th, A up to the statutory retirement date (the A 法定代表人 has no limit); over from the day after.',
      always: [{ guard: 'isOverTheAgeLimit', target: 'overAgeLimit' }, { target: 'checkingEmployment' }],
    },
    checkingEmployment: {
      description: 'Check 6: the three databases have an employment record of the person.',
      always: [{ guard: 'lacksEmploymentRecord', target: 'noEmploymentRecord' }, { target: 'checkingEmployer' }],
    },
    checkingEmployer: {
      description: 'Check 7: the employer in the three databases is the applying enterprise.',
      always: [{ guard: 'worksForAnotherEmployer', target: 'employerMismatch' }, { target: 'checkingCertificates' }],
    },
    checkingCertificates: {
      description: 'Check 8: no other valid certificate of a conflicting category exists.',
      always: [
        { guard: 'holdsConflictingCertificate', target: 'conflictingCertificate' },
        { target: 'checkingSuspension' },
      ],
    },
    checkingSuspension: {
      description: 'Check 9: no suspension (暂扣) penalty is in force.',
      always: [{ guard: 'isSuspended', target: 'suspended' }, { target: 'eligible' }],
    },
    eligible: { type: 'final', description: 'All checks passed: the delay may be applied for.', meta: code(0) },
    outsideWindow: {
      type: 'final',
      description: 'Check 1 failed: outside the window, or the certificate has expired.',
      meta: code(1),
    },
    insufficientHours: {
      type: 'final',
      description: 'Check 2 failed: not enough continuing-education hours.',
      meta: code(2),
    },
    noConstructorRegistration: {
      type: 'final',
      description: 'Check 3 failed: a B holder without a valid 注册建造师 registration at the applicant.',
      meta: code(3),
    },
    otherBusinessInProgress: {
      type: 'final',
      description: 'Check 4 failed: another application for this certificate is in progress.',
      meta: code(4),
    },
    overAgeLimit: { type: 'final', description: 'Check 5 failed: over the age limit of the category.', meta: code(5) },
    noEmploymentRecord: {
      type: 'final',
      description: 'Check 6 failed: no employment record in the three databases.',
      meta: code(6),
    },
    employerMismatch: {
      type: 'final',
      description: 'Check 7 failed: the employer in the three databases is not the applicant.',
      meta: code(7),
    },
    conflictingCertificate: {
      type: 'final',
      description: 'Check 8 failed: a conflicting valid certificate exists.',
      meta: code(8),
    },
    suspended: { type: 'final', description: 'Check 9 failed: a suspension (暂扣) is in force.', meta: code(9) },
  },
});

export type DelayEligibilitySnapshot = SnapshotFrom<typeof delayEligibilityMachine>;

const CODE_BY_STATE = new Map<string, DelayEligibilityCode>(
  (Object.entries(DELAY_ELIGIBILITY_STATES) as Array<[string, DelayEligibilityFinalState]>).map(([c, s]) => [
    s,
    Number(c) as DelayEligibilityCode,
  ]),
);

/** The code (0–9) of a finished check; throws for a snapshot that is not in a final state. */
export function eligibilityCodeOf(snapshot: { value: StateValue }): DelayEligibilityCode {
  const found = typeof snapshot.value === 'string' ? CODE_BY_STATE.get(snapshot.value) : undefined;
  if (found === undefined) throw new Error(`delay eligibility has not finished: ${JSON.stringify(snapshot.value)}`);
  return found;
}

export interface DelayEligibilityResult {
  code: DelayEligibilityCode;
  message: string;
}

/** Runs the machine on the facts (pure `initialTransition`) and answers its code and message. */
export function checkDelayEligibility(facts: DelayFacts): DelayEligibilityResult {
  const [snapshot] = initialTransition(delayEligibilityMachine, facts);
  const result = eligibilityCodeOf(snapshot);
  return { code: result, message: DELAY_ELIGIBILITY_MESSAGES[result] };
}

/** Each of the nine checks with its own answer (not only the first failure): the facts as the machine reads them, and whether each check fails. */
export function explainDelayEligibility(facts: DelayFacts): {
  context: DelayEligibilityContext;
  checks: { code: Exclude<DelayEligibilityCode, 0>; failed: boolean }[];
} {
  const context = normalize(facts);
  return { context, checks: DELAY_CHECKS.map((c) => ({ code: c.code, failed: c.fails(context) })) };
}
