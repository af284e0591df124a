/**
 * One database handle for the whole server: embedded PGlite by default, a real PostgreSQL when
 * DATABASE_URL is set. Both speak the PostgreSQL dialect, so the rest of the code never asks which.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQLWrapper } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.js';
import { isDatabaseUnavailable } from '../lib/db-errors.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle or the database itself: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  /**
   * The search pages' reads (the lists and their totals): on PostgreSQL a pool of its own whose
   * statements are all named, so a connection parses and analyses each text once, and whose sessions
   * plan each execution for its values (plan_cache_mode=force_custom_plan), as unnamed statements are.
   * Parsing and analysing a list's statement was most of its cost: the work page's, run 0.74 ms
   * unnamed, 0.19 ms named with a plan for its values (0.135 ms on a generic plan, which a search
   * cannot risk: a name's prefix or a status picks the plan). The hot paths' runText statements keep
   * their generic plans on the main pool. On PGlite the same handle as `db`.
   */
  reads: Db;
  kind: 'pglite' | 'postgres';
  /** The pool behind a real PostgreSQL (null on PGlite). */
  pool: pg.Pool | null;
  /** The search reads' own pool (`reads`), when it has one. */
  readsPool: pg.Pool | null;
  /** The embedded database itself (null on PostgreSQL): the job engine shares its one connection. */
  pglite: PGlite | null;
  /** Raw SQL for migrations and maintenance. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * An embedded database with the extensions the migrations create (0014: pg_trgm, for the trigram
 * index of enterprise names). Every PGlite of this schema is opened through here, one loaded from a
 * dump included: PGlite loads an extension's code only when told to at creation.
 */
export function newPglite(dataDir?: string, options: Omit<PGliteOptions, 'dataDir' | 'extensions'> = {}): PGlite {
  return new PGlite({ startParams: PGLITE_START_PARAMS, ...options, dataDir, extensions: { pg_trgm } });
}

/**
 * PGlite's own start settings with a 32 MB buffer pool instead of 128 MB: every start spent about
 * 0.4 s setting up the larger one (ready in 1.0 → 0.6 s on the 2-core machine; a restart has 3 s,
 * issue 14), and 32 MB holds the demo database (65 MB on disk, most of it WAL). The province's data
 * belongs on PostgreSQL (DATABASE_URL).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * PGlite is PostgreSQL compiled to WebAssembly. V8 runs it first as quickly compiled code and
 * recompiles the functions it sees run often with its optimizing compiler, on background threads:
 * at a start that was 1–1.5 s of CPU on a 2-core machine, taken from the start itself (restart 3.6
 * → 2.8 s), for code that then ran its queries about 5 % faster. Only a function that stays hot for
 * long is recompiled now. Set before PGlite's module is compiled (the first PGlite of the process).
 */
v8.setFlagsFromString('--wasm-tiering-budget=1000000000');

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    reads: db,
    kind: 'pglite',
    pool: null,
    readsPool: null,
    pglite: client,
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: () => client.close(),
  };
}

export function wrapPool(pool: pg.Pool, readsPool?: pg.Pool): Database {
  for (const p of readsPool ? [pool, readsPool] : [pool]) survivingServerEnds(p);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const reads = readsPool ? namingEveryStatement(drizzlePg(readsPool, { schema }) as unknown as Db) : db;
  if (reads !== db) mainOfReads.set(reads, db);
  return {
    db,
    reads,
    kind: 'postgres',
    pool,
    readsPool: readsPool ?? null,
    pglite: null,
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: async () => {
      await Promise.all([pool.end(), readsPool?.end()]);
    },
  };
}

/**
 * A connection that PostgreSQL ends (restart, failover, pg_terminate_backend) emits 'error' on its
 * client, and an 'error' event nobody listens to ends the Node process. The pool listens only while
 * a client is idle in it; a client checked out (a transaction between two statements, a request
 * between its queries) had no listener, so a restart under load ended the busy API process. Every
 * client now listens from its first connection on: the query in flight fails on its own (the request
 * answers 503, plugins/errors.ts), and the pool drops the dead client when it comes back
 * (pg-pool releases a client that is no longer queryable by removing it).
 */
function survivingServerEnds(pool: pg.Pool): void {
  const warn = (err: Error) => console.warn(`PostgreSQL connection closed: ${err.message}`);
  pool.on('error', warn);
  pool.on('connect', (client) => client.on('error', warn));
}

/**
 * A drizzle handle whose every statement (outside a transaction) is named after its text
 * (readsStatementName): drizzle names none of its own. For Database.reads only, whose sessions plan
 * named statements for their values anyway.
 */
