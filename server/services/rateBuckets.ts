/**
 * Counters with an expiry in table rate_limit_bucket, so that every API process sees the same
 * counts. Time is the app clock's, never the database's now(): the tests move the clock.
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimitBucket } from '../db/schema.js';

export interface BucketHit {
  /** Hits in the current window, this one included. */
  hits: number;
  resetAt: Date;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Counts one hit under `key` in one statement: a new or expired bucket starts a fresh window of
 * `windowMs` at `now`, a live one adds 1. Two processes hitting one key at once both count.
 */
export async function hitBucket(db: Db, key: string, now: Date, windowMs: number): Promise<BucketHit> {
  const resetAt = new Date(now.getTime() + windowMs);
  const expired = sql`${rateLimitBucket.resetAt} <= ${ts(now)}`;
  const [row] = await db
    .insert(rateLimitBucket)
    .values({ key, hits: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimitBucket.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimitBucket.hits} + 1 end`,
        resetAt: sql`case when ${expired} then ${ts(resetAt)} else ${rateLimitBucket.resetAt} end`,
      },
    })
    .returning({ hits: rateLimitBucket.hits, resetAt: rateLimitBucket.resetAt });
  return { hits: row!.hits, resetAt: row!.resetAt };
}

/** The live count under `key` (0 when there is none or it expired). */
export async function readBucket(db: Db, key: string, now: Date): Promise<BucketHit | null> {
  const [row] = await db
    .select({ hits: rateLimitBucket.hits, resetAt: rateLimitBucket.resetAt })
    .from(rateLimitBucket)
    .where(and(eq(rateLimitBucket.key, key), gt(rateLimitBucket.resetAt, now)));
  return row ?? null;
}

/** Takes back one hit that turned out not to count. */
export async function unhitBucket(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimitBucket)
    .set({ hits: sql`greatest(${rateLimitBucket.hits} - 1, 0)` })
    .where(eq(rateLimitBucket.key, key));
}

/** Sets a bucket outright (e.g. a lock until `resetAt`). */
export async function setBucket(db: Db, key: string, hits: number, resetAt: Date): Promise<void> {
  await db
    .insert(rateLimitBucket)
    .values({ key, hits, resetAt })
    .onConflictDoUpdate({ target: rateLimitBucket.key, set: { hits, resetAt } });
}

export async function deleteBucket(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitBucket).where(eq(rateLimitBucket.key, key));
}

export async function deleteExpiredBuckets(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimitBucket).where(lte(rateLimitBucket.resetAt, now));
}
