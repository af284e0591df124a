/**
 * `npm run bench:workflow`: how many workflow transitions per second the API sustains, and at
 * what latency, on a real PostgreSQL over real loopback HTTP. Not a test: it prints a table and
 * writes docs/benchmarks/workflow.md.
 *
 * The server is PG_URL or a throwaway cluster; the run gets a database of its own, seeded with the
 * demo data, which is dropped at the end. Each virtual client owns distinct newCert applications of
 * ent_gz (广州, area 1) that sit at 受理, and keeps them cycling: AGREE by gz_sl (sl → cb), then
 * RETURN by gz_cb (cb → sl), sending the version from its previous answer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.js';
import { prepareDatabase } from '../server/bootstrap.js';
import { loadConfig } from '../server/config.js';
import { openDatabase, type Database } from '../server/db/client.js';
import { sysUser } from '../server/db/schema.js';
import { applyEvent, createApplication } from '../server/workflow/engine.js';
import { acquireServer, createDatabase, dropDatabase, urlForDatabase } from './lib/bench-db.js';
import { describeMachine, errorLines, loadAverage, markdownReport, resultTable } from './lib/bench-report.js';
import type { LevelResult } from './lib/bench-stats.js';

const DEMO_PASSWORD = 'Demo#2026';
const ROOT = path.resolve(import.meta.dirname, '..');
const REPORT_FILE = path.join(ROOT, 'docs', 'benchmarks', 'workflow.md');

interface LevelPlan {
  label: string;
  concurrency: number;
  transitions: number;
  counted: boolean;
}

// The warm-up fills the connection pool, JIT-compiles the hot paths and warms PostgreSQL's caches.
const WARM_UP: LevelPlan = { label: 'warm-up', concurrency: 8, transitions: 160, counted: false };
const LEVELS: LevelPlan[] = [
  { label: 'c=1', concurrency: 1, transitions: 400, counted: true },
  { label: 'c=8', concurrency: 8, transitions: 1200, counted: true },
  { label: 'c=32', concurrency: 32, transitions: 2400, counted: true },
];
/** Each level stops at its transition count or after this long, whichever comes first. */
const TIME_CAP_MS = 20_000;
/** Every answer carries the item's whole history: capping transitions per item keeps answers comparable across levels. */
const TRANSITIONS_PER_ITEM = 20;
/** A request that hangs must not hang the benchmark. */
const REQUEST_TIMEOUT_MS = 15_000;
const ERROR_SAMPLES = 5;

type Actor = 'ent_gz' | 'gz_sl' | 'gz_cb';
type CycleStep = 'sl' | 'cb';

/** The two moves that keep an item cycling between 受理 and 承办. */
const MOVES: Record<CycleStep, { actor: Actor; type: 'AGREE' | 'RETURN'; comment: string; next: CycleStep }> = {
  sl: { actor: 'gz_sl', type: 'AGREE', comment: '材料齐全，符合要求，同意', next: 'cb' },
  // RETURN needs a comment (the route rejects it otherwise).
  cb: { actor: 'gz_cb', type: 'RETURN', comment: '请受理环节核实申请材料', next: 'sl' },
};

interface Item {
  id: number;
  version: number;
  step: CycleStep;
}

interface Http {
  base: string;
  tokens: Record<Actor, string>;
}

// ---------------------------------------------------------------------------------------------
// HTTP

interface Answer {
  status: number;
  body: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

async function call(base: string, token: string | null, method: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.token = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  // Reading the body is part of the request: the latency ends when the client has the answer.
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON: kept as text for the error report */
  }
  return { status: res.status, body: parsed };
}

/** The version and step of an application answer ({code, data: {version, step}}), or null. */
function stateOf(body: unknown): { version: number; step: string | null } | null {
  if (!isRecord(body) || !isRecord(body.data)) return null;
  const { version, step } = body.data;
  if (typeof version !== 'number' || (step !== null && typeof step !== 'string')) return null;
  return { version, step };
}

function describeFailure(answer: Answer): string {
  const msg = isRecord(answer.body) && typeof answer.body.msg === 'string' ? answer.body.msg : JSON.stringify(answer.body).slice(0, 200);
  return `HTTP ${answer.status}: ${msg}`;
}

async function login(base: string, username: Actor): Promise<string> {
  const answer = await call(base, null, 'POST', '/api/login/login', { username, password: DEMO_PASSWORD });
  const token = isRecord(answer.body) && isRecord(answer.body.data) ? answer.body.data.token : undefined;
  if (answer.status !== 200 || typeof token !== 'string') throw new Error(`login ${username} failed: ${describeFailure(answer)}`);
  return token;
}

// ---------------------------------------------------------------------------------------------
// Setup (not timed)

async function userNamed(database: Database, userName: string) {
  const [user] = await database.db.select().from(sysUser).where(eq(sysUser.userName, userName));
  if (!user) throw new Error(`demo user ${userName} is missing: is the demo seed loaded?`);
  return user;
}

/**
 * newCert applications of ent_gz already submitted, created directly (one transaction each). The
 * business rules are not what this measures: SUBMIT goes through the engine's applyEvent, which
 * the rules' pre-check (run by the HTTP path) does not guard.
 */
