/** Small helpers shared by the seed files: chunked inserts. */
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client.js';

/** Rows per INSERT statement: well below PostgreSQL's 65 535 bind parameters for every table here. */
export const CHUNK = 500;

export function chunks<T>(rows: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Inserts rows in chunks of CHUNK, without returning anything. */
export async function insertAll<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: ReadonlyArray<T['$inferInsert']>,
): Promise<void> {
  for (const part of chunks(rows)) {
    // The generic insert builder cannot relate T['$inferInsert'] to its own value type; the rows are exactly that type.
    await db.insert(table).values(part as never);
  }
}
