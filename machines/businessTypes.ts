/**
 * The one table of business types (DESIGN.md "The machines", DOMAIN.md "Flows", SPEC 4): which
 * review steps each business type goes through, whether the holder must confirm an
 * enterprise-filed application first (person check), and whether approval queues a certificate
 * for printing. The application machine takes the route from here; pages and the server read the
 * labels and page suffixes from here. Pure data, no I/O.
 */

/** Workflow steps in their fixed order (SPEC 4). sl and bj are on every route. */
export const STEPS = ['sl', 'cb', 'cs', 'sh', 'sp', 'bj'] as const;
export type Step = (typeof STEPS)[number];

/** The steps a route may include or skip. */
export const MIDDLE_STEPS = ['cb', 'cs', 'sh', 'sp'] as const;
export type MiddleStep = (typeof MIDDLE_STEPS)[number];

export const STEP_LABELS: Record<Step, string> = {
  sl: '受理',
  cb: '承办',
  cs: '初审',
  sh: '审核',
  sp: '审批',
  bj: '办结',
};

export type BusinessType =
  | 'newCert'
  | 'delay'
  | 'inner'
  | 'inProvince'
  | 'outProvince'
  | 'modify'
  | 'revocation'
  | 'personRevocation'
  | 'rename';

/** What step 0 of the apply wizard chooses: a person, a certificate, or nothing (the enterprise itself). */
export type SubjectTarget = 'person' | 'certificate' | 'enterprise';

/** The steps of the apply wizard (SPEC 2: steps 0–3; revocations show the certificate's detail, steps 1–5). */
export type WizardStep = 'subject' | 'detail' | 'form' | 'materials' | 'summary';

export interface BusinessRoute {
  type: BusinessType;
  /** Chinese name of the business, e.g. 新办证书. */
  label: string;
  /** Suffix of the queue pages (WaitAccept<Suffix>, Accepted<Suffix>, WaitReview<Suffix>, Reviewed<Suffix>). */
  pageSuffix: string;
  /** The middle steps (cb, cs, sh, sp) the route uses, in step order. */
  middleSteps: MiddleStep[];
  /** Filed by an enterprise about a person: the holder confirms before it reaches the centre. */
  personCheck: boolean;
  /** Approval queues a certificate for printing (DOMAIN.md "Printing"). */
  printsCertificate: boolean;
  /** What the application is about (step 0 of the wizard; the server checks the same). */
  target: SubjectTarget;
  /** The wizard shows the certificate's detail before the form (revocations). */
  showsDetail: boolean;
  /** Where the applicant works on it (a to-do after a return links here). */
  applicantPage: string;
  /** Where the holder confirms it (null: no confirmation). */
  holderPage: string | null;
}

