/**
 * `npm run bench:search`: the search, statistics and workbench calls against the scale dataset
 * (`npm run seed:scale`) on PostgreSQL, over loopback HTTP at 1 and 16 concurrent clients, with the
 * same SQL run directly through node-postgres in the same run; prints p50/p95 of both and their
 * ratio, EXPLAIN plans of the slowest statements, and writes docs/benchmarks/search.md.
 *
 * DATABASE_URL names the filled database. The server runs as its own process (server/main.ts, log
 * level warn) so that the load generator does not share its event loop. Goals (issue #11): lists
 * p95 ≤ 50 ms and ≤ 3 × the direct SQL; figures p95 ≤ 200 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig } from '../server/config.js';
import { postgresPoolConfig, wrapPool } from '../server/db/client.js';
import type { AuthUser } from '../server/lib/authUser.js';
import { systemClock } from '../server/lib/clock.js';
import { resolveSession } from '../server/modules/auth/session.service.js';
import { PolicyStore, defaultPolicy } from '../server/services/policy.js';
import type { AppContext } from '../server/context.js';
import { BenchHttp } from './lib/bench-http.js';
import { describeMachine, loadAverage } from './lib/bench-machine.js';
import { percentile } from './lib/bench-stats.js';
import { asSent, recordingDb, serve, type Statement } from './lib/bench-search-direct.js';
import { samples, scenarios, type Caller, type Scenario } from './lib/bench-search-scenarios.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const REPORT = path.join(ROOT, 'docs', 'benchmarks', 'search.md');
const USERS: Record<Caller, string> = { province: 'province', centre: 'gz_sl', enterprise: 'ent_gz' };
const PASSWORD = 'Demo#2026';
/**
 * Requests one after another per scenario, each followed by its direct SQL (HTTP and SQL see the
 * same moments of the machine). Twenty made the p95 the 19th of 20 requests: one GC pause or a
 * burst of a neighbour on the shared machine decided it (p95 twice the p50 in one run, not in the
 * next); sixty, measured as two runs of sixty (HTTP, then SQL), still let a neighbour's burst of a
 * few seconds land on one side only (enterprises with no filter: p95 3.7 ms against a p50 of 1.7,
 * its SQL 1.0). Alternated, about 2 % of the requests of a 1 ms list take twice the median
 * (2,000 measured: scattered, one every ~150 ms, as the server's young-generation collections);
 * at 200 requests one burst of seven more (a neighbour, ~40 ms) made the p95; at 400 it takes
 * twenty.
 */
const ROUNDS_C1 = Number(process.env.BENCH_ROUNDS_C1 ?? 400);
/**
 * Requests per client at 16 clients, in two halves each followed by the same load of direct SQL.
 * Five (80 a scenario) measured the start of a burst more than a serving server: its p95 was the
 * fourth-slowest request, and varied by ±40 % between runs.
 */
const PER_CLIENT_C16 = Number(process.env.BENCH_PER_CLIENT ?? 40);
const HALVES_C16 = 2;
/** The least time of warm-up before the first timed request. */
const WARM_MS = Number(process.env.BENCH_WARM_MS ?? 20_000);
/** BENCH_ONLY=text: only the scenarios whose label contains it (a quick look at some lists; docs/benchmarks/search.md is then left as it is). */
const ONLY = process.env.BENCH_ONLY ?? '';
const LIST_GOAL_MS = 50;
const FIGURES_GOAL_MS = 200;
const RATIO_GOAL = 3;

