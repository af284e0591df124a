/**
 * Recording, changing and removing punishments under four-eyes review (DESIGN.md recordReview,
 * kind 'penalty'), each inside the caller's transaction:
 * - a new punishment is a row waiting for its first review (review_state pending): nothing reads it
 *   as in force until a second person approves it; rejected or withdrawn it stays on record, never
 *   in force, and may be corrected and submitted again or removed;
 * - a change or removal of a punishment in force is a submission; the live row stays as it is until
 *   the approval, which applies it and settles the certificates in the same transaction.
 */
import { eq } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { Revealable } from '../../services/personalData.js';
import { punishment } from '../../db/schema.js';
import { badRequest, conflict, forbidden } from '../../lib/errors.js';
import { changedKeys } from '../system/review/diff.js';
import {
  AUDIT_PERMS,
  cancelReview,
  changeOf,
  decideReview,
  loadReview,
  pendingOf,
  submitReview,
} from '../system/review/review.service.js';
import type { CheckStatus } from '../../../machines/recordReview.machine.js';
import { settleCertificates } from './effects.js';
import {
  buildRecord,
  columnsOf,
  holderOf,
  loadPunishment,
  recordOf,
  writeCertificates,
  type PunishmentFields,
  type PunishmentRecord,
  type ReviewState,
} from './record.js';
import { assertCanSee } from './scope.js';

export const ENTITY = 'penalty' as const;
/** The service needs the clock only: the demo seed drives it without a running app. */
export type CreditEnv = Pick<AppContext, 'clock'>;

export interface Submitted {
  punishmentId: number;
  reviewId: number | null;
  checkStatus: CheckStatus | null;
}

async function assertNoPendingReview(tx: Tx, punishmentId: number): Promise<void> {
  if (await pendingOf(tx, ENTITY, punishmentId)) throw conflict('该处罚记录有待审核的变更，请等待审核完成后再提交');
}

/** A new punishment: the row waits for review (not in force), with its submission. */
export async function submitNew(
  env: CreditEnv,
  tx: Tx,
  caller: AuthUser,
  fields: PunishmentFields,
): Promise<Submitted> {
  const rec = await buildRecord(tx, caller, fields, null);
  const now = env.clock.now();
  const [row] = await tx
    .insert(punishment)
    .values({ ...columnsOf(rec), reviewState: 'pending', createdBy: caller.userId, createdAt: now, updatedAt: now })
    .returning({ id: punishment.id });
  await writeCertificates(tx, row!.id, rec.certificateIds);
  const review = await submitReview(env, tx, {
    entity: ENTITY,
    recordId: row!.id,
    change: 'create',
    proposed: rec,
    current: null,
    submitterId: caller.userId,
  });
  return { punishmentId: row!.id, ...review };
}

/**
 * A change. Of a punishment in force: a submission, the row unchanged until approved. Of one that
 * was rejected or withdrawn (never in force): the row takes the correction and waits for review
 * again as a new punishment.
 */
export async function submitChange(
  env: CreditEnv,
  tx: Tx,
  caller: AuthUser,
  punishmentId: number,
  fields: PunishmentFields,
): Promise<Submitted> {
  await assertCanSee(tx, caller, punishmentId);
  const row = await loadPunishment(tx, punishmentId);
  await assertNoPendingReview(tx, punishmentId);
  const state = row.reviewState as ReviewState;
  if (state === 'pending') throw conflict('该处罚记录正在等待审核，不能修改');
  const live = await recordOf(tx, row);
  const rec = await buildRecord(tx, caller, fields, live);
  if (state === 'approved') {
    if (changedKeys(live, rec).length === 0) throw badRequest('没有需要提交的修改');
    const review = await submitReview(env, tx, {
      entity: ENTITY,
      recordId: punishmentId,
      change: 'update',
      proposed: rec,
      current: live,
      submitterId: caller.userId,
    });
    return { punishmentId, ...review };
  }
  await tx
    .update(punishment)
    .set({ ...columnsOf(rec), reviewState: 'pending', updatedAt: env.clock.now() })
    .where(eq(punishment.id, punishmentId));
  await writeCertificates(tx, punishmentId, rec.certificateIds);
  const review = await submitReview(env, tx, {
    entity: ENTITY,
    recordId: punishmentId,
    change: 'create',
    proposed: rec,
    current: null,
    submitterId: caller.userId,
  });
  return { punishmentId, ...review };
}

/** Removal: of a punishment in force, a submission; of one never in force (rejected, withdrawn), at once. */
export async function submitRemoval(
  env: CreditEnv,
  tx: Tx,
  caller: AuthUser,
  punishmentId: number,
): Promise<Submitted> {
  await assertCanSee(tx, caller, punishmentId);
  const row = await loadPunishment(tx, punishmentId);
  await assertNoPendingReview(tx, punishmentId);
  const state = row.reviewState as ReviewState;
  if (state === 'pending') throw conflict(`处罚记录 ${row.docNo} 正在等待审核，不能删除（提交人可先撤回）`);
  if (state !== 'approved') {
    await tx.delete(punishment).where(eq(punishment.id, punishmentId));
    return { punishmentId, reviewId: null, checkStatus: null };
  }
  const live = await recordOf(tx, row);
  const review = await submitReview(env, tx, {
    entity: ENTITY,
    recordId: punishmentId,
    change: 'delete',
    proposed: live,
    current: live,
    submitterId: caller.userId,
  });
  return { punishmentId, ...review };
}

