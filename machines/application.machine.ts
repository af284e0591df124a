/**
 * One application of any business type (DESIGN.md "The machines → application", SPEC 4, DOMAIN.md
 * "Flows"). Pure statechart: the server loads the stored snapshot, asks the machine whether the
 * event may happen now (no → 409), transitions, and stores the result with a history row; the
 * browser uses the same machine to show only the buttons that are possible now.
 *
 * What the machine does NOT check: the sender's role and area (the server answers 403 for
 * those) and the version the actor saw (the server compares it with the row → 409). It does check
 * who the sender is where the table names a person: the applicant, the holder, and the actor who
 * completed the previous step (WITHDRAW).
 *
 * Route: `BUSINESS_ROUTES[input.businessType]` gives the middle steps (cb, cs, sh, sp) and whether
 * the holder confirms first. The AGREE / RETURN / WITHDRAW branches are generated from the routes
 * in that table (one guarded branch per step pair that some route uses), so every branch the
 * machine defines is reachable by some business type and the path tests can demand all of them.
 *
 * "Previous step" of the current step = the latest earlier step of the route that has acted
 * (`context.actedBy`). Normally that is the route's predecessor; at bj reached by a DISAGREE at a
 * middle step it is the step that disagreed, so RETURN/WITHDRAW at bj go back to the step that
 * actually sent the item (and the denied outcome is cleared).
 *
 * Persisted form: `{ value, context }` (see {@link PersistedApplicationSnapshot}); plain JSON.
 */