export const BUSINESS_ROUTES: Record<BusinessType, BusinessRoute> = {
  newCert: {
    type: 'newCert',
    label: '新办证书',
    pageSuffix: 'NewCert',
    middleSteps: ['cb', 'cs', 'sh', 'sp'],
    personCheck: false,
    printsCertificate: true,
    target: 'person',
    showsDetail: false,
    applicantPage: '/business/newCertificate',
    holderPage: null,
  },
  delay: {
    type: 'delay',
    label: '证书延期',
    pageSuffix: 'Delay',
    middleSteps: ['cs', 'sh'],
    personCheck: true,
    printsCertificate: true,
    target: 'certificate',
    showsDetail: false,
    applicantPage: '/business/applyDelay',
    holderPage: '/personCheck/personCheckDelay',
  },
  inner: {
    type: 'inner',
    label: '省内调动',
    pageSuffix: 'Inner',
    middleSteps: ['cs', 'sh', 'sp'],
    personCheck: true,
    printsCertificate: true,
    target: 'certificate',
    showsDetail: false,
    applicantPage: '/business/applyInner',
    holderPage: '/personCheck/personCheckInner',
  },
  inProvince: {
    type: 'inProvince',
    label: '省外调入',
    pageSuffix: 'InProvince',
    middleSteps: ['cb', 'cs', 'sh', 'sp'],
    personCheck: true,
    printsCertificate: true,
    target: 'person',
    showsDetail: false,
    applicantPage: '/business/inProvince',
    holderPage: '/personCheck/personCheckIn',
  },
  outProvince: {
    type: 'outProvince',
    label: '调出省外',
    pageSuffix: 'OutProvince',
    middleSteps: ['sh'],
    personCheck: true,
    printsCertificate: false,
    target: 'certificate',
    showsDetail: false,
    applicantPage: '/business/outProvince',
    holderPage: '/personCheck/personCheckOut',
  },
  modify: {
    type: 'modify',
    label: '证书变更',
    pageSuffix: 'Modify',
    middleSteps: ['sh'],
    personCheck: true,
    printsCertificate: true,
    target: 'certificate',
    showsDetail: false,
    applicantPage: '/business/certModify',
    holderPage: '/personCheck/personCheckChange',
  },
  revocation: {
    type: 'revocation',
    label: '证书注销',
    pageSuffix: 'Revocation',
    middleSteps: ['sh'],
    personCheck: true,
    printsCertificate: false,
    target: 'certificate',
    showsDetail: true,
    applicantPage: '/business/certificateRevocation',
    holderPage: '/personCheck/personCheckRevocation',
  },
  personRevocation: {
    type: 'personRevocation',
    label: '个人注销',
    pageSuffix: 'PersonRevocation',
    middleSteps: ['sh'],
    personCheck: false,
    printsCertificate: false,
    target: 'certificate',
    showsDetail: true,
    applicantPage: '/personCheck/personRevocation',
    holderPage: null,
  },
  rename: {
    type: 'rename',
    label: '企业更名',
    pageSuffix: 'Rename',
    middleSteps: ['cs', 'sh', 'sp'],
    personCheck: false,
    printsCertificate: false,
    target: 'enterprise',
    showsDetail: false,
    applicantPage: '/business/enterpriseRename',
    holderPage: null,
  },
};

/** Every business type, in the order of the table above. */
export const BUSINESS_TYPES = Object.keys(BUSINESS_ROUTES) as BusinessType[];

/** The apply wizard's steps of a business type, in order. */
export function wizardStepsOf(type: BusinessType): WizardStep[] {
  return BUSINESS_ROUTES[type].showsDetail
    ? ['subject', 'detail', 'form', 'materials', 'summary']
    : ['subject', 'form', 'materials', 'summary'];
}

/** The full step sequence of a route: sl, its middle steps, bj. */
export function routeSteps(middleSteps: readonly MiddleStep[]): Step[] {
  return ['sl', ...middleSteps, 'bj'];
}

/** Application status (SPEC 4 applyStatusOpts), derived from the application machine's state. */
export const APPLY_STATUS = {
  applying: { code: 0, label: '申请中' },
  saved: { code: 1, label: '已保存' },
  submitted: { code: 2, label: '已提交' },
  accepted: { code: 3, label: '已受理' },
  rejected: { code: 4, label: '不予以受理办结' },
  closed: { code: 8, label: '已办结' },
} as const;
export type ApplyStatusKey = keyof typeof APPLY_STATUS;
export type ApplyStatusCode = (typeof APPLY_STATUS)[ApplyStatusKey]['code'];
export const APPLY_STATUS_LABELS: Record<ApplyStatusCode, string> = {
  0: APPLY_STATUS.applying.label,
  1: APPLY_STATUS.saved.label,
  2: APPLY_STATUS.submitted.label,
  3: APPLY_STATUS.accepted.label,
  4: APPLY_STATUS.rejected.label,
  8: APPLY_STATUS.closed.label,
};

/** Approval result recorded in each history row (SPEC 4). */
export const APPROVAL_RESULT = {
  disagree: { code: 0, label: '不同意' },
  agree: { code: 1, label: '同意' },
  withdraw: { code: 3, label: '撤回' },
  return: { code: 4, label: '退回' },
} as const;
export type ApprovalResultKey = keyof typeof APPROVAL_RESULT;
export type ApprovalResultCode = (typeof APPROVAL_RESULT)[ApprovalResultKey]['code'];
export const APPROVAL_RESULT_LABELS: Record<ApprovalResultCode, string> = {
  0: APPROVAL_RESULT.disagree.label,
  1: APPROVAL_RESULT.agree.label,
  3: APPROVAL_RESULT.withdraw.label,
  4: APPROVAL_RESULT.return.label,
};