/**
 * The reviewer's decision (never the submitter's: 403 with the reason). Approved, the change takes
 * effect with its consequences for the certificates; rejected, nothing in force changes.
 */
export async function decide(
  env: CreditEnv,
  tx: Tx,
  caller: AuthUser,
  reviewId: number,
  approved: boolean,
  comment?: string | null,
): Promise<boolean> {
  const review = await loadReview(tx, ENTITY, reviewId);
  if (review.recordId === null) throw conflict('审核记录缺少处罚记录编号');
  await assertCanSee(tx, caller, review.recordId);
  if (!caller.permissions.has(AUDIT_PERMS[ENTITY])) throw forbidden('没有审核处罚记录的权限');
  const decided = await decideReview(env, tx, review, { reviewerId: caller.userId, approved, comment });
  const change = changeOf(review);
  const row = await loadPunishment(tx, review.recordId);
  const now = env.clock.now();
  if (decided.state !== 'approved') {
    if (change === 'create')
      await tx.update(punishment).set({ reviewState: 'rejected', updatedAt: now }).where(eq(punishment.id, row.id));
    return false;
  }
  const proposed = review.proposed as PunishmentRecord;
  const before = await recordOf(tx, row);
  const cause = { punishmentId: row.id, type: proposed.type, docNo: proposed.docNo, change };
  if (change === 'delete') {
    await tx.delete(punishment).where(eq(punishment.id, row.id));
    await settleCertificates(tx, before.certificateIds, cause, now, caller.userId);
    return true;
  }
  await tx
    .update(punishment)
    .set({ ...columnsOf(proposed), reviewState: 'approved', updatedAt: now })
    .where(eq(punishment.id, row.id));
  await writeCertificates(tx, row.id, proposed.certificateIds);
  await settleCertificates(tx, [...before.certificateIds, ...proposed.certificateIds], cause, now, caller.userId);
  return true;
}

/** The submitter takes a submission back: a change or removal is dropped; a new punishment stays on record as withdrawn. */
export async function withdraw(env: CreditEnv, tx: Tx, caller: AuthUser, reviewId: number): Promise<void> {
  const review = await loadReview(tx, ENTITY, reviewId);
  if (review.recordId === null) throw conflict('审核记录缺少处罚记录编号');
  await assertCanSee(tx, caller, review.recordId);
  await cancelReview(env, tx, review, caller.userId);
  if (changeOf(review) === 'create') {
    await tx
      .update(punishment)
      .set({ reviewState: 'withdrawn', updatedAt: env.clock.now() })
      .where(eq(punishment.id, review.recordId));
  }
}

/** 录入处罚 POST /credit/punishment/save: submitNew in a transaction of its own. */
export async function savePunishment(ctx: AppContext, caller: AuthUser, fields: PunishmentFields): Promise<Submitted> {
  return ctx.db.transaction((tx) => submitNew(ctx, tx, caller, fields));
}

/** 修改处罚 POST /credit/punishment/update: submitChange in a transaction of its own. */
export async function updatePunishment(
  ctx: AppContext,
  caller: AuthUser,
  punishmentId: number,
  fields: PunishmentFields,
): Promise<Submitted> {
  return ctx.db.transaction((tx) => submitChange(ctx, tx, caller, punishmentId, fields));
}

/** 删除处罚 POST /credit/punishment/remove: every removal in one transaction, all or none. */
export async function removePunishments(
  ctx: AppContext,
  caller: AuthUser,
  punishmentIds: readonly number[],
): Promise<Submitted[]> {
  return ctx.db.transaction(async (tx) => {
    const out = [];
    for (const punishmentId of punishmentIds) out.push(await submitRemoval(ctx, tx, caller, punishmentId));
    return out;
  });
}

/** 审核处罚 POST /credit/punishment/audit: decide in a transaction of its own; answers whether it was approved. */
export async function auditPunishment(
  ctx: AppContext,
  caller: AuthUser,
  reviewId: number,
  approved: boolean,
  comment?: string | null,
): Promise<boolean> {
  return ctx.db.transaction((tx) => decide(ctx, tx, caller, reviewId, approved, comment));
}

/** 撤回待审核的处罚提交 POST /credit/punishment/cancel-commit: withdraw in a transaction of its own. */
export async function withdrawPunishment(ctx: AppContext, caller: AuthUser, reviewId: number): Promise<void> {
  await ctx.db.transaction((tx) => withdraw(ctx, tx, caller, reviewId));
}

/** The holder's identity number on a punishment the caller may see (reveal source 'punishment'): the centre's officers handle it. */
export async function punishmentPersonalData(
  db: DbOrTx,
  caller: AuthUser,
  id: number,
): Promise<Revealable<{ idNo: string }>> {
  await assertCanSee(db, caller, id);
  const live = await loadPunishment(db, id);
  const holder = await holderOf(db, live.personId);
  return {
    subject: { personId: live.personId, name: holder?.name },
    duty: caller.userType === '02' && caller.permissions.has('credit:punishment:query') ? 'certificate:staff' : null,
    values: { idNo: holder?.idNo ?? '' },
  };
}
