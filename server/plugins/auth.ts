/**
 * Auth as a hook: every route is private unless its config says `access.auth: 'public'`.
 * The token header is resolved to a user, then the route's permission string is checked.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser, Preload, RouteAccess } from '../context.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { BoundedMap } from '../lib/boundedMap.js';
import { sha256 } from '../lib/tokens.js';
import {
  dictVersionOf,
  resolveSession,
  resolveSessionWith,
  userOfKnownSession,
  type KnownSession,
} from '../modules/auth/session.service.js';
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

/**
 * Read-only calls started on a known session (RouteAccess.readsOnly), and those run again because
 * the database's session differed from it: for tests, as workflow's guardedTransitions.
 */
export const readsAhead = { started: 0, redone: 0 };

/**
 * The 401/403 of a read started on a known session that failed before its route waited for the
 * session check (bad input, a rate limit), or null: a refused session is answered as such first,
 * as when the session is read before anything else (the error handler asks).
 */
export async function sessionRefusal(request: FastifyRequest): Promise<unknown> {
  const check = request.sessionCheck;
  if (!check) return null;
  request.sessionCheck = null;
  return check.then(
    () => null,
    (refusal: unknown) => refusal,
  );
}

export function registerAuth(app: FastifyInstance): void {
  // Per app, so two apps in one process (tests) never share what they read from their databases.
  const dictionaryCache: DictionaryCache = { version: -1, kept: new Map() };
  const knownSessions = new BoundedMap<string, KnownSession>(KNOWN_SESSIONS);
  app.decorateRequest('user', null);
  app.decorateRequest('preloaded', null);
  app.decorateRequest('sessionGuard', null);
  app.decorateRequest('sessionCheck', null);

  const attachDictionaryCache = (version: number | undefined) => {
    if (version !== undefined) currentRequest().dictionaries = { version, cache: dictionaryCache };
  };

  /** The session as the database holds it now, remembered as this process's latest knowledge of it. */
  async function sessionNow(token: string, preload: Preload | null) {
    const read = await resolveSessionWith(app.ctx, token, preload);
    knownSessions.set(read.known.token_hash, read.known);
    attachDictionaryCache(read.dictVersion);
    return read;
  }

  /** The session as the database holds it now: the caller, or a 401/403 that says why not. */
  async function authenticate(request: FastifyRequest, token: string): Promise<void> {
    const access = request.routeOptions.config?.access;
    const preload = access?.preload?.(request.params) ?? null;
    const { user, preloaded } = await sessionNow(token, preload);
    request.user = user;
    request.sessionGuard = null;
    if (preload) request.preloaded = { param: preload.param, row: preloaded };
    const refusal = refusalOf(access, user);
    if (refusal) throw refusal;
  }

  /** For a read started on a known session: null when the database's is the same, else the caller's rights now (or their refusal). */
  async function sameAsKnown(access: RouteAccess, token: string, fingerprint: string): Promise<AuthUser | null> {
    const { user, known } = await sessionNow(token, null);
    if (known.fingerprint === fingerprint) return null;
    const refusal = refusalOf(access, user);
    if (refusal) throw refusal;
    return user;
  }

  // A read-only route waits for the session check only once its own reads are done (readsOnly).
  app.addHook('onRoute', (route) => {
    if (!route.config?.access?.readsOnly) return;
    const handler = route.handler;
    route.handler = async function readAhead(this: FastifyInstance, request, reply) {
      const check = request.sessionCheck;
      if (!check) return handler.call(this, request, reply);
      request.sessionCheck = null;
      const [answer, now] = await Promise.allSettled([(async () => handler.call(this, request, reply))(), check]);
      if (now.status === 'rejected') throw now.reason;
      if (now.value) {
        // Rights changed between the process's last read and this one: the answer is theirs.
        readsAhead.redone++;
        request.user = now.value;
        return handler.call(this, request, reply);
      }
      if (answer.status === 'rejected') throw answer.reason;
      return answer.value;
    };
  });

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
    if (access?.sessionGuard || access?.readsOnly) {
      // A route that checks the session inside its own write, or that only reads and waits for the
      // check before answering, may start on the session as last read; anything it would refuse on
      // that knowledge is decided on the database instead (authenticate).
      const known = knownSessions.get(sha256(token));
      const user = known ? await userOfKnownSession(app.ctx, known) : null;
      if (known && user && !refusalOf(access, user)) {
        request.user = user;
        attachDictionaryCache(dictVersionOf(known));
        if (access.sessionGuard) {
          request.sessionGuard = {
            tokenHash: known.token_hash,
            fingerprint: known.fingerprint,
            confirm: () => authenticate(request, token),
          };
        } else {
          readsAhead.started++;
          request.sessionCheck = sameAsKnown(access, token, known.fingerprint);
          // Awaited by the route's wrapper; a refusal must not count as unhandled before it is.
          request.sessionCheck.catch(() => undefined);
        }
        return;
      }
    }
    await authenticate(request, token);
  });
}