import {
  and,
  assign,
  createActor,
  initialTransition,
  setup,
  type AnyActorScope,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import {
  APPLY_STATUS,
  BUSINESS_ROUTES,
  BUSINESS_TYPES,
  STEP_LABELS,
  STEPS,
  routeSteps,
  type ApplyStatusCode,
  type ApprovalResultCode,
  type BusinessType,
  type MiddleStep,
  type Step,
} from './businessTypes.js';
import { listStateNodes, type StateDocMeta, type TransitionDocMeta } from './introspect.js';

// ---------------------------------------------------------------------------------------------
// Types

export interface ApplicationInput {
  businessType: BusinessType;
  /** User id of whoever filed the application (enterprise user, or the person himself). */
  applicantId: number;
  /** User id of the certificate holder who must confirm (person-check routes); null when none. */
  holderId: number | null;
}

export type ApplicationOutcome = 'approved' | 'denied';

export interface ApplicationContext {
  businessType: BusinessType;
  /** The route's middle steps, copied from BUSINESS_ROUTES at creation (the snapshot is self-contained). */
  middleSteps: MiddleStep[];
  /** The holder must confirm before the application reaches the centre. */
  personCheck: boolean;
  applicantId: number;
  holderId: number | null;
  /** Decision so far: set by DISAGREE (denied) and by AGREE at bj (approved unless denied). */
  outcome: ApplicationOutcome | null;
  /**
   * Who completed each step that is in effect (AGREE, or DISAGREE at a middle step / sl / bj).
   * Going back to a step forgets that step and every later one.
   */
  actedBy: Partial<Record<Step, number>>;
  /** Comment of the last transition (a return's 补正 reason, a holder's decline); SAVE keeps it. */
  lastComment: string | null;
}

/** Fields every application event carries. */
export interface ApplicationEventFields {
  /** User id of the sender. */
  actorId: number;
  /** Role the sender acts in (checked by the server, not by the machine). */
  roleKey: string;
  /** Comment (from the comment dictionaries or free text). */
  comment?: string;
  /** Snapshot version the sender saw (checked by the server against the stored row: stale → 409). */
  version: number;
}

export const applicationEventTypes = [
  'SAVE',
  'SUBMIT',
  'DELETE',
  'WITHDRAW',
  'CONFIRM',
  'DECLINE',
  'AGREE',
  'DISAGREE',
  'RETURN',
] as const;
export type ApplicationEventType = (typeof applicationEventTypes)[number];
export type ApplicationEvent = { type: ApplicationEventType } & ApplicationEventFields;

/**
 * Who may send an event on a transition (`meta.who`):
 * - `applicant`: the user who filed the application (`context.applicantId`, checked here);
 * - `holder`: the certificate holder (`context.holderId`, checked here);
 * - `stepRole`: staff holding the role of the current step in the application's area (the server
 *   checks role and area; the machine accepts any actor);
 * - `previousActor`: the staff member who completed the previous step (checked here).
 */
export type ApplicationSender = 'applicant' | 'holder' | 'stepRole' | 'previousActor';

export const APPLICATION_SENDERS: Record<ApplicationSender, string> = {
  applicant: 'the applicant (申请人, checked by the machine)',
  holder: 'the certificate holder (持证人, checked by the machine)',
  stepRole: "staff with the current step's role in the item's area (checked by the server)",
  previousActor: 'the staff member who completed the previous step (checked by the machine)',
};

export type InReviewStep = Exclude<Step, 'sl'>;
export type ApplicationStateValue =
  | 'saved'
  | 'personCheck'
  | 'submitted'
  | { inReview: InReviewStep }
  | 'rejected'
  | 'closed'
  | 'deleted';
export type ApplicationStateName =
  | 'saved'
  | 'personCheck'
  | 'submitted'
  | `inReview.${InReviewStep}`
  | 'rejected'
  | 'closed'
  | 'deleted';

/** What the server stores (JSON) and revives with `applicationMachine.resolveState`. */
export interface PersistedApplicationSnapshot {
  value: ApplicationStateValue;
  context: ApplicationContext;
}

// ---------------------------------------------------------------------------------------------
// Route arithmetic (pure)

const STEP_INDEX: Record<Step, number> = { sl: 0, cb: 1, cs: 2, sh: 3, sp: 4, bj: 5 };

/** The step after `at` on the route (bj after the last middle step), null after bj. */
export function nextStepOf(middleSteps: readonly MiddleStep[], at: Step): Step | null {
  const steps = routeSteps(middleSteps);
  const i = steps.indexOf(at);
  return i >= 0 && i < steps.length - 1 ? (steps[i + 1] ?? null) : null;
}

/**
 * The step the item came from when at `at`: the latest earlier step of the route that has acted
 * (see the file comment). Null at sl (the applicant sent it) or when no earlier step acted.
 */
export function previousStepOf(context: Pick<ApplicationContext, 'middleSteps' | 'actedBy'>, at: Step): Step | null {
  const earlier = routeSteps(context.middleSteps).filter((s) => STEP_INDEX[s] < STEP_INDEX[at]);
  for (let i = earlier.length - 1; i >= 0; i--) {
    const step = earlier[i]!;
    if (context.actedBy[step] !== undefined) return step;
  }
  return null;
}

const ALL_ROUTES: Step[][] = BUSINESS_TYPES.map((t) => routeSteps(BUSINESS_ROUTES[t].middleSteps));

/** Steps that follow `at` on some route of the table, in step order. */
function nextCandidates(at: Step): Step[] {
  const found = new Set<Step>();
  for (const route of ALL_ROUTES) {
    const i = route.indexOf(at);
    const next = i >= 0 ? route[i + 1] : undefined;
    if (next) found.add(next);
  }
  return STEPS.filter((s) => found.has(s));
}

/** Steps the item can have come from when at `at` (route predecessors; for bj also DISAGREE jumps), latest first. */
function previousCandidates(at: Step): Step[] {
  const found = new Set<Step>();
  for (const route of ALL_ROUTES) {
    const i = route.indexOf(at);
    const previous = i > 0 ? route[i - 1] : undefined;
    if (previous) found.add(previous);
    if (at === 'bj') for (const s of route) if (s !== 'sl' && s !== 'bj') found.add(s);
  }
  return STEPS.filter((s) => found.has(s)).reverse();
}

function stepTarget(step: Step): string {
  return step === 'sl' ? '#application.submitted' : `#application.inReview.${step}`;
}

// ---------------------------------------------------------------------------------------------
// The machine

const ACCEPTED_META: StateDocMeta = { code: APPLY_STATUS.accepted.code, codeLabel: APPLY_STATUS.accepted.label };

function routesTable(): { columns: string[]; rows: string[][] } {
  return {
    columns: ['Business type', '业务', 'Page suffix', 'Steps', 'Person check', 'Prints certificate'],
    rows: BUSINESS_TYPES.map((t) => {
      const r = BUSINESS_ROUTES[t];
      const steps = routeSteps(r.middleSteps)
        .map((s) => `${s} ${STEP_LABELS[s]}`)
        .join(' → ');
      return [
        `\`${t}\``,
        r.label,
        r.pageSuffix,
        steps,
        r.personCheck ? 'yes' : 'no',
        r.printsCertificate ? 'yes' : 'no',
      ];
    }),
  };
}

type Who = { who: ApplicationSender };
const applicant: Who = { who: 'applicant' };
const holder: Who = { who: 'holder' };
const stepRole: Who = { who: 'stepRole' };
const previousActor: Who = { who: 'previousActor' };

const machineSetup = setup({
  types: {
    context: {} as ApplicationContext,
    events: {} as ApplicationEvent,
    input: {} as ApplicationInput,
    meta: {} as StateDocMeta,
    transitionMeta: {} as TransitionDocMeta,
  },
  actions: {
    rememberTheComment: assign(({ event }) => ({
      lastComment: event.comment !== undefined && event.comment.trim() !== '' ? event.comment : null,
    })),
    recordWhoActedAt: assign(({ context, event }, params: { step: Step }) => ({
      actedBy: { ...context.actedBy, [params.step]: event.actorId },
    })),
    forgetWhoActedFrom: assign(({ context }, params: { step: Step }) => {
      const actedBy: Partial<Record<Step, number>> = {};
      for (const s of STEPS) {
        const actor = context.actedBy[s];
        if (STEP_INDEX[s] < STEP_INDEX[params.step] && actor !== undefined) actedBy[s] = actor;
      }
      return { actedBy };
    }),
    denyTheApplication: assign({ outcome: (): ApplicationOutcome => 'denied' }),
    approveUnlessDenied: assign({ outcome: ({ context }): ApplicationOutcome => context.outcome ?? 'approved' }),
    clearTheOutcome: assign({ outcome: (): ApplicationOutcome | null => null }),
  },
  guards: {
    isApplicant: ({ context, event }) => event.actorId === context.applicantId,
    isHolder: ({ context, event }) => context.holderId !== null && event.actorId === context.holderId,
    // A holder with no platform account cannot confirm: the item goes straight to the centre, which checks identity at 受理.
    needsHolderConfirmation: ({ context }) =>
      context.personCheck && context.holderId !== null && context.holderId !== context.applicantId,
    isPreviousActor: ({ context, event }, params: { at: Step }) => {
      const previous = previousStepOf(context, params.at);
      return previous !== null && context.actedBy[previous] === event.actorId;
    },
    nextStepIs: ({ context }, params: { at: Step; step: Step }) =>
      nextStepOf(context.middleSteps, params.at) === params.step,
    previousStepIs: ({ context }, params: { at: Step; step: Step }) =>
      previousStepOf(context, params.at) === params.step,
  },
});

/** AGREE at `at`: one branch per next step some route has after `at`. */
function agreeBranches(at: Exclude<Step, 'bj'>) {
  return nextCandidates(at).map((step) => ({
    guard: { type: 'nextStepIs' as const, params: { at, step } },
    target: stepTarget(step),
    actions: ['rememberTheComment' as const, { type: 'recordWhoActedAt' as const, params: { step: at } }],
    meta: stepRole,
  }));
}

/** RETURN at `at` (the step's role): back to the previous step, which must act again. */
function returnBranches(at: InReviewStep) {
  return previousCandidates(at).map((step) => ({
    guard: { type: 'previousStepIs' as const, params: { at, step } },
    target: stepTarget(step),
    actions: [
      'rememberTheComment' as const,
      { type: 'forgetWhoActedFrom' as const, params: { step } },
      ...(at === 'bj' ? (['clearTheOutcome'] as const) : []),
    ],
    meta: stepRole,
  }));
}

/** WITHDRAW at `at` by the actor who completed the previous step: takes the item back to that step. */
function withdrawBranches(at: InReviewStep) {
  return previousCandidates(at).map((step) => ({
    guard: and([
      { type: 'isPreviousActor' as const, params: { at } },
      { type: 'previousStepIs' as const, params: { at, step } },
    ]),
    target: stepTarget(step),
    actions: [
      'rememberTheComment' as const,
      { type: 'forgetWhoActedFrom' as const, params: { step } },
      ...(at === 'bj' ? (['clearTheOutcome'] as const) : []),
    ],
    meta: previousActor,
  }));
}

function middleStepState(at: MiddleStep) {
  return {
    description:
      `${at} ${STEP_LABELS[at]}: staff with the ${at} role agree (next step of the route), disagree (on to bj, ` +
      'outcome denied) or return it (previous step); the previous step’s actor may withdraw it.',
    on: {
      AGREE: agreeBranches(at),
      DISAGREE: {
        target: '#application.inReview.bj',
        actions: [
          'rememberTheComment' as const,
          { type: 'recordWhoActedAt' as const, params: { step: at } },
          'denyTheApplication' as const,
        ],
        meta: stepRole,
      },
      RETURN: returnBranches(at),
      WITHDRAW: withdrawBranches(at),
    },
  };
}

export const applicationMachine = machineSetup.createMachine({
  id: 'application',
  description:
    'One application of any business type (新办, 延期, 调动, 变更, 注销, 更名), from the applicant’s first save ' +
    'to its end. The applicant saves and submits; where the route needs it the holder confirms or declines ' +
    '(person check); then the centre accepts (sl 受理), the middle steps of the route (cb 承办, cs 初审, ' +
    'sh 审核, sp 审批) agree, disagree or return, and bj 办结 closes it approved or denied. The actor who ' +
    'completed the previous step may withdraw the item while the current step has not acted. Status codes ' +
    '(SPEC 4 applyStatus) are derived from the state. The machine checks who the sender is where a person ' +
    'is named (applicant, holder, previous actor); roles, areas and versions are checked by the server.',
  meta: {
    doc: {
      stateCodeTitle: 'applyStatus',
      who: APPLICATION_SENDERS,
      tables: [
        {
          title: 'Business-type routes',
          intro:
            'From `BUSINESS_ROUTES` (machines/businessTypes.ts); the machine takes the route from its input ' +
            '`businessType`. sl and bj are on every route.',
          ...routesTable(),
        },
      ],
    },
  },
  context: ({ input }) => {
    const route = BUSINESS_ROUTES[input.businessType];
    return {
      businessType: input.businessType,
      middleSteps: [...route.middleSteps],
      personCheck: route.personCheck,
      applicantId: input.applicantId,
      holderId: input.holderId,
      outcome: null,
      actedBy: {},
      lastComment: null,
    };
  },
  initial: 'saved',
  states: {
    saved: {
      description: 'Saved by the applicant (the row exists from the first save); editable, not yet with anyone else.',
      meta: { code: APPLY_STATUS.saved.code, codeLabel: APPLY_STATUS.saved.label },
      on: {
        SAVE: { guard: 'isApplicant', target: 'saved', meta: applicant },
        SUBMIT: [
          {
            guard: and(['isApplicant', 'needsHolderConfirmation']),
            target: 'personCheck',
            actions: 'rememberTheComment',
            meta: applicant,
          },
          { guard: 'isApplicant', target: 'submitted', actions: 'rememberTheComment', meta: applicant },
        ],
        DELETE: { guard: 'isApplicant', target: 'deleted', meta: applicant },
      },
    },
    personCheck: {
      description: 'Filed by an enterprise about a person: waiting for the holder to confirm or decline.',
      meta: { code: APPLY_STATUS.applying.code, codeLabel: APPLY_STATUS.applying.label },
      on: {
        CONFIRM: { guard: 'isHolder', target: 'submitted', actions: 'rememberTheComment', meta: holder },
        DECLINE: { guard: 'isHolder', target: 'saved', actions: 'rememberTheComment', meta: holder },
        WITHDRAW: { guard: 'isApplicant', target: 'saved', actions: 'rememberTheComment', meta: applicant },
      },
    },
    submitted: {
      description: 'Submitted, waiting for sl 受理 at the centre of the enterprise’s area.',
      meta: { code: APPLY_STATUS.submitted.code, codeLabel: APPLY_STATUS.submitted.label },
      on: {
        AGREE: agreeBranches('sl'),
        DISAGREE: {
          target: 'rejected',
          actions: ['rememberTheComment', { type: 'recordWhoActedAt', params: { step: 'sl' } }, 'denyTheApplication'],
          meta: stepRole,
        },
        RETURN: { target: 'saved', actions: 'rememberTheComment', meta: stepRole },
        WITHDRAW: { guard: 'isApplicant', target: 'saved', actions: 'rememberTheComment', meta: applicant },
      },
    },
    inReview: {
      description:
        'Accepted (已受理): at one of the route’s middle steps or at bj 办结. Every transition into it names the ' +
        'step; `bj` is its initial state only because XState requires one.',
      meta: ACCEPTED_META,
      initial: 'bj',
      states: {
        cb: middleStepState('cb'),
        cs: middleStepState('cs'),
        sh: middleStepState('sh'),
        sp: middleStepState('sp'),
        bj: {
          description:
            'bj 办结: agree closes it (approved, unless a middle step disagreed), disagree closes it denied, ' +
            'return sends it back to the step it came from; that step’s actor may withdraw it.',
          on: {
            AGREE: {
              target: '#application.closed',
              actions: [
                'rememberTheComment',
                { type: 'recordWhoActedAt', params: { step: 'bj' } },
                'approveUnlessDenied',
              ],
              meta: stepRole,
            },
            DISAGREE: {
              target: '#application.closed',
              actions: [
                'rememberTheComment',
                { type: 'recordWhoActedAt', params: { step: 'bj' } },
                'denyTheApplication',
              ],
              meta: stepRole,
            },
            RETURN: returnBranches('bj'),
            WITHDRAW: withdrawBranches('bj'),
          },
        },
      },
    },
    rejected: {
      type: 'final',
      description: 'Not accepted at sl (不予以受理办结).',
      meta: { code: APPLY_STATUS.rejected.code, codeLabel: APPLY_STATUS.rejected.label },
    },
    closed: {
      type: 'final',
      description: 'Closed at bj (已办结) with `outcome` approved or denied; approved runs the business effect.',
      meta: { code: APPLY_STATUS.closed.code, codeLabel: APPLY_STATUS.closed.label },
    },
    deleted: {
      type: 'final',
      description: 'Deleted by the applicant before submitting (no status code: the row is removed or hidden).',
    },
  },
});

export type ApplicationSnapshot = SnapshotFrom<typeof applicationMachine>;

// ---------------------------------------------------------------------------------------------
// Reading a snapshot (live or persisted)

const IN_REVIEW_STEPS: readonly InReviewStep[] = ['cb', 'cs', 'sh', 'sp', 'bj'];
const TOP_STATES = ['saved', 'personCheck', 'submitted', 'rejected', 'closed', 'deleted'] as const;

/** Dotted name of the state: `saved`, `inReview.cs`, … (throws on a value the machine cannot have). */
export function stateNameOf(snapshot: { value: StateValue }): ApplicationStateName {
  const value = snapshot.value;
  if (typeof value === 'string') {
    const top = TOP_STATES.find((s) => s === value);
    if (top) return top;
  } else {
    const child = value.inReview;
    const step = IN_REVIEW_STEPS.find((s) => s === child);
    if (step && Object.keys(value).length === 1) return `inReview.${step}`;
  }
  throw new Error(`not an application state: ${JSON.stringify(value)}`);
}

/** The state value of a dotted name (inverse of {@link stateNameOf}). */
export function stateValueOf(name: ApplicationStateName): ApplicationStateValue {
  if (name.startsWith('inReview.')) return { inReview: name.slice('inReview.'.length) as InReviewStep };
  return name as Exclude<ApplicationStateValue, { inReview: InReviewStep }>;
}

const STATUS_BY_STATE: Record<ApplicationStateName, ApplyStatusCode | null> = {
  saved: APPLY_STATUS.saved.code,
  personCheck: APPLY_STATUS.applying.code,
  submitted: APPLY_STATUS.submitted.code,
  'inReview.cb': APPLY_STATUS.accepted.code,
  'inReview.cs': APPLY_STATUS.accepted.code,
  'inReview.sh': APPLY_STATUS.accepted.code,
  'inReview.sp': APPLY_STATUS.accepted.code,
  'inReview.bj': APPLY_STATUS.accepted.code,
  rejected: APPLY_STATUS.rejected.code,
  closed: APPLY_STATUS.closed.code,
  deleted: null,
};

/**
 * SPEC 4 applyStatus of the state: personCheck 0, saved 1, submitted 2, inReview.* 3, rejected 4,
 * closed 8. `deleted` has no status code: null (the server removes or hides the row).
 */
export function statusCodeOf(snapshot: { value: StateValue }): ApplyStatusCode | null {
  return STATUS_BY_STATE[stateNameOf(snapshot)];
}

/**
 * The workflow step the item is at: submitted → 'sl' (waiting for 受理), inReview.X → X,
 * rejected → 'sl' (ended at 受理), closed → 'bj'; saved, personCheck and deleted → null.
 */
export function stepOf(snapshot: { value: StateValue }): Step | null {
  const name = stateNameOf(snapshot);
  if (name === 'submitted' || name === 'rejected') return 'sl';
  if (name === 'closed') return 'bj';
  if (name.startsWith('inReview.')) return name.slice('inReview.'.length) as InReviewStep;
  return null;
}

/** Whether the application has ended (rejected, closed or deleted). */
export function isApplicationFinal(snapshot: { value: StateValue }): boolean {
  const name = stateNameOf(snapshot);
  return name === 'rejected' || name === 'closed' || name === 'deleted';
}

/**
 * The approval result (SPEC 4) a history row records for an event: AGREE 1, DISAGREE 0,
 * WITHDRAW 3, RETURN 4, CONFIRM 1 (the holder agrees), DECLINE 4 (sent back to the applicant like a
 * return); SAVE, SUBMIT and DELETE have none (null).
 */
export function resultCodeOf(eventType: ApplicationEventType): ApprovalResultCode | null {
  switch (eventType) {
    case 'AGREE':
    case 'CONFIRM':
      return 1;
    case 'DISAGREE':
      return 0;
    case 'WITHDRAW':
      return 3;
    case 'RETURN':
    case 'DECLINE':
      return 4;
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Persisting and transitioning (pure; what the server uses)

function isLive(snapshot: ApplicationSnapshot | PersistedApplicationSnapshot): snapshot is ApplicationSnapshot {
  return 'can' in snapshot && typeof snapshot.can === 'function';
}

/** A plain JSON copy of the context (no shared references, no undefined entries). */
function copyContext(context: ApplicationContext): ApplicationContext {
  return JSON.parse(JSON.stringify(context)) as ApplicationContext;
}

/** The JSON form to store: `{ value, context }`. */
export function persistApplicationSnapshot(
  snapshot: ApplicationSnapshot | PersistedApplicationSnapshot,
): PersistedApplicationSnapshot {
  return { value: stateValueOf(stateNameOf(snapshot)), context: copyContext(snapshot.context) };
}

/**
 * Revived snapshots by the stored object they came from: one request asks the same snapshot who
 * may send, what the machine allows and where it goes (the server's hot path). Stored snapshots
 * are not changed in place (a transition persists a new one), so the revived one stays right.
 */
const revived = new WeakMap<PersistedApplicationSnapshot, ApplicationSnapshot>();

/** A live machine snapshot from the stored JSON (`applicationMachine.resolveState`). */
export function reviveApplicationSnapshot(
  persisted: PersistedApplicationSnapshot | ApplicationSnapshot,
): ApplicationSnapshot {
  if (isLive(persisted)) return persisted;
  const known = revived.get(persisted);
  if (known) return known;
  const live = applicationMachine.resolveState({
    value: stateValueOf(stateNameOf(persisted)),
    context: copyContext(persisted.context),
  });
  revived.set(persisted, live);
  return live;
}

let inertScope: AnyActorScope | null = null;

/**
 * xstate's `transition()` builds a new actor, and so the machine's initial state, on every call.
 * The machine spawns, invokes and delays nothing and its actions only assign, so one inert scope
 * (actions neither run nor kept) serves every transition.
 */
function nextSnapshot(current: ApplicationSnapshot, event: ApplicationEvent): ApplicationSnapshot {
  if (!inertScope) {
    const self = createActor(applicationMachine, {
      input: { businessType: BUSINESS_TYPES[0]!, applicantId: 0, holderId: null },
    });
    inertScope = {
      self,
      id: '',
      sessionId: '',
      system: self.system,
      defer: () => {},
      logger: () => {},
      stopChild: () => {},
      emit: () => {},
      actionExecutor: () => {},
    };
  }
  return applicationMachine.transition(current, event, inertScope);
}

/** The snapshot of a freshly saved application (the row is created by the first save). */
export function createApplicationSnapshot(input: ApplicationInput): PersistedApplicationSnapshot {
  const [snapshot] = initialTransition(applicationMachine, input);
  return persistApplicationSnapshot(snapshot);
}

export type ApplicationTransitionResult =
  | {
      ok: true;
      snapshot: PersistedApplicationSnapshot;
      from: ApplicationStateName;
      to: ApplicationStateName;
      /** Step of the `from` state (where the event acted), for the history row; null before sl. */
      step: Step | null;
      /** Approval result for the history row ({@link resultCodeOf}). */
      result: ApprovalResultCode | null;
      /** applyStatus after the transition (null: deleted). */
      statusCode: ApplyStatusCode | null;
    }
  | {
      ok: false;
      from: ApplicationStateName;
      /** `final`: the application has ended; `notAllowedNow`: no transition accepts this event from this sender now (409). */
      reason: 'final' | 'notAllowedNow';
    };

/** Apply one event to a stored snapshot (pure `transition`); refused events leave it unchanged. */
export function transitionApplication(
  persisted: PersistedApplicationSnapshot | ApplicationSnapshot,
  event: ApplicationEvent,
): ApplicationTransitionResult {
  const current = reviveApplicationSnapshot(persisted);
  const from = stateNameOf(current);
  if (current.status !== 'active') return { ok: false, from, reason: 'final' };
  if (!current.can(event)) return { ok: false, from, reason: 'notAllowedNow' };
  const next = nextSnapshot(current, event);
  const snapshot = persistApplicationSnapshot(next);
  // The answer asks the new snapshot what may be sent next: it need not be revived again.
  revived.set(snapshot, next);
  return {
    ok: true,
    snapshot,
    from,
    to: stateNameOf(next),
    step: stepOf(current),
    result: resultCodeOf(event.type),
    statusCode: statusCodeOf(next),
  };
}

export class ApplicationReplayError extends Error {
  constructor(
    readonly index: number,
    readonly event: ApplicationEvent,
    readonly from: ApplicationStateName,
  ) {
    super(`history row ${index + 1}: ${event.type} by user ${event.actorId} is not allowed in state ${from}`);
    this.name = 'ApplicationReplayError';
  }
}

/**
 * Replays the history (the events of the history rows, in order) from a fresh application and
 * returns the final persisted snapshot; the audit check compares it with the stored one. Throws
 * {@link ApplicationReplayError} at the first event the machine refuses.
 */
export function replayHistory(
  input: ApplicationInput,
  events: readonly ApplicationEvent[],
): PersistedApplicationSnapshot {
  let snapshot = createApplicationSnapshot(input);
  events.forEach((event, index) => {
    const result = transitionApplication(snapshot, event);
    if (!result.ok) throw new ApplicationReplayError(index, event, result.from);
    snapshot = result.snapshot;
  });
  return snapshot;
}

export interface EventProbe {
  /** The user asking. */
  actorId: number;
  /** The role the user would act in (passed through; the machine does not check it). */
  roleKey?: string;
  /**
   * Only events whose transition is meant for these senders (transition `meta.who`). E.g. the
   * applicant: ['applicant']; staff with the current step's role: ['stepRole', 'previousActor'];
   * other staff: ['previousActor']. Omitted: every event the machine accepts from this actor.
   */
  who?: readonly ApplicationSender[];
}

/**
 * The event types the machine accepts now from this actor (`snapshot.can`), in
 * {@link applicationEventTypes} order; the server intersects them with the actor's permissions to
 * answer `allowedEvents`. Empty for an ended application.
 */
export function eventsAcceptedNow(
  snapshot: ApplicationSnapshot | PersistedApplicationSnapshot,
  probe: EventProbe,
): ApplicationEventType[] {
  const live = reviveApplicationSnapshot(snapshot);
  if (live.status !== 'active') return [];
  return applicationEventTypes.filter((type) => {
    const event: ApplicationEvent = { type, actorId: probe.actorId, roleKey: probe.roleKey ?? '', version: 0 };
    if (!live.can(event)) return false;
    if (!probe.who) return true;
    const who = probe.who;
    return applicationMachine
      .getTransitionData(live, event)
      .some((t) => t.meta?.who !== undefined && who.some((w) => w === t.meta?.who));
  });
}

const isSender = (who: unknown): who is ApplicationSender =>
  who === 'applicant' || who === 'holder' || who === 'stepRole' || who === 'previousActor';

/** The senders (`meta.who`) of a set of transition definitions, without repeats. */
function whoOf(definitions: readonly { meta?: unknown }[]): ApplicationSender[] {
  const who = definitions.map((t) => (t.meta as TransitionDocMeta | undefined)?.who).filter(isSender);
  return [...new Set(who)];
}

/**
 * Who may send this event type, read from the transitions' `meta.who` (guards ignored): those of
 * the current state, or — when the current state has none — those anywhere in the machine. The
 * server refuses anyone else with 403 before asking the machine whether the event fits now (409).
 */
export function sendersOf(
  snapshot: ApplicationSnapshot | PersistedApplicationSnapshot,
  type: ApplicationEventType,
): ApplicationSender[] {
  const live = reviveApplicationSnapshot(snapshot);
  const here = whoOf(live._nodes.flatMap((node) => node.transitions.get(type) ?? []));
  if (here.length > 0) return here;
  return whoOf(listStateNodes(applicationMachine).flatMap((node) => node.transitions.get(type) ?? []));
}
