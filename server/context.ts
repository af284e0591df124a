/** What every route and service reaches through `app.ctx`: built once in buildApp. */
import type { AppConfig } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { AppMetrics } from './lib/metrics.js';
import type { PolicyStore } from './services/policy.js';
import type { JobControl, SmsSender, SsoVerifier } from './lib/ports.js';

export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  clock: Clock;
  policy: PolicyStore;
  sms: SmsSender;
  sso: SsoVerifier;
  /** The scheduled jobs (server/jobs): run one now, and whether the engine runs in this process. */
  jobs: JobControl;
  /** What /metrics reports (lib/metrics.ts): this app's series. */
  metrics: AppMetrics;
}

export type { AuthUser } from './lib/authUser.js';
import type { OperLogDeclaration } from './lib/operLog.js';

/** Per-route options read by the auth and operation-log hooks. */
export interface RouteAccess {
  /** 'public' routes skip the session check. */
  auth?: 'public' | 'session';
  /** Permission string area:entity:action the caller must hold. */
  perm?: string;
  /** Operation-log title; false for routes that keep their own log (login). */
  log?: OperLogDeclaration | false;
  /** Reachable while the password must be changed. */
  allowWhilePasswordChange?: boolean;
  /**
   * The row the route reads first, read with the session in the auth hook's one round trip
   * (request.preloaded); null when the request does not name one the route could use.
   */
  preload?: (params: unknown) => Preload | null;
  /**
   * The route checks the caller's session inside the one statement that does its work
   * (sessionStillAsKnown), and goes back to request.sessionGuard.confirm() when that check fails:
   * the auth hook may then admit the caller on the session as this process last read it, without
   * reading it again (request.sessionGuard set, no preload).
   */
  sessionGuard?: boolean;
  /**
   * The route only reads, and answers with a value (no writes, no reply.send, no personal data
   * revealed and logged): the auth hook may start it on the session as this process last read it
   * while the database confirms that session, and the answer leaves only once it has. A session
   * ended or refused meanwhile gets its 401/403; rights changed meanwhile get the route run again
   * on them (server/plugins/auth.ts).
   */
  readsOnly?: boolean;
}

/** A list's or figures' access: the permission, and reads only (RouteAccess.readsOnly). */
export const readsOnlyAccess = (perm: string): { access: RouteAccess } => ({ access: { perm, readsOnly: true } });

/** One row for the auth hook to read with the session: a select whose only parameter is $2. */
export interface Preload {
  sql: string;
  param: string | number;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}
