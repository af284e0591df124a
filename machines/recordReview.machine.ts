/**
 * A submitted change to a user, role or punishment record under four-eyes review (SPEC 4 "Review
 * flow for user and role records", checkStatus; DESIGN.md "recordReview": punishments of credit
 * management use the same review, kind 'penalty'). One machine per submission: the
 * server keeps the live record unchanged until the machine reaches `approved`, then applies the
 * change in the same transaction. Pure statechart, no I/O.
 *
 * Deleting a user is a reviewed change like any other (a deleted account cannot be brought back,
 * so it needs four eyes most of all). SPEC 4 knows only '0' (new) for users and counts everything
 * else as an update, so a pending user delete carries checkStatus '2' while the submission itself
 * says `change: 'delete'` (the reviewer sees 删除, approval removes the account). Roles have their
 * own '3' for deletes, and so do punishments.
 *
 * The reviewer is never the submitter, nor the user whose own account the change is about (等保
 * separation of duties): the machine refuses both, the server answers 403 with the reason.
 *
 * A submission may carry warnings: effects beyond its own fields that lose business links (a holder's
 * account unlinked from the person whose certificates it shows). The submitter chose them explicitly;
 * the reviewer approves only by naming each of them in the approval (`acknowledged`), so nobody
 * approves an unlink by reading a diff line alone.
 */
import { and, assign, initialTransition, setup, transition, type SnapshotFrom, type StateValue } from 'xstate';
import type { StateDocMeta, TransitionDocMeta } from './introspect.js';

/** The records under four-eyes review: user accounts, roles and punishments (credit management). */
export type ReviewedRecordKind = 'user' | 'role' | 'penalty';
export type RecordChange = 'create' | 'update' | 'delete';
/** SPEC 4 checkStatus of a pending submission: '0' create, '2' update (and user delete), '3' role delete. */
export type CheckStatus = '0' | '2' | '3';

export const CHECK_STATUS: Record<RecordChange, { code: CheckStatus; label: string }> = {
  create: { code: '0', label: '新增待审核' },
  update: { code: '2', label: '修改待审核' },
  delete: { code: '3', label: '删除待审核' },
};

/** The checkStatus a pending change of this kind shows (a user delete counts as an update, SPEC 4). */
export function checkStatusFor(kind: ReviewedRecordKind, change: RecordChange): CheckStatus {
  if (kind === 'user' && change === 'delete') return CHECK_STATUS.update.code;
  return CHECK_STATUS[change].code;
}

/**
 * Effects a reviewer must confirm by name before approving: `unlinksPerson`, a holder's account no
 * longer linked to the person whose certificates it shows (我的证书).
 */
export const REVIEW_WARNINGS = ['unlinksPerson'] as const;
export type ReviewWarning = (typeof REVIEW_WARNINGS)[number];

export interface RecordReviewInput {
  kind: ReviewedRecordKind;
  /** User id of the administrator who submitted the change. */
  submitterId: number;
  change: RecordChange;
  /** For a change to an existing user account: that user's id (who may not review it). */
  subjectUserId?: number | null;
  /** What the submitter chose knowingly and the reviewer must confirm by name. */
  warnings?: readonly ReviewWarning[];
}

export interface RecordReviewContext {
  kind: ReviewedRecordKind;
  submitterId: number;
  change: RecordChange;
  subjectUserId: number | null;
  /** Warnings the approval must name (empty for most submissions). */
  warnings: ReviewWarning[];
  /** Who approved or rejected (null while pending or cancelled). */
  reviewerId: number | null;
  /** The reviewer's comment (required to reject). */
  comment: string | null;
}

export type RecordReviewEvent =
  | { type: 'APPROVE'; reviewerId: number; comment?: string; acknowledged?: readonly ReviewWarning[] }
  | { type: 'REJECT'; reviewerId: number; comment: string }
  | { type: 'CANCEL'; actorId: number };
export type RecordReviewEventType = RecordReviewEvent['type'];
export const recordReviewEventTypes: readonly RecordReviewEventType[] = ['APPROVE', 'REJECT', 'CANCEL'];

/** Who may send an event (`meta.who` of the transitions). */
export type RecordReviewSender = 'reviewer' | 'submitter';
export const RECORD_REVIEW_SENDERS: Record<RecordReviewSender, string> = {
  reviewer:
    'a reviewer who is neither the submitter nor the user the change is about (four-eyes, checked by the machine)',
  submitter: 'the submitter, for roles and punishments (cancel-commit, checked by the machine)',
};

const hasText = (text: string | undefined): text is string => text !== undefined && text.trim() !== '';

/** The submission's warnings an approval does not name (empty: it may be approved as far as they go). */
export function unacknowledged(
  context: Pick<RecordReviewContext, 'warnings'>,
  acknowledged: readonly ReviewWarning[] = [],
): ReviewWarning[] {
  return (context.warnings ?? []).filter((w) => !acknowledged.includes(w));
}

