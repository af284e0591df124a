import { describe, expect, it } from 'vitest';
import {
  CHECK_STATUS,
  checkStatusOf,
  checkStatusFor,
  createRecordReviewSnapshot,
  recordReviewMachine,
  reviewerConflict,
  transitionRecordReview,
  type RecordChange,
  type RecordReviewEvent,
  type RecordReviewInput,
  type ReviewedRecordKind,
  unacknowledged,
} from '@machines/recordReview.machine';
import { describeTransitionCoverage, describeUnionCoverage } from './coverage';

const SUBMITTER = 3;
const REVIEWER = 4;
const OTHER = 5;
/** The user whose own account a change is about. */
const SUBJECT = 6;

const samples: RecordReviewEvent[] = [
  { type: 'APPROVE', reviewerId: SUBMITTER },
  { type: 'APPROVE', reviewerId: REVIEWER, comment: '同意' },
  { type: 'APPROVE', reviewerId: SUBJECT },
  { type: 'APPROVE', reviewerId: REVIEWER, acknowledged: ['unlinksPerson'] },
  { type: 'REJECT', reviewerId: SUBJECT, comment: '不同意' },
  { type: 'REJECT', reviewerId: SUBMITTER, comment: '自己驳回' },
  { type: 'REJECT', reviewerId: REVIEWER, comment: '' },
  { type: 'REJECT', reviewerId: REVIEWER, comment: '  ' },
  { type: 'REJECT', reviewerId: REVIEWER, comment: '权限过大' },
  { type: 'CANCEL', actorId: OTHER },
  { type: 'CANCEL', actorId: SUBMITTER },
];

const inputs: RecordReviewInput[] = [
  ...(['user', 'role', 'penalty'] as ReviewedRecordKind[]).flatMap((kind) =>
    (['create', 'update', 'delete'] as RecordChange[]).map((change) => ({
      kind,
      change,
      submitterId: SUBMITTER,
      subjectUserId: kind === 'user' && change !== 'create' ? SUBJECT : null,
    })),
  ),
  // A holder's account unlinked from its person: approved only by naming the warning.
  { kind: 'user', change: 'update', submitterId: SUBMITTER, subjectUserId: SUBJECT, warnings: ['unlinksPerson'] },
];

const runs = inputs.map((input) =>
  describeTransitionCoverage(
    recordReviewMachine,
    { input, events: samples, requireAllTransitions: false, requireAllStates: false },
    `recordReview (${input.kind} ${input.change}): reachable transitions fire`,
  ),
);
describeUnionCoverage(
  recordReviewMachine,
  runs,
  'recordReview: user, role and punishment submissions together fire every transition',
);

const start = (kind: ReviewedRecordKind, change: RecordChange, subjectUserId: number | null = null) =>
  createRecordReviewSnapshot({ kind, change, submitterId: SUBMITTER, subjectUserId });

