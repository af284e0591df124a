/**
 * The decisions of the role administration's changes (write-routes.ts is their HTTP side): the
 * checks beyond the form, and which store calls make one transaction. Create, edit, data scope and
 * delete are four-eyes submissions the submitter may take back; status acts at once.
 */
import type { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { badRequest } from '../../../lib/errors.js';
import { endUserSessions } from '../../auth/session.service.js';
import { changedKeys } from '../review/diff.js';
import {
  assertChange,
  assertNoPending,
  cancelReview,
  decideReview,
  loadReview,
  submitReview,
} from '../review/review.service.js';
import type { decisionBody } from '../review/schemas.js';
import {
  applyRoleChange,
  assertDutyRoleUnchanged,
  checkRoleRecord,
  deleteBlocker,
  liveRole,
  usersOfRole,
  withAncestors,
  type RoleRecord,
} from './record.js';
import type { DbOrTx } from '../../../db/client.js';
import { isDutyRole } from '../review/duties.js';
import { enabledRoles, setReviewRecordId, setRoleCheckStatus, updateRoleStatus, userTypeOf } from './store.js';

type UserType = '00' | '02' | '03' | '04';

/**
 * 可分配给用户的角色 GET /system/role/userAlternativeRole: the enabled roles; the three
 * administrators' roles only for a system-administrator user (00), by the user's type when given.
 */
export async function rolesAssignableTo(db: DbOrTx, userId?: number, givenType?: UserType) {
  let userType: UserType | null = givenType ?? null;
  if (userId) userType = ((await userTypeOf(db, userId)) as UserType | undefined) ?? userType;
  const rows = await enabledRoles(db);
  return rows
    .map((r) => ({ ...r, dutyRole: isDutyRole(r.roleKey) }))
    .filter((r) => !r.dutyRole || userType === null || userType === '00');
}

/** 新增角色 POST /system/role/save: a create submission (the menus' ancestors added). */
export async function submitNewRole(ctx: AppContext, callerId: number, rec: RoleRecord) {
  return ctx.db.transaction(async (tx) => {
    rec.menuIds = await withAncestors(tx, rec.menuIds);
    await checkRoleRecord(tx, rec, null, null);
    return submitReview(ctx, tx, {
      entity: 'role',
      recordId: null,
      change: 'create',
      proposed: rec,
      current: null,
      submitterId: callerId,
    });
  });
}

/**
 * 修改角色 POST /system/role/updateV2 and 角色数据权限 POST /system/role/authDataScope: the changed
 * live role as a submission; the live row only shows that it waits.
 */
export async function submitRoleUpdate(
  ctx: AppContext,
  callerId: number,
  id: number,
  change: (live: RoleRecord) => RoleRecord,
) {
  return ctx.db.transaction(async (tx) => {
    const live = await liveRole(tx, id);
    const next = change(live.record);
    next.menuIds = await withAncestors(tx, next.menuIds);
    if (changedKeys(live.record, next).length === 0) throw badRequest('没有需要提交的修改');
    assertDutyRoleUnchanged(live.record, next);
    await checkRoleRecord(tx, next, id, live.record.roleKey);
    const result = await submitReview(ctx, tx, {
      entity: 'role',
      recordId: id,
      change: 'update',
      proposed: next,
      current: live.record,
      submitterId: callerId,
    });
    await setRoleCheckStatus(tx, id, result.checkStatus);
    return result;
  });
}

/** 删除角色 POST /system/role/removeV2: one delete submission per role, all or none. */
export async function submitRoleRemovals(ctx: AppContext, callerId: number, ids: readonly number[]) {
  return ctx.db.transaction(async (tx) => {
    const out = [];
    for (const id of ids) {
      const live = await liveRole(tx, id);
      assertDutyRoleUnchanged(live.record, null);
      await assertNoPending(tx, 'role', id);
      const blocker = await deleteBlocker(tx, id, live.record.roleName);
      if (blocker) throw badRequest(blocker, 'ids');
      const result = await submitReview(ctx, tx, {
        entity: 'role',
        recordId: id,
        change: 'delete',
        proposed: live.record,
        current: live.record,
        submitterId: callerId,
      });
      await setRoleCheckStatus(tx, id, result.checkStatus);
      out.push(result);
    }
    return out;
  });
}

/**
 * 审核角色变更 POST /system/role/{new-check,update-check,delete-check}: the reviewer's decision on a
 * submission of this kind (`decision` names the route in the refusal); answers whether it was approved.
 */
export async function decideRoleChange(
  ctx: AppContext,
  reviewerId: number,
  change: 'create' | 'update' | 'delete',
  decisionName: string,
  body: z.infer<typeof decisionBody>,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const row = await loadReview(tx, 'role', body.reviewId);
    assertChange(row, [change], decisionName);
    const decided = await decideReview(ctx, tx, row, {
      reviewerId,
      approved: body.approved,
      comment: body.comment,
    });
    if (decided.state === 'approved') {
      const id = await applyRoleChange(
        ctx,
        tx,
        change,
        row.recordId,
        row.proposed as RoleRecord,
        row.current as RoleRecord | null,
      );
      if (change === 'create') await setReviewRecordId(tx, row.id, id);
      return true;
    }
    if (row.recordId !== null) await setRoleCheckStatus(tx, row.recordId, null);
    return false;
  });
}

/** 撤回待审核的角色变更 POST /system/role/cancel-commit: the submitter takes it back. */
export async function cancelRoleChange(ctx: AppContext, callerId: number, reviewId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await loadReview(tx, 'role', reviewId);
    await cancelReview(ctx, tx, row, callerId);
    if (row.recordId !== null) await setRoleCheckStatus(tx, row.recordId, null);
  });
}

/** 启用或停用角色 POST /system/role/status: at once; disabling ends its holders' sessions. */
export async function changeRoleStatus(ctx: AppContext, id: number, status: '0' | '1'): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const live = await liveRole(tx, id);
    assertDutyRoleUnchanged(live.record, { ...live.record, status });
    await updateRoleStatus(tx, id, status, ctx.clock.now());
    if (status === '0' && live.record.status !== '0') {
      for (const userId of await usersOfRole(tx, id)) await endUserSessions(ctx, tx, userId, 'roles');
    }
  });
}
