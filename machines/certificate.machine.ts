/**
 * One certificate's life (DOMAIN.md "Who and what", "Flows", "Credit and punishments"): issued valid
 * (01), suspended for a 暂扣's period (02), rescinded (03 撤销) or revoked (07 吊销) by a punishment,
 * cancelled (04 注销), expired (05 失效) when its validity has ended, transferred out of the province
 * (06 办理转出). Pure statechart: the server's one certificate writer
 * (server/modules/certificate/writer.ts) loads the row, asks the machine whether the event fits now
 * (no → the caller's transaction fails with the machine's words), and stores what it answers with a
 * history row; a certificate's history replays through this machine to its stored row.
 *
 * The machine does not know the time or the database: events carry the facts their guards read
 * (today as a China day, the period of the 暂扣 in force, the application's acceptance day). It does
 * not check who sends (the transitions' `meta.who` says who may).
 *
 * Decisions a real certificate needs beyond "valid until it is not":
 * - Validity (DOMAIN.md "Validity"): it ends the day before its start plus three years
 *   ({@link statutoryExpiryOf}); a delay continues it from the day after the old end
 *   ({@link delayedValidityOf}), also for a certificate that expired while its timely delay was in review.
 * - Every new version (delay, change, transfer) gets the next version number, a new query code
 *   and the day of its decision as 发证日期; status-only moves keep the version.
 * - A 暂扣 suspends a valid certificate for its period; the period's end gives it back valid, or
 *   expired when its validity ended meanwhile, or keeps it suspended while another 暂扣 is in force.
 * - 吊销 and 撤销 end a live certificate; lifting the punishment (removed or changed on review)
 *   gives back what today's facts say: suspended, expired or valid.
 * - 注销 and 办理转出 are final: a person who needs the certificate again sits the exam again (or
 *   transfers back in, which issues a new one).
 *
 * Persisted form: the certificate row itself. `status` is the state's code and the context's fields
 * are the row's columns of the same names ({@link certificateStateOf}, {@link PersistedCertificateSnapshot}).
 */
import { and, assign, createActor, setup, type AnyActorScope, type SnapshotFrom } from 'xstate';
import type { CertCategory } from './delayEligibility.machine.js';
import type { StateDocMeta, TransitionDocMeta } from './introspect.js';

// ---------------------------------------------------------------------------------------------
// Validity arithmetic (China days, YYYY-MM-DD), the one statement of DOMAIN.md's rule

/** Years a certificate is valid for (DOMAIN.md "Validity"). */
export const CERTIFICATE_VALIDITY_YEARS = 3;

const DAY_MS = 86_400_000;

