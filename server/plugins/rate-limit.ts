/**
 * Request limits on the calls anyone can make (@fastify/rate-limit, counts in the database so
 * several API processes share them):
 * - every public route (access.auth 'public': /api/public/*, /api/cert/:queryCode, …) per client
 *   address, so certificate numbers cannot be harvested;
 * - routes that say `throttle: { scope: 'auth', accounts }` (sending SMS, registration) per client
 *   address and per account named in the request, so texts and accounts cannot be sprayed;
 * - the sign-in routes (`scope: 'signIn'`: password, SMS code, SSO, captcha) the same way, with a
 *   per-address ceiling that a centre's people behind one address do not reach when they arrive
 *   together: guessing is slowed by the failure counts and the captcha (modules/auth/login-attempts.ts),
 *   this ceiling only stops a flood.
 * A refused call is 429 {code: 429, msg} with Retry-After in seconds.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fastifyRateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import { AppError } from '../lib/errors.js';
import { deleteExpiredBuckets, hitBucket } from '../services/rateBuckets.js';
import type { Throttle } from '../lib/throttle.js';

export { bodyField, type Throttle } from '../lib/throttle.js';

export const TOO_MANY_REQUESTS = '请求过于频繁，请稍后再试';

/** Load balancers probe health every few seconds from one address. */
const UNLIMITED_PUBLIC = new Set(['/api/health']);

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

function throttleOf(route: RouteOptions): Throttle | null {
  const config = route.config as { throttle?: Throttle | false; access?: { auth?: string } } | undefined;
  if (config?.throttle === false) return null;
  if (config?.throttle) return config.throttle;
  if (config?.access?.auth === 'public' && !UNLIMITED_PUBLIC.has(route.url)) return { scope: 'public' };
  return null;
}

const asList = <T>(value: T | T[] | undefined): T[] => (Array.isArray(value) ? value : value ? [value] : []);

/** Keys fit the 255-character column whatever a caller sends. */
const bucketKey = (parts: string) =>
  parts.length <= 200 ? parts : `${parts.slice(0, 120)}#${createHash('sha256').update(parts).digest('hex')}`;

export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const limits = ctx.config.rateLimit;
  let lastSweepMs = Number.NEGATIVE_INFINITY;

  class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const now = ctx.clock.now();
      void (async () => {
        const hit = await hitBucket(ctx.db, key, now, timeWindow);
        // Expired buckets go at most once a window per process, in passing.
        if (now.getTime() - lastSweepMs >= limits.windowMs) {
          lastSweepMs = now.getTime();
          await deleteExpiredBuckets(ctx.db, now).catch((err: unknown) =>
            app.log.warn({ err }, 'rate-limit sweep failed'),
          );
        }
        return { current: hit.hits, ttl: Math.max(0, hit.resetAt.getTime() - now.getTime()) };
      })().then(
        (result) => callback(null, result),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }

  await app.register(fastifyRateLimit, { global: false, store: DatabaseStore });

  const limiter = (max: number, key: (request: FastifyRequest) => string): Limiter =>
    app.createRateLimit({ max, timeWindow: limits.windowMs, keyGenerator: (request) => bucketKey(key(request)) });

  const enforce = async (limit: Limiter, request: FastifyRequest, reply: FastifyReply) => {
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
    throw new AppError(429, TOO_MANY_REQUESTS);
  };

  app.addHook('onRoute', (route) => {
    const throttle = throttleOf(route);
    if (!throttle) return;
    const routeKey = `${throttle.scope}:${[route.method].flat().join(',')}:${route.url}`;
    const perAddress = {
      public: limits.publicPerAddress,
      auth: limits.authPerAddress,
      signIn: limits.signInPerAddress,
    }[throttle.scope];
    const byAddress = limiter(perAddress, (request) => `${routeKey}:ip:${normalizeIP(request.ip)}`);
    route.onRequest = [...asList(route.onRequest), (request, reply) => enforce(byAddress, request, reply)];
    for (const [i, account] of (throttle.accounts ?? []).entries()) {
      const byAccount = limiter(limits.authPerAccount, (request) => `${routeKey}:acct${i}:${account(request) ?? ''}`);
      route.preHandler = [
        ...asList(route.preHandler),
        async (request, reply) => {
          if (account(request)) await enforce(byAccount, request, reply);
        },
      ];
    }
  });
}
