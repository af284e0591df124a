/**
 * `npm run bench:workflow`: how many workflow transitions per second the API sustains, and at
 * what latency, against what PostgreSQL itself allows for the same transition on the same server
 * at the same moment. Not a test: it prints a table and writes docs/benchmarks/workflow.md.
 *
 * The database server is PG_URL or a throwaway cluster with durable commits (fsync on); the run
 * gets a database of its own, seeded with the demo data, dropped at the end. The API is the real
 * server (server/main.ts; WEB_CONCURRENCY processes, default 1) in a process of its own; this
 * process is only the load generator, over kept-alive loopback HTTP.
 *
 * For each client count (1, 8, 32) it runs, back to back:
 * - pgbench with the transition's SQL (lock the row, UPDATE it with a new version, INSERT the
 *   history row, commit): the limit;
 * - the API: each virtual client owns newCert applications of ent_gz (广州) that sit at 受理 and
 *   keeps them cycling, AGREE by gz_sl (sl → cb) then RETURN by gz_cb (cb → sl), sending the
 *   version from its previous answer.
 * and prints both, and their ratio.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { prepareDatabase } from '../server/bootstrap.js';
import { loadConfig, type AppConfig } from '../server/config.js';
import { openDatabase, type Database } from '../server/db/client.js';
import { sysUser } from '../server/db/schema.js';
import { systemClock } from '../server/lib/clock.js';
import { registerBusinessTypes } from '../server/modules/business/register.js';
import { applyEvent, createApplication } from '../server/workflow/store.js';
import type { WorkflowEnv } from '../server/workflow/types.js';
import { acquireServer, createDatabase, dropDatabase, urlForDatabase, type BenchServer } from './lib/bench-db.js';
import { BenchHttp, type Answer } from './lib/bench-http.js';
import { loadAverage, machineLine, table } from './lib/bench-machine.js';
import { processTreeCpuMs, startServer, type RunningServer } from './lib/bench-server.js';
import { summarize } from './lib/bench-stats.js';
import { findPgbench, joinRuns, runPgbench, type PgbenchResult } from './lib/pgbench.js';

const DEMO_PASSWORD = 'Demo#2026';
const ROOT = path.resolve(import.meta.dirname, '..');
const REPORT_FILE = path.join(ROOT, 'docs', 'benchmarks', 'workflow.md');

const CLIENTS = [1, 8, 32];
/** API transitions per level; each level also stops after TIME_CAP_MS. */
const TRANSITIONS: Record<number, number> = { 1: 1_500, 8: 6_000, 32: 8_000 };
const WARM_UP = { clients: 8, transitions: 800 };
const TIME_CAP_MS = Number(process.env.BENCH_SECONDS ?? 20) * 1000;
/**
 * Rounds of each level (pgbench, API, pgbench), the one with the median ratio reported: one round's
 * ratio at 8 clients moved between 0.29 and 0.35 over seven runs of the same code on this shared
 * machine (pgbench's own figure between 1,980 and 2,440 tps), so a single round said more about the
 * neighbours than about the code.
 */
const ROUNDS = Math.max(1, Math.floor(Number(process.env.BENCH_ROUNDS ?? 3)));
const PGBENCH_SECONDS = Number(process.env.PGBENCH_SECONDS ?? 10);
/** pgbench runs this long before each API level and again after it (whole seconds: pgbench -T). */
const PGBENCH_HALF = Math.max(1, Math.round(PGBENCH_SECONDS / 2));
/** Items see a realistic number of transitions (a real application sees a dozen or two); the history grows with them. */
const TRANSITIONS_PER_ITEM = 20;
/** Applications per pgbench client, cycled at random. */
const PGBENCH_ITEMS_PER_CLIENT = 4;
/**
 * API processes: one by default. A second one (WEB_CONCURRENCY=2) was slower on this 2-core
 * machine, where the database and the load generator want the cores too.
 */
