/**
 * One exam batch (考试批次, DESIGN.md "examBatch", DOMAIN.md "Exams and education"): the centre of an
 * area drafts it, opens it for sign-up, closes sign-up, records that the exam was held, enters the
 * results and publishes them. Pure statechart: the server stores the snapshot with a version and
 * asks the machine whether an event fits now (no → 409); the browser renders only what the server
 * says the caller may send.
 *
 * Decisions a real centre needs, beyond draft → open → closed → held → published:
 * - The batch is edited (place, times, capacity, sign-up window) only while it is a draft: once
 *   enterprises can see it, its terms are fixed. A draft may be removed (nothing refers to it yet).
 * - Opening needs a sign-up window that has not ended; enterprises sign up only within the window
 *   (`isWithinSignupWindow`, so a batch opened ahead of its window shows but takes no sign-ups yet)
 *   and while a seat is free (`hasFreeSeat`: pending and accepted sign-ups count against capacity).
 * - Staff may close sign-up early (e.g. the room is full); a closed batch may be reopened while the
 *   window lasts (`isWithinSignupWindow`), never after it.
 * - Staff review sign-ups (accept with a ticket, or refuse with a reason) while the batch is open or
 *   closed; an enterprise may withdraw its own pending sign-up in the same states.
 * - "Held" is recorded once the exam day has come (`isExamDayReached`) and no sign-up still waits
 *   for review (`hasNoPendingSignups`): every candidate was told before the exam.
 * - Results are entered only while held; publishing needs a result for every accepted sign-up
 *   (`hasResultsForEveryAccepted`) and makes them final: the new-certificate rule counts a result of
 *   a sign-up only once its batch is published.
 * - A draft or an open batch may be cancelled with a reason (`hasReason`); the server then cancels
 *   its sign-ups. Once sign-up has closed the candidates prepare for a date: no cancelling.
 * - Admission tickets print while the batch is open, closed or held.
 *
 * Sign-up, withdrawal, review, result entry and printing target the state they happen in: the batch
 * stays, and `snapshot.can` answers for them (XState does not count a transition that neither
 * targets nor acts).
 *
 * The machine does not know the time or the database: events carry the facts their guards read
 * (today as a China day, seats taken, sign-ups pending, accepted sign-ups and those with a result).
 * It does not check who sends (the transitions' `meta.who` says; the server checks role, area and
 * permission) nor the version (the server compares it with the row → 409).
 *
 * Persisted form: `{ value, context }` (see {@link PersistedExamBatchSnapshot}); plain JSON.
 */
import { and, assign, initialTransition, setup, transition, type SnapshotFrom } from 'xstate';
import type { StateDocMeta, TransitionDocMeta } from './introspect.js';

// ---------------------------------------------------------------------------------------------
// Types

/** The terms of a batch the guards read (China days, YYYY-MM-DD). */
export interface ExamSchedule {
  capacity: number;
  signupFrom: string;
  signupTo: string;
  /** The China day of the first part (安全生产知识). */
  examDay: string;
}

export type ExamBatchInput = ExamSchedule;

export interface ExamBatchContext extends ExamSchedule {
  /** Why the batch was cancelled (null unless cancelled). */
  cancelReason: string | null;
}

export type ExamBatchEvent =
  | { type: 'EDIT'; schedule: ExamSchedule }
  | { type: 'REMOVE' }
  | { type: 'OPEN'; today: string }
  | { type: 'CLOSE' }
  | { type: 'REOPEN'; today: string }
  | { type: 'CANCEL'; reason?: string }
  | { type: 'HOLD'; today: string; pending: number }
  | { type: 'PUBLISH'; accepted: number; withResults: number }
  | { type: 'SIGN_UP'; today: string; taken: number }
  | { type: 'WITHDRAW' }
  | { type: 'REVIEW' }
  | { type: 'ENTER_RESULT' }
  | { type: 'PRINT_TICKET' };

export type ExamBatchEventType = ExamBatchEvent['type'];

export const examBatchEventTypes: readonly ExamBatchEventType[] = [
  'EDIT',
  'REMOVE',
  'OPEN',
  'CLOSE',
  'REOPEN',
  'CANCEL',
  'HOLD',
  'PUBLISH',
  'SIGN_UP',
  'WITHDRAW',
  'REVIEW',
  'ENTER_RESULT',
  'PRINT_TICKET',
];

/** Events that move the batch or change its terms (the rest happen to its sign-ups and leave the batch as it is). */
export const examBatchLifecycleEvents: readonly ExamBatchEventType[] = [
  'EDIT',
  'REMOVE',
  'OPEN',
  'CLOSE',
  'REOPEN',
  'CANCEL',
  'HOLD',
  'PUBLISH',
];

