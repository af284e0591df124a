/**
 * The decisions of the user administration's changes (write-routes.ts is their HTTP side): who may
 * change whom, the checks beyond the form, and which store calls make one transaction. Creating,
 * editing, assigning roles and deleting are four-eyes submissions; status and password resets act
 * at once (status of one of the three administrators is reviewed too: 三员分立).
 */
import type { z } from 'zod';
import type { AppContext, AuthUser } from '../../../context.js';
import type { DbOrTx } from '../../../db/client.js';
import { badRequest, forbidden } from '../../../lib/errors.js';
import { hashPassword, passwordPolicyViolation } from '../../../lib/password.js';
import { maskPhone } from '../../../services/personalData.js';
import { endUserSessions } from '../../auth/session.service.js';
import { storeNewPassword } from '../../auth/store.js';
import type { PersistedRecordReviewSnapshot, ReviewWarning } from '../../../../machines/recordReview.machine.js';
import { changedKeys, diffRecords } from '../review/diff.js';
import { DUTY_ROLE_NAMES, isDutyRole } from '../review/duties.js';
import { assertChange, assertNoPending, decideReview, loadReview, submitReview } from '../review/review.service.js';
import type { decisionBody } from '../review/schemas.js';
import { assertInScope, assertNotSelf, roleKeysOfUser } from './access.js';
import { assertWarningsChosen, userChangeEffect } from './effect.js';
import { randomPassword } from './initial-password.js';
import {
  applyUserChange,
  checkUserRecord,
  deleteBlocker,
  displayUser,
  liveUser,
  patched,
  USER_LABELS,
  type ProposedUser,
  type UserPatch,
  type UserRecord,
} from './record.js';
import { passwordOfUser, setReviewRecordId, setUserCheckStatus, updateUserStatus } from './store.js';

type Decision = z.infer<typeof decisionBody>;

/** 新增用户 POST /system/user/save: a create submission; the initial password is answered once when none was given. */
export async function submitNewUser(ctx: AppContext, callerId: number, rec: UserRecord, givenPassword?: string) {
  const policy = await ctx.policy.get();
  const given = givenPassword?.trim() ? givenPassword : null;
  if (given) {
    const violation = passwordPolicyViolation(given, rec.userName, policy.passwordMinLength);
    if (violation) throw badRequest(violation, 'password');
  }
  const password = given ?? randomPassword();
  const passwordHash = await hashPassword(password);
  const result = await ctx.db.transaction(async (tx) => {
    await checkUserRecord(tx, rec, null);
    return submitReview(ctx, tx, {
      entity: 'user',
      recordId: null,
      change: 'create',
      proposed: { ...rec, passwordHash },
      current: null,
      submitterId: callerId,
    });
  });
  return { ...result, initialPassword: given ? null : password };
}

/**
 * An edit of a live user as a submission ('2'); the live row only shows that it waits. Its effect
 * beyond the fields (effect.ts) is computed here: a warning the caller did not choose refuses it.
 */
export async function submitUserUpdate(
  ctx: AppContext,
  callerId: number,
  id: number,
  change: (live: UserRecord) => UserRecord,
  chosen?: readonly ReviewWarning[],
) {
  return ctx.db.transaction(async (tx) => {
    const live = await liveUser(tx, id);
    const next = change(live.record);
    if (changedKeys(live.record, next).length === 0) throw badRequest('没有需要提交的修改');
    await checkUserRecord(tx, next, id);
    const warnings = assertWarningsChosen(await userChangeEffect(tx, live.record, next), chosen);
    const result = await submitReview(ctx, tx, {
      entity: 'user',
      recordId: id,
      change: 'update',
      proposed: next,
      current: live.record,
      submitterId: callerId,
      subjectUserId: id,
      warnings,
    });
    await setUserCheckStatus(tx, id, result.checkStatus);
    return result;
  });
}

/** 修改用户 POST /system/user/updateV2: the patch of a user in the caller's scope as a submission. */
export async function submitUserPatch(
  ctx: AppContext,
  caller: AuthUser,
  id: number,
  patch: UserPatch,
  chosen?: readonly ReviewWarning[],
) {
  await assertInScope(ctx.db, caller, id);
  return submitUserUpdate(ctx, caller.userId, id, (live) => patched(live, patch), chosen);
}

/** 分配角色 POST /system/user/userAuthorize: the new role set of a user in the caller's scope as a submission. */
export async function submitUserRoles(ctx: AppContext, caller: AuthUser, id: number, roleIds: readonly number[]) {
  await assertInScope(ctx.db, caller, id);
  const sorted = [...new Set(roleIds)].sort((a, b) => a - b);
  return submitUserUpdate(ctx, caller.userId, id, (live) => ({ ...live, roleIds: sorted }));
}

/** The reviewer's diff and the effect, as the review will show them. */
async function previewOf(db: DbOrTx, before: UserRecord | null, after: UserRecord) {
  const [b, a, effect] = await Promise.all([
    displayUser(db, before),
    displayUser(db, after),
    userChangeEffect(db, before, after),
  ]);
  return { diff: diffRecords(USER_LABELS, b, a), effect };
}

/** 修改用户前查看影响 POST /system/user/previewUpdate: what updateV2 would submit, nothing written. */
export async function previewUserPatch(db: DbOrTx, caller: AuthUser, id: number, patch: UserPatch) {
  await assertInScope(db, caller, id);
  const live = await liveUser(db, id);
  const next = patched(live.record, patch);
  await checkUserRecord(db, next, id);
  return previewOf(db, live.record, next);
}

/** 新增用户前查看影响 POST /system/user/preview: what save would submit, nothing written. */
export async function previewNewUser(db: DbOrTx, rec: UserRecord) {
  await checkUserRecord(db, rec, null);
  return previewOf(db, null, rec);
}