const PROCESSES = Math.max(1, Number(process.env.WEB_CONCURRENCY ?? 1));
const POOL_MAX = Number(process.env.DB_POOL_MAX ?? 10);
const ERROR_SAMPLES = 5;
const RATIO_GOAL = 0.3;
const P95_GOAL_MS = 25;

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

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The version and step of an event's answer ({code, data: {version, step, entry}}) and the event and version of the history row it wrote, or null. */
function stateOf(
  body: unknown,
): { version: number; step: string | null; entry: { event: unknown; version: unknown } | null } | null {
  if (!isRecord(body) || !isRecord(body.data)) return null;
  const { version, step, entry } = body.data;
  if (typeof version !== 'number' || (step !== null && typeof step !== 'string')) return null;
  return { version, step, entry: isRecord(entry) ? { event: entry.event, version: entry.version } : null };
}

function describeFailure(answer: Answer): string {
  const msg =
    isRecord(answer.body) && typeof answer.body.msg === 'string'
      ? answer.body.msg
      : JSON.stringify(answer.body).slice(0, 200);
  return `HTTP ${answer.status}: ${msg}`;
}

async function login(http: BenchHttp, username: Actor): Promise<string> {
  const answer = await http.request(null, 'POST', '/api/login/login', { username, password: DEMO_PASSWORD });
  const token = isRecord(answer.body) && isRecord(answer.body.data) ? answer.body.data.token : undefined;
  if (answer.status !== 200 || typeof token !== 'string')
    throw new Error(`login ${username} failed: ${describeFailure(answer)}`);
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
async function createItems(env: WorkflowEnv, database: Database, count: number): Promise<number[]> {
  const applicant = await userNamed(database, 'ent_gz');
  const holder = await userNamed(database, 'person1');
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const row = await database.db.transaction(async (tx) => {
      const saved = await createApplication(env, tx, {
        businessType: 'newCert',
        applicantUserId: applicant.userId,
        enterpriseId: applicant.enterpriseId,
        personId: holder.personId,
        holderUserId: null,
        certificateId: null,
        payload: { category: 'C3', position: '08' },
      });
      return applyEvent(
        env,
        tx,
        saved,
        { type: 'SUBMIT', actorId: applicant.userId, roleKey: 'enterprise', version: 0 },
        applicant.nickName,
      );
    });
    // gz_sl and gz_cb act only in area 1: an item elsewhere would turn every request into a 403.
    if (row.area !== '1') throw new Error(`application ${row.id} landed in area ${row.area}, expected 1 (广州)`);
    ids.push(row.id);
  }
  return ids;
}

const itemsPerClient = (clients: number, transitions: number) =>
  Math.max(2, Math.ceil(transitions / (clients * TRANSITIONS_PER_ITEM)));

// ---------------------------------------------------------------------------------------------
// The API level

interface ApiLevel {
  label: string;
  clients: number;
  items: number;
  transitions: number;
  errors: number;
  errorSamples: string[];
  elapsedMs: number;
  latencyMs: number[];
  serverCpuMs: number | null;
  /** PostgreSQL's processes (a throwaway cluster only) */
  databaseCpuMs: number | null;
  clientCpuMs: number;
  stoppedBy: 'count' | 'time';
}

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

interface Run {
  http: BenchHttp;
  tokens: Record<Actor, string>;
  level: ApiLevel;
}

function recordError(level: ApiLevel, item: Item, what: string): void {
  level.errors += 1;
  if (level.errorSamples.length < ERROR_SAMPLES)
    level.errorSamples.push(`application ${item.id} at ${item.step}: ${what}`);
}

/** After an error the client's idea of the item may be wrong: reread it (untimed) so one failure does not cascade. */
async function resync(run: Run, item: Item): Promise<void> {
  try {
    const state = stateOf((await run.http.request(run.tokens.gz_sl, 'GET', `/api/workflow/${item.id}`)).body);
    if (state && (state.step === 'sl' || state.step === 'cb'))
      Object.assign(item, { version: state.version, step: state.step });
  } catch {
    /* the next attempt will report it */
  }
}