/**
 * Who may send an event (`meta.who`), all checked by the server:
 * - `areaStaff`: centre staff of the batch's area (the provincial administrator: every area) holding the event's permission;
 * - `enterprise`: an enterprise user of an enterprise the batch's area owns, for its own employees;
 * - `participant`: the area's staff, the enterprise that signed the candidate up, or the candidate.
 */
export type ExamBatchSender = 'areaStaff' | 'enterprise' | 'participant';

export const EXAM_BATCH_SENDERS: Record<ExamBatchSender, string> = {
  areaStaff: "centre staff of the batch's area, or the provincial administrator (checked by the server)",
  enterprise: "an enterprise user of the batch's area, for its own employees (checked by the server)",
  participant: 'the area staff, the enterprise that signed the candidate up, or the candidate (checked by the server)',
};

export type ExamBatchStateName = 'draft' | 'open' | 'closed' | 'held' | 'published' | 'cancelled' | 'removed';
export const EXAM_BATCH_STATES: readonly ExamBatchStateName[] = [
  'draft',
  'open',
  'closed',
  'held',
  'published',
  'cancelled',
  'removed',
];

/** The words for each state (stored in exam_batch.state; `removed` rows are deleted). */
export const EXAM_BATCH_STATE_LABELS: Record<ExamBatchStateName, string> = {
  draft: '草稿',
  open: '报名中',
  closed: '报名截止',
  held: '已考试',
  published: '成绩已发布',
  cancelled: '已取消',
  removed: '已删除',
};

export interface PersistedExamBatchSnapshot {
  value: ExamBatchStateName;
  context: ExamBatchContext;
}

// ---------------------------------------------------------------------------------------------
// The machine

const hasText = (text: string | undefined): boolean => text !== undefined && text.trim() !== '';

type Who = { who: ExamBatchSender };
const areaStaff: Who = { who: 'areaStaff' };
const enterprise: Who = { who: 'enterprise' };
const participant: Who = { who: 'participant' };

const stateMeta = (name: ExamBatchStateName): StateDocMeta => ({
  code: name,
  codeLabel: EXAM_BATCH_STATE_LABELS[name],
});

/**
 * The guards as plain predicates, so that the server can also say which of them refused an event
 * ({@link failedExamBatchGuards}) without stating the rule a second time.
 */
export const EXAM_BATCH_GUARDS = {
  isWithinSignupWindow: (c: ExamBatchContext, e: ExamBatchEvent) =>
    (e.type === 'SIGN_UP' || e.type === 'REOPEN') && c.signupFrom <= e.today && e.today <= c.signupTo,
  signupWindowHasNotEnded: (c: ExamBatchContext, e: ExamBatchEvent) => e.type === 'OPEN' && e.today <= c.signupTo,
  hasFreeSeat: (c: ExamBatchContext, e: ExamBatchEvent) => e.type === 'SIGN_UP' && e.taken < c.capacity,
  isExamDayReached: (c: ExamBatchContext, e: ExamBatchEvent) => e.type === 'HOLD' && e.today >= c.examDay,
  hasNoPendingSignups: (_c: ExamBatchContext, e: ExamBatchEvent) => e.type === 'HOLD' && e.pending === 0,
  hasResultsForEveryAccepted: (_c: ExamBatchContext, e: ExamBatchEvent) =>
    e.type === 'PUBLISH' && e.withResults >= e.accepted,
  hasReason: (_c: ExamBatchContext, e: ExamBatchEvent) => e.type === 'CANCEL' && hasText(e.reason),
} as const;

export type ExamBatchGuardName = keyof typeof EXAM_BATCH_GUARDS;
type GuardArgs = { context: ExamBatchContext; event: ExamBatchEvent };
const guard =
  (name: ExamBatchGuardName) =>
  ({ context, event }: GuardArgs) =>
    EXAM_BATCH_GUARDS[name](context, event);

