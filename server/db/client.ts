/**
 * One database handle for the whole server: embedded PGlite by default, a real PostgreSQL when
 * DATABASE_URL is set. Both speak the PostgreSQL dialect, so the rest of the code never asks which.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle or the database itself: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The pool behind a real PostgreSQL (null on PGlite). */
  pool: pg.Pool | null;
  /** The embedded database itself (null on PostgreSQL): the job engine shares its one connection. */
  pglite: PGlite | null;
  /** Raw SQL for migrations and maintenance. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pool: null,
    pglite: client,
    exec: async (sql) => { await client.exec(sql); },
    close: () => client.close(),
  };
}

export function wrapPool(pool: pg.Pool): Database {
  // An idle connection that the server drops (restart, admin command) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL idle connection closed: ${err.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    pglite: null,
    exec: async (sql) => { await pool.query(sql); },
    close: () => pool.end(),
  };
}

export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: Number(process.env.DB_POOL_MAX ?? 10) });
    await pool.query('select 1');
    return wrapPool(pool);
  }
  const dir = path.join(opts.dataDir, 'pgdata');
  fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  await client.waitReady;
  return wrapPglite(client);
}
