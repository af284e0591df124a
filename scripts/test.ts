/**
 * `npm test`: type check, lint and format (Biome), unit and machine tests, API tests on PGlite, the same API tests on a
 * real PostgreSQL when one can be had (PG_URL, or a throwaway cluster from initdb), the server
 * bundle as `npm start` runs it (scripts/check-bundle.ts), and the Playwright e2e suite on
 * Chromium against the built app, after the first-page budget check on that build
 * (scripts/check-first-page.ts). Ends with one line `N passed, N failed`.
 *
 * Hours and zones are part of every run, so a date computed in the wrong zone fails at once and not
 * only in the eight hours of the day when UTC and China disagree: the steps run in three different
 * zones (TEST_TZ forces one for all), the API suites on PGlite live at 15:59 UTC (23:59 in China)
 * and on PostgreSQL at 16:01 UTC (00:01 of the next China day) of today (SAFECERT_TEST_NOW forces one
 * instant for both), and tests/api/china-day.test.ts walks the three critical instants itself.
 */
import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startThrowawayPostgres, type ThrowawayPostgres } from './lib/postgres.js';
import { findChromium } from './lib/chromium.js';
import { criticalInstants } from '../tests/helpers/clock.js';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, '.tmp', 'results');
fs.mkdirSync(results, { recursive: true });
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

let passed = 0;
let failed = 0;
const failures: string[] = [];