/** One timed transition; the item advances only on the expected answer. */
async function transition(run: Run, item: Item): Promise<void> {
  const move = MOVES[item.step];
  const started = performance.now();
  let answer: Answer;
  try {
    answer = await run.http.request(run.tokens[move.actor], 'POST', `/api/workflow/${item.id}/events`, {
      type: move.type,
      comment: move.comment,
      version: item.version,
    });
  } catch (err) {
    run.level.latencyMs.push(performance.now() - started);
    recordError(run.level, item, `request failed: ${err instanceof Error ? err.message : String(err)}`);
    await resync(run, item);
    return;
  }
  run.level.latencyMs.push(performance.now() - started);
  const state = stateOf(answer.body);
  // The answer must be the application after this transition, with the history row this transition wrote.
  if (
    answer.status !== 200 ||
    !state ||
    state.step !== move.next ||
    state.version !== item.version + 1 ||
    state.entry?.event !== move.type ||
    state.entry.version !== state.version
  ) {
    recordError(
      run.level,
      item,
      answer.status === 200
        ? `HTTP 200 but step ${state?.step ?? '?'} version ${state?.version ?? '?'} with history row ${JSON.stringify(state?.entry ?? null)}, expected ${move.next} ${item.version + 1} ${move.type}`
        : describeFailure(answer),
    );
    await resync(run, item);
    return;
  }
  item.version = state.version;
  item.step = move.next;
  run.level.transitions += 1;
}

async function runApiLevel(
  http: BenchHttp,
  tokens: Record<Actor, string>,
  server: RunningServer,
  postmasterPid: number | null,
  label: string,
  clients: number,
  transitions: number,
  items: Item[],
): Promise<ApiLevel> {
  const perClient = items.length / clients;
  const level: ApiLevel = {
    label,
    clients,
    items: items.length,
    transitions: 0,
    errors: 0,
    errorSamples: [],
    elapsedMs: 0,
    latencyMs: [],
    serverCpuMs: null,
    databaseCpuMs: null,
    clientCpuMs: 0,
    stoppedBy: 'count',
  };
  const run: Run = { http, tokens, level };
  const budget = new Budget(transitions, TIME_CAP_MS);
  const serverCpuBefore = processTreeCpuMs(server.pid);
  const databaseCpuBefore = postmasterPid ? processTreeCpuMs(postmasterPid) : null;
  const clientCpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      const own = items.slice(c * perClient, (c + 1) * perClient);
      // Each client takes its own items in turn, so each item's history grows at the same pace.
      for (let i = 0; budget.take(); i += 1) await transition(run, own[i % own.length]!);
    }),
  );
  level.elapsedMs = performance.now() - started;
  const cpu = process.cpuUsage(clientCpuBefore);
  level.clientCpuMs = (cpu.user + cpu.system) / 1000;
  const serverCpuAfter = processTreeCpuMs(server.pid);
  level.serverCpuMs = serverCpuBefore !== null && serverCpuAfter !== null ? serverCpuAfter - serverCpuBefore : null;
  const databaseCpuAfter = postmasterPid ? processTreeCpuMs(postmasterPid) : null;
  level.databaseCpuMs =
    databaseCpuBefore !== null && databaseCpuAfter !== null ? databaseCpuAfter - databaseCpuBefore : null;
  level.stoppedBy = budget.timedOut ? 'time' : 'count';
  return level;
}

const throughput = (l: ApiLevel) => (l.elapsedMs > 0 ? (l.transitions * 1000) / l.elapsedMs : 0);

// ---------------------------------------------------------------------------------------------
// The limit: pgbench with the transition's SQL

/**
 * What a transition asks of PostgreSQL, without the application around it: lock the row, write
 * the new snapshot, step and version, insert the history row, commit. The items are applications
 * of their own (each client its own, as the API's clients), so no two clients wait on one row.
 */
