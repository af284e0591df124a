/** Applies the checked-in migrations (server/db/migrations). Safe when several processes start at once. */
import path from 'node:path';
import { ROOT_DIR } from '../lib/root.js';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database, Schema } from './client.js';

export const migrationsFolder = path.join(ROOT_DIR, 'server', 'db', 'migrations');
const MIGRATION_LOCK = 7_272_026;

export async function migrate(database: Database): Promise<void> {
  if (!database.pool) {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    return;
  }
  // Several API processes may start together on one PostgreSQL: one migrates, the others wait.
  // The advisory lock is per connection, so lock, migrate and unlock on one client.
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
