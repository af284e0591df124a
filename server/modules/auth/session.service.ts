/**
 * Server-side sessions: an opaque token whose sha256 is the key of a sys_session row.
 * 12 hours absolute and 30 minutes idle (sys_config), enforced here on every call.
 */
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { enterprise, sysDept, sysMenu, sysRole, sysRoleMenu, sysSession, sysUser, sysUserRole } from '../../db/schema.js';
import { unauthorized } from '../../lib/errors.js';
import { newToken, sha256 } from '../../lib/tokens.js';

export type LoginMethod = 'password' | 'sms' | 'sso';

/** Don't rewrite the row on every call: activity is recorded at most this often. */
const TOUCH_EVERY_MS = 15_000;

export async function createSession(
  ctx: AppContext,
  db: DbOrTx,
  opts: { userId: number; method: LoginMethod; ip: string; userAgent?: string; idTokenHint?: string; absoluteMs: number },
): Promise<string> {
  const token = newToken();
  const now = ctx.clock.now();
  await db.insert(sysSession).values({
    tokenHash: sha256(token),
    userId: opts.userId,
    method: opts.method,
    createdAt: now,
    lastActiveAt: now,
    expiresAt: new Date(now.getTime() + opts.absoluteMs),
    ip: opts.ip,
    userAgent: opts.userAgent ?? null,
    idTokenHint: opts.idTokenHint ?? null,
  });
  return token;
}

const END_MESSAGES: Record<string, string> = {
  offline: '您已被管理员强制下线，请重新登录',
  disabled: '账号已停用，请联系管理员',
  roles: '您的角色已变更，请重新登录',
  idle: '用户超时登录30分钟无任何操作，已自动登出',
  expired: '登录已过期，请重新登录',
  logout: '您已退出登录',
  resetPwd: '密码已被管理员重置，请使用新密码重新登录',
  passwordChanged: '密码已在其他地方修改，请使用新密码重新登录',
  deleted: '账号已被删除',
};

/** Ends every open session of a user (disabled, roles changed, forced offline), or all but the one in `keepTokenHash`. */
export async function endUserSessions(ctx: AppContext, db: DbOrTx, userId: number, reason: string, keepTokenHash?: string): Promise<void> {
  await db
    .update(sysSession)
    .set({ endedAt: ctx.clock.now(), endReason: reason })
    .where(and(eq(sysSession.userId, userId), isNull(sysSession.endedAt), keepTokenHash ? ne(sysSession.tokenHash, keepTokenHash) : undefined));
}

export async function endSession(ctx: AppContext, tokenHash: string, reason: string): Promise<string | null> {
  const rows = await ctx.db
    .update(sysSession)
    .set({ endedAt: ctx.clock.now(), endReason: reason })
    .where(and(eq(sysSession.tokenHash, tokenHash), isNull(sysSession.endedAt)))
    .returning({ idTokenHint: sysSession.idTokenHint });
  return rows[0]?.idTokenHint ?? null;
}

/** The caller behind a token, or a 401 that says why not. */
export async function resolveSession(ctx: AppContext, token: string): Promise<AuthUser> {
  const tokenHash = sha256(token);
  const [session] = await ctx.db.select().from(sysSession).where(eq(sysSession.tokenHash, tokenHash));
  if (!session) throw unauthorized('授权过期');
  if (session.endedAt) throw unauthorized(END_MESSAGES[session.endReason ?? ''] ?? '授权过期');
  const policy = await ctx.policy.get();
  const now = ctx.clock.now();
  if (now.getTime() - session.createdAt.getTime() >= policy.sessionAbsoluteMs || now >= session.expiresAt) {
    await endSession(ctx, tokenHash, 'expired');
    throw unauthorized(END_MESSAGES.expired);
  }
  if (now.getTime() - session.lastActiveAt.getTime() >= policy.sessionIdleMs) {
    await endSession(ctx, tokenHash, 'idle');
    throw unauthorized(END_MESSAGES.idle);
  }
  const user = await loadAuthUser(ctx, ctx.db, session.userId, tokenHash);
  if (!user) {
    await endSession(ctx, tokenHash, 'disabled');
    throw unauthorized(END_MESSAGES.disabled);
  }
  if (now.getTime() - session.lastActiveAt.getTime() >= TOUCH_EVERY_MS) {
    await ctx.db.update(sysSession).set({ lastActiveAt: now }).where(eq(sysSession.tokenHash, tokenHash));
  }
  return user;
}

/** Everything the permission and data-scope checks need about a user; null when disabled. */
export async function loadAuthUser(ctx: AppContext, db: DbOrTx, userId: number, tokenHash = ''): Promise<AuthUser | null> {
  const [row] = await db
    .select({ user: sysUser, deptArea: sysDept.area, ownership: enterprise.ownership })
    .from(sysUser)
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .leftJoin(enterprise, eq(enterprise.id, sysUser.enterpriseId))
    .where(eq(sysUser.userId, userId));
  if (!row || row.user.status !== '1') return null;
  const roles = await db
    .select({ roleId: sysRole.roleId, roleKey: sysRole.roleKey })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.status, '1')));
  const roleIds = roles.map((r) => r.roleId);
  const perms = roleIds.length
    ? await db
        .selectDistinct({ key: sysMenu.menuKey })
        .from(sysRoleMenu)
        .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
        .where(and(inArray(sysRoleMenu.roleId, roleIds), eq(sysMenu.status, '1')))
    : [];
  const roleKeys = roles.map((r) => r.roleKey);
  const policy = await ctx.policy.get();
  const passwordAgeMs = ctx.clock.now().getTime() - row.user.passwordChangedAt.getTime();
  const area = roleKeys.includes('adminProvince')
    ? 'all'
    : ((row.deptArea ?? row.ownership ?? null) as AuthUser['area']);
  return {
    userId: row.user.userId,
    userName: row.user.userName,
    nickName: row.user.nickName,
    userType: row.user.userType as AuthUser['userType'],
    duty: row.user.duty,
    roleKeys,
    permissions: new Set(perms.map((p) => p.key).filter((k): k is string => !!k)),
    area,
    enterpriseId: row.user.enterpriseId,
    personId: row.user.personId,
    mustChangePassword: row.user.mustChangePassword,
    passwordExpired: passwordAgeMs > policy.passwordExpireDays * 86_400_000,
    tokenHash,
  };
}
