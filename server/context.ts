/** What every route and service reaches through `app.ctx`: built once in buildApp. */
import type { AppConfig } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { PolicyStore } from './lib/policy.js';
import type { SmsSender } from './modules/auth/sms-sender.js';
import type { SsoVerifier } from './modules/auth/sso.js';

export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  clock: Clock;
  policy: PolicyStore;
  sms: SmsSender;
  sso: SsoVerifier;
}

/** The signed-in caller, attached by the auth hook. */
export interface AuthUser {
  userId: number;
  userName: string;
  nickName: string;
  userType: '00' | '02' | '03' | '04';
  duty: string | null;
  roleKeys: string[];
  permissions: Set<string>;
  /** Data scope: '1' | '2' | '3' for area staff and enterprise users, 'all' for the provincial administrator, null when none. */
  area: '1' | '2' | '3' | 'all' | null;
  enterpriseId: number | null;
  personId: number | null;
  mustChangePassword: boolean;
  passwordExpired: boolean;
  tokenHash: string;
}

/** Per-route options read by the auth and operation-log hooks. */
export interface RouteAccess {
  /** 'public' routes skip the session check. */
  auth?: 'public' | 'session';
  /** Permission string area:entity:action the caller must hold. */
  perm?: string;
  /** Operation-log title; false for routes that keep their own log (login). */
  log?: { title: string; action: string } | false;
  /** Reachable while the password must be changed. */
  allowWhilePasswordChange?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}