/** Why a reviewer may not decide this submission, or null when he may (the server turns it into a 403). */
export function reviewerConflict(
  context: Pick<RecordReviewContext, 'submitterId' | 'subjectUserId'>,
  reviewerId: number,
): 'submitter' | 'subject' | null {
  if (reviewerId === context.submitterId) return 'submitter';
  if (context.subjectUserId !== null && reviewerId === context.subjectUserId) return 'subject';
  return null;
}

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
    isIndependentReviewer: ({ context, event }) =>
      event.type !== 'CANCEL' && reviewerConflict(context, event.reviewerId) === null,
    isSubmitter: ({ context, event }) => event.type === 'CANCEL' && event.actorId === context.submitterId,
    // A user submission cannot be taken back (SPEC 4); roles and punishments can.
    isWithdrawable: ({ context }) => context.kind !== 'user',
    hasComment: ({ event }) => event.type !== 'CANCEL' && hasText(event.comment),
    acknowledgesEveryWarning: ({ context, event }) =>
      event.type === 'APPROVE' && unacknowledged(context, event.acknowledged).length === 0,
  },
}).createMachine({
  id: 'recordReview',
  description:
    'A change to a user, role or punishment record (create, update or delete) waiting for four-eyes review ' +
    '(SPEC 4 checkStatus: 0 new, 2 update, 3 role delete; a user delete counts as an update, 2). A reviewer ' +
    'who is neither the submitter nor the user the change is about approves it (the change is applied) or ' +
    "rejects it with a comment (the live record stays as it was). A submission carrying warnings (a holder's " +
    'account unlinked from its person) is approved only by naming each warning. The submitter of a role or ' +
    'punishment change may take it back (cancel-commit).',
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
    subjectUserId: input.subjectUserId ?? null,
    warnings: [...(input.warnings ?? [])],
    reviewerId: null,
    comment: null,
  }),
  initial: 'pending',
  states: {
    pending: {
      description: 'Waiting for a reviewer; the live record is unchanged.',
      meta: { code: "'0' create, '2' update (users: update or delete), '3' delete (roles)" },
      on: {
        APPROVE: {
          guard: and(['isIndependentReviewer', 'acknowledgesEveryWarning']),
          target: 'approved',
          actions: 'recordTheReview',
          meta: { who: 'reviewer' },
        },
        REJECT: {
          guard: and(['isIndependentReviewer', 'hasComment']),
          target: 'rejected',
          actions: 'recordTheReview',
          meta: { who: 'reviewer' },
        },
        CANCEL: { guard: and(['isWithdrawable', 'isSubmitter']), target: 'cancelled', meta: { who: 'submitter' } },
      },
    },
    approved: { type: 'final', description: 'Approved: the server applies the change to the live record.' },
    rejected: { type: 'final', description: 'Rejected with the reviewer’s comment; the live record stays as it was.' },
    cancelled: { type: 'final', description: 'Taken back by the submitter (roles and punishments, cancel-commit).' },
  },
});

export type RecordReviewSnapshot = SnapshotFrom<typeof recordReviewMachine>;
export type RecordReviewStateName = 'pending' | 'approved' | 'rejected' | 'cancelled';

/** What the server stores: `{ value, context }` (value is one of {@link RecordReviewStateName}). */
export interface PersistedRecordReviewSnapshot {
  value: RecordReviewStateName;
  context: RecordReviewContext;
}

/** SPEC 4 checkStatus while pending; null once reviewed or cancelled. */
export function checkStatusOf(snapshot: {
  value: StateValue;
  context: Pick<RecordReviewContext, 'change' | 'kind'>;
}): CheckStatus | null {
  return snapshot.value === 'pending' ? checkStatusFor(snapshot.context.kind, snapshot.context.change) : null;
}

/** A new submission's snapshot. */
export function createRecordReviewSnapshot(input: RecordReviewInput): PersistedRecordReviewSnapshot {
  const [snapshot] = initialTransition(recordReviewMachine, input);
  return { value: snapshot.value as RecordReviewStateName, context: { ...snapshot.context } };
}

/** A live snapshot from the stored JSON (older rows may lack subjectUserId and warnings). */
export function reviveRecordReviewSnapshot(persisted: PersistedRecordReviewSnapshot): RecordReviewSnapshot {
  return recordReviewMachine.resolveState({
    value: persisted.value,
    context: {
      ...persisted.context,
      subjectUserId: persisted.context.subjectUserId ?? null,
      warnings: persisted.context.warnings ?? [],
    },
  });
}

export type RecordReviewTransitionResult =
  | { ok: true; snapshot: PersistedRecordReviewSnapshot; from: RecordReviewStateName; to: RecordReviewStateName }
  | { ok: false; from: RecordReviewStateName; reason: 'final' | 'notAllowedNow' };

/** Apply one event to a stored submission (pure `transition`); refused events leave it unchanged. */
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