async function createItems(app: FastifyInstance, database: Database, count: number): Promise<number[]> {
  const applicant = await userNamed(database, 'ent_gz');
  const holder = await userNamed(database, 'person1');
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const row = await database.db.transaction(async (tx) => {
      const saved = await createApplication(app.ctx, tx, {
        businessType: 'newCert', applicantUserId: applicant.userId, enterpriseId: applicant.enterpriseId, personId: holder.personId,
        holderUserId: null, certificateId: null, payload: { category: 'C3', position: '08' },
      });
      return applyEvent(app.ctx, tx, saved, { type: 'SUBMIT', actorId: applicant.userId, roleKey: 'enterprise', version: 0 }, applicant.nickName);
    });
    // gz_sl and gz_cb act only in area 1: an item elsewhere would turn every request into a 403.
    if (row.area !== '1') throw new Error(`application ${row.id} landed in area ${row.area}, expected 1 (广州)`);
    ids.push(row.id);
  }
  return ids;
}

/** A submitted item waits at 受理 (step sl, version 1), where the cycle starts. */
const atAcceptance = (id: number): Item => ({ id, version: 1, step: 'sl' });

const itemsPerClient = (plan: LevelPlan) => Math.max(2, Math.ceil(plan.transitions / (plan.concurrency * TRANSITIONS_PER_ITEM)));

// ---------------------------------------------------------------------------------------------
// Timed part

/** Shared by a level's clients: a transition is claimed before it is sent, so the level stops at its count or its time cap. */
class Budget {
  private remaining: number;
  private readonly deadline: number;
  timedOut = false;

  constructor(transitions: number, capMs: number) {
    this.remaining = transitions;
    this.deadline = performance.now() + capMs;
  }

  take(): boolean {
    if (this.remaining <= 0) return false;
    if (performance.now() >= this.deadline) {
      this.timedOut = true;
      return false;
    }
    this.remaining -= 1;
    return true;
  }
}

interface Tally {
  requests: number;
  transitions: number;
  errors: number;
  latencyMs: number[];
  errorSamples: string[];
}

function recordError(tally: Tally, item: Item, what: string): void {
  tally.errors += 1;
  if (tally.errorSamples.length < ERROR_SAMPLES) tally.errorSamples.push(`application ${item.id} at ${item.step}: ${what}`);
}

/** After an error the client's idea of the item may be wrong: reread it (untimed) so one failure does not cascade. */
async function resync(http: Http, item: Item): Promise<void> {
  try {
    const state = stateOf((await call(http.base, http.tokens.gz_sl, 'GET', `/api/workflow/${item.id}`)).body);
    if (state && (state.step === 'sl' || state.step === 'cb')) Object.assign(item, { version: state.version, step: state.step });
  } catch {
    /* the next attempt will report it */
  }
}

/** One timed transition; the item advances only on the expected answer. */
async function transition(http: Http, item: Item, tally: Tally): Promise<void> {
  const move = MOVES[item.step];
  const body = { type: move.type, comment: move.comment, version: item.version };
  tally.requests += 1;
  const started = performance.now();
  let answer: Answer;
  try {
    answer = await call(http.base, http.tokens[move.actor], 'POST', `/api/workflow/${item.id}/events`, body);
  } catch (err) {
    tally.latencyMs.push(performance.now() - started);
    recordError(tally, item, `request failed: ${err instanceof Error ? err.message : String(err)}`);
    await resync(http, item);
    return;
  }
  tally.latencyMs.push(performance.now() - started);
  const state = stateOf(answer.body);
  if (answer.status !== 200 || !state || state.step !== move.next) {
    recordError(tally, item, answer.status === 200 ? `HTTP 200 but step ${state?.step ?? '?'}, expected ${move.next}` : describeFailure(answer));
    await resync(http, item);
    return;
  }
  item.version = state.version;
  item.step = move.next;
  tally.transitions += 1;
}

/** A virtual client: its own items in turn, so each item's history grows at the same pace. */
async function runClient(http: Http, items: Item[], budget: Budget, tally: Tally): Promise<void> {
  for (let i = 0; budget.take(); i += 1) await transition(http, items[i % items.length], tally);
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

async function runLevel(http: Http, plan: LevelPlan, items: Item[]): Promise<LevelResult> {
  const perClient = itemsPerClient(plan);
  const tally: Tally = { requests: 0, transitions: 0, errors: 0, latencyMs: [], errorSamples: [] };
  const budget = new Budget(plan.transitions, TIME_CAP_MS);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: plan.concurrency }, (_, c) =>
    runClient(http, items.slice(c * perClient, (c + 1) * perClient), budget, tally)));
  return {
    label: plan.label, counted: plan.counted, concurrency: plan.concurrency, items: items.length,
    ...tally, elapsedMs: performance.now() - started, nodeCpuMs: cpuMs(process.cpuUsage(cpuBefore)), stoppedBy: budget.timedOut ? 'time' : 'count',
  };
}

// ---------------------------------------------------------------------------------------------
// Orchestration

