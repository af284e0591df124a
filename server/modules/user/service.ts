/** The signed-in user's own calls: who am I, and the change of the own password under the security policy. */
import type { AppContext, AuthUser } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { hashPassword, passwordPolicyViolation, verifyPassword } from '../../lib/password.js';
import { endUserSessions } from '../auth/session.service.js';
import { loginUserData } from './login-user.js';
import { accountOf, avatarAndPasswordAge, earlierPasswordHashes, enterpriseInfoOf } from './store.js';
import { storeNewPassword } from '../auth/store.js';

/** 当前登录用户 GET /system/user/getLoginUser */
export async function loginUserOf(ctx: AppContext, user: AuthUser) {
  const enterpriseInfo = user.enterpriseId ? ((await enterpriseInfoOf(ctx.db, user.enterpriseId)) ?? null) : null;
  const row = await avatarAndPasswordAge(ctx.db, user.userId);
  const policy = await ctx.policy.get();
  return loginUserData(user, {
    enterpriseInfo,
    avatar: row?.avatar ?? '',
    passwordChangedAt: row!.passwordChangedAt,
    now: ctx.clock.now(),
    expireDays: policy.passwordExpireDays,
  });
}

/**
 * 修改本人密码 POST /system/user/updatepwd: the old password, the policy and the recent passwords
 * checked; every other session of the account ends with the change.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  user: AuthUser,
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  const policy = await ctx.policy.get();
  const row = await accountOf(ctx.db, user.userId);
  if (!row || !(await verifyPassword(row.passwordHash, oldPassword))) throw badRequest('旧密码错误', 'oldPassword');
  const violation = passwordPolicyViolation(newPassword, row.userName, policy.passwordMinLength);
  if (violation) throw badRequest(violation, 'newPassword');
  const history = await earlierPasswordHashes(ctx.db, user.userId, policy.passwordHistoryCount);
  for (const old of [{ hash: row.passwordHash }, ...history]) {
    if (await verifyPassword(old.hash, newPassword))
      throw badRequest(`新密码不能与最近${policy.passwordHistoryCount}次使用过的密码相同`, 'newPassword');
  }
  const hash = await hashPassword(newPassword);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await storeNewPassword(tx, user.userId, { old: row.passwordHash, new: hash }, now, 'owner');
    // Whoever else holds a session of this account (a stolen token, a forgotten browser) is out.
    await endUserSessions(ctx, tx, user.userId, 'passwordChanged', user.tokenHash);
  });
}
