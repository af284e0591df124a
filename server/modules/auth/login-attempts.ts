/**
 * Failed password attempts, counted three ways (README "Sign-in limits"):
 * - per account, from any address (sys_user.fail_count): the captcha after a few, a lock only after
 *   many (LOGIN_ACCOUNT_LOCK_AFTER), so that nobody can lock a reviewer out from elsewhere cheaply;
 * - per account from one address (rate_limit_bucket): the captcha after a few, the lock after
 *   LOGIN_MAX_FAILURES — the lock a user who forgot the password meets;
 * - per address, whatever the account: the captcha for everyone there after
 *   LOGIN_ADDRESS_CAPTCHA_AFTER (one password tried at many accounts). Successful sign-ins never
 *   count, so a centre behind one address signs in at whatever pace its people arrive.
 * A name without an account keeps the same counts (in rate_limit_bucket), so a caller cannot tell
 * from the answers, the captcha or the lock whether an account exists.
 */
import { eq, like, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { rateLimitBucket, sysUser } from '../../db/schema.js';
import { deleteBucket, hitBucket, readBucket, setBucket, unhitBucket } from '../../services/rateBuckets.js';

export interface AttemptLedger {
  lockedUntil(): Promise<Date | null>;
  /** Failures so far (a plain read: the captcha is asked for from it). */
  failures(): Promise<number>;
  /** Counts this attempt as a failure in one statement and returns the count with it. */
  claim(): Promise<number>;
  /** Takes back a claim for an attempt that turned out not to be a password try. */
  release(): Promise<void>;
  lock(until: Date): Promise<void>;
  /** Forgets the failures (a successful sign-in). */
  clear(): Promise<void>;
}

export function accountLedger(ctx: AppContext, user: typeof sysUser.$inferSelect): AttemptLedger {
  const mine = eq(sysUser.userId, user.userId);
  return {
    lockedUntil: async () => user.lockedUntil,
    failures: async () => user.failCount,
    async claim() {
      const [row] = await ctx.db
        .update(sysUser)
        .set({ failCount: sql`${sysUser.failCount} + 1` })
        .where(mine)
        .returning({ failCount: sysUser.failCount });
      return row?.failCount ?? user.failCount + 1;
    },
    async release() {
      await ctx.db
        .update(sysUser)
        .set({ failCount: sql`greatest(${sysUser.failCount} - 1, 0)` })
        .where(mine);
    },
    async lock(until) {
      await ctx.db.update(sysUser).set({ lockedUntil: until, failCount: 0 }).where(mine);
    },
    // The session's start resets fail_count and locked_until in its own transaction (login.service.ts).
    clear: async () => undefined,
  };
}

/** A name's or a name-and-address's count lasts until a success or a lock; a day is long past any lock. */
const FAILURE_MEMORY_MS = 24 * 3_600_000;

/** Failures kept in two buckets: `login-fail:<key>` (the count) and `login-lock:<key>` (until when). */
function bucketLedger(ctx: AppContext, key: string): AttemptLedger {
  const failKey = `login-fail:${key}`;
  const lockKey = `login-lock:${key}`;
  return {
    lockedUntil: async () => (await readBucket(ctx.db, lockKey, ctx.clock.now()))?.resetAt ?? null,
    failures: async () => (await readBucket(ctx.db, failKey, ctx.clock.now()))?.hits ?? 0,
    claim: async () => (await hitBucket(ctx.db, failKey, ctx.clock.now(), FAILURE_MEMORY_MS)).hits,
    release: () => unhitBucket(ctx.db, failKey),
    async lock(until) {
      await setBucket(ctx.db, lockKey, 1, until);
      await deleteBucket(ctx.db, failKey);
    },
    clear: () => deleteBucket(ctx.db, failKey),
  };
}

/** The account-wide count of a name that has no account. */
export const unknownNameLedger = (ctx: AppContext, userName: string): AttemptLedger => bucketLedger(ctx, userName);

/** The count of one name tried from one client address (account or not). */
export const addressAccountLedger = (ctx: AppContext, ip: string, userName: string): AttemptLedger =>
  bucketLedger(ctx, `${userName}@${ip}`);

/** How long an address's failures are remembered for its captcha. */
export const ADDRESS_FAILURE_WINDOW_MS = 15 * 60_000;

/** Failures from one address at any account within the window. */
export function addressFailures(ctx: AppContext, ip: string) {
  const key = `login-fail-address:${ip}`;
  return {
    count: async () => (await readBucket(ctx.db, key, ctx.clock.now()))?.hits ?? 0,
    hit: async () => (await hitBucket(ctx.db, key, ctx.clock.now(), ADDRESS_FAILURE_WINDOW_MS)).hits,
  };
}

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** An administrator's unlock: the account's counts and locks from every address. */
export async function clearSignInFailures(db: DbOrTx, userName: string): Promise<void> {
  const keys = ['login-fail:', 'login-lock:'].flatMap((prefix) => [
    eq(rateLimitBucket.key, `${prefix}${userName}`),
    like(rateLimitBucket.key, `${likeLiteral(`${prefix}${userName}`)}@%`),
  ]);
  await db.delete(rateLimitBucket).where(or(...keys));
}
