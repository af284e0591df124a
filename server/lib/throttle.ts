/**
 * How a route declares its request limit (config.throttle), read by the rate-limit plugin
 * (server/plugins/rate-limit.ts). Here, below the modules, so a module can declare its limits
 * without importing the plugin.
 */
import type { FastifyRequest } from 'fastify';

export interface Throttle {
  /**
   * 'public': per client address; 'auth': per client address and per account; 'signIn': the same,
   * with a per-address ceiling high enough for a centre behind one address (its guessing is held
   * back by the failure counts and the captcha, modules/auth/login-attempts.ts).
   */
  scope: 'public' | 'auth' | 'signIn';
  /** The accounts a call is about (user name, phone), read after the body is validated; empty values are skipped. */
  accounts?: ((request: FastifyRequest) => string | null | undefined)[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: no limit on this route (a public route is limited per address unless it says so). */
    throttle?: Throttle | false;
  }
}

/** A string field of a validated body, trimmed and lower-cased (user names are compared that way here). */
export const bodyField =
  (name: string) =>
  (request: FastifyRequest): string | null => {
    const body: unknown = request.body;
    if (!body || typeof body !== 'object') return null;
    const value: unknown = (body as Record<string, unknown>)[name];
    return typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : null;
  };
