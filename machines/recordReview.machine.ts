/**
 * A submitted change to a user or role record under four-eyes review (SPEC 4 "Review flow for user
 * and role records", checkStatus; DESIGN.md "recordReview"). One machine per submission: the
 * server keeps the live record unchanged until the machine reaches `approved`, then applies the
 * change in the same transaction. Pure statechart, no I/O.
 *
 * A user delete is not reviewable (SPEC 4: '3' is for roles only): such a submission ends at once
 * in `notReviewable` and the server answers 400. The reviewer is never the submitter (等保
 * separation of duties): the machine refuses it, the server answers 409 like any refused event.
 */
import { and, assign, initialTransition, setup, transition, type SnapshotFrom, type StateValue } from 'xstate';
import type { StateDocMeta, TransitionDocMeta } from './introspect.js';

export type ReviewedRecordKind = 'user' | 'role';
export type RecordChange = 'create' | 'update' | 'delete';
/** SPEC 4 checkStatus of a pending submission: '0' create, '2' update, '3' delete (roles only). */
export type CheckStatus = '0' | '2' | '3';

export const CHECK_STATUS: Record<RecordChange, { code: CheckStatus; label: string }> = {
  create: { code: '0', label: '新增待审核' },
  update: { code: '2', label: '修改待审核' },
  delete: { code: '3', label: '删除待审核' },
};

export interface RecordReviewInput {
  kind: ReviewedRecordKind;
  /** User id of the administrator who submitted the change. */
  submitterId: number;
  change: RecordChange;
}

export interface RecordReviewContext {
  kind: ReviewedRecordKind;
  submitterId: number;
  change: RecordChange;
  /** Who approved or rejected (null while pending or cancelled). */
  reviewerId: number | null;
  /** The reviewer's comment (required to reject). */
  comment: string | null;
}

export type RecordReviewEvent =
  | { type: 'APPROVE'; reviewerId: number; comment?: string }
  | { type: 'REJECT'; reviewerId: number; comment: string }
  | { type: 'CANCEL'; actorId: number };
export type RecordReviewEventType = RecordReviewEvent['type'];
export const recordReviewEventTypes: readonly RecordReviewEventType[] = ['APPROVE', 'REJECT', 'CANCEL'];

/** Who may send an event (`meta.who` of the transitions). */
export type RecordReviewSender = 'reviewer' | 'submitter';
export const RECORD_REVIEW_SENDERS: Record<RecordReviewSender, string> = {
  reviewer: 'a reviewer who is not the submitter (four-eyes, checked by the machine)',
  submitter: 'the submitter, for roles only (cancel-commit, checked by the machine)',
};

/** Whether a change of this kind goes through review at all (a user delete does not). */
export function isReviewableChange(kind: ReviewedRecordKind, change: RecordChange): boolean {
  return !(kind === 'user' && change === 'delete');
}

const hasText = (text: string | undefined): text is string => text !== undefined && text.trim() !== '';