/** 删除用户 POST /system/user/remove: one delete submission per user, all or none. */
export async function submitUserRemovals(ctx: AppContext, caller: AuthUser, ids: readonly number[]) {
  for (const id of ids) {
    assertNotSelf(caller, id, '不能删除当前登录的用户');
    await assertInScope(ctx.db, caller, id);
  }
  return ctx.db.transaction(async (tx) => {
    const out = [];
    for (const id of ids) {
      const live = await liveUser(tx, id);
      await assertNoPending(tx, 'user', id);
      const blocker = await deleteBlocker(tx, id);
      if (blocker) throw badRequest(`${live.record.userName}：${blocker}`, 'ids');
      // A holder's account shows their certificates: deleting it loses that, disabling keeps it.
      const [warning] = (await userChangeEffect(tx, live.record, null)).warnings;
      if (warning) throw badRequest(`${live.record.userName}：${warning.message}；不能删除，请改为停用`, 'ids');
      const result = await submitReview(ctx, tx, {
        entity: 'user',
        recordId: id,
        change: 'delete',
        proposed: live.record,
        current: live.record,
        submitterId: caller.userId,
        subjectUserId: id,
      });
      await setUserCheckStatus(tx, id, result.checkStatus);
      out.push(result);
    }
    return out;
  });
}

/** 审核新增用户 POST /system/user/new-check: answers whether the account was created. */
export async function decideNewUser(ctx: AppContext, reviewerId: number, decision: Decision): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const row = await loadReview(tx, 'user', decision.reviewId);
    assertChange(row, ['create'], 'new-check');
    const decided = await decideReview(ctx, tx, row, {
      reviewerId,
      approved: decision.approved,
      comment: decision.comment,
    });
    if (decided.state !== 'approved') return false;
    const id = await applyUserChange(ctx, tx, 'create', null, row.proposed as ProposedUser, null);
    await setReviewRecordId(tx, row.id, id);
    return true;
  });
}

/** 审核用户修改或删除 POST /system/user/update-check: answers what became of the user. */
export async function decideUserChange(
  ctx: AppContext,
  reviewerId: number,
  decision: Decision,
): Promise<'deleted' | 'updated' | 'rejected'> {
  return ctx.db.transaction(async (tx) => {
    const row = await loadReview(tx, 'user', decision.reviewId);
    assertChange(row, ['update', 'delete'], 'update-check');
    const decided = await decideReview(ctx, tx, row, {
      reviewerId,
      approved: decision.approved,
      comment: decision.comment,
      acknowledged: decision.acknowledged,
    });
    const { change, warnings } = (row.snapshot as PersistedRecordReviewSnapshot).context;
    if (decided.state === 'approved') {
      await applyUserChange(
        ctx,
        tx,
        change as 'update' | 'delete',
        row.recordId,
        row.proposed as ProposedUser,
        row.current as UserRecord,
        warnings ?? [],
      );
      return change === 'delete' ? 'deleted' : 'updated';
    }
    await setUserCheckStatus(tx, row.recordId!, null);
    return 'rejected';
  });
}

/**
 * 启用或停用用户 POST /system/user/status: at once (disabling ends the sessions), or as a submission
 * for one of the three administrators. Answers which it was.
 */
export async function changeUserStatus(
  ctx: AppContext,
  caller: AuthUser,
  id: number,
  status: '0' | '1',
): Promise<'submitted' | 'changed'> {
  assertNotSelf(caller, id, '不能停用或启用当前登录的用户');
  await assertInScope(ctx.db, caller, id);
  if ((await roleKeysOfUser(ctx.db, id)).some(isDutyRole)) {
    await submitUserUpdate(ctx, caller.userId, id, (live) => ({ ...live, status }));
    return 'submitted';
  }
  await ctx.db.transaction(async (tx) => {
    if (!(await updateUserStatus(tx, id, status, ctx.clock.now()))) throw badRequest('用户不存在', 'userId');
    if (status === '0') await endUserSessions(ctx, tx, id, 'disabled');
  });
  return 'changed';
}

/**
 * 重置用户密码 POST /system/user/resetPwd: a one-time password, sent by SMS when the user has a phone
 * (then the administrator never learns it: password is null), else answered once.
 */
export async function resetUserPassword(
  ctx: AppContext,
  caller: AuthUser,
  id: number,
): Promise<{ password: string | null; sentTo: string | null }> {
  assertNotSelf(caller, id, '请通过“修改密码”修改本人密码');
  await assertInScope(ctx.db, caller, id);
  const targetDuties = (await roleKeysOfUser(ctx.db, id)).filter((k) => isDutyRole(k) && k !== 'admin');
  if (targetDuties.length) {
    throw forbidden(
      `三员分立：${targetDuties.map((k) => DUTY_ROLE_NAMES[k as keyof typeof DUTY_ROLE_NAMES]).join('、')}账号的密码只能由本人修改`,
    );
  }
  const target = await passwordOfUser(ctx.db, id);
  if (!target) throw badRequest('用户不存在', 'userId');
  const password = randomPassword();
  const hash = await hashPassword(password);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await storeNewPassword(tx, id, { old: target.passwordHash, new: hash }, now, 'administrator');
    await endUserSessions(ctx, tx, id, 'resetPwd');
  });
  if (target.phone) {
    await ctx.sms.send(
      target.phone,
      `【广东省安管人员考核管理平台】您的登录密码已由管理员重置，一次性密码：${password}，请登录后立即修改。如非本人申请，请联系管理员。`,
    );
    return { password: null, sentTo: maskPhone(target.phone) };
  }
  return { password, sentTo: null };
}
