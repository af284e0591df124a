/**
 * `DATABASE_URL=… tsx scripts/explain-search.ts [label filter] [--all]`: for each search-benchmark
 * scenario whose label contains the filter, the statements its service sends for each filter value,
 * timed directly and, for the slowest (or every one with --all), EXPLAIN (ANALYZE, BUFFERS). The
 * benchmark's report shows one plan per slow scenario and the first value only; this is the tool to
 * look at the value that was slow before changing an index or a query.
 *
 * `--kept`: instead, runs the scenarios' service calls eight times on one connection and prints the
 * statements the server prepares under a name to keep their plans (runText, samePlan) with how
 * PostgreSQL planned them (pg_prepared_statements): one still planned for its values after its fifth
 * call is not kept — a LIMIT parameter or values the plan for them reads (sql.ts limitInText,
 * anyOfUnseen) make its generic plan look dearer.
 */
import { eq } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig } from '../server/config.js';
import { postgresPoolConfig, wrapPool } from '../server/db/client.js';
import { sysUser } from '../server/db/schema.js';
import type { AppContext } from '../server/context.js';
import { systemClock } from '../server/lib/clock.js';
import { loadAuthUser } from '../server/modules/auth/session.service.js';
import { PolicyStore, defaultPolicy } from '../server/services/policy.js';
import { recordingDb, serve } from './lib/bench-search-direct.js';
import { samples, scenarios, type Caller, type Scenario } from './lib/bench-search-scenarios.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('Set DATABASE_URL to the scale database.');
  process.exit(2);
}
const args = process.argv.slice(2);
const all = args.includes('--all');
const kept = args.includes('--kept');
const filter = args.find((a) => !a.startsWith('--')) ?? '';
const USERS: Record<Caller, string> = { province: 'province', centre: 'gz_sl', enterprise: 'ent_gz' };

// --kept: one connection, so that its prepared statements are all the calls'.
const pool = new pg.Pool(postgresPoolConfig(databaseUrl, kept ? 1 : 4));
const rec = recordingDb(pool);
const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl });
const ctx = {
  config,
  database: wrapPool(pool),
  db: rec.db,
  clock: systemClock,
  policy: new PolicyStore(rec.db, defaultPolicy(config)),
} as unknown as AppContext;
const now = systemClock.now();
try {
  const users = {} as Users;
  for (const [caller, name] of Object.entries(USERS) as [Caller, string][]) {
    const [u] = await rec.db.select({ id: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, name));
    const user = u && (await loadAuthUser(ctx, rec.db, u.id));
    if (!user) throw new Error(`no user ${name}`);
    users[caller] = user;
  }
  const chosen = scenarios(await samples(rec.db, now)).filter((s) => s.label.includes(filter));
  await (kept ? printKeptPlans(chosen, users) : explainEach(chosen, users));
} finally {
  await pool.end();
}

type Users = Record<Caller, NonNullable<Awaited<ReturnType<typeof loadAuthUser>>>>;

/** --kept: the named statements of eight rounds of the scenarios on the one connection, as PostgreSQL planned them. */
async function printKeptPlans(chosen: Scenario[], users: Users) {
  // PostgreSQL plans a named statement for its values five times, then keeps a generic plan if it costs no more.
  for (let round = 0; round < 8; round += 1)
    for (const sc of chosen) for (const q of sc.queries) await serve(rec.db, users[sc.caller], sc.path, q, now);
  const { rows } = await pool.query<{ generic_plans: string; custom_plans: string; statement: string }>(
    'select generic_plans, custom_plans, statement from pg_prepared_statements order by custom_plans desc',
  );
  console.log('generic\tcustom\tstatement (named: meant to keep its plan)');
  for (const r of rows)
    console.log(`${r.generic_plans}\t${r.custom_plans}\t${r.statement.replace(/\s+/g, ' ').slice(0, 220)}`);
  const replanned = rows.filter((r) => Number(r.generic_plans) === 0 && Number(r.custom_plans) > 5);
  console.log(replanned.length ? `${replanned.length} planned on every call` : 'every named statement keeps its plan');
}

/** Each scenario's statements per filter value, timed, and the plan of the slowest (or of each, --all). */
async function explainEach(chosen: Scenario[], users: Users) {
  for (const sc of chosen) {
    console.log(`\n=== ${sc.label} (${sc.caller})`);
    for (const q of sc.queries) {
      const statements = await rec.record(() => serve(rec.db, users[sc.caller], sc.path, q, now));
      const timed: { ms: number; text: string; params: unknown[] }[] = [];
      for (const s of statements) {
        await pool.query(s.text, s.params);
        const t0 = performance.now();
        await pool.query(s.text, s.params);
        timed.push({ ms: performance.now() - t0, ...s });
      }
      console.log(`--- ${decodeURIComponent(q)}: ${timed.map((t) => t.ms.toFixed(1)).join(' + ')} ms`);
      const explain = all ? timed : [timed.reduce((a, b) => (b.ms > a.ms ? b : a))];
      for (const s of explain) {
        if (/^\s*explain/i.test(s.text)) continue;
        console.log(`${s.text}\n  params ${JSON.stringify(s.params)}`);
        const plan = await pool.query(`explain (analyze, buffers) ${s.text}`, s.params);
        console.log(plan.rows.map((r) => `  ${String(Object.values(r)[0])}`).join('\n'));
      }
    }
  }
}