export const examBatchMachine = setup({
  types: {
    context: {} as ExamBatchContext,
    events: {} as ExamBatchEvent,
    input: {} as ExamBatchInput,
    meta: {} as StateDocMeta,
    transitionMeta: {} as TransitionDocMeta,
  },
  actions: {
    replaceTheSchedule: assign(({ event }) => (event.type === 'EDIT' ? { ...event.schedule } : {})),
    rememberTheReason: assign(({ event }) =>
      event.type === 'CANCEL' ? { cancelReason: event.reason?.trim() ?? null } : {},
    ),
  },
  guards: {
    isWithinSignupWindow: guard('isWithinSignupWindow'),
    signupWindowHasNotEnded: guard('signupWindowHasNotEnded'),
    hasFreeSeat: guard('hasFreeSeat'),
    isExamDayReached: guard('isExamDayReached'),
    hasNoPendingSignups: guard('hasNoPendingSignups'),
    hasResultsForEveryAccepted: guard('hasResultsForEveryAccepted'),
    hasReason: guard('hasReason'),
  },
}).createMachine({
  id: 'examBatch',
  description:
    'One exam batch (考试批次) of one category in one area: drafted and edited by the area’s centre, opened for ' +
    'sign-up (enterprises sign their employees up within the sign-up window while seats are free), closed ' +
    '(early, or reopened while the window lasts), held once the exam day has come and every sign-up was ' +
    'reviewed, then published once every accepted candidate has a result, which makes the results count for ' +
    'a new certificate. A draft or open batch may be cancelled with a reason; a draft may be removed. Sign-up, ' +
    'review, withdrawal, result entry and ticket printing are events that leave the batch where it is.',
  meta: {
    doc: {
      stateCodeTitle: 'exam_batch.state',
      who: EXAM_BATCH_SENDERS,
    },
  },
  context: ({ input }) => ({ ...input, cancelReason: null }),
  initial: 'draft',
  states: {
    draft: {
      description:
        'Being prepared by the centre; enterprises do not see it. Its terms may be edited; it may be removed.',
      meta: stateMeta('draft'),
      on: {
        EDIT: { target: 'draft', actions: 'replaceTheSchedule', meta: areaStaff },
        REMOVE: { target: 'removed', meta: areaStaff },
        OPEN: { guard: 'signupWindowHasNotEnded', target: 'open', meta: areaStaff },
        CANCEL: { guard: 'hasReason', target: 'cancelled', actions: 'rememberTheReason', meta: areaStaff },
      },
    },
    open: {
      description:
        'Open for sign-up: within the window and while seats are free, enterprises sign up their employees; staff review.',
      meta: stateMeta('open'),
      on: {
        SIGN_UP: { guard: and(['isWithinSignupWindow', 'hasFreeSeat']), target: 'open', meta: enterprise },
        WITHDRAW: { target: 'open', meta: enterprise },
        REVIEW: { target: 'open', meta: areaStaff },
        PRINT_TICKET: { target: 'open', meta: participant },
        CLOSE: { target: 'closed', meta: areaStaff },
        CANCEL: { guard: 'hasReason', target: 'cancelled', actions: 'rememberTheReason', meta: areaStaff },
      },
    },
    closed: {
      description: 'Sign-up closed: staff finish the review; tickets print; reopened only while the window lasts.',
      meta: stateMeta('closed'),
      on: {
        REOPEN: { guard: 'isWithinSignupWindow', target: 'open', meta: areaStaff },
        WITHDRAW: { target: 'closed', meta: enterprise },
        REVIEW: { target: 'closed', meta: areaStaff },
        PRINT_TICKET: { target: 'closed', meta: participant },
        HOLD: { guard: and(['isExamDayReached', 'hasNoPendingSignups']), target: 'held', meta: areaStaff },
      },
    },
    held: {
      description:
        'The exam was held: staff enter attendance and the two parts’ results (or import them); tickets still print.',
      meta: stateMeta('held'),
      on: {
        ENTER_RESULT: { target: 'held', meta: areaStaff },
        PRINT_TICKET: { target: 'held', meta: participant },
        PUBLISH: { guard: 'hasResultsForEveryAccepted', target: 'published', meta: areaStaff },
      },
    },
    published: {
      type: 'final',
      description: 'Results published and final: a pass of both parts now counts for a new certificate.',
      meta: stateMeta('published'),
    },
    cancelled: {
      type: 'final',
      description: 'Cancelled with a reason before sign-up closed; its sign-ups are cancelled with it.',
      meta: stateMeta('cancelled'),
    },
    removed: {
      type: 'final',
      description: 'A draft removed by the centre (the row is deleted).',
      meta: stateMeta('removed'),
    },
  },
});

export type ExamBatchSnapshot = SnapshotFrom<typeof examBatchMachine>;

// ---------------------------------------------------------------------------------------------
// Persisting, transitioning and asking (pure; what the server uses)

function stateNameOf(value: unknown): ExamBatchStateName {
  const name = EXAM_BATCH_STATES.find((s) => s === value);
  if (!name) throw new Error(`not an exam batch state: ${JSON.stringify(value)}`);
  return name;
}