function pgbenchScript(): string {
  return [
    '\\set k random(0, :per - 1)',
    '\\set id :first + :client_id * :per + :k',
    'BEGIN;',
    'SELECT version FROM application WHERE id = :id FOR UPDATE;',
    "UPDATE application SET snapshot = snapshot, step = CASE WHEN step = 'sl' THEN 'cb' ELSE 'sl' END, version = version + 1, updated_at = now() WHERE id = :id RETURNING version AS v \\gset",
    "INSERT INTO application_history (application_id, version, event, result_code, step, actor_id, actor_name, role_key, comment, from_state, to_state, created_at) VALUES (:id, :v, 'AGREE', 1, 'sl', :actor, 'pgbench', 'stepRole', '材料齐全，符合要求，同意', 'inReview.sl', 'inReview.cb', now());",
    'END;',
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Honesty: every answered transition left its history row, and the stored snapshots replay

async function checkHistory(database: Database, http: BenchHttp, token: string, items: Item[]): Promise<string[]> {
  const problems: string[] = [];
  const ids = items.map((i) => i.id);
  const { rows } = await database.pool!.query<{ id: number; version: number; history: number }>(
    'select a.id, a.version, (select count(*)::int from application_history h where h.application_id = a.id) as history from application a where a.id = any($1::int[])',
    [ids],
  );
  for (const r of rows)
    if (r.history !== r.version)
      problems.push(`application ${r.id}: version ${r.version} but ${r.history} history rows`);
  const expected = new Map(items.map((i) => [i.id, i.version]));
  for (const r of rows)
    if (expected.get(r.id) !== r.version)
      problems.push(`application ${r.id}: stored version ${r.version}, the client saw ${expected.get(r.id)}`);
  for (const item of items.filter((_, i) => i % Math.max(1, Math.floor(items.length / 20)) === 0)) {
    const answer = await http.request(token, 'GET', `/api/workflow/${item.id}/audit`);
    const consistent = isRecord(answer.body) && isRecord(answer.body.data) && answer.body.data.consistent === true;
    if (!consistent)
      problems.push(`application ${item.id}: the audit replay does not match (${describeFailure(answer)})`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------

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

async function settingsOf(database: Database): Promise<{ version: string; fsync: string; synchronousCommit: string }> {
  const one = async (q: string) => (await database.pool!.query<Record<string, string>>(q)).rows[0] ?? {};
  return {
    version: (await one('select version()')).version ?? 'unknown',
    fsync: (await one('show fsync')).fsync ?? '?',
    synchronousCommit: (await one('show synchronous_commit')).synchronous_commit ?? '?',
  };
}

interface LevelPair {
  clients: number;
  /** The ratio API / pgbench of every round of this level, in the order run (the pair is the median one). */
  roundRatios: number[];
  api: ApiLevel;
  pgbench: PgbenchResult;
  /** PostgreSQL's CPU per pgbench transaction (a throwaway cluster only) */
  pgbenchDatabaseCpuMs: number | null;
}

const f1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');

function resultTable(pairs: LevelPair[]): string {
  return table(
    [
      'Clients',
      'Ratio of each round',
      'API transitions/s',
      'API p50 / p95 / p99 ms',
      'pgbench tps (before / after the API)',
      'pgbench p50 / p95 ms',
      'Ratio API / pgbench',
      'API CPU ms/transition: server / PostgreSQL / load generator',
      'pgbench: PostgreSQL CPU ms/transaction',
      'Transitions',
      'Errors',
      'Stopped by',
    ],
    pairs.map(({ clients, roundRatios, api, pgbench, pgbenchDatabaseCpuMs }) => {
      const l = summarize(api.latencyMs);
      return [
        clients,
        roundRatios.map((r) => r.toFixed(2)).join(', '),
        f1(throughput(api)),
        `${f1(l.p50)} / ${f1(l.p95)} / ${f1(l.p99)}`,
        `${f1(pgbench.tps)} (${pgbench.runsTps.map(f1).join(' / ')})`,
        `${f1(pgbench.latency.p50)} / ${f1(pgbench.latency.p95)}`,
        (throughput(api) / pgbench.tps).toFixed(2),
        [api.serverCpuMs, api.databaseCpuMs, api.clientCpuMs]
          .map((ms) => (ms === null || api.transitions === 0 ? '–' : (ms / api.transitions).toFixed(2)))
          .join(' / '),
        pgbenchDatabaseCpuMs === null ? '–' : pgbenchDatabaseCpuMs.toFixed(2),
        api.transitions,
        api.errors,
        api.stoppedBy === 'count' ? 'count' : 'time cap',
      ];
    }),
  );
}

/** Per clients count, the round whose ratio is the median of its rounds (the lower middle one of an even count), with every round's ratio. */
function medianRounds(played: LevelPair[]): LevelPair[] {
  const ratio = (p: LevelPair) => throughput(p.api) / p.pgbench.tps;
  return CLIENTS.flatMap((clients) => {
    const ofLevel = played.filter((p) => p.clients === clients);
    const sorted = [...ofLevel].sort((a, b) => ratio(a) - ratio(b));
    const median = sorted[Math.floor((sorted.length - 1) / 2)];
    return median ? [{ ...median, roundRatios: ofLevel.map(ratio) }] : [];
  });
}

function goals(pairs: LevelPair[]): string[] {
  const out: string[] = [];
  for (const p of pairs.filter((x) => x.clients >= 8)) {
    const ratio = throughput(p.api) / p.pgbench.tps;
    out.push(
      `ratio at ${p.clients} clients: ${ratio.toFixed(2)} (goal ≥ ${RATIO_GOAL}) ${ratio >= RATIO_GOAL ? 'met' : 'NOT met'}`,
    );
  }
  const eight = pairs.find((p) => p.clients === 8);
  if (eight) {
    const p95 = summarize(eight.api.latencyMs).p95;
    out.push(`p95 at 8 clients: ${f1(p95)} ms (goal ≤ ${P95_GOAL_MS} ms) ${p95 <= P95_GOAL_MS ? 'met' : 'NOT met'}`);
  }
  return out;
}

function report(input: {
  startedAt: Date;
  command: string;
  server: BenchServer;
  settings: Awaited<ReturnType<typeof settingsOf>>;
  loadBefore: string;
  loadAfter: string;
  pairs: LevelPair[];
  played: LevelPair[];
  warmUp: ApiLevel;
  problems: string[];
}): string {
  const errors = input.played.flatMap((p) => p.api.errorSamples.map((e) => `c=${p.clients}: ${e}`));
  return [
    '# Workflow transition benchmark',
    '',
    `Run on ${input.startedAt.toISOString()} with \`${input.command}\` (written by \`scripts/bench-workflow.ts\`; rerun to refresh).`,
    '',
    resultTable(input.pairs),
    '',
    ...goals(input.pairs).map((g) => `- ${g}`),
    `- history: ${input.problems.length === 0 ? 'every answered transition left its history row, stored versions match what the clients saw, and the sampled audits replay to the stored snapshots' : `PROBLEMS: ${input.problems.slice(0, 5).join('; ')}`}`,
    '',
    ...(errors.length > 0 ? ['Errors seen (first few per level):', '', ...errors.map((e) => `- ${e}`), ''] : []),
    '## Machine',
    '',
    `- ${machineLine()}`,
    `- Load average (1/5/15 min): ${input.loadBefore} before the timed levels, ${input.loadAfter} after them. The machine is shared with other work: each ratio compares two figures taken within seconds of each other on the same load.`,
    `- PostgreSQL: ${input.settings.version}; ${input.server.source === 'PG_URL' ? 'the server at `PG_URL`' : 'a throwaway cluster started by the script'}, fsync=${input.settings.fsync}, synchronous_commit=${input.settings.synchronousCommit} (every commit waits for the disk)`,
    `- API: server/main.ts with WEB_CONCURRENCY=${PROCESSES} (processes sharing the port), DB_POOL_MAX=${POOL_MAX} connections each, LOG_LEVEL=info to a log file; warm-up of ${input.warmUp.transitions} transitions at ${input.warmUp.clients} clients not counted`,
    '',
    '## What the numbers include',
    '',
    'API: each figure is one `POST /api/workflow/:id/events` as the load generator sees it, from sending the request to having read the',
    'whole JSON answer, over kept-alive loopback HTTP from a separate process (the load generator speaks HTTP/1.1 on node:net). It includes the auth hook, validation of the body, the sender checks, the state machine, the',
    'transaction that updates the application under its version check, inserts the history row and the to-dos and messages of',
    'whoever must act next, the durable commit, and the answer: the application as the queues show it, with the events the caller',
    'may send now and the history row it wrote (the whole history is read by GET /workflow/:id). The session (user, roles, permissions) and the application are those',
    "the server process last read or wrote: the transition's one statement writes only if the application's row (xmin) and the session's",
    "fingerprint (every fact the caller's rights are made of, recomputed in the statement) are still as read, else the call is decided again",
    "on the database (session and application read in one query): an application's first transition in a level takes that path. The operation-log row is written after the answer, in batches whose commit does not wait for the disk (the transition's does). Each virtual client owns its own",
    'applications and alternates AGREE by `gz_sl` (受理 → 承办) and RETURN with a comment by `gz_cb` (承办 → 受理), always sending the',
    'version of its previous answer; any other answer counts as an error. Applications are new for every round and see about',
    `${TRANSITIONS_PER_ITEM} transitions each.`,
    '',
    `Rounds: each level runs ${ROUNDS} time(s) in a row (pgbench, API, pgbench); the table shows the round with the median ratio and lists every round's ratio, and the goals are read on that round.`,
    '',
    'pgbench: the same clients count on the same database, for ' +
      `${PGBENCH_HALF} s just before the API level and ${PGBENCH_HALF} s just after it (the figure is both together): ` +
      '`SELECT … FOR UPDATE` of the',
    'application, `UPDATE` of its snapshot, step, version and time, `INSERT` of the history row, `COMMIT` (prepared statements),',
    'each client on applications of its own. That is the least a transition asks of the database, so the ratio says how much',
    "of what the database allows the API delivers. CPU: the time of the server processes, of PostgreSQL's processes (a",
    "throwaway cluster only; pgbench's own connections are not running then) and of the load generator, per successful transition.",
    '',
  ].join('\n');
}

/** BENCH_PG_STATS=1: where PostgreSQL's time goes, statement by statement (pg_stat_statements; a throwaway cluster only). */
const PG_STATS = process.env.BENCH_PG_STATS === '1';
/**
 * BENCH_PG_SETTINGS='name=value …': more settings for the throwaway cluster, e.g. auto_explain
 * (`shared_preload_libraries=auto_explain auto_explain.log_min_duration=0 auto_explain.log_analyze=on
 * auto_explain.sample_rate=0.002 auto_explain.log_nested_statements=on`) to see the plans and the
 * foreign-key triggers of sampled transitions in the cluster's log. Given last, they win over
 * BENCH_PG_STATS's (name both libraries then).
 */
const EXTRA_PG_SETTINGS = (process.env.BENCH_PG_SETTINGS ?? '').split(' ').filter(Boolean);

async function printStatementStats(database: Database): Promise<void> {
  const { rows } = await database.pool!.query<{
    calls: string;
    plans: string;
    plan: number;
    exec: number;
    mean_plan: number;
    mean_exec: number;
    query: string;
  }>(
    `select calls, plans, total_plan_time as plan, total_exec_time as exec, mean_plan_time as mean_plan, mean_exec_time as mean_exec, query
     from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
     order by total_plan_time + total_exec_time desc limit 12`,
  );
  console.log('\nPostgreSQL statements by time (plan + execute), timed levels only:');
  for (const r of rows) {
    console.log(
      `${(r.plan + r.exec).toFixed(0).padStart(7)} ms  ${String(r.calls).padStart(6)} calls ${String(r.plans).padStart(6)} plans  plan ${r.mean_plan.toFixed(3)} exec ${r.mean_exec.toFixed(3)} ms  ${r.query.replace(/\s+/g, ' ').slice(0, 140)}`,
    );
  }
}

async function main(): Promise<number> {
  const server = acquireServer({
    durable: true,
    settings: [
      ...(PG_STATS ? ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track_planning=on'] : []),
      ...EXTRA_PG_SETTINGS,
    ],
  });
  if (!server) {
    console.error(
      'bench:workflow needs PostgreSQL: set PG_URL (a server where this user may create databases) or install the PostgreSQL server binaries (initdb, pg_ctl) for a throwaway cluster.',
    );
    return 2;
  }
  const pgbenchBin = findPgbench(server.binDir);
  if (!pgbenchBin) {
    server.stop();
    console.error('pgbench not found: install postgresql-contrib / the server binaries, or set PGBENCH.');
    return 2;
  }
  const cleanup = new Cleanup();
  cleanup.add('stop the PostgreSQL server', () => server.stop());
  // Ctrl-C must not leave a database, a cluster or a server behind.
  const onSignal = () => {
    void cleanup.runAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const startedAt = new Date();
    const name = `safecert_bench_${startedAt.toISOString().replace(/\D/g, '').slice(0, 17)}`;
    await createDatabase(server.adminUrl, name);
    cleanup.add(`drop database ${name}`, () => dropDatabase(server.adminUrl, name));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-bench-'));
    cleanup.add('remove the data directory', () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const databaseUrl = urlForDatabase(server.adminUrl, name);
    const config: AppConfig = loadConfig({
      DATA_DIR: dataDir,
      CLIENT_DIR: '',
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '1',
    });
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
    cleanup.add('close the database pool', () => database.close());
    const seeded = await prepareDatabase(database, config);
    if (seeded.kind !== 'demo') throw new Error(`expected a demo seed on the fresh database, got ${seeded.kind}`);
    const settings = await settingsOf(database);
    console.log(
      `Database ${name} seeded (${seeded.applications} demo applications); ${settings.version.split(',')[0]}, fsync=${settings.fsync}, synchronous_commit=${settings.synchronousCommit}`,
    );

    registerBusinessTypes();
    const env: WorkflowEnv = { clock: systemClock, config };
    const rounds = CLIENTS.flatMap((clients) => Array.from({ length: ROUNDS }, () => clients));
    const sizes = [
      WARM_UP.clients * itemsPerClient(WARM_UP.clients, WARM_UP.transitions),
      ...rounds.map((c) => c * itemsPerClient(c, TRANSITIONS[c]!)),
    ];
    const pgbenchCount = Math.max(...CLIENTS) * PGBENCH_ITEMS_PER_CLIENT;
    const createStarted = performance.now();
    const pgbenchIds = await createItems(env, database, pgbenchCount);
    const apiIds = await createItems(
      env,
      database,
      sizes.reduce((a, b) => a + b, 0),
    );
    console.log(
      `${pgbenchIds.length + apiIds.length} newCert applications created and submitted in ${((performance.now() - createStarted) / 1000).toFixed(1)} s (pgbench ${pgbenchIds.length}, API ${sizes.join(' + ')})`,
    );
    // pgbench addresses its items as first + client * per + k: they must be consecutive.
    if (pgbenchIds.some((id, i) => id !== pgbenchIds[0]! + i))
      throw new Error('the pgbench applications did not get consecutive ids');
    const [actor] = await database.db.select({ id: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, 'gz_sl'));
    // As autovacuum would after that many new rows: the figures are for a database with statistics.
    await database.exec('analyze');

    const logFile = path.join(dataDir, 'server.log');
    const api = await startServer({
      dataDir,
      logFile,
      // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof': where the server's time goes.
      nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
      env: {
        DATABASE_URL: databaseUrl,
        CLIENT_DIR: '',
        WEB_CONCURRENCY: String(PROCESSES),
        DB_POOL_MAX: String(POOL_MAX),
        LOG_LEVEL: 'info',
      },
    });
    cleanup.add('stop the API server', () => api.stop());
    console.log(`API: ${PROCESSES} process(es) on ${api.url}, healthy after ${(api.msToHealthy / 1000).toFixed(1)} s`);
    const http = new BenchHttp(api.url, Math.max(...CLIENTS) + 4);
    cleanup.add('close the HTTP client', () => http.close());
    const tokens: Record<Actor, string> = {
      ent_gz: await login(http, 'ent_gz'),
      gz_sl: await login(http, 'gz_sl'),
      gz_cb: await login(http, 'gz_cb'),
    };

    const itemSets: Item[][] = [];
    let offset = 0;
    for (const n of sizes) {
      itemSets.push(apiIds.slice(offset, offset + n).map((id) => ({ id, version: 1, step: 'sl' as CycleStep })));
      offset += n;
    }
    const warmUp = await runApiLevel(
      http,
      tokens,
      api,
      server.postmasterPid,
      'warm-up',
      WARM_UP.clients,
      WARM_UP.transitions,
      itemSets[0]!,
    );
    console.log(
      `warm-up: ${warmUp.transitions} transitions, ${warmUp.errors} errors in ${(warmUp.elapsedMs / 1000).toFixed(1)} s`,
    );

    if (PG_STATS) {
      await database.exec('create extension if not exists pg_stat_statements');
      await database.exec('select pg_stat_statements_reset()');
    }
    const loadBefore = loadAverage();
    const played: LevelPair[] = [];
    for (const [i, clients] of rounds.entries()) {
      // Half of pgbench's time just before the API level and half just after: a drift of the
      // machine's load during the level weighs on both figures of the ratio alike.
      const pgbenchRun = async () => {
        const cpuBefore = server.postmasterPid ? processTreeCpuMs(server.postmasterPid) : null;
        const result = await runPgbench(pgbenchBin, {
          url: databaseUrl,
          clients,
          seconds: PGBENCH_HALF,
          script: pgbenchScript(),
          vars: { first: pgbenchIds[0]!, per: PGBENCH_ITEMS_PER_CLIENT, actor: actor!.id },
        });
        const cpuAfter = server.postmasterPid ? processTreeCpuMs(server.postmasterPid) : null;
        return { result, cpuMs: cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null };
      };
      const before = await pgbenchRun();
      const level = await runApiLevel(
        http,
        tokens,
        api,
        server.postmasterPid,
        `c=${clients}`,
        clients,
        TRANSITIONS[clients]!,
        itemSets[i + 1]!,
      );
      const after = await pgbenchRun();
      const pgbench = joinRuns(before.result, after.result);
      const pgbenchDatabaseCpuMs =
        before.cpuMs !== null && after.cpuMs !== null && pgbench.transactions > 0
          ? (before.cpuMs + after.cpuMs) / pgbench.transactions
          : null;
      console.log(
        `pgbench c=${clients}: ${pgbench.tps.toFixed(1)} tps (${before.result.tps.toFixed(1)} before, ${after.result.tps.toFixed(1)} after the API), p95 ${pgbench.latency.p95.toFixed(1)} ms${pgbench.failed ? `, ${pgbench.failed} failed` : ''}${pgbenchDatabaseCpuMs === null ? '' : `, PostgreSQL CPU ${pgbenchDatabaseCpuMs.toFixed(2)} ms/transaction`}`,
      );
      console.log(
        `API c=${clients}: ${level.transitions} transitions, ${level.errors} errors in ${(level.elapsedMs / 1000).toFixed(1)} s = ${throughput(level).toFixed(1)}/s, ratio ${(throughput(level) / pgbench.tps).toFixed(2)}`,
      );
      played.push({ clients, roundRatios: [], api: level, pgbench, pgbenchDatabaseCpuMs });
    }
    const pairs = medianRounds(played);
    const loadAfter = loadAverage();
    if (PG_STATS) await printStatementStats(database);
    const problems = await checkHistory(database, http, tokens.gz_sl, itemSets.flat());

    console.log(`\n${resultTable(pairs)}\n`);
    for (const g of goals(pairs)) console.log(g);
    for (const p of problems.slice(0, 10)) console.log(`history problem: ${p}`);
    for (const p of played) for (const e of p.api.errorSamples) console.log(`error c=${p.clients}: ${e}`);
    const viaNpm = process.env.npm_lifecycle_event === 'bench:workflow';
    const command = `${server.source === 'PG_URL' ? 'PG_URL=… ' : ''}${viaNpm ? 'npm run bench:workflow' : 'npx tsx scripts/bench-workflow.ts'}`;
    fs.mkdirSync(path.dirname(REPORT_FILE), { recursive: true });
    fs.writeFileSync(
      REPORT_FILE,
      report({ startedAt, command, server, settings, loadBefore, loadAfter, pairs, played, warmUp, problems }),
    );
    console.log(`Written ${path.relative(ROOT, REPORT_FILE)}`);
    // The clients own distinct items, so any error is a finding: say so in the exit code too.
    return played.some((p) => p.api.errors > 0) || problems.length > 0 ? 1 : 0;
  } finally {
    await cleanup.runAll();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    process.exit(1);
  },
);
