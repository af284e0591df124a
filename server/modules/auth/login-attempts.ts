/**
 * Failed password attempts of one login name: the count that brings the captcha and the lock.
 * A name without an account keeps the same count (in rate_limit_bucket), so a caller cannot tell
 * from the answers, the captcha or the lock whether an account exists.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { sysUser } from '../../db/schema.js';
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
}

export function accountLedger(ctx: AppContext, user: typeof sysUser.$inferSelect): AttemptLedger {
  const mine = eq(sysUser.userId, user.userId);
  return {
    lockedUntil: async () => user.lockedUntil,
    failures: async () => user.failCount,
    async claim() {
      const [row] = await ctx.db.update(sysUser).set({ failCount: sql`${sysUser.failCount} + 1` }).where(mine).returning({ failCount: sysUser.failCount });
      return row?.failCount ?? user.failCount + 1;
    },
    async release() {
      await ctx.db.update(sysUser).set({ failCount: sql`greatest(${sysUser.failCount} - 1, 0)` }).where(mine);
    },
    async lock(until) {
      await ctx.db.update(sysUser).set({ lockedUntil: until, failCount: 0 }).where(mine);
    },
  };
}

/** An account's count lasts until a success or a lock; a day is long past any lock. */
const UNKNOWN_NAME_MEMORY_MS = 24 * 3_600_000;

export function unknownNameLedger(ctx: AppContext, userName: string): AttemptLedger {
  const failKey = `login-fail:${userName}`;
  const lockKey = `login-lock:${userName}`;
  return {
    lockedUntil: async () => (await readBucket(ctx.db, lockKey, ctx.clock.now()))?.resetAt ?? null,
    failures: async () => (await readBucket(ctx.db, failKey, ctx.clock.now()))?.hits ?? 0,
    claim: async () => (await hitBucket(ctx.db, failKey, ctx.clock.now(), UNKNOWN_NAME_MEMORY_MS)).hits,
    release: () => unhitBucket(ctx.db, failKey),
    async lock(until) {
      await setBucket(ctx.db, lockKey, 1, until);
      await deleteBucket(ctx.db, failKey);
    },
  };
}