const databaseUrl = process.env.DATABASE_URL ?? '';
if (!databaseUrl) {
  console.error(
    'Set DATABASE_URL to a PostgreSQL database filled by `npm run seed:scale` (see docs/benchmarks/search.md).',
  );
  process.exit(2);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

async function startServer(port: number): Promise<ChildProcess> {
  // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof': where the server's time goes.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: fs.mkdtempSync('/tmp/safecert-bench-search-'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('the server did not start');
}

async function login(base: string, user: string): Promise<string> {
  const res = await fetch(`${base}/api/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user, password: PASSWORD }),
  });
  const body = (await res.json()) as { data?: { token?: string }; msg?: string };
  if (!body.data?.token) throw new Error(`login ${user}: ${res.status} ${body.msg}`);
  return body.data.token;
}

interface Measured {
  scenario: Scenario;
  http1: number[];
  direct1: number[];
  http16: number[];
  direct16: number[];
  errors: string[];
  estimated: boolean;
  statements: number;
}

/** Runs `task` by `clients` concurrent loops, each `perClient` times; returns the latencies. */
async function level(clients: number, perClient: number, task: (i: number) => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let k = 0; k < perClient; k++) {
        const i = next++;
        const t0 = performance.now();
        await task(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return latencies;
}

/** One client: `a` then `b` for each i, each timed apart, so both meet the same moments of a shared machine. */
async function alternating(
  rounds: number,
  a: (i: number) => Promise<void>,
  b: (i: number) => Promise<void>,
): Promise<[number[], number[]]> {
  const timesA: number[] = [];
  const timesB: number[] = [];
  for (let i = 0; i < rounds; i++) {
    let t0 = performance.now();
    await a(i);
    timesA.push(performance.now() - t0);
    t0 = performance.now();
    await b(i);
    timesB.push(performance.now() - t0);
  }
  return [timesA, timesB];
}

/** `clients` loops of `a`, then of `b`, in `halves` turns: each side's latencies over the same stretch of time. */
async function alternatingLevels(
  clients: number,
  perClient: number,
  halves: number,
  a: (i: number) => Promise<void>,
  b: (i: number) => Promise<void>,
): Promise<[number[], number[]]> {
  const timesA: number[] = [];
  const timesB: number[] = [];
  const share = Math.ceil(perClient / halves);
  for (let h = 0; h < halves; h++) {
    timesA.push(...(await level(clients, share, a)));
    timesB.push(...(await level(clients, share, b)));
  }
  return [timesA, timesB];
}

const p = (values: number[], q: number) =>
  percentile(
    [...values].sort((a, b) => a - b),
    q,
  );

/**
 * The machine's speed now: a fixed statement that only computes (no table, nothing cached), timed
 * 20 times on one idle connection, median in ms. The 2-core VMs this runs on vary by a third in
 * speed within an hour; this figure at the start and end lets two runs' latencies be compared.
 */
async function machineSpeed(pool: pg.Pool): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await pool.query('select sum(i) from generate_series(1, 200000) i');
    times.push(performance.now() - t0);
  }
  return p(times, 50);
}
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');

async function main() {
  const startedAt = new Date();
  const now = systemClock.now();
  const pool = new pg.Pool(postgresPoolConfig(databaseUrl, 20));
  const version = (await pool.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
  const speedBefore = await machineSpeed(pool);
  const machine = describeMachine(version);
  const rec = recordingDb(pool);
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl });
  const ctx = {
    config,
    database: wrapPool(pool),
    db: rec.db,
    clock: systemClock,
    policy: new PolicyStore(rec.db, defaultPolicy(config)),
  } as unknown as AppContext;

  const port = await freePort();
  console.log(`starting the server on 127.0.0.1:${port} …`);
  const server = await startServer(port);
  const base = `http://127.0.0.1:${port}`;
  // The load generator shares the two cores with the server and PostgreSQL: a lean client (fetch cost ~0.5 ms of CPU a request).
  const client = new BenchHttp(base, 32);
  try {
    const tokens = {} as Record<Caller, string>;
    const users = {} as Record<Caller, AuthUser>;
    for (const [caller, name] of Object.entries(USERS) as [Caller, string][]) {
      tokens[caller] = await login(base, name);
      users[caller] = await resolveSession(ctx, tokens[caller]);
    }
    // The server refreshes the statistics at start: wait for the figures.
    for (let i = 0; i < 240; i++) {
      const res = await fetch(`${base}/api/statistics/certs`, { headers: { token: tokens.province } });
      const body = (await res.json()) as { data?: { refreshedAt?: string | null } };
      if (body.data?.refreshedAt && new Date(body.data.refreshedAt) >= startedAt) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const list = scenarios(await samples(rec.db, now)).filter((sc) => sc.label.includes(ONLY));
    console.log(`${list.length} scenarios; c=1: ${ROUNDS_C1} requests each, c=16: 16 clients × ${PER_CLIENT_C16}`);
    // A freshly loaded database reads its pages from disk the first time: one pass over every scenario first.
    const t0 = performance.now();
    const get = (sc: Scenario, i: number) => {
      const q = sc.queries[i % sc.queries.length]!;
      return client.request(tokens[sc.caller], 'GET', `/api${sc.path}${q ? `?${q}` : ''}`);
    };
    const warm = (sc: Scenario, i: number) => get(sc, i).then(() => undefined);
    for (const sc of list) {
      for (let i = 0; i < sc.queries.length; i++) await warm(sc, i);
    }
    // Then 16 at a time, so the server's pooled connections are open and have run each statement
    // as a serving server's have (a new connection reads the catalog, and plans a prepared
    // statement for its values its first five times), not first within a timed level; and for
    // WARM_MS at least, so its code runs optimised as a serving server's does (after one pass the
    // first scenario measured had a p95 twice that of the same list measured later).
    let passes = 0;
    do {
      for (const sc of list) await level(16, 2, (i) => warm(sc, i));
      passes++;
    } while (performance.now() - t0 < WARM_MS);
    console.log(
      `warm-up: one pass over every scenario at 1 client, ${passes} at 16: ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const results: Measured[] = [];
    for (const sc of list) {
      const user = users[sc.caller];
      const statements: Statement[][] = [];
      // Recorded the second time: what a serving server sends for a value it has seen (it believes
      // "many persons have this surname" for a minute, listOrder.ts fewOf, as it reuses estimates).
      for (const q of sc.queries) {
        await rec.record(() => serve(rec.db, user, sc.path, q, now));
        statements.push(await rec.record(() => serve(rec.db, user, sc.path, q, now)));
      }
      const errors: string[] = [];
      let estimated = false;
      const http = async (i: number) => {
        const res = await get(sc, i);
        const body = res.body as { totalExact?: boolean; msg?: string };
        if (res.status !== 200) errors.push(`${res.status} ${body.msg}`);
        if (body.totalExact === false) estimated = true;
      };
      // What the route's service sent, straight to PostgreSQL, concurrently (a floor: the service waits for some in turn).
      // The server plans a query for its estimate once a minute per filter value (listTotal.ts), not
      // per request: the replay leaves that EXPLAIN out too, so the floor is not raised by it.
      const replayed = statements.map((list) => list.filter((st) => !/^\s*explain/i.test(st.text)));
      const direct = async (i: number) => {
        await Promise.all(replayed[i % replayed.length]!.map((s) => pool.query(asSent(s))));
      };
      for (let i = 0; i < sc.queries.length; i++) {
        await http(i);
        await direct(i);
      }
      const [http1, direct1] = await alternating(ROUNDS_C1, http, direct);
      const [http16, direct16] = await alternatingLevels(16, PER_CLIENT_C16, HALVES_C16, http, direct);
      const m: Measured = {
        scenario: sc,
        http1,
        direct1,
        http16,
        direct16,
        errors,
        estimated,
        statements: Math.max(...statements.map((s) => s.length)),
      };
      results.push(m);
      console.log(
        `${sc.label.padEnd(48)} ${sc.caller.padEnd(10)} c=1 p95 ${ms(p(http1, 95)).padStart(7)} ms (direct ${ms(p(direct1, 95)).padStart(6)}, ×${(p(http1, 95) / p(direct1, 95)).toFixed(1)})` +
          `  c=16 p95 ${ms(p(http16, 95)).padStart(7)} ms (direct ${ms(p(direct16, 95)).padStart(6)}, ×${(p(http16, 95) / p(direct16, 95)).toFixed(1)})${errors.length ? `  ${errors.length} errors` : ''}`,
      );
    }
    const plans = await slowPlans(pool, rec, users, list, results, now);
    const loadAfter = loadAverage();
    const speed = { before: speedBefore, after: await machineSpeed(pool) };
    console.log(
      `machine speed (a fixed computing statement, median ms): ${ms(speed.before)} at the start, ${ms(speed.after)} at the end`,
    );
    if (ONLY) {
      console.log(`BENCH_ONLY=${ONLY}: ${path.relative(ROOT, REPORT)} not rewritten (it covers every scenario)`);
    } else {
      fs.mkdirSync(path.dirname(REPORT), { recursive: true });
      fs.writeFileSync(
        REPORT,
        report({ startedAt, machine, loadAfter, speed, results, plans, counts: await counts(pool) }),
      );
      console.log(`wrote ${path.relative(ROOT, REPORT)}`);
    }
  } finally {
    client.close();
    server.kill('SIGTERM');
    await pool.end();
  }
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the slowest statement of the slowest scenarios, for the filter
 * value whose statement was slowest (a scenario's values differ: one common name, one rare).
 */
async function slowPlans(
  pool: pg.Pool,
  rec: ReturnType<typeof recordingDb>,
  users: Record<Caller, AuthUser>,
  list: Scenario[],
  results: Measured[],
  now: Date,
) {
  const slowest = [...results].sort((a, b) => p(b.direct1, 95) - p(a.direct1, 95)).slice(0, 8);
  const out: { label: string; ms: number; text: string; plan: string }[] = [];
  for (const r of slowest) {
    let worst: { ms: number; s: Statement } | null = null;
    for (const q of r.scenario.queries) {
      const statements = await rec.record(() => serve(rec.db, users[r.scenario.caller], r.scenario.path, q, now));
      for (const s of statements.filter((st) => !/^\s*explain/i.test(st.text))) {
        const t0 = performance.now();
        await pool.query(s.text, s.params as unknown[]);
        const t = performance.now() - t0;
        if (!worst || t > worst.ms) worst = { ms: t, s };
      }
    }
    if (!worst) continue;
    const plan = await pool.query(`explain (analyze, buffers) ${worst.s.text}`, worst.s.params as unknown[]);
    out.push({
      label: `${r.scenario.label} (${r.scenario.caller})`,
      ms: worst.ms,
      text: worst.s.text,
      plan: plan.rows.map((row) => Object.values(row)[0]).join('\n'),
    });
  }
  void list;
  return out;
}

async function counts(pool: pg.Pool) {
  const tables = [
    'enterprise',
    'person',
    'certificate',
    'education_record',
    'application',
    'application_history',
    'exam_result',
    'punishment',
    'cert_check_record',
  ];
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = Number((await pool.query(`select count(*)::bigint as n from ${t}`)).rows[0]!.n);
  return out;
}

/** Why lists miss the goal at 16 clients: when the SQL alone, 16 at a time, takes longer, the database on this machine is the floor. */
function shortfall(lists: Measured[]): string[] {
  const missed = lists.filter((r) => p(r.http16, 95) > LIST_GOAL_MS);
  if (missed.length === 0) return [];
  const floor = missed.filter((r) => p(r.direct16, 95) > LIST_GOAL_MS);
  const missed1 = lists.filter((r) => p(r.http1, 95) > LIST_GOAL_MS);
  return [
    '## What is not met',
    '',
    ...(missed1.length
      ? [
          `- At 1 client: ${missed1.map((r) => `${r.scenario.label} (${r.scenario.caller}) ${ms(p(r.http1, 95))} ms, SQL alone ${ms(p(r.direct1, 95))} ms`).join('; ')}.`,
        ]
      : []),
    `- At 16 clients ${missed.length} of ${lists.length} lists miss ${LIST_GOAL_MS} ms. In ${floor.length} of them the SQL alone, sent 16 at a time on this machine's ${os.cpus().length} cores, already takes longer than ${LIST_GOAL_MS} ms at p95` +
      ` (median of those: ${ms(
        p(
          floor.map((r) => p(r.direct16, 95)),
          50,
        ),
      )} ms against ${ms(
        p(
          floor.map((r) => p(r.direct1, 95)),
          50,
        ),
      )} ms one at a time): sixteen statements share two cores, so each waits for the others; that is the floor here, whatever the server does.` +
      (missed.length > floor.length
        ? ` The other ${missed.length - floor.length} (${missed
            .filter((r) => !floor.includes(r))
            .map((r) => r.scenario.label)
            .join(
              '; ',
            )}) miss by the HTTP side: the server process (auth, validation, JSON) shares the same two cores with PostgreSQL and the load generator.`
        : ''),
    '',
  ];
}

function report(input: {
  startedAt: Date;
  machine: ReturnType<typeof describeMachine>;
  loadAfter: string;
  speed: { before: number; after: number };
  results: Measured[];
  plans: Awaited<ReturnType<typeof slowPlans>>;
  counts: Record<string, number>;
}): string {
  const { machine, results } = input;
  const row = (m: Measured) => {
    const goal = m.scenario.kind === 'list' ? LIST_GOAL_MS : FIGURES_GOAL_MS;
    const h1 = p(m.http1, 95);
    const h16 = p(m.http16, 95);
    const r1 = h1 / p(m.direct1, 95);
    const r16 = h16 / p(m.direct16, 95);
    const ok = (v: boolean) => (v ? 'yes' : '**no**');
    return `| ${m.scenario.label} | ${m.scenario.caller} | ${m.scenario.queries.length} | ${ms(p(m.http1, 50))} | ${ms(h1)} | ${ms(p(m.direct1, 95))} | ${r1.toFixed(1)} | ${ms(h16)} | ${ms(p(m.direct16, 95))} | ${r16.toFixed(1)} | ${m.scenario.kind === 'list' ? (m.estimated ? 'estimated' : 'exact') : '–'} | ${ok(h1 <= goal)} / ${ok(h16 <= goal)} | ${m.scenario.kind === 'list' ? `${ok(r1 <= RATIO_GOAL)} / ${ok(r16 <= RATIO_GOAL)}` : '–'} |${m.errors.length ? ` ${m.errors.length} errors: ${m.errors[0]}` : ''}`;
  };
  const lists = results.filter((r) => r.scenario.kind === 'list');
  const figures = results.filter((r) => r.scenario.kind === 'figures');
  const met = (rs: Measured[], goal: number, c: 'http1' | 'http16') => rs.filter((r) => p(r[c], 95) <= goal).length;
  const ratioMet = (c: 'http1' | 'http16', d: 'direct1' | 'direct16') =>
    lists.filter((r) => p(r[c], 95) / p(r[d], 95) <= RATIO_GOAL).length;
  const header =
    '| Scenario | Caller | Values | HTTP p50 c=1 | HTTP p95 c=1 | SQL p95 c=1 | × | HTTP p95 c=16 | SQL p95 c=16 | × | Total | p95 goal c=1 / c=16 | ≤ 3 × SQL c=1 / c=16 |';
  const sep = `|${header
    .split('|')
    .slice(1, -1)
    .map(() => '---')
    .join('|')}|`;
  return [
    '# Search, statistics and workbench benchmark',
    '',
    `Run on ${input.startedAt.toISOString()} with \`DATABASE_URL=… npm run bench:search\` (written by \`scripts/bench-search.ts\`; rerun to refresh) against the dataset of \`npm run seed:scale\` (scale 1):`,
    Object.entries(input.counts)
      .map(([t, n]) => `${t} ${n.toLocaleString('en-US')}`)
      .join(', ') + '.',
    '',
    '## Summary',
    '',
    `- Lists (first page, 10 rows): p95 ≤ ${LIST_GOAL_MS} ms in ${met(lists, LIST_GOAL_MS, 'http1')} of ${lists.length} scenarios at 1 client and ${met(lists, LIST_GOAL_MS, 'http16')} of ${lists.length} at 16 clients;` +
      ` ≤ ${RATIO_GOAL} × the direct SQL in ${ratioMet('http1', 'direct1')} of ${lists.length} at 1 client and ${ratioMet('http16', 'direct16')} at 16.`,
    `- Figures (statistics, workbench, province view, check figures): p95 ≤ ${FIGURES_GOAL_MS} ms in ${met(figures, FIGURES_GOAL_MS, 'http1')} of ${figures.length} at 1 client and ${met(figures, FIGURES_GOAL_MS, 'http16')} at 16 clients.`,
    '',
    '## Machine',
    '',
    `- CPU: ${machine.cpu}, ${machine.cores} cores; memory ${machine.memoryGiB} GiB; ${machine.os}; Node ${machine.node}; PostgreSQL ${machine.postgres}`,
    `- Load average (1/5/15 min): ${machine.loadAverage} at the start, ${input.loadAfter} at the end (the machine is shared: other processes ran meanwhile)`,
    `- Speed: \`select sum(i) from generate_series(1, 200000) i\` on an idle connection took ${ms(input.speed.before)} ms (median of 20) at the start and ${ms(input.speed.after)} ms at the end: one figure to compare runs by. It shows a slower processor, not every kind of interference: runs with the same figure have differed at 16 clients.`,
    "- Server: `server/main.ts` as its own process (LOG_LEVEL=warn, a pool of 10 connections and one of 10 for the searches' reads, whose statements are named and planned for their values: `Database.reads`; sessions without JIT or Memoize: `POSTGRES_SESSION_OPTIONS` in server/db/client.ts); the load generator and the direct SQL (through the same session settings) run in this script's process.",
    '',
    '## What is measured',
    '',
    "- Before the timed runs, one pass over every scenario and value (a freshly loaded database reads its pages from disk the first time), then one with 16 clients (the server's pooled connections open and warm, as a serving server's are).",
    `- HTTP: one GET as seen by the client over loopback (auth hook with its session look-up, validation, the queries, JSON). Each scenario cycles through its filter values (names, numbers and words drawn from the data by TABLESAMPLE … REPEATABLE: the same values on every run of the same data); c=1 sends them one after another (${ROUNDS_C1} requests, each followed by its direct SQL, so both meet the same moments of the shared machine), c=16 from 16 concurrent clients (${PER_CLIENT_C16} requests each, in ${HALVES_C16} turns with the same load of direct SQL).`,
    "- SQL: the statements the route's own service functions sent for the same request (recorded once per value through a logging drizzle instance), sent straight to PostgreSQL with node-postgres as the server sends them (a statement the server prepares under a name, under that name, and one without parameters named: both planned once per connection, the others for their values on every call; the dictionary labels and district names kept as the server keeps them), all of one request at once on separate connections — a floor, since the service awaits some of them in turn; \"×\" is HTTP p95 / SQL p95. The EXPLAIN a total's estimate comes from is left out, as is the count of filters seen past 2,000 matches: the server reuses a query's estimate, and its knowing that the query matches more than 2,000 rows, for a minute (server/services/listTotal.ts).",
    '- Totals: exact up to 2,000 matching rows (a LIMIT-bounded count), above that the planner\'s estimate of the same query ("estimated": the page shows 约 N 条); a query and values counted past 2,000 within the minute are not counted again.',
    '',
    '## Results',
    '',
    header,
    sep,
    ...results.map(row),
    '',
    ...shortfall(lists),
    '## The slowest statements and their plans',
    '',
    ...input.plans.flatMap((pl) => [
      `### ${pl.label} — ${pl.ms.toFixed(1)} ms`,
      '',
      '```sql',
      pl.text,
      '```',
      '',
      '```',
      pl.plan,
      '```',
      '',
    ]),
    '## Indexes this work added',
    '',
    'Migration `0014_search_speed` (drizzle, `server/db/schema.ts`; its first statement, `CREATE EXTENSION IF NOT EXISTS pg_trgm`, is written by hand: PGlite loads the extension in `newPglite`, server/db/client.ts): ' +
      '`enterprise(name gin_trgm_ops)` (names containing a word: the enterprise search and the certificate, staff and work searches by enterprise name); ' +
      "`punishment(certificate_id)`, `punishment_certificate(certificate_id)` and the partial `punishment(start_date, end_date, certificate_id, id, person_id) where type = '暂扣' and review_state = 'approved'` (kept: the punishments' look-ups, the 暂扣 job's certificates of the 暂扣 in force, credit/inForce.ts); " +
      "`cert_check_record(checked_at, source, found, certificate_id)` and the partial `application(status, area, step, business_type, accepted_at) where not deleted` (the check figures and the workbench's queues from the index alone).",
    '',
    "Migrations `0026_enterprise_area_district_stats` and `0027_certificate_area` (written by hand where drizzle has no word for it): extended statistics (mcv) on `enterprise(ownership, district_code)`, so a centre filtering by a city of another area is estimated at none (a city is a range of codes, which those statistics estimate, LIKE is not); `certificate.area`, the enterprise's ownership kept by triggers, with `certificate(area, issue_date, id)`, `(area, status, issue_date, id, person_id)`, `(area, category, status, issue_date, id, person_id)` and `(area, status, expiry_date, id, person_id)`: a centre's certificates without joining each candidate to its enterprise, its bounded counts from the index alone. The server's sessions run without Memoize (`enable_memoize=off`, server/db/client.ts).",
    '',
    'Migrations `0029`–`0033`: expression statistics on a valid certificate\'s expiry date (the estimate of valid certificates expiring within a window); `enterprise(ownership, licence_valid_to)` (a centre\'s licences by validity); the district names and the statutory deadlines kept per dictionaries\' version (triggers on `sys_district` and `sys_config`); `application.holder_name`, the holder\'s name kept by triggers, with the partial `application(holder_name collate "C", id) where not deleted`: the work search by a name\'s start is one range of that index, page and count, instead of one descent per person the name names; the same for certificates (0033): `certificate.holder_name` and `holder_id_no`, kept by triggers, with `certificate(holder_name collate "C", issue_date, id, area)` and `(holder_id_no collate "C", issue_date, id, area)`.',
    '',
    "Migrations `0034`–`0037`: the ended applications' figures by whole year (`stat_application_closed_year`) and by month without the city (`stat_application_closed_trend`), filled by the refresh: a period of several years reads its whole years from the first and only its partial years' months from the monthly table; `application_history(actor_id, created_at, event)` (the workbench's work summary from the index alone); `application_waiting_count`, the live waiting applications counted per type, status, step, centre and China day of acceptance by triggers on `application` in the same transaction as every change (server/workflow/waiting.ts): the workbench's queue figures and overdue items read ~5,000 counts instead of the province's 28,000 waiting rows. Migration `0037`: `stat_check_day`, the check records of the days before the refresh's day (an ended day never changes): the check figures read the records only from that day on.",
    '',
    "Migration `0038_enterprise_city`: `enterprise(substr(district_code, 1, 4), name collate \"C\", id, ownership, district_code)` and the joint statistics of the area and that city code: a city is its code's first four digits (textMatch.inDistrict), so a city's enterprises in name order are the index's first entries (they were a range of district codes, all sorted for each page: 2.5 ms for 广州), a centre's own city and the counts read no row; a county's page walks `enterprise(district_code, name, id)` in order.",
    '',
    'Migration `0039_application_holder_id_no`: `application.holder_id_no`, the holder\'s ID number kept by the triggers that keep `holder_name` (0032), with `application(holder_id_no collate "C", id) where not deleted`: the work search by an ID number\'s start is one range of its own index instead of looking up the persons first (a round trip that made it the slowest list at 16 clients).',
    '',
    "Queries: the certificate list picks its page's ids joined only to what the filters read, then joins; a typed name or ID number start is matched on the certificate's own copy of the holder's: its matches, when at most 2,000, are read in the list's order by one statement (their number is the exact total) and the page by their ids under a plan kept per connection, more than that are left to the planner's walk of the order with the total estimated; an ID number that at most 5,000 persons match does the same for the work search's applications through the persons (server/services/listOrder.ts); the status filter is the stored status for every status, the certificate machine's writer keeping it today's (migration 0044 dropped the read-time 暂扣 overlay, its marks, triggers and `certificate(id) where status = '01'`); the page's rows are read with the one SQL form of a certificate as shown (server/modules/certificate/shown.ts), the sort by enterprise name joining the enterprise for its order only. The list pages' columns and joins are rendered to SQL once and reused as text (server/db/prerendered.ts).",
    '',
    'Migration `0012_search_indexes_check_records` (drizzle, `server/db/schema.ts`): byte-order ("C") indexes on the names and numbers the searches match by their start and sort by — `person(name)`, `person(id_no)`, `enterprise(name)`, `enterprise(credit_code)`, `enterprise(district_code)` (a city is a code prefix), `certificate(cert_no)` and `certificate(reverse(cert_no))` (numbers by their start or their end), `application(apply_no)` —; `certificate(issue_date, id)` (the default order); `application(enterprise_id)`, `(person_id)`, `(submitted_at)`, `(closed_at)`, `(status, accepted_at)` (overdue); `cert_check_record(checked_at)`, `(area, checked_at)`, `(certificate_id)`. Migration `0013_statistics_tables`: the refreshed statistics tables (`stat_*`), read instead of the millions of rows.',
    '',
  ].join('\n');
}

await main();