describe('recordReview behaviour', () => {
  it('pending submissions carry checkStatus 0 (create), 2 (update; a user delete counts as an update), 3 (role delete)', () => {
    expect(checkStatusOf(start('user', 'create'))).toBe('0');
    expect(checkStatusOf(start('user', 'update'))).toBe('2');
    expect(checkStatusOf(start('user', 'delete'))).toBe('2');
    expect(checkStatusOf(start('role', 'create'))).toBe('0');
    expect(checkStatusOf(start('role', 'update'))).toBe('2');
    expect(checkStatusOf(start('role', 'delete'))).toBe('3');
    expect(checkStatusFor('user', 'delete')).toBe('2');
    expect(CHECK_STATUS.delete.code).toBe('3');
  });

  it('a user delete is reviewed: pending until another administrator approves it', () => {
    const s = start('user', 'delete', SUBJECT);
    expect(s.value).toBe('pending');
    expect(s.context.change).toBe('delete');
    expect(transitionRecordReview(s, { type: 'APPROVE', reviewerId: SUBMITTER }).ok).toBe(false);
    expect(transitionRecordReview(s, { type: 'APPROVE', reviewerId: REVIEWER })).toMatchObject({
      ok: true,
      to: 'approved',
    });
  });

  it('the user a change is about cannot review it', () => {
    const s = start('user', 'update', SUBJECT);
    expect(reviewerConflict(s.context, SUBJECT)).toBe('subject');
    expect(reviewerConflict(s.context, SUBMITTER)).toBe('submitter');
    expect(reviewerConflict(s.context, REVIEWER)).toBeNull();
    expect(transitionRecordReview(s, { type: 'APPROVE', reviewerId: SUBJECT })).toMatchObject({
      ok: false,
      reason: 'notAllowedNow',
    });
    expect(transitionRecordReview(s, { type: 'REJECT', reviewerId: SUBJECT, comment: '不同意' }).ok).toBe(false);
  });

  it('a decided submission takes no further event', () => {
    const approved = transitionRecordReview(start('role', 'update'), { type: 'APPROVE', reviewerId: REVIEWER });
    if (!approved.ok) throw new Error('unreachable');
    expect(transitionRecordReview(approved.snapshot, { type: 'REJECT', reviewerId: OTHER, comment: '晚了' })).toEqual({
      ok: false,
      from: 'approved',
      reason: 'final',
    });
  });

  it('four eyes: the submitter can neither approve nor reject his own change', () => {
    const s = start('user', 'update');
    expect(transitionRecordReview(s, { type: 'APPROVE', reviewerId: SUBMITTER })).toMatchObject({
      ok: false,
      reason: 'notAllowedNow',
    });
    expect(transitionRecordReview(s, { type: 'REJECT', reviewerId: SUBMITTER, comment: '撤销' }).ok).toBe(false);
    const approved = transitionRecordReview(s, { type: 'APPROVE', reviewerId: REVIEWER, comment: '同意' });
    expect(approved).toMatchObject({ ok: true, from: 'pending', to: 'approved' });
    if (!approved.ok) throw new Error('unreachable');
    expect(approved.snapshot.context).toMatchObject({ reviewerId: REVIEWER, comment: '同意' });
    expect(checkStatusOf(approved.snapshot)).toBeNull();
  });

  it('a rejection needs a non-empty comment', () => {
    const s = start('role', 'create');
    expect(transitionRecordReview(s, { type: 'REJECT', reviewerId: REVIEWER, comment: '' }).ok).toBe(false);
    expect(transitionRecordReview(s, { type: 'REJECT', reviewerId: REVIEWER, comment: ' \n ' }).ok).toBe(false);
    const r = transitionRecordReview(s, { type: 'REJECT', reviewerId: REVIEWER, comment: ' 权限过大 ' });
    expect(r).toMatchObject({
      ok: true,
      to: 'rejected',
      snapshot: { context: { comment: '权限过大', reviewerId: REVIEWER } },
    });
  });

  it('cancel-commit: roles and punishments, by the submitter; never users', () => {
    expect(transitionRecordReview(start('role', 'delete'), { type: 'CANCEL', actorId: SUBMITTER })).toMatchObject({
      ok: true,
      to: 'cancelled',
    });
    expect(transitionRecordReview(start('penalty', 'create'), { type: 'CANCEL', actorId: SUBMITTER })).toMatchObject({
      ok: true,
      to: 'cancelled',
    });
    expect(transitionRecordReview(start('penalty', 'update'), { type: 'CANCEL', actorId: OTHER }).ok).toBe(false);
    expect(checkStatusOf(start('penalty', 'delete'))).toBe('3');
    expect(transitionRecordReview(start('role', 'update'), { type: 'CANCEL', actorId: OTHER }).ok).toBe(false);
    expect(transitionRecordReview(start('user', 'create'), { type: 'CANCEL', actorId: SUBMITTER }).ok).toBe(false);
  });

  it('a submission with a warning is approved only when the approval names it; rejecting needs no naming', () => {
    const s = createRecordReviewSnapshot({
      kind: 'user',
      change: 'update',
      submitterId: SUBMITTER,
      subjectUserId: SUBJECT,
      warnings: ['unlinksPerson'],
    });
    expect(s.context.warnings).toEqual(['unlinksPerson']);
    expect(unacknowledged(s.context)).toEqual(['unlinksPerson']);
    expect(transitionRecordReview(s, { type: 'APPROVE', reviewerId: REVIEWER, comment: '同意' })).toMatchObject({
      ok: false,
      reason: 'notAllowedNow',
    });
    expect(transitionRecordReview(s, { type: 'APPROVE', reviewerId: REVIEWER, acknowledged: [] }).ok).toBe(false);
    expect(
      transitionRecordReview(s, { type: 'APPROVE', reviewerId: SUBMITTER, acknowledged: ['unlinksPerson'] }).ok,
    ).toBe(false);
    expect(
      transitionRecordReview(s, { type: 'APPROVE', reviewerId: REVIEWER, acknowledged: ['unlinksPerson'] }),
    ).toMatchObject({ ok: true, to: 'approved' });
    expect(transitionRecordReview(s, { type: 'REJECT', reviewerId: REVIEWER, comment: '不能解除' })).toMatchObject({
      ok: true,
      to: 'rejected',
    });
    // Without warnings an approval needs to name nothing, and naming one does no harm.
    expect(
      transitionRecordReview(start('user', 'update', SUBJECT), {
        type: 'APPROVE',
        reviewerId: REVIEWER,
        acknowledged: ['unlinksPerson'],
      }).ok,
    ).toBe(true);
  });

  it('a row stored before warnings existed revives with none', () => {
    const old = JSON.parse(JSON.stringify(start('user', 'update', SUBJECT))) as ReturnType<typeof start>;
    delete (old.context as Partial<typeof old.context>).warnings;
    expect(transitionRecordReview(old, { type: 'APPROVE', reviewerId: REVIEWER })).toMatchObject({
      ok: true,
      to: 'approved',
    });
  });

  it('the stored JSON revives and keeps working', () => {
    const stored = JSON.parse(JSON.stringify(start('role', 'update'))) as ReturnType<typeof start>;
    expect(transitionRecordReview(stored, { type: 'APPROVE', reviewerId: OTHER })).toMatchObject({
      ok: true,
      to: 'approved',
    });
  });
});
