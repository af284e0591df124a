/**
 * The shared four-eyes service of user, role and punishment records (SPEC 4, DESIGN.md recordReview). A
 * submission is a sys_record_review row holding the proposed record, the live one as it was and
 * the recordReview machine's snapshot. The machine alone decides whether an event is allowed; the
 * callers apply the approved change to the live record inside the same transaction.
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  createRecordReviewSnapshot,
  reviewerConflict,
  transitionRecordReview,
  type CheckStatus,
  type PersistedRecordReviewSnapshot,
  type RecordChange,
  type RecordReviewEvent,
  type ReviewedRecordKind,
  type ReviewWarning,
  unacknowledged,
} from '../../../../machines/recordReview.machine.js';
import type { AppContext, AuthUser } from '../../../context.js';
import type { DbOrTx } from '../../../db/client.js';
import { sysRecordReview, sysUser } from '../../../db/schema.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../lib/errors.js';
import { closeReviewTodos, openReviewTodos } from './todos.js';

export type ReviewRow = typeof sysRecordReview.$inferSelect;
export type ReviewState = 'pending' | 'approved' | 'rejected' | 'cancelled';

const ENTITY_NAME: Record<ReviewedRecordKind, string> = { user: '用户', role: '角色', penalty: '处罚记录' };
const CHANGE_NAME: Record<RecordChange, string> = { create: '新增', update: '修改', delete: '删除' };
const WARNING_NAME: Record<ReviewWarning, string> = { unlinksPerson: '解除账号与持证人员的关联' };

/** The permission that lets a caller decide a submission of this kind. */
export const AUDIT_PERMS: Record<ReviewedRecordKind, string> = {
  user: 'system:user:audit',
  role: 'system:role:audit',
  penalty: 'credit:punishment:audit',
};

/** What the service needs of the app: the clock (the demo seed drives it without a running app). */
type ClockCtx = Pick<AppContext, 'clock'>;

/** What the caller may do with a submission now: the recordReview machine's answer, plus the audit permission to decide. */
export interface ReviewActions {
  canReview: boolean;
  canCancel: boolean;
}

/** What a list row or a detail says about its pending submission, and what the caller may do with it. */
export interface PendingSummary extends ReviewActions {
  reviewId: number;
  checkStatus: CheckStatus;
  change: RecordChange;
  submittedBy: number;
  submitterName: string;
  submittedAt: string;
}

/**
 * The one place that answers "may this caller decide or withdraw this submission": the list rows and
 * the reviewer's detail both ask here, so a page only shows what the server allows.
 */
export function reviewActions(row: ReviewRow, caller: AuthUser): ReviewActions {
  if (row.state !== 'pending') return { canReview: false, canCancel: false };
  const persisted = row.snapshot as PersistedRecordReviewSnapshot;
  const independent =
    reviewerConflict(
      { submitterId: persisted.context.submitterId, subjectUserId: persisted.context.subjectUserId ?? null },
      caller.userId,
    ) === null;
  return {
    canReview: independent && caller.permissions.has(AUDIT_PERMS[row.entity as ReviewedRecordKind]),
    canCancel: transitionRecordReview(persisted, { type: 'CANCEL', actorId: caller.userId }).ok,
  };
}

export const changeOf = (row: ReviewRow): RecordChange =>
  (row.snapshot as PersistedRecordReviewSnapshot).context.change;

/** Refuses a second submission while one is waiting for the same record. */
export async function assertNoPending(db: DbOrTx, entity: ReviewedRecordKind, recordId: number): Promise<void> {
  const [row] = await db
    .select({ id: sysRecordReview.id })
    .from(sysRecordReview)
    .where(
      and(
        eq(sysRecordReview.entity, entity),
        eq(sysRecordReview.recordId, recordId),
        eq(sysRecordReview.state, 'pending'),
      ),
    )
    .limit(1);
  if (row) throw conflict(`该${ENTITY_NAME[entity]}有待审核的变更，请等待审核完成后再提交`);
}