export const recordReviewMachine = setup({
  types: {
    context: {} as RecordReviewContext,
    events: {} as RecordReviewEvent,
    input: {} as RecordReviewInput,
    meta: {} as StateDocMeta,
    transitionMeta: {} as TransitionDocMeta,
  },
  actions: {
    recordTheReview: assign(({ event }) =>
      event.type === 'CANCEL'
        ? {}
        : { reviewerId: event.reviewerId, comment: hasText(event.comment) ? event.comment.trim() : null },
    ),
  },
  guards: {
    isReviewableChange: ({ context }) => isReviewableChange(context.kind, context.change),
    isNotSubmitter: ({ context, event }) => event.type !== 'CANCEL' && event.reviewerId !== context.submitterId,
    isSubmitter: ({ context, event }) => event.type === 'CANCEL' && event.actorId === context.submitterId,
    isRole: ({ context }) => context.kind === 'role',
    hasComment: ({ event }) => event.type !== 'CANCEL' && hasText(event.comment),
  },
}).createMachine({
  id: 'recordReview',
  description:
    'A change to a user or role record (create, update, or delete for roles) waiting for four-eyes review ' +
    '(SPEC 4 checkStatus: 0 new, 2 update, 3 delete). A reviewer other than the submitter approves it (the ' +
    'change is applied) or rejects it with a comment (the live record stays as it was). The submitter of a ' +
    'role change may take it back (cancel-commit). A user delete is not reviewable and ends at once.',
  meta: {
    doc: {
      stateCodeTitle: 'checkStatus',
      who: RECORD_REVIEW_SENDERS,
    },
  },
  context: ({ input }) => ({
    kind: input.kind,
    submitterId: input.submitterId,
    change: input.change,
    reviewerId: null,
    comment: null,
  }),
  initial: 'received',
  states: {
    received: {
      description: 'Transient: checks that this kind of change goes through review.',
      always: [{ guard: 'isReviewableChange', target: 'pending' }, { target: 'notReviewable' }],
    },
    pending: {
      description: 'Waiting for a reviewer; the live record is unchanged.',
      meta: { code: "'0' create, '2' update, '3' delete (roles only)" },
      on: {
        APPROVE: { guard: 'isNotSubmitter', target: 'approved', actions: 'recordTheReview', meta: { who: 'reviewer' } },
        REJECT: {
          guard: and(['isNotSubmitter', 'hasComment']),
          target: 'rejected',
          actions: 'recordTheReview',
          meta: { who: 'reviewer' },
        },
        CANCEL: { guard: and(['isRole', 'isSubmitter']), target: 'cancelled', meta: { who: 'submitter' } },
      },
    },
    approved: { type: 'final', description: 'Approved: the server applies the change to the live record.' },
    rejected: { type: 'final', description: 'Rejected with the reviewer’s comment; the live record stays as it was.' },
    cancelled: { type: 'final', description: 'Taken back by the submitter (roles only, cancel-commit).' },
    notReviewable: { type: 'final', description: 'A user delete: not a reviewable change (the server answers 400).' },
  },
});

export type RecordReviewSnapshot = SnapshotFrom<typeof recordReviewMachine>;
export type RecordReviewStateName = 'received' | 'pending' | 'approved' | 'rejected' | 'cancelled' | 'notReviewable';

/** What the server stores: `{ value, context }` (value is one of {@link RecordReviewStateName}). */
export interface PersistedRecordReviewSnapshot {
  value: RecordReviewStateName;
  context: RecordReviewContext;
}

/** SPEC 4 checkStatus while pending ('0' create, '2' update, '3' delete); null once reviewed, cancelled or refused. */
export function checkStatusOf(snapshot: { value: StateValue; context: Pick<RecordReviewContext, 'change'> }): CheckStatus | null {
  return snapshot.value === 'pending' ? CHECK_STATUS[snapshot.context.change].code : null;
}

/** A new submission's snapshot (already past the transient check). */
export function createRecordReviewSnapshot(input: RecordReviewInput): PersistedRecordReviewSnapshot {
  const [snapshot] = initialTransition(recordReviewMachine, input);
  return { value: snapshot.value as RecordReviewStateName, context: { ...snapshot.context } };
}

/** A live snapshot from the stored JSON. */
export function reviveRecordReviewSnapshot(persisted: PersistedRecordReviewSnapshot): RecordReviewSnapshot {
  return recordReviewMachine.resolveState({ value: persisted.value, context: { ...persisted.context } });
}

export type RecordReviewTransitionResult =
  | { ok: true; snapshot: PersistedRecordReviewSnapshot; from: RecordReviewStateName; to: RecordReviewStateName }
  | { ok: false; from: RecordReviewStateName; reason: 'final' | 'notAllowedNow' };

/** Apply one event to a stored submission (pure `transition`); refused events leave it unchanged (409). */
export function transitionRecordReview(
  persisted: PersistedRecordReviewSnapshot,
  event: RecordReviewEvent,
): RecordReviewTransitionResult {
  const current = reviveRecordReviewSnapshot(persisted);
  const from = persisted.value;
  if (current.status !== 'active') return { ok: false, from, reason: 'final' };
  if (!current.can(event)) return { ok: false, from, reason: 'notAllowedNow' };
  const [next] = transition(recordReviewMachine, current, event);
  const to = next.value as RecordReviewStateName;
  return { ok: true, from, to, snapshot: { value: to, context: { ...next.context } } };
}