function namingEveryStatement(db: Db): Db {
  const session = db._.session;
  const prepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = ((query, fields, name, ...rest) =>
    prepareQuery(query, fields, name ?? readsStatementName(query.sql), ...rest)) as typeof session.prepareQuery;
  return db;
}

/**
 * The main handle of a Database.reads handle. runText's named statements go there: they are the hot
 * paths' fixed texts, which should keep the generic plans the reads' sessions never use (a list's
 * status look-ups re-planned on every call there: the suspended certificates' list 7.8 → 10.6 ms
 * of PostgreSQL's CPU per request when they ran on the reads' sessions).
 */
const mainOfReads = new WeakMap<object, Db>();

/**
 * The reads' statement names, apart from runText's: their texts vary with the filters asked (a list
 * of ids is one parameter each), and a connection keeps every statement it prepared (node-postgres
 * never deallocates), so fewer are named, and the hot paths' names are never crowded out by them.
 */
const readsStatementName = statementNamer('sr_', 500);

/**
 * The hot paths' statements (runText) are named after their text: PostgreSQL parses and plans a
 * named statement once per connection and afterwards binds and runs it, on a generic plan once it
 * has seen that one serves (a transition's statement is planned in ~1 ms and runs in ~0.4). Only
 * those (and a list's query its caller knows one plan serves: preparedOnMain): the lists' and
 * searches' statements composed by drizzle go unnamed, or named on the reads' sessions
 * (Database.reads), and are planned for their values each time. Their best plan depends on the
 * values (a common category and a rare status), and a generic plan PostgreSQL chose for one of them
 * ran 4 × slower than the plan for the actual values (the staff search's count of suspended C3
 * holders: 24 ms against 6.7 ms at the province's scale).
 */
const statementName = statementNamer('sc_', 2_000);