export interface Submission {
  entity: ReviewedRecordKind;
  recordId: number | null;
  change: RecordChange;
  proposed: object;
  current: object | null;
  submitterId: number;
  /** For a change to an existing account: its user id (that user may not review it). */
  subjectUserId?: number | null;
  /** Effects the submitter chose explicitly; the reviewer must name each to approve. */
  warnings?: readonly ReviewWarning[];
}

/** Stores a submission waiting for review; answers its id and checkStatus. */
export async function submitReview(
  ctx: ClockCtx,
  tx: DbOrTx,
  s: Submission,
): Promise<{ reviewId: number; checkStatus: CheckStatus }> {
  if (s.recordId !== null) await assertNoPending(tx, s.entity, s.recordId);
  const snapshot = createRecordReviewSnapshot({
    kind: s.entity,
    change: s.change,
    submitterId: s.submitterId,
    subjectUserId: s.subjectUserId ?? null,
    warnings: s.warnings ?? [],
  });
  const checkStatus =
    s.entity === 'user' && s.change === 'delete' ? '2' : ({ create: '0', update: '2', delete: '3' } as const)[s.change];
  const [row] = await tx
    .insert(sysRecordReview)
    .values({
      entity: s.entity,
      recordId: s.recordId,
      checkStatus,
      proposed: s.proposed,
      current: s.current,
      snapshot,
      state: 'pending',
      submittedBy: s.submitterId,
      submittedAt: ctx.clock.now(),
    })
    .returning({ id: sysRecordReview.id });
  await openReviewTodos(tx, {
    reviewId: row!.id,
    entity: s.entity,
    change: s.change,
    record: (s.change === 'delete' ? s.current : s.proposed) as Record<string, unknown> | null,
    recordId: s.recordId,
    submitterId: s.submitterId,
    subjectUserId: s.subjectUserId ?? null,
    at: ctx.clock.now(),
  });
  return { reviewId: row!.id, checkStatus };
}

export async function loadReview(db: DbOrTx, entity: ReviewedRecordKind, reviewId: number): Promise<ReviewRow> {
  const [row] = await db
    .select()
    .from(sysRecordReview)
    .where(and(eq(sysRecordReview.id, reviewId), eq(sysRecordReview.entity, entity)));
  if (!row) throw notFound('审核记录不存在');
  return row;
}

/** The pending submission of one live record, if any. */
export async function pendingOf(db: DbOrTx, entity: ReviewedRecordKind, recordId: number): Promise<ReviewRow | null> {
  const [row] = await db
    .select()
    .from(sysRecordReview)
    .where(
      and(
        eq(sysRecordReview.entity, entity),
        eq(sysRecordReview.recordId, recordId),
        eq(sysRecordReview.state, 'pending'),
      ),
    );
  return row ?? null;
}

/** Refuses a decision call that does not fit the submission (new-check on an update, …). */
export function assertChange(row: ReviewRow, allowed: readonly RecordChange[], callName: string): void {
  const change = changeOf(row);
  if (!allowed.includes(change)) {
    throw badRequest(
      `该审核记录是${CHANGE_NAME[change]}${ENTITY_NAME[row.entity as ReviewedRecordKind]}，不能用${callName}处理`,
      'reviewId',
    );
  }
}

function assertPending(row: ReviewRow): void {
  if (row.state !== 'pending') throw conflict('该变更已处理，请刷新后查看');
}

/** Marks the submission with the machine's next snapshot, only if it is still pending (two reviewers at once: one wins). */
async function persist(
  tx: DbOrTx,
  row: ReviewRow,
  snapshot: PersistedRecordReviewSnapshot,
  fields: Partial<ReviewRow>,
): Promise<ReviewRow> {
  const [updated] = await tx
    .update(sysRecordReview)
    .set({ ...fields, snapshot, state: snapshot.value })
    .where(and(eq(sysRecordReview.id, row.id), eq(sysRecordReview.state, 'pending')))
    .returning();
  if (!updated) throw conflict('该变更已被他人处理，请刷新后查看');
  // Decided or withdrawn: nobody has to act on it any more.
  await closeReviewTodos(tx, row.id);
  return updated;
}

