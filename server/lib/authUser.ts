/**
 * The signed-in caller (attached to the request by the auth hook, server/plugins/auth.ts) and the
 * one way a route reads it. Here, below every module, so that modules need not import the plugin.
 */
import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors.js';

/** The signed-in caller, attached by the auth hook. */
export interface AuthUser {
  userId: number;
  userName: string;
  nickName: string;
  userType: '00' | '02' | '03' | '04';
  duty: string | null;
  roleKeys: string[];
  permissions: ReadonlySet<string>;
  /** Data scope: '1' | '2' | '3' for area staff and enterprise users, 'all' for the provincial administrator, null when none. */
  area: '1' | '2' | '3' | 'all' | null;
  enterpriseId: number | null;
  personId: number | null;
  mustChangePassword: boolean;
  passwordExpired: boolean;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** What the route's `access.preload` read with the session (for `param`; `row` null when there is none); null when nothing was read. */
    preloaded: { param: string | number; row: Record<string, unknown> | null } | null;
    /**
     * Set when the auth hook admitted the caller on a session as this process last read it
     * (RouteAccess.sessionGuard); null when it read the session for this call.
     */
    sessionGuard: SessionGuard | null;
    /**
     * Set while a read-only route runs on a known session (RouteAccess.readsOnly): the session as the
     * database holds it now — null when it is as known, the caller's new rights when they changed;
     * rejected with the 401/403 the database's session calls for.
     */
    sessionCheck: Promise<AuthUser | null> | null;
  }
}

/**
 * A caller admitted on a known session: the route's one statement must check the session still
 * has this fingerprint (sessionStillAsKnown), and when it does not, or before refusing anything,
 * call `confirm` — the session read from the database, with the route's preload — and decide again.
 */
export interface SessionGuard {
  tokenHash: string;
  fingerprint: string;
  confirm: () => Promise<void>;
}

/** The signed-in caller of a private route. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized('请先登录');
  return request.user;
}