function parseDay(day: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) throw new RangeError(`not a YYYY-MM-DD day: ${day}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

const dayOf = (d: Date): string => d.toISOString().slice(0, 10);

/** `day` plus `n` days. */
export function plusDays(day: string, n: number): string {
  return dayOf(new Date(parseDay(day).getTime() + n * DAY_MS));
}

/** `day` plus `n` calendar years; 29 February of a common year rolls over to 1 March (server/lib/days.ts addYears). */
export function plusYears(day: string, n: number): string {
  const d = parseDay(day);
  d.setUTCFullYear(d.getUTCFullYear() + n);
  return dayOf(d);
}

/** The last day of a validity starting on `validFrom`: the day before its start plus the years (28 February after 29 February). */
export function statutoryExpiryOf(validFrom: string, years: number = CERTIFICATE_VALIDITY_YEARS): string {
  return plusDays(plusYears(validFrom, years), -1);
}

/** A delay's new validity: from the day after the old end, of the statutory length. */
export function delayedValidityOf(expiryDate: string): { validFrom: string; expiryDate: string } {
  const validFrom = plusDays(expiryDate, 1);
  return { validFrom, expiryDate: statutoryExpiryOf(validFrom) };
}

/** Whether a validity from `validFrom` to `expiryDate` has the statutory length. */
export const hasStatutoryLength = (validFrom: string, expiryDate: string): boolean =>
  statutoryExpiryOf(validFrom) === expiryDate;

// ---------------------------------------------------------------------------------------------
// Types

/** cert_status national codes the machine's states carry (DOMAIN.md; 99 其他 is no state of it). */
export const CERT_STATUSES = ['01', '02', '03', '04', '05', '06', '07'] as const;
export type CertStatus = (typeof CERT_STATUSES)[number];

export type CertificateStateName =
  | 'unissued'
  | 'valid'
  | 'suspended'
  | 'rescinded'
  | 'cancelled'
  | 'expired'
  | 'transferredOut'
  | 'revoked';

/** The state of each status code, and back. */
export const STATE_OF_STATUS: Record<CertStatus, Exclude<CertificateStateName, 'unissued'>> = {
  '01': 'valid',
  '02': 'suspended',
  '03': 'rescinded',
  '04': 'cancelled',
  '05': 'expired',
  '06': 'transferredOut',
  '07': 'revoked',
};
export const STATUS_OF_STATE: Record<Exclude<CertificateStateName, 'unissued'>, CertStatus> = {
  valid: '01',
  suspended: '02',
  rescinded: '03',
  cancelled: '04',
  expired: '05',
  transferredOut: '06',
  revoked: '07',
};

/** The words of each status (the cert_status dictionary's labels). */
export const CERT_STATUS_LABELS: Record<CertStatus, string> = {
  '01': '有效',
  '02': '暂扣',
  '03': '撤销',
  '04': '注销',
  '05': '失效',
  '06': '办理转出',
  '07': '吊销',
};

export const isCertStatus = (status: string): status is CertStatus =>
  (CERT_STATUSES as readonly string[]).includes(status);

/** What the machine keeps: the certificate row's columns of these names. */
export interface CertificateContext {
  certNo: string;
  category: CertCategory;
  personId: number;
  enterpriseId: number;
  /** ministerial_position code. */
  position: string;
  /** 发证日期: the decision day of the issue or of the latest new version. */
  issueDate: string;
  validFrom: string;
  expiryDate: string;
  version: number;
  queryCode: string;
  /** The period of the 暂扣 in force while suspended (null otherwise; `suspendedTo` null: until lifted). */
  suspendedFrom: string | null;
  suspendedTo: string | null;
}

/** A 暂扣 period (China days, inclusive; `to` null: until lifted). */
export interface SuspensionPeriod {
  from: string;
  to: string | null;
}

/** A new version's stamp: the decision day (发证日期) and the new query code. */
interface NewVersion {
  issueDate: string;
  queryCode: string;
}

export type CertificateEvent =
  | ({
      type: 'ISSUE';
      certNo: string;
      category: CertCategory;
      personId: number;
      enterpriseId: number;
      position: string;
      validFrom: string;
      expiryDate: string;
      /** The day the application that issues it was accepted (null: no application, e.g. data loaded from the older platform). */
      acceptedOn: string | null;
    } & NewVersion)
  | ({ type: 'DELAY'; validFrom: string; expiryDate: string } & NewVersion)
  | ({ type: 'CHANGE'; position?: string } & NewVersion)
  | ({ type: 'TRANSFER'; enterpriseId: number; position?: string } & NewVersion)
  | { type: 'TRANSFER_OUT' }
  | { type: 'CANCEL' }
  | { type: 'SUSPEND'; today: string; period: SuspensionPeriod }
  | { type: 'RESTORE'; today: string; inForce: SuspensionPeriod | null }
  | { type: 'EXPIRE'; today: string }
  | { type: 'REVOKE' }
  | { type: 'RESCIND' }
  | { type: 'LIFT_PENALTY'; today: string; inForce: SuspensionPeriod | null };

export type CertificateEventType = CertificateEvent['type'];
export const certificateEventTypes: readonly CertificateEventType[] = [
  'ISSUE',
  'DELAY',
  'CHANGE',
  'TRANSFER',
  'TRANSFER_OUT',
  'CANCEL',
  'SUSPEND',
  'RESTORE',
  'EXPIRE',
  'REVOKE',
  'RESCIND',
  'LIFT_PENALTY',
];

/**
 * Who sends an event (`meta.who`), each through the one writer in its own transaction:
 * - `business`: the close effect of an application approved at 办结 (its 办结 reviewer is the actor);
 * - `credit`: a punishment's approval by the second officer (its reviewer is the actor);
 * - `job`: a scheduled job (the 暂扣 periods at 00:01, expiry at 00:05);
 * - `load`: data loaded without an application (the demo and scale seeds, the older platform's data).
 */
export type CertificateSender = 'business' | 'credit' | 'job' | 'load';
export const CERTIFICATE_SENDERS: Record<CertificateSender, string> = {
  business: 'the close effect of an application approved at 办结 (the 办结 reviewer is the actor)',
  credit: "a punishment's approval, change or removal, on its second officer's review (the reviewer is the actor)",
  job: 'a scheduled job: 暂扣 periods (00:01) and expiry (00:05); RESTORE also comes from a punishment review that ends a 暂扣 early',
  load: 'data loaded without an application: the demo and scale seeds, certificates of the older platform',
};

// ---------------------------------------------------------------------------------------------
// Guards and actions

const inForceOn = (period: SuspensionPeriod | null, today: string): period is SuspensionPeriod =>
  period !== null && period.from <= today && (period.to === null || period.to >= today);

const EMPTY: CertificateContext = {
  certNo: '',
  category: 'C3',
  personId: 0,
  enterpriseId: 0,
  position: '',
  issueDate: '',
  validFrom: '',
  expiryDate: '',
  version: 0,
  queryCode: '',
  suspendedFrom: null,
  suspendedTo: null,
};

const status = (code: CertStatus): StateDocMeta => ({ code, codeLabel: CERT_STATUS_LABELS[code] });
type Who = { who: CertificateSender };
const business: Who = { who: 'business' };
const credit: Who = { who: 'credit' };
const job: Who = { who: 'job' };

export const certificateMachine = setup({
  types: {
    context: {} as CertificateContext,
    events: {} as CertificateEvent,
    meta: {} as StateDocMeta,
    transitionMeta: {} as TransitionDocMeta,
  },
  actions: {
    takeTheIssuedFields: assign(({ event }) =>
      event.type === 'ISSUE'
        ? {
            certNo: event.certNo,
            category: event.category,
            personId: event.personId,
            enterpriseId: event.enterpriseId,
            position: event.position,
            issueDate: event.issueDate,
            validFrom: event.validFrom,
            expiryDate: event.expiryDate,
            version: 1,
            queryCode: event.queryCode,
            suspendedFrom: null,
            suspendedTo: null,
          }
        : {},
    ),
    startANewVersion: assign(({ context, event }) =>
      'queryCode' in event && 'issueDate' in event
        ? { version: context.version + 1, issueDate: event.issueDate, queryCode: event.queryCode }
        : {},
    ),
    takeTheNewValidity: assign(({ event }) =>
      event.type === 'DELAY' ? { validFrom: event.validFrom, expiryDate: event.expiryDate } : {},
    ),
    takeTheNewPosition: assign(({ context, event }) => ({
      position:
        (event.type === 'CHANGE' || event.type === 'TRANSFER') && event.position ? event.position : context.position,
    })),
    takeTheNewEnterprise: assign(({ event }) =>
      event.type === 'TRANSFER' ? { enterpriseId: event.enterpriseId } : {},
    ),
    holdTheSuspension: assign(({ event }) => {
      const period =
        event.type === 'SUSPEND'
          ? event.period
          : event.type === 'RESTORE' || event.type === 'LIFT_PENALTY'
            ? event.inForce
            : null;
      return period ? { suspendedFrom: period.from, suspendedTo: period.to } : {};
    }),
    forgetTheSuspension: assign({ suspendedFrom: null, suspendedTo: null }),
  },
  guards: {
    hasStatutoryValidity: ({ event }) =>
      (event.type === 'ISSUE' || event.type === 'DELAY') && hasStatutoryLength(event.validFrom, event.expiryDate),
    isIssuedOnOrAfterAcceptance: ({ event }) =>
      event.type === 'ISSUE' && (event.acceptedOn === null || event.issueDate >= event.acceptedOn),
    continuesTheOldValidity: ({ context, event }) =>
      event.type === 'DELAY' && event.validFrom === plusDays(context.expiryDate, 1),
    movesToAnotherEnterprise: ({ context, event }) =>
      event.type === 'TRANSFER' && event.enterpriseId !== context.enterpriseId,
    isSuspensionInForce: ({ event }) => event.type === 'SUSPEND' && inForceOn(event.period, event.today),
    isAnotherSuspensionInForce: ({ event }) =>
      (event.type === 'RESTORE' || event.type === 'LIFT_PENALTY') && inForceOn(event.inForce, event.today),
    hasValidityEnded: ({ context, event }) => 'today' in event && context.expiryDate < event.today,
  },
}).createMachine({
  id: 'certificate',
  description:
    'One safety-production assessment certificate (安管人员证书), its cert_status as states (DOMAIN.md): issued 01 有效 ' +
    'with a validity of three years ending the day before its start plus three years; a delay (延期) continues it from ' +
    'the day after the old end, a change (变更, also of an enterprise rename) or an inner transfer (省内调动) makes a ' +
    'new version (number +1, a new query code, 发证日期 the decision day); a 暂扣 suspends it (02) for its period; 撤销 (03) ' +
    'and 吊销 (07) end it until the punishment is lifted; 注销 (04) and 办理转出 (06) end it for good; the day after its ' +
    'validity ends it is 05 失效 (a timely delay still revives it). The server has one writer that sends these events in ' +
    "the caller's transaction and keeps a history row for each; the history replays through the machine to the stored row.",
  meta: { doc: { stateCodeTitle: 'Status (cert_status)', who: CERTIFICATE_SENDERS } },
  context: EMPTY,
  initial: 'unissued',
  states: {
    unissued: {
      description: 'Before its issue: the number is not yet given (a history starts here).',
      on: {
        ISSUE: {
          guard: and(['hasStatutoryValidity', 'isIssuedOnOrAfterAcceptance']),
          target: 'valid',
          actions: 'takeTheIssuedFields',
          meta: business,
        },
      },
    },
    valid: {
      description: 'Valid (有效): shown as verified on the public page.',
      meta: status('01'),
      on: {
        DELAY: {
          guard: and(['continuesTheOldValidity', 'hasStatutoryValidity']),
          target: 'valid',
          actions: ['startANewVersion', 'takeTheNewValidity'],
          meta: business,
        },
        CHANGE: { target: 'valid', actions: ['startANewVersion', 'takeTheNewPosition'], meta: business },
        TRANSFER: {
          guard: 'movesToAnotherEnterprise',
          target: 'valid',
          actions: ['startANewVersion', 'takeTheNewEnterprise', 'takeTheNewPosition'],
          meta: business,
        },
        TRANSFER_OUT: { target: 'transferredOut', meta: business },
        CANCEL: { target: 'cancelled', meta: business },
        SUSPEND: { guard: 'isSuspensionInForce', target: 'suspended', actions: 'holdTheSuspension', meta: credit },
        EXPIRE: { guard: 'hasValidityEnded', target: 'expired', meta: job },
        REVOKE: { target: 'revoked', meta: credit },
        RESCIND: { target: 'rescinded', meta: credit },
      },
    },
    suspended: {
      description: 'Suspended (暂扣) for the period of the 暂扣 in force; no delay, change or transfer out meanwhile.',
      meta: status('02'),
      on: {
        SUSPEND: { guard: 'isSuspensionInForce', target: 'suspended', actions: 'holdTheSuspension', meta: credit },
        RESTORE: [
          { guard: 'isAnotherSuspensionInForce', target: 'suspended', actions: 'holdTheSuspension', meta: job },
          { guard: 'hasValidityEnded', target: 'expired', actions: 'forgetTheSuspension', meta: job },
          { target: 'valid', actions: 'forgetTheSuspension', meta: job },
        ],
        TRANSFER: {
          guard: 'movesToAnotherEnterprise',
          target: 'suspended',
          actions: ['startANewVersion', 'takeTheNewEnterprise', 'takeTheNewPosition'],
          meta: business,
        },
        CANCEL: { target: 'cancelled', actions: 'forgetTheSuspension', meta: business },
        REVOKE: { target: 'revoked', actions: 'forgetTheSuspension', meta: credit },
        RESCIND: { target: 'rescinded', actions: 'forgetTheSuspension', meta: credit },
      },
    },
    rescinded: {
      description: 'Rescinded (撤销) by a punishment, with an exam ban; lifted when the punishment is removed.',
      meta: status('03'),
      on: {
        REVOKE: { target: 'revoked', meta: credit },
        LIFT_PENALTY: [
          { guard: 'isAnotherSuspensionInForce', target: 'suspended', actions: 'holdTheSuspension', meta: credit },
          { guard: 'hasValidityEnded', target: 'expired', meta: credit },
          { target: 'valid', meta: credit },
        ],
      },
    },
    revoked: {
      description:
        'Revoked (吊销) by a punishment, with an exam ban; a 撤销 that stands when the 吊销 is removed makes it 03.',
      meta: status('07'),
      on: {
        RESCIND: { target: 'rescinded', meta: credit },
        LIFT_PENALTY: [
          { guard: 'isAnotherSuspensionInForce', target: 'suspended', actions: 'holdTheSuspension', meta: credit },
          { guard: 'hasValidityEnded', target: 'expired', meta: credit },
          { target: 'valid', meta: credit },
        ],
      },
    },
    expired: {
      description:
        'Expired (失效): its validity has ended. A delay applied for in time still continues it; otherwise it may only be cancelled.',
      meta: status('05'),
      on: {
        DELAY: {
          guard: and(['continuesTheOldValidity', 'hasStatutoryValidity']),
          target: 'valid',
          actions: ['startANewVersion', 'takeTheNewValidity'],
          meta: business,
        },
        CANCEL: { target: 'cancelled', meta: business },
      },
    },
    cancelled: {
      type: 'final',
      description: 'Cancelled (注销) on the holder’s or the enterprise’s application.',
      meta: status('04'),
    },
    transferredOut: {
      type: 'final',
      description: 'Transferred out of the province (办理转出); the national platform is told.',
      meta: status('06'),
    },
  },
});

export type CertificateSnapshot = SnapshotFrom<typeof certificateMachine>;

// ---------------------------------------------------------------------------------------------
// Stored form and pure helpers (the writer and the replay use these)

/** What is stored: the state and the context (the row's status and columns). */
export interface PersistedCertificateSnapshot {
  value: CertificateStateName;
  context: CertificateContext;
}

/** A stored certificate row as the machine reads it (its status and category as the database holds them). */
export type StoredCertificate = Omit<CertificateContext, 'category'> & { status: string; category: string };

const CATEGORIES: readonly string[] = ['A', 'B', 'C1', 'C2', 'C3'];

/** The snapshot of a stored certificate: its status as the state, its columns as the context. */
export function certificateStateOf(row: StoredCertificate): PersistedCertificateSnapshot {
  if (!isCertStatus(row.status))
    throw new RangeError(`certificate status ${row.status} is no state of the certificate machine`);
  return { value: STATE_OF_STATUS[row.status], context: contextOf(row) };
}

/** The context's fields of a row (or of any object carrying them). */
export function contextOf(row: Omit<StoredCertificate, 'status'>): CertificateContext {
  if (!CATEGORIES.includes(row.category))
    throw new RangeError(`certificate category ${row.category} is none of A, B, C1, C2, C3`);
  return {
    certNo: row.certNo,
    category: row.category as CertCategory,
    personId: row.personId,
    enterpriseId: row.enterpriseId,
    position: row.position,
    issueDate: row.issueDate,
    validFrom: row.validFrom,
    expiryDate: row.expiryDate,
    version: row.version,
    queryCode: row.queryCode,
    suspendedFrom: row.suspendedFrom,
    suspendedTo: row.suspendedTo,
  };
}

/** The status code of a state (null before the issue). */
export const statusOfState = (value: CertificateStateName): CertStatus | null =>
  value === 'unissued' ? null : STATUS_OF_STATE[value];

/**
 * One inert actor scope for every pure step: xstate's `transition()` builds a new actor for each
 * call (~0.3 ms), which a job moving thousands of certificates, or a seed loading millions, pays
 * for nothing. The machine spawns and invokes nothing, so the scope is never used for more than
 * running its assign actions.
 */
let inert: AnyActorScope | undefined;
function scope(): AnyActorScope {
  if (!inert) {
    const self = createActor(certificateMachine);
    inert = {
      self,
      defer: () => {},
      id: '',
      logger: () => {},
      sessionId: '',
      stopChild: () => {},
      system: self.system,
      emit: () => {},
      actionExecutor: () => {},
    } as unknown as AnyActorScope;
  }
  return inert;
}

const UNISSUED: PersistedCertificateSnapshot = { value: 'unissued', context: EMPTY };

/** The state before any event. */
export function unissuedCertificate(): PersistedCertificateSnapshot {
  return { value: UNISSUED.value, context: { ...UNISSUED.context } };
}

function revive(persisted: PersistedCertificateSnapshot): CertificateSnapshot {
  return certificateMachine.resolveState({ value: persisted.value, context: persisted.context });
}

const persist = (snapshot: CertificateSnapshot): PersistedCertificateSnapshot => ({
  value: snapshot.value as CertificateStateName,
  context: { ...snapshot.context },
});

/** The machine's next snapshot, or null when it refuses the event (it answers the same snapshot then). */
function step(current: CertificateSnapshot, event: CertificateEvent): CertificateSnapshot | null {
  const next = certificateMachine.transition(current, event, scope());
  return next === current ? null : next;
}

export type CertificateTransitionResult =
  | { ok: true; from: CertificateStateName; to: CertificateStateName; snapshot: PersistedCertificateSnapshot }
  | { ok: false; from: CertificateStateName; reason: 'final' | 'notAllowedNow' };

/** Applies one event (pure); a refused event leaves the certificate as it was. */
export function transitionCertificate(
  persisted: PersistedCertificateSnapshot,
  event: CertificateEvent,
): CertificateTransitionResult {
  const current = revive(persisted);
  const from = persisted.value;
  if (current.status !== 'active') return { ok: false, from, reason: 'final' };
  const next = step(current, event);
  if (!next) return { ok: false, from, reason: 'notAllowedNow' };
  const snapshot = persist(next);
  return { ok: true, from, to: snapshot.value, snapshot };
}

/** Runs a life from the unissued state (or `start`): the state after each event; throws at the first one the machine refuses, naming it. */
export function liveThrough(
  events: readonly CertificateEvent[],
  start: PersistedCertificateSnapshot = UNISSUED,
): PersistedCertificateSnapshot[] {
  const states: PersistedCertificateSnapshot[] = [];
  let current = revive(start);
  for (const event of events) {
    const next = current.status === 'active' ? step(current, event) : null;
    if (!next)
      throw new Error(
        `certificate ${current.context.certNo || '(unissued)'}: ${event.type} refused in ${String(current.value)}`,
      );
    current = next;
    states.push(persist(current));
  }
  return states;
}

/** Words for a refused event, for the caller's 409. */
export function refusalWords(from: CertificateStateName, event: CertificateEvent): string {
  const shown = from === 'unissued' ? '未发证' : CERT_STATUS_LABELS[STATUS_OF_STATE[from]];
  const what: Record<CertificateEventType, string> = {
    ISSUE: '发证（有效期应为起始日起三年、发证日期不早于受理日期）',
    DELAY: '延期（新有效期应自原有效期届满次日起三年）',
    CHANGE: '变更',
    TRANSFER: '调动（须调往另一企业）',
    TRANSFER_OUT: '调出省外',
    CANCEL: '注销',
    SUSPEND: '暂扣（暂扣期须已开始且未届满）',
    RESTORE: '暂扣期满恢复',
    EXPIRE: '到期失效（有效期须已届满）',
    REVOKE: '吊销',
    RESCIND: '撤销',
    LIFT_PENALTY: '撤回处罚',
  };
  return `证书当前状态为「${shown}」，不能${what[event.type]}`;
}
