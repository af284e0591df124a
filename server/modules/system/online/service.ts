/** Online users' rules: which sessions are alive (the session policy), and nobody forces himself out. */
import type { AppContext, AuthUser } from '../../../context.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { endUserSessions } from '../../auth/session.service.js';
import { endSessionsByPrefix, userExists, type AliveLimits } from './store.js';

/** Sessions are shown by the first 16 hex digits of their key: enough to pick one, useless as a credential. */
export const SESSION_ID_LENGTH = 16;

/** The limits of a live session now: the policy's absolute and idle times. */
export async function aliveLimits(ctx: AppContext): Promise<AliveLimits> {
  const policy = await ctx.policy.get();
  const now = ctx.clock.now();
  return {
    now,
    createdAfter: new Date(now.getTime() - policy.sessionAbsoluteMs),
    activeAfter: new Date(now.getTime() - policy.sessionIdleMs),
  };
}

/** 强制下线 POST /system/online/offline: every session of a user, or one session by its shown id. */
export async function forceOffline(
  ctx: AppContext,
  caller: AuthUser,
  target: { sessionId?: string; userId?: number },
): Promise<'user' | 'session'> {
  const { sessionId, userId } = target;
  if (userId !== undefined) {
    if (userId === caller.userId) throw badRequest('不能强退自己，请使用退出登录', 'userId');
    if (!(await userExists(ctx.db, userId))) throw notFound('用户不存在');
    await ctx.db.transaction((tx) => endUserSessions(ctx, tx, userId, 'offline'));
    return 'user';
  }
  if (caller.tokenHash.slice(0, SESSION_ID_LENGTH) === sessionId)
    throw badRequest('不能强退自己的当前会话，请使用退出登录', 'sessionId');
  if ((await endSessionsByPrefix(ctx.db, sessionId!, ctx.clock.now(), 'offline')) === 0)
    throw notFound('会话不存在或已下线');
  return 'session';
}