/** Names statement texts after their hash, the first `max` texts seen (the others stay unnamed). */
function statementNamer(prefix: string, max: number): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name || names.size >= max) return name;
    name = `${prefix}${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    names.set(text, name);
    return name;
  };
}

/**
 * Session settings of the server's PostgreSQL connections. No JIT: the planner compiles a plan
 * whose estimated cost passes jit_above_cost, and the lists' first pages (LIMIT 10 over millions of
 * rows, a correlated status check in the select list) are estimated that high while they read a
 * few dozen rows — compiling cost 0.4–0.8 s per statement for a page answered in milliseconds
 * without it.
 * No Memoize: the planner puts one over an enterprise looked up per person (the staff search's
 * employer, a centre's scope) and sizes its hash table for the whole join, not for the page the
 * LIMIT keeps: PostgreSQL allocated and zeroed megabytes for each execution and freed them after, so
 * a centre's first page of staff took 10–12 ms for 0.2 ms of reading (0.16 ms without; province
 * scale). Over every statement of the search benchmark the sum went down (88 → 66 ms for those with
 * a Memoize), and the statistics refresh was no slower. A setting of DATABASE_URL's own `options`
 * takes precedence.
 */
export const POSTGRES_SESSION_OPTIONS = '-c jit=off -c enable_memoize=off';

/** More settings of the search pages' reads (Database.reads): every named statement planned for its values. */
export const READS_SESSION_OPTIONS = '-c plan_cache_mode=force_custom_plan';

/**
 * How long a pooled connection stays open idle, and at most. A connection keeps its named
 * statements and their plans (runText) and the backend's warm catalog caches: the pool's
 * default (closing a connection idle for 10 s) threw them away between bursts of requests, and a
 * new backend planned every statement afresh, at two to three times the cost of a warm one (a list
 * page's status look-up: 2 ms of planning instead of none). The lifetime bounds what a backend
 * accumulates in plans and caches.
 */
const POOL_IDLE_MS = 10 * 60_000;
const POOL_LIFETIME_S = 60 * 60;
/**
 * How long a request waits for a connection: a new one to a server that does not answer (a
 * failover in progress, a network cut), or a pooled one when all are busy. Without a bound a
 * request hangs until the client gives up; with it the request answers 503 and the client retries.
 */
export const POOL_CONNECT_TIMEOUT_MS = 5_000;

/** Pool settings for the server's PostgreSQL (and for tools that run its statements as it does). */
export const postgresPoolConfig = (
  connectionString: string,
  max: number,
  sessionOptions = POSTGRES_SESSION_OPTIONS,
): pg.PoolConfig => ({
  connectionString: withSessionOptions(connectionString, sessionOptions),
  max,
  options: sessionOptions,
  idleTimeoutMillis: POOL_IDLE_MS,
  maxLifetimeSeconds: POOL_LIFETIME_S,
  connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
});

/**
 * A DATABASE_URL with its own `options` (`?options=-c statement_timeout=5000`) replaces the pool's
 * options entirely in the driver, so the session settings above are put in front of its own (a
 * setting the URL names again still wins: the last -c does).
 */
export function withSessionOptions(connectionString: string, sessionOptions = POSTGRES_SESSION_OPTIONS): string {
  let url: URL;
  try {
    url = new URL(connectionString);
  } catch {
    return connectionString;
  }
  const own = url.searchParams.get('options');
  if (!own) return connectionString;
  url.searchParams.set('options', `${sessionOptions} ${own}`);
  return url.toString();
}

export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const size = Number(process.env.DB_POOL_MAX ?? 10);
    const database = wrapPool(
      new pg.Pool(postgresPoolConfig(opts.databaseUrl, size)),
      new pg.Pool(postgresPoolConfig(opts.databaseUrl, size, `${POSTGRES_SESSION_OPTIONS} ${READS_SESSION_OPTIONS}`)),
    );
    await firstAnswer(database.pool!);
    return database;
  }
  const dir = path.join(opts.dataDir, 'pgdata');
  fs.mkdirSync(dir, { recursive: true });
  const client = newPglite(dir);
  await client.waitReady;
  return wrapPglite(client);
}

/** How long a starting process waits for PostgreSQL (starting beside it, or restarting) before it gives up. */
const START_WAIT_MS = 60_000;

/** The database's first answer: a server still starting (or restarting) is waited for, not a reason to exit. */
async function firstAnswer(pool: pg.Pool): Promise<void> {
  const deadline = Date.now() + START_WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      await pool.query('select 1');
      return;
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() > deadline) throw err;
      if (attempt === 1)
        console.warn(
          `PostgreSQL does not answer yet (${(err as Error).message}); waiting up to ${START_WAIT_MS / 1000} s`,
        );
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

/** A statement as text with its parameters ($1, $2… in order). */
export interface TextStatement {
  sql: string;
  params: unknown[];
}

/**
 * Runs a statement written as text on a database handle or inside its transaction, through the
 * handle's own session (the same driver settings and result parsing as `execute`). The hot paths
 * write their few statements once as text: composing them from drizzle fragments on every call
 * cost more server CPU than PostgreSQL spent running them.
 */
export async function runText(
  exec: DbOrTx,
  statement: TextStatement,
  opts: { named?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  // named: false for a statement whose best plan depends on its values (see statementName); on the
  // search reads' handle it is named all the same, and planned for its values by their sessions.
  if (opts.named === false) {
    const result = await exec._.session.prepareQuery(statement, undefined, undefined, false).execute();
    return (result as { rows: Record<string, unknown>[] }).rows;
  }
  const { on, name } = keepingItsPlan(exec, statement.sql);
  const result = await on._.session.prepareQuery(statement, undefined, name, false).execute();
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/**
 * Where a statement that keeps its plan per connection runs, and under which name: the main
 * sessions (those of a Database.reads handle plan every statement for its values), named after its
 * text (undefined past the names kept: it then runs unnamed).
 */
export function keepingItsPlan(db: DbOrTx, text: string): { on: DbOrTx; name: string | undefined } {
  return { on: mainOf(db), name: statementName(text) };
}

const mainOf = (db: DbOrTx): DbOrTx => mainOfReads.get(db) ?? db;

const textRenderer = new PgDialect();
/** A drizzle query or fragment as a TextStatement (rendered once, to be run or reused as text). */
export function renderText(query: SQLWrapper): TextStatement {
  const { sql, params } = textRenderer.sqlToQuery(query.getSQL());
  return { sql, params };
}

/**
 * A query run as a statement prepared once per connection on the main sessions, whose plan the
 * connection keeps (generic once it serves): for a query the caller knows one plan serves whatever
 * its values. On a Database.reads handle too (its sessions plan every statement for its values).
 */
export function preparedOnMain<T>(
  db: DbOrTx,
  build: (
    on: DbOrTx,
  ) => { prepare(name: string): { execute(): Promise<T> }; then: PromiseLike<T>['then'] } & SQLWrapper,
): Promise<T> {
  const query = build(mainOf(db));
  const name = statementName(renderText(query).sql);
  return name ? query.prepare(name).execute() : Promise.resolve(query);
}

/** Builds a TextStatement: `param(v)` appends v and answers its placeholder. */
export class TextBuilder {
  readonly params: unknown[] = [];
  param = (value: unknown): string => `$${this.params.push(value)}`;
  done(sql: string): TextStatement {
    return { sql, params: this.params };
  }
}
