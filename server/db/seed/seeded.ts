/** Whether the database has been seeded: read at every start, so it stands apart from the seed's code. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';
import { sysUser } from '../schema.js';

/** True when users exist (seeding already done). */
export async function isSeeded(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ one: sql<number>`1` }).from(sysUser).limit(1);
  return rows.length > 0;
}
