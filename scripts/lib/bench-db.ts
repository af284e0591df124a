/**
 * The PostgreSQL side of the benchmarks: which server to use, and a database of its own on it
 * that is created before the run and dropped after it.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { findBinDir, startThrowawayPostgres } from './postgres.js';

export interface BenchServer {
  /** A URL on the server that may create and drop databases. */
  adminUrl: string;
  /** Where the server came from (the report says so). */
  source: 'PG_URL' | 'throwaway';
  /** PostgreSQL's programs (pgbench) when known. */
  binDir: string | null;
  /** The server's main process when it runs on this machine under our control (its CPU can be measured). */
  postmasterPid: number | null;
  stop(): void;
}

/**
 * PG_URL when set (left running), else a throwaway cluster (stopped afterwards); null when
 * neither. durable: the throwaway cluster keeps fsync on, as a benchmark's must.
 */
export function acquireServer(opts: { durable?: boolean; settings?: string[] } = {}): BenchServer | null {
  const url = process.env.PG_URL;
  if (url) return { adminUrl: url, source: 'PG_URL', binDir: findBinDir(), postmasterPid: null, stop: () => undefined };
  const throwaway = startThrowawayPostgres({ durable: opts.durable, settings: opts.settings });
  if (!throwaway) return null;
  const pidFile = path.join(throwaway.dataDir, 'postmaster.pid');
  const postmasterPid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]) || null : null;
  return {
    adminUrl: throwaway.url,
    source: 'throwaway',
    binDir: throwaway.binDir,
    postmasterPid,
    stop: () => throwaway.stop(),
  };
}

/** The same server address with another database name. */
export function urlForDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs one statement on a short-lived connection (CREATE/DROP DATABASE cannot run in a transaction). */
async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Database names are generated here, never taken from input, so they are safe to interpolate. */
const SAFE_NAME = /^[a-z_][a-z0-9_]*$/;

export async function createDatabase(adminUrl: string, name: string): Promise<void> {
  if (!SAFE_NAME.test(name)) throw new Error(`unsafe database name ${name}`);
  await adminQuery(adminUrl, `create database ${name}`);
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  if (!SAFE_NAME.test(name)) throw new Error(`unsafe database name ${name}`);
  // WITH (FORCE): a connection left over by a crashed run must not keep the database alive.
  await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
}