/** The snapshot of a new batch (a draft). */
export function createExamBatchSnapshot(input: ExamBatchInput): PersistedExamBatchSnapshot {
  const [snapshot] = initialTransition(examBatchMachine, input);
  return { value: stateNameOf(snapshot.value), context: { ...snapshot.context } };
}

/** A live snapshot from the stored JSON. */
export function reviveExamBatchSnapshot(persisted: PersistedExamBatchSnapshot): ExamBatchSnapshot {
  return examBatchMachine.resolveState({ value: stateNameOf(persisted.value), context: { ...persisted.context } });
}

export type ExamBatchTransitionResult =
  | { ok: true; snapshot: PersistedExamBatchSnapshot; from: ExamBatchStateName; to: ExamBatchStateName }
  | { ok: false; from: ExamBatchStateName; reason: 'final' | 'notAllowedNow' };

/** Applies one event to a stored batch (pure `transition`); a refused event leaves it unchanged. */
export function transitionExamBatch(
  persisted: PersistedExamBatchSnapshot,
  event: ExamBatchEvent,
): ExamBatchTransitionResult {
  const current = reviveExamBatchSnapshot(persisted);
  const from = stateNameOf(current.value);
  if (current.status !== 'active') return { ok: false, from, reason: 'final' };
  if (!current.can(event)) return { ok: false, from, reason: 'notAllowedNow' };
  const [next] = transition(examBatchMachine, current, event);
  return {
    ok: true,
    from,
    to: stateNameOf(next.value),
    snapshot: { value: stateNameOf(next.value), context: { ...next.context } },
  };
}

/** Whether the machine accepts the event now (guards included). */
export function examBatchAccepts(persisted: PersistedExamBatchSnapshot, event: ExamBatchEvent): boolean {
  const current = reviveExamBatchSnapshot(persisted);
  return current.status === 'active' && current.can(event);
}

/**
 * Who may send this event type in the batch's current state (`meta.who` of its transitions there;
 * empty when the state has none). The server refuses anyone else with 403 before asking whether the
 * event fits now (409).
 */
export function examBatchSendersOf(persisted: PersistedExamBatchSnapshot, type: ExamBatchEventType): ExamBatchSender[] {
  const current = reviveExamBatchSnapshot(persisted);
  const who = current._nodes
    .flatMap((node) => node.transitions.get(type) ?? [])
    .map((t) => (t.meta as TransitionDocMeta | undefined)?.who);
  return [
    ...new Set(who.filter((w): w is ExamBatchSender => w === 'areaStaff' || w === 'enterprise' || w === 'participant')),
  ];
}

/**
 * The events of `probes` (each with the facts its guards read) that the machine accepts now and that
 * are meant for one of `who`, in the order given: what a row tells the caller he may do.
 */
export function examBatchEventsAcceptedNow(
  persisted: PersistedExamBatchSnapshot,
  probes: readonly ExamBatchEvent[],
  who: readonly ExamBatchSender[],
): ExamBatchEventType[] {
  const current = reviveExamBatchSnapshot(persisted);
  if (current.status !== 'active') return [];
  return probes
    .filter((event) => current.can(event) && examBatchSendersOf(persisted, event.type).some((w) => who.includes(w)))
    .map((event) => event.type);
}

const isGuardName = (name: unknown): name is ExamBatchGuardName =>
  typeof name === 'string' && Object.hasOwn(EXAM_BATCH_GUARDS, name);

/** The named guards of a transition's guard reference (`and([...])` flattened). */
function guardNamesOf(ref: unknown): ExamBatchGuardName[] {
  if (isGuardName(ref)) return [ref];
  if (typeof ref === 'object' && ref !== null && 'type' in ref) return guardNamesOf((ref as { type: unknown }).type);
  if (typeof ref === 'function') {
    const nested = (ref as { guards?: unknown }).guards;
    return Array.isArray(nested) ? nested.flatMap(guardNamesOf) : [];
  }
  return [];
}

/**
 * Which guards refuse the event in the batch's current state, in definition order (empty when the
 * machine accepts it or when the state has no transition for it at all): the server turns each into
 * words ("the sign-up window has ended", "3 candidates have no result").
 */
export function failedExamBatchGuards(
  persisted: PersistedExamBatchSnapshot,
  event: ExamBatchEvent,
): ExamBatchGuardName[] {
  const current = reviveExamBatchSnapshot(persisted);
  if (current.status !== 'active' || current.can(event)) return [];
  const names = current._nodes
    .flatMap((node) => node.transitions.get(event.type) ?? [])
    .flatMap((t) => guardNamesOf(t.guard));
  return [...new Set(names)].filter((name) => !EXAM_BATCH_GUARDS[name](current.context, event));
}
