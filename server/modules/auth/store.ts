/**
 * Rows the sign-in calls read beside their services' own (login.service.ts, sessionReads.ts), and
 * the one write of a password that is not the account's first.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sysPasswordHistory, sysUser } from '../../db/schema.js';

/** A user's registered phone (null or undefined when there is none or no such user). */
export async function phoneOfUser(db: DbOrTx, userId: number): Promise<string | null | undefined> {
  const [row] = await db.select({ phone: sysUser.phone }).from(sysUser).where(eq(sysUser.userId, userId));
  return row?.phone;
}

/**
 * A new password of an existing account: the old hash joins the history (the policy refuses the
 * last few), the new one is set. One an administrator set (a reset) must be changed at the next
 * sign-in and ends a lock-out; one the owner chose need not be changed.
 */
export async function storeNewPassword(
  tx: DbOrTx,
  userId: number,
  hashes: { old: string; new: string },
  now: Date,
  setBy: 'owner' | 'administrator',
): Promise<void> {
  const reset = setBy === 'administrator';
  await tx.insert(sysPasswordHistory).values({ userId, passwordHash: hashes.old, createdAt: now });
  await tx
    .update(sysUser)
    .set({
      passwordHash: hashes.new,
      passwordChangedAt: now,
      mustChangePassword: reset,
      updatedAt: now,
      ...(reset ? { failCount: 0, lockedUntil: null } : {}),
    })
    .where(eq(sysUser.userId, userId));
}
