/**
 * `DATABASE_URL=… tsx scripts/explain-search.ts [label filter] [--all]`: for each search-benchmark
 * scenario whose label contains the filter, the statements its service sends for each filter value,
 * timed directly and, for the slowest (or every one with --all), EXPLAIN (ANALYZE, BUFFERS). The
 * benchmark's report shows one plan per slow scenario and the first value only; this is the tool to
 * look at the value that was slow before changing an index or a query.
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
import { samples, scenarios, type Caller } from './lib/bench-search-scenarios.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('Set DATABASE_URL to the scale database.');
  process.exit(2);
}
const args = process.argv.slice(2);
const all = args.includes('--all');
const filter = args.find((a) => !a.startsWith('--')) ?? '';
const USERS: Record<Caller, string> = { province: 'province', centre: 'gz_sl', enterprise: 'ent_gz' };

const pool = new pg.Pool(postgresPoolConfig(databaseUrl, 4));
const rec = recordingDb(pool);
const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl });
const ctx = { config, database: wrapPool(pool), db: rec.db, clock: systemClock, policy: new PolicyStore(rec.db, defaultPolicy(config)) } as unknown as AppContext;
const now = systemClock.now();
try {
  const users = {} as Record<Caller, NonNullable<Awaited<ReturnType<typeof loadAuthUser>>>>;
  for (const [caller, name] of Object.entries(USERS) as [Caller, string][]) {
    const [u] = await rec.db.select({ id: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, name));
    const user = u && await loadAuthUser(ctx, rec.db, u.id);
    if (!user) throw new Error(`no user ${name}`);
    users[caller] = user;
  }
  for (const sc of scenarios(await samples(rec.db, now)).filter((s) => s.label.includes(filter))) {
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
} finally {
  await pool.end();
}