/**
 * A reviewer's decision. The four-eyes refusals come first with their reasons (403); the machine
 * then takes the event or refuses it (409). Answers the updated row; the caller applies an approval.
 */
export async function decideReview(
  ctx: ClockCtx,
  tx: DbOrTx,
  row: ReviewRow,
  decision: { reviewerId: number; approved: boolean; comment?: string | null; acknowledged?: readonly ReviewWarning[] },
): Promise<ReviewRow> {
  assertPending(row);
  const persisted = row.snapshot as PersistedRecordReviewSnapshot;
  const why = reviewerConflict(
    { submitterId: persisted.context.submitterId, subjectUserId: persisted.context.subjectUserId ?? null },
    decision.reviewerId,
  );
  if (why === 'submitter') throw forbidden('四眼原则：审核人不能是提交人，不能审核本人提交的变更');
  if (why === 'subject') throw forbidden('四眼原则：不能审核与本人账号有关的变更');
  const comment = decision.comment?.trim() ?? '';
  if (!decision.approved && !comment) throw badRequest('驳回时请填写审核意见', 'comment');
  const event: RecordReviewEvent = decision.approved
    ? { type: 'APPROVE', reviewerId: decision.reviewerId, comment, acknowledged: decision.acknowledged ?? [] }
    : { type: 'REJECT', reviewerId: decision.reviewerId, comment };
  const result = transitionRecordReview(persisted, event);
  if (!result.ok && decision.approved && unacknowledged(persisted.context, decision.acknowledged).length > 0) {
    throw new AppError(
      409,
      `该变更有须逐项确认的影响（${unacknowledged(persisted.context, decision.acknowledged)
        .map((w) => WARNING_NAME[w])
        .join('、')}），请确认后再通过`,
      'acknowledged',
    );
  }
  if (!result.ok) throw conflict('当前状态不能执行该审核操作');
  return persist(tx, row, result.snapshot, {
    reviewedBy: decision.reviewerId,
    reviewedAt: ctx.clock.now(),
    comment: comment || null,
  });
}

/** cancel-commit: the submitter takes a role or punishment submission back. */
export async function cancelReview(ctx: ClockCtx, tx: DbOrTx, row: ReviewRow, actorId: number): Promise<ReviewRow> {
  assertPending(row);
  const persisted = row.snapshot as PersistedRecordReviewSnapshot;
  if (persisted.context.submitterId !== actorId) throw forbidden('只有提交人可以撤回该变更');
  const result = transitionRecordReview(persisted, { type: 'CANCEL', actorId });
  if (!result.ok) throw conflict('该变更不能撤回');
  return persist(tx, row, result.snapshot, { reviewedAt: ctx.clock.now() });
}

/** Pending submissions of these records, by record id, with what the caller may do with each. */
export async function pendingByRecord(
  db: DbOrTx,
  entity: ReviewedRecordKind,
  recordIds: readonly number[],
  caller: AuthUser,
): Promise<Map<number, PendingSummary>> {
  if (recordIds.length === 0) return new Map();
  const rows = await db
    .select({ review: sysRecordReview, submitterName: sysUser.userName })
    .from(sysRecordReview)
    .innerJoin(sysUser, eq(sysUser.userId, sysRecordReview.submittedBy))
    .where(
      and(
        eq(sysRecordReview.entity, entity),
        eq(sysRecordReview.state, 'pending'),
        inArray(sysRecordReview.recordId, [...recordIds]),
      ),
    );
  return new Map(rows.map((r) => [r.review.recordId!, summaryOf(r.review, r.submitterName, caller)]));
}

export function summaryOf(row: ReviewRow, submitterName: string, caller: AuthUser): PendingSummary {
  return {
    ...reviewActions(row, caller),
    reviewId: row.id,
    checkStatus: row.checkStatus as CheckStatus,
    change: changeOf(row),
    submittedBy: row.submittedBy,
    submitterName,
    submittedAt: row.submittedAt.toISOString(),
  };
}

/** The names of users by id (submitters, reviewers). */
export async function userNames(db: DbOrTx, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: sysUser.userId, name: sysUser.userName })
    .from(sysUser)
    .where(inArray(sysUser.userId, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}
