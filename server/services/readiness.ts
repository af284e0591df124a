/**
 * Whether this API process should be sent traffic (the readiness check; /api/health is liveness
 * and never reads the database, so a load balancer or orchestrator does not restart every process
 * while PostgreSQL restarts). Ready means: the database answers now, every migration this version
 * ships is applied, and the job engine, when this process runs one, has started.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { migrationsFolder } from '../db/migrate.js';
import type { JobControl, JobEngineState } from '../lib/ports.js';

export interface Readiness {
  ready: boolean;
  database: 'up' | 'down';
  migrations: 'applied' | 'pending' | 'unknown';
  jobs: JobEngineState;
}

/** A database that takes longer than this to answer `select 1` is not ready for requests. */
const DATABASE_PROBE_MS = 2_000;

const shippedMigrations = (() => {
  let count: number | null = null;
  return (): number => {
    count ??= (
      JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[];
      }
    ).entries.length;
    return count;
  };
})();

/** Migrations never un-apply: once seen applied, the check is not made again. */
const migratedDatabases = new WeakSet<object>();

async function probe<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database probe timed out')), DATABASE_PROBE_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function readiness(ctx: { database: Database; jobs: JobControl }): Promise<Readiness> {
  const jobs = ctx.jobs.state();
  let database: Readiness['database'] = 'up';
  let migrations: Readiness['migrations'] = migratedDatabases.has(ctx.database) ? 'applied' : 'unknown';
  try {
    if (migrations === 'applied') {
      await probe(ctx.database.exec('select 1'));
    } else {
      const rows = await probe(
        ctx.database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      );
      const applied = Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
      migrations = applied >= shippedMigrations() ? 'applied' : 'pending';
      if (migrations === 'applied') migratedDatabases.add(ctx.database);
    }
  } catch {
    database = 'down';
  }
  const ready = database === 'up' && migrations === 'applied' && (jobs === 'none' || jobs === 'up');
  return { ready, database, migrations, jobs };
}
