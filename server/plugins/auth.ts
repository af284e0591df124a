/**
 * Auth as a hook: every route is private unless its config says `access.auth: 'public'`.
 * The token header is resolved to a user, then the route's permission string is checked.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser, RouteAccess } from '../context.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { BoundedMap } from '../lib/boundedMap.js';
import { sha256 } from '../lib/tokens.js';
import { dictVersionOf, resolveSession, resolveSessionWith, userOfKnownSession, type KnownSession } from '../modules/auth/session.service.js';
import { currentRequest, type DictionaryCache } from '../lib/requestScope.js';

/** Sessions a process remembers for guarded routes: one per signed-in caller it served lately. */
const KNOWN_SESSIONS = 10_000;

/** The refusal of a signed-in caller this route does not admit, or null. */
function refusalOf(access: RouteAccess | undefined, user: AuthUser): Error | null {
  if ((user.mustChangePassword || user.passwordExpired) && !access?.allowWhilePasswordChange) {
    return forbidden(user.mustChangePassword ? '首次登录请先修改初始密码' : '密码已过期，请先修改密码');
  }
  if (access?.perm && !user.permissions.has(access.perm)) return forbidden('没有权限，请联系管理员授权');
  return null;
}

export function registerAuth(app: FastifyInstance): void {
  // Per app, so two apps in one process (tests) never share what they read from their databases.
  const dictionaryCache: DictionaryCache = { version: -1, labels: new Map() };
  const knownSessions = new BoundedMap<string, KnownSession>(KNOWN_SESSIONS);
  app.decorateRequest('user', null);
  app.decorateRequest('preloaded', null);
  app.decorateRequest('sessionGuard', null);

  /** The session as the database holds it now: the caller, or a 401/403 that says why not. */
  async function authenticate(request: FastifyRequest, token: string): Promise<void> {
    const access = request.routeOptions.config?.access;
    const preload = access?.preload?.(request.params) ?? null;
    const { user, preloaded, dictVersion, known } = await resolveSessionWith(app.ctx, token, preload);
    knownSessions.set(known.token_hash, known);
    request.user = user;
    request.sessionGuard = null;
    if (dictVersion !== undefined) currentRequest().dictionaries = { version: dictVersion, cache: dictionaryCache };
    if (preload) request.preloaded = { param: preload.param, row: preloaded };
    const refusal = refusalOf(access, user);
    if (refusal) throw refusal;
  }

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    const url = request.routeOptions.url;
    // Only the API is private; the OpenAPI description is for integrators before they sign in.
    if (!url || !url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const header = request.headers.token;
    const token = Array.isArray(header) ? header[0] : header;
    if (access?.auth === 'public') {
      // Public routes still know who is calling when a valid token comes along.
      if (token) request.user = await resolveSession(app.ctx, token).catch(() => null);
      return;
    }
    if (!token) throw unauthorized('请先登录');
    if (access?.sessionGuard) {
      // A route that checks the session inside its own write may start on the session as last read;
      // anything it would refuse on that knowledge is decided on the database instead (authenticate).
      const known = knownSessions.get(sha256(token));
      const user = known ? await userOfKnownSession(app.ctx, known) : null;
      if (known && user && !refusalOf(access, user)) {
        request.user = user;
        request.sessionGuard = { tokenHash: known.token_hash, fingerprint: known.fingerprint, confirm: () => authenticate(request, token) };
        const dictVersion = dictVersionOf(known);
        if (dictVersion !== undefined) currentRequest().dictionaries = { version: dictVersion, cache: dictionaryCache };
        return;
      }
    }
    await authenticate(request, token);
  });
}
