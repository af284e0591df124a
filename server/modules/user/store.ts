/** The signed-in user's own rows: the enterprise and account fields of "who am I", the password and its history. */
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { enterprise, sysPasswordHistory, sysUser } from '../../db/schema.js';

/** An enterprise's id, name and ownership, or undefined. */
export async function enterpriseInfoOf(db: DbOrTx, enterpriseId: number) {
  const [ent] = await db
    .select({ enterpriseId: enterprise.id, name: enterprise.name, enterpriseOwnership: enterprise.ownership })
    .from(enterprise)
    .where(eq(enterprise.id, enterpriseId));
  return ent;
}

/** A user's avatar and when the password was last changed, or undefined. */
export async function avatarAndPasswordAge(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ avatar: sysUser.avatar, passwordChangedAt: sysUser.passwordChangedAt })
    .from(sysUser)
    .where(eq(sysUser.userId, userId));
  return row;
}

/** A user's account row, or undefined. */
export async function accountOf(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(sysUser).where(eq(sysUser.userId, userId));
  return row;
}

/** The hashes of a user's last `count` earlier passwords, newest first. */
export async function earlierPasswordHashes(db: DbOrTx, userId: number, count: number) {
  return db
    .select({ hash: sysPasswordHistory.passwordHash })
    .from(sysPasswordHistory)
    .where(eq(sysPasswordHistory.userId, userId))
    .orderBy(desc(sysPasswordHistory.createdAt))
    .limit(count);
}