/** Undo steps, run last-in first-out; each one runs even if an earlier one fails. */
class Cleanup {
  private readonly steps: { what: string; run: () => unknown }[] = [];
  private done = false;

  add(what: string, run: () => unknown): void {
    this.steps.push({ what, run });
  }

  async runAll(): Promise<void> {
    if (this.done) return;
    this.done = true;
    for (const step of this.steps.reverse()) {
      try {
        await step.run();
      } catch (err) {
        console.error(`cleanup: ${step.what} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
}

function commandLine(source: 'PG_URL' | 'throwaway'): string {
  const viaNpm = process.env.npm_lifecycle_event === 'bench:workflow';
  return `${source === 'PG_URL' ? 'PG_URL=… ' : ''}${viaNpm ? 'npm run bench:workflow' : 'npx tsx scripts/bench-workflow.ts'}`;
}

/** Sets up the server side; returns the app's base URL. */
async function startStack(cleanup: Cleanup, adminUrl: string) {
  const name = `safecert_bench_${new Date().toISOString().replace(/\D/g, '').slice(0, 17)}`;
  await createDatabase(adminUrl, name);
  cleanup.add(`drop database ${name}`, () => dropDatabase(adminUrl, name));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-bench-'));
  cleanup.add('remove the data directory', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ DATA_DIR: dataDir, CLIENT_DIR: '', DATABASE_URL: urlForDatabase(adminUrl, name), SEED_DEMO: '1' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
  cleanup.add('close the database pool', () => database.close());
  const seeded = await prepareDatabase(database, config);
  if (seeded.kind !== 'demo') throw new Error(`expected a demo seed on the fresh database, got ${seeded.kind}`);
  const app = await buildApp({ config, database, logger: false });
  cleanup.add('close the app', () => app.close());
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(`Database ${name} seeded (${seeded.applications} demo applications); app on ${base}`);
  return { app, database, base };
}

async function postgresVersion(database: Database): Promise<string> {
  if (!database.pool) return 'unknown';
  const { rows } = await database.pool.query<{ version: string }>('select version()');
  return rows[0]?.version ?? 'unknown';
}

async function prepareItems(app: FastifyInstance, database: Database, plans: LevelPlan[]): Promise<Item[][]> {
  const sizes = plans.map((p) => p.concurrency * itemsPerClient(p));
  const total = sizes.reduce((a, b) => a + b, 0);
  const ids = await createItems(app, database, total);
  const items = ids.map(atAcceptance);
  console.log(`${total} newCert applications created and submitted (${sizes.join(' + ')})`);
  const sets: Item[][] = [];
  let offset = 0;
  for (const n of sizes) {
    sets.push(items.slice(offset, offset + n));
    offset += n;
  }
  return sets;
}

async function bench(cleanup: Cleanup, server: { adminUrl: string; source: 'PG_URL' | 'throwaway' }): Promise<LevelResult[]> {
  const startedAt = new Date();
  const { app, database, base } = await startStack(cleanup, server.adminUrl);
  const tokens: Record<Actor, string> = { ent_gz: await login(base, 'ent_gz'), gz_sl: await login(base, 'gz_sl'), gz_cb: await login(base, 'gz_cb') };
  const http: Http = { base, tokens };
  const plans = [WARM_UP, ...LEVELS];
  const itemSets = await prepareItems(app, database, plans);
  const machine = describeMachine(await postgresVersion(database));
  const results: LevelResult[] = [];
  for (const [i, plan] of plans.entries()) {
    const result = await runLevel(http, plan, itemSets[i]);
    console.log(`${plan.label}: ${result.transitions} transitions, ${result.errors} errors in ${(result.elapsedMs / 1000).toFixed(1)} s`);
    results.push(result);
  }
  console.log(`\n${resultTable(results)}\n`);
  for (const line of errorLines(results)) console.log(`error: ${line}`);
  const report = markdownReport({
    startedAt, command: commandLine(server.source), machine, serverSource: server.source,
    poolMax: Number(process.env.DB_POOL_MAX ?? 10), loadAfter: loadAverage(), results,
  });
  fs.mkdirSync(path.dirname(REPORT_FILE), { recursive: true });
  fs.writeFileSync(REPORT_FILE, report);
  console.log(`Written ${path.relative(ROOT, REPORT_FILE)}`);
  return results;
}

async function main(): Promise<number> {
  const server = acquireServer();
  if (!server) {
    console.error('bench:workflow needs PostgreSQL: set PG_URL (a server where this user may create databases) or install the PostgreSQL server binaries (initdb, pg_ctl) for a throwaway cluster.');
    return 2;
  }
  const cleanup = new Cleanup();
  cleanup.add('stop the PostgreSQL server', () => server.stop());
  // Ctrl-C must not leave a database or a cluster behind.
  const onSignal = () => { void cleanup.runAll().finally(() => process.exit(130)); };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const results = await bench(cleanup, server);
    // The clients own distinct items, so any error is a finding: say so in the exit code too.
    return results.some((r) => r.errors > 0) ? 1 : 0;
  } finally {
    await cleanup.runAll();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.stack ?? err.message : String(err));
    process.exit(1);
  },
);
