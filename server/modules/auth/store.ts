/** Rows the sign-in calls read beside their services' own (login.service.ts, sessionReads.ts). */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sysUser } from '../../db/schema.js';

/** A user's registered phone (null or undefined when there is none or no such user). */
export async function phoneOfUser(db: DbOrTx, userId: number): Promise<string | null | undefined> {
  const [row] = await db.select({ phone: sysUser.phone }).from(sysUser).where(eq(sysUser.userId, userId));
  return row?.phone;
}
