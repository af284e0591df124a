/**
 * Server-side sessions: an opaque token whose sha256 is the key of a sys_session row.
 * 12 hours absolute and 30 minutes idle (sys_config), enforced here on every call.
 */
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { AppContext, AuthUser, Preload } from '../../context.js';
import { runText, type DbOrTx } from '../../db/client.js';
import { textPerCount } from '../../db/sql.js';
import {
  enterprise,
  sysDept,
  sysMenu,
  sysRole,
  sysRoleMenu,
  sysSession,
  sysUser,
  sysUserRole,
} from '../../db/schema.js';
import { unauthorized } from '../../lib/errors.js';
import type { SessionGuard } from '../../lib/authUser.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import type { Policy } from '../../services/policy.js';
import { rolePermissionsOf } from './rolePermissions.js';
import { sessionReads } from './sessionReads.js';

export type LoginMethod = 'password' | 'sms' | 'sso';

/** Don't rewrite the row on every call: activity is recorded at most this often. */
const TOUCH_EVERY_MS = 15_000;

export async function createSession(
  ctx: AppContext,
  db: DbOrTx,
  opts: {
    userId: number;
    method: LoginMethod;
    ip: string;
    userAgent?: string;
    idTokenHint?: string;
    absoluteMs: number;
  },
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
export async function endUserSessions(
  ctx: AppContext,
  db: DbOrTx,
  userId: number,
  reason: string,
  keepTokenHash?: string,
): Promise<void> {
  await db
    .update(sysSession)
    .set({ endedAt: ctx.clock.now(), endReason: reason })
    .where(
      and(
        eq(sysSession.userId, userId),
        isNull(sysSession.endedAt),
        keepTokenHash ? ne(sysSession.tokenHash, keepTokenHash) : undefined,
      ),
    );
}

export async function endSession(ctx: AppContext, tokenHash: string, reason: string): Promise<string | null> {
  const rows = await ctx.db
    .update(sysSession)
    .set({ endedAt: ctx.clock.now(), endReason: reason })
    .where(and(eq(sysSession.tokenHash, tokenHash), isNull(sysSession.endedAt)))
    .returning({ idTokenHint: sysSession.idTokenHint });
  return rows[0]?.idTokenHint ?? null;
}

export interface SessionRow {
  token_hash: string;
  user_id: number;
  created_at: Date | string;
  last_active_at: Date | string;
  expires_at: Date | string;
  ended_at: Date | string | null;
  end_reason: string | null;
  user_name: string | null;
  nick_name: string;
  user_type: string;
  duty: string | null;
  status: string | null;
  enterprise_id: number | null;
  person_id: number | null;
  must_change_password: boolean;
  password_changed_at: Date | string;
  dept_area: string | null;
  ownership: string | null;
  /** JSON list of [role_id, role_key] (json_agg) */
  roles: unknown;
  /** sys_authz_version.version (bigint: text from the driver) */
  authz_version: string | number | null;
  /** sys_dict_version.version (bigint: text from the driver) */
  dict_version: string | number | null;
  /** the preload's row (row_to_json), with a preload only */
  preloaded?: unknown;
  /** FINGERPRINT of the row */
  fingerprint: string;
}

/**
 * A session as the auth hook last read it from the database: enough to know the caller again
 * without reading, for a route that checks the session inside its own write (RouteAccess.sessionGuard).
 */
export type KnownSession = SessionRow;

/** The dictionaries' version the session's read saw (labels cached for it serve the call). */
export const dictVersionOf = (session: SessionRow): number | undefined =>
  session.dict_version === null ? undefined : Number(session.dict_version);

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/**
 * The session with its user, the user's active roles and the authz version: what every private
 * call needs, in one round trip to the database (it runs before every call). The permissions the
 * roles grant come from the process's cache for that version (rolePermissions.ts), read from the
 * database only when roles, menus or grants changed. Plain text, and the roles as JSON.
 */
const sessionFacts = (tokenCondition: string) => `
    select s.token_hash, s.user_id, s.created_at, s.last_active_at, s.expires_at, s.ended_at, s.end_reason,
      u.user_name, u.nick_name, u.user_type, u.duty, u.status, u.enterprise_id, u.person_id, u.must_change_password, u.password_changed_at,
      d.area as dept_area, e.ownership,
      (select json_agg(json_build_array(r.role_id, r.role_key) order by r.role_id) from sys_user_role ur join sys_role r on r.role_id = ur.role_id
        where ur.user_id = s.user_id and r.status = '1') as roles,
      (select v.version from sys_authz_version v where v.id = 1) as authz_version,
      (select v.version from sys_dict_version v where v.id = 1) as dict_version
    from sys_session s
    left join sys_user u on u.user_id = s.user_id
    left join sys_dept d on d.dept_id = u.dept_id
    left join enterprise e on e.id = u.enterprise_id
    where ${tokenCondition}`;

/**
 * Everything the caller's rights are made of, as one value: equal fingerprints mean the same user,
 * roles, grants (authz version), labels (dict version) and the same open session. Not the last
 * activity, which moves while the rights stay (see KnownSession).
 */
const FINGERPRINT = `md5(row(${[
  'user_id',
  'created_at',
  'expires_at',
  'ended_at',
  'end_reason',
  'user_name',
  'nick_name',
  'user_type',
  'duty',
  'status',
  'enterprise_id',
  'person_id',
  'must_change_password',
  'password_changed_at',
  'dept_area',
  'ownership',
  'roles',
  'authz_version',
  'dict_version',
]
  .map((c) => `f.${c}`)
  .join(', ')})::text)`;

/**
 * The sessions of `count` tokens at once ($1 … $count; sessionReads.ts), each row with its
 * token_hash. One parameter per token, not an array (textPerCount).
 */
export const sessionsWithUsers = textPerCount(
  (tokens) => `select f.*, ${FINGERPRINT} as fingerprint from (${sessionFacts(`s.token_hash in (${tokens})`)}) f`,
);

/** The session query with a preloaded row as JSON (column preloaded), by the preload's text. */
const withPreload = new Map<string, string>();
function sessionWith(preload: Preload): string {
  let text = withPreload.get(preload.sql);
  if (!text) {
    text = `select f.*, ${FINGERPRINT} as fingerprint,\n      (select row_to_json(x) from (${preload.sql}) x limit 1) as preloaded\n    from (${sessionFacts('s.token_hash = $1')}) f`;
    withPreload.set(preload.sql, text);
  }
  return text;
}

/**
 * A condition, true while the session behind `tokenHash` still has the fingerprint a KnownSession
 * was read with: a statement that writes on the strength of a known session carries it, so what it
 * writes is decided on the rights the caller holds at that moment (sessionGuard in the auth hook).
 */
export function sessionStillAsKnown(
  known: Pick<SessionGuard, 'tokenHash' | 'fingerprint'>,
  param: (value: unknown) => string,
): string {
  return `(select ${FINGERPRINT} from (${sessionFacts(`s.token_hash = ${param(known.tokenHash)}::varchar`)}) f) = ${param(known.fingerprint)}::text`;
}

/** A JSON object the driver may hand over parsed or as text; null when none. */
const jsonRow = (value: unknown): Record<string, unknown> | null => {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
};

/** The [role_id, role_key] pairs (JSON the driver may hand over parsed or as text). */
const rolePairs = (value: unknown): { ids: number[]; keys: string[] } => {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  const ids: number[] = [];
  const keys: string[] = [];
  if (Array.isArray(parsed)) {
    for (const pair of parsed) {
      if (Array.isArray(pair) && typeof pair[0] === 'number' && typeof pair[1] === 'string') {
        ids.push(pair[0]);
        keys.push(pair[1]);
      }
    }
  }
  return { ids, keys };
};

/** The caller behind a token, or a 401 that says why not. */
export async function resolveSession(ctx: AppContext, token: string): Promise<AuthUser> {
  return (await resolveSessionWith(ctx, token, null)).user;
}

/**
 * The caller behind a token and, in the same round trip, the row a route reads first (its
 * `access.preload`): a private call's first two reads become one (server/plugins/auth.ts).
 */
export async function resolveSessionWith(
  ctx: AppContext,
  token: string,
  preload: Preload | null,
): Promise<{
  user: AuthUser;
  preloaded: Record<string, unknown> | null;
  dictVersion: number | undefined;
  known: KnownSession;
}> {
  const tokenHash = sha256(token);
  // Without a preload, the sessions of calls arriving together are read together (sessionReads.ts).
  const session = preload
    ? ((await runText(ctx.db, { sql: sessionWith(preload), params: [tokenHash, preload.param] }))[0] as unknown as
        | SessionRow
        | undefined)
    : await sessionReads(ctx.db).read(tokenHash);
  if (!session) throw unauthorized('授权过期');
  if (session.ended_at) throw unauthorized(END_MESSAGES[session.end_reason ?? ''] ?? '授权过期');
  const policy = await ctx.policy.get();
  const now = ctx.clock.now();
  const ending = endingOf(session, policy, now);
  if (ending) {
    await endSession(ctx, tokenHash, ending);
    throw unauthorized(END_MESSAGES[ending]);
  }
  if (now.getTime() - asDate(session.last_active_at).getTime() >= TOUCH_EVERY_MS) {
    await ctx.db.update(sysSession).set({ lastActiveAt: now }).where(eq(sysSession.tokenHash, tokenHash));
    session.last_active_at = now;
  }
  const user = await userOf(ctx, session, policy, now, tokenHash);
  return {
    user,
    preloaded: preload ? jsonRow(session.preloaded) : null,
    dictVersion: dictVersionOf(session),
    known: session,
  };
}

/** Why an open session ends now (absolute or idle time, the user disabled or gone), or null. */
function endingOf(session: SessionRow, policy: Policy, now: Date): 'expired' | 'idle' | 'disabled' | null {
  if (
    now.getTime() - asDate(session.created_at).getTime() >= policy.sessionAbsoluteMs ||
    now >= asDate(session.expires_at)
  )
    return 'expired';
  if (now.getTime() - asDate(session.last_active_at).getTime() >= policy.sessionIdleMs) return 'idle';
  if (session.user_name === null || session.status !== '1') return 'disabled';
  return null;
}

async function userOf(
  ctx: AppContext,
  session: SessionRow,
  policy: Policy,
  now: Date,
  tokenHash: string,
): Promise<AuthUser> {
  const roles = rolePairs(session.roles);
  const permissions = await rolePermissionsOf(ctx.db).of(ctx.db, Number(session.authz_version ?? 0), roles.ids);
  return toAuthUser(
    {
      userId: session.user_id,
      userName: session.user_name ?? '',
      nickName: session.nick_name,
      userType: session.user_type,
      duty: session.duty,
      enterpriseId: session.enterprise_id,
      personId: session.person_id,
      mustChangePassword: session.must_change_password,
      passwordChangedAt: asDate(session.password_changed_at),
      deptArea: session.dept_area,
      ownership: session.ownership,
      roleKeys: roles.keys,
      permissions,
    },
    policy,
    now,
    tokenHash,
  );
}

/**
 * The caller of a known session without reading the database, or null when only the database can
 * say: the session ends now, or its activity is due to be recorded (so a caller who only ever sends
 * guarded calls is still seen active, and never idles out while working). The answer holds only if
 * the call's own statement checks sessionStillAsKnown.
 */
export async function userOfKnownSession(ctx: AppContext, known: KnownSession): Promise<AuthUser | null> {
  const policy = await ctx.policy.get();
  const now = ctx.clock.now();
  if (endingOf(known, policy, now)) return null;
  if (now.getTime() - asDate(known.last_active_at).getTime() >= TOUCH_EVERY_MS) return null;
  return userOf(ctx, known, policy, now, known.token_hash);
}

interface UserFacts {
  userId: number;
  userName: string;
  nickName: string;
  userType: string;
  duty: string | null;
  enterpriseId: number | null;
  personId: number | null;
  mustChangePassword: boolean;
  passwordChangedAt: Date;
  deptArea: string | null;
  ownership: string | null;
  roleKeys: string[];
  permissions: ReadonlySet<string>;
}

function toAuthUser(u: UserFacts, policy: Policy, now: Date, tokenHash: string): AuthUser {
  const area = u.roleKeys.includes('adminProvince') ? 'all' : ((u.deptArea ?? u.ownership ?? null) as AuthUser['area']);
  return {
    userId: u.userId,
    userName: u.userName,
    nickName: u.nickName,
    userType: u.userType as AuthUser['userType'],
    duty: u.duty,
    roleKeys: u.roleKeys,
    permissions: u.permissions,
    area,
    enterpriseId: u.enterpriseId,
    personId: u.personId,
    mustChangePassword: u.mustChangePassword,
    passwordExpired: now.getTime() - u.passwordChangedAt.getTime() > policy.passwordExpireDays * 86_400_000,
    tokenHash,
  };
}

/** Everything the permission and data-scope checks need about a user; null when disabled. */
export async function loadAuthUser(
  ctx: AppContext,
  db: DbOrTx,
  userId: number,
  tokenHash = '',
): Promise<AuthUser | null> {
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
  const policy = await ctx.policy.get();
  return toAuthUser(
    {
      userId: row.user.userId,
      userName: row.user.userName,
      nickName: row.user.nickName,
      userType: row.user.userType,
      duty: row.user.duty,
      enterpriseId: row.user.enterpriseId,
      personId: row.user.personId,
      mustChangePassword: row.user.mustChangePassword,
      passwordChangedAt: row.user.passwordChangedAt,
      deptArea: row.deptArea,
      ownership: row.ownership,
      roleKeys: roles.map((r) => r.roleKey),
      permissions: new Set(perms.map((p) => p.key).filter((k): k is string => !!k)),
    },
    policy,
    ctx.clock.now(),
    tokenHash,
  );
}