function run(title: string, cmd: string, args: string[], opts: SpawnSyncOptions = {}): boolean {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts, env: { ...process.env, ...opts.env } });
  const ok = res.status === 0;
  console.log(
    `=== ${title}: ${ok ? 'ok' : `FAILED (exit ${res.status ?? res.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (!ok) failures.push(title);
  return ok;
}

/** Adds the counts of a vitest JSON report. */
function countVitest(file: string, title: string) {
  if (!fs.existsSync(file)) {
    failed += 1;
    return;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numTotalTests: number;
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  if (report.numTotalTests === 0) failures.push(`${title}: no test ran`);
}

function vitestArgs(project: string, out: string): string[] {
  return ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
}

/** Counts a finished vitest run: its report, and a failure that happened before any test ran. */
function vitestDone(title: string, out: string, ok: boolean) {
  if (!ok) failures.push(title);
  countVitest(out, title);
  if (!ok && fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8')) as { numFailedTests: number };
    if (r.numFailedTests === 0) failed += 1; // a suite that crashed before its tests ran
  }
}

function vitest(title: string, project: string, tag: string, env: NodeJS.ProcessEnv = {}) {
  const out = path.join(results, `${tag}.json`);
  fs.rmSync(out, { force: true });
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const res = spawnSync(bin('vitest'), vitestArgs(project, out), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  console.log(`=== ${title}: ${res.status === 0 ? 'ok' : 'FAILED'} in ${seconds(started)} s`);
  vitestDone(title, out, res.status === 0);
}

/**
 * A vitest run beside the next steps, its output in a file shown when it ends. The e2e leaves about
 * a third of two cores unused (one browser and one server); the API suite on PostgreSQL fills it:
 * e2e and that suite together took 1113 s on 2 cores, one after the other 1215 s.
 */
function vitestBeside(title: string, project: string, tag: string, env: NodeJS.ProcessEnv): () => Promise<void> {
  const out = path.join(results, `${tag}.json`);
  const log = path.join(results, `${tag}.log`);
  fs.rmSync(out, { force: true });
  console.log(
    `\n=== ${title}: runs beside the next steps; its output (${path.relative(root, log)}) follows when it ends ===`,
  );
  const started = Date.now();
  const fd = fs.openSync(log, 'w');
  const child = spawn(bin('vitest'), vitestArgs(project, out), {
    cwd: root,
    stdio: ['ignore', fd, fd],
    env: { ...process.env, ...env },
  });
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return async () => {
    const code = await exit;
    fs.closeSync(fd);
    console.log(`\n=== ${title} ===`);
    process.stdout.write(fs.readFileSync(log, 'utf8'));
    console.log(`=== ${title}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds(started)} s`);
    vitestDone(title, out, code === 0);
  };
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

const zone = (fallback: string) => process.env.TEST_TZ ?? fallback;
const instants = criticalInstants(new Date());
const instant = (fallback: Date) => process.env.SAFECERT_TEST_NOW ?? fallback.toISOString();

const only = process.argv.slice(2);
const want = (step: string) => only.length === 0 || only.includes(step);

if (want('types')) {
  if (run('type check (tsc --noEmit)', bin('tsc'), ['--noEmit', '-p', '.'])) passed += 1;
  else failed += 1;
}
// One linter and formatter (biome.json): a lint finding or an unformatted file fails the run.
if (want('lint')) {
  if (run('lint and format (biome ci)', bin('biome'), ['ci', '--reporter=summary', '.'])) passed += 1;
  else failed += 1;
}
if (want('unit')) vitest('unit and machine path tests', 'unit', 'unit', { TZ: zone('America/Los_Angeles') });
if (want('api')) {
  const env = { TZ: zone('Asia/Shanghai'), SAFECERT_TEST_NOW: instant(instants.beforeChinaMidnight) };
  console.log(`\nAPI on PGlite: TZ=${env.TZ}, server clock at ${env.SAFECERT_TEST_NOW}`);
  vitest('API tests on embedded PGlite', 'api', 'api-pglite', env);
}

let postgresBeside: (() => Promise<void>) | null = null;
let stopPostgres = () => undefined as void;
if (want('postgres')) {
  let pgServer: ThrowawayPostgres | null = null;
  let url = process.env.PG_URL ?? null;
  if (!url) {
    pgServer = startThrowawayPostgres();
    url = pgServer?.url ?? null;
  }
  stopPostgres = () => pgServer?.stop();
  if (url) {
    const env = { TZ: zone('UTC'), SAFECERT_TEST_NOW: instant(instants.afterChinaMidnight), TEST_DATABASE_URL: url };
    console.log(`\nAPI on PostgreSQL: TZ=${env.TZ}, server clock at ${env.SAFECERT_TEST_NOW}`);
    if (want('e2e')) postgresBeside = vitestBeside('API tests on PostgreSQL', 'api', 'api-postgres', env);
    else {
      try {
        vitest('API tests on PostgreSQL', 'api', 'api-postgres', env);
      } finally {
        stopPostgres();
      }
    }
  } else if (process.env.CI) {
    console.log('\nPostgreSQL not found (no PG_URL, no initdb): CI must run the database suites on PostgreSQL.');
    failed += 1;
    failures.push('PostgreSQL suites (no server)');
  } else {
    console.log('\n=== PostgreSQL suites skipped: set PG_URL or install postgresql (initdb) to run them ===');
  }
}

// The server as `npm start` runs it: the bundle starts and answers (migrations, font and seed found from dist-server/).
if (want('bundle')) {
  if (run('server bundle as npm start runs it (scripts/check-bundle.ts)', bin('tsx'), ['scripts/check-bundle.ts']))
    passed += 1;
  else failed += 1;
}

if (want('e2e')) {
  const chromium = findChromium();
  if (!chromium) {
    console.log('\nNo Chromium found. Install one (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.');
    failed += 1;
    failures.push('e2e (no Chromium)');
  } else if (run('client build (vite build)', bin('vite'), ['build', '--logLevel', 'warn'])) {
    // The login page and the public site's home within their budget (issue 14), read off this build.
    if (run('first-page budget (scripts/check-first-page.ts)', bin('tsx'), ['scripts/check-first-page.ts']))
      passed += 1;
    else failed += 1;
    const out = path.join(results, 'e2e.json');
    fs.rmSync(out, { force: true });
    run('e2e (Playwright, Chromium)', bin('playwright'), ['test'], {
      env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: out, TZ: zone('America/Los_Angeles') },
    });
    if (fs.existsSync(out)) {
      const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
        stats: { expected: number; unexpected: number; flaky: number };
      };
      passed += report.stats.expected + report.stats.flaky;
      failed += report.stats.unexpected;
    } else failed += 1;
  } else failed += 1;
}

if (postgresBeside) {
  try {
    await postgresBeside();
  } finally {
    stopPostgres();
  }
}

console.log(`\n${os.EOL}Summary${failures.length ? ` — failed steps: ${failures.join('; ')}` : ''}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || failures.length > 0 ? 1 : 0);
