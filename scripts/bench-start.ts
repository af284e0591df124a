/**
 * `npm run bench:start`: how long `npm start` takes to serve, past its build. The server (the
 * bundle dist-server/main.js, as `npm start` runs it after its two builds) starts on an empty data
 * directory with the built client present — a first start: the embedded database is created,
 * migrated and seeded with the demo data — and is timed to its first healthy answer
 * (GET /api/health); then it is stopped and started again on the same data: a restart. Goals
 * (issue 14): ≤ 30 s and ≤ 3 s. The same restart from the sources through tsx (`npm run serve`,
 * what the tests start) is measured beside it. Not a test: it prints the table and writes
 * docs/benchmarks/start.md. RUNS (default 2) runs of each.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadAverage, machineLine, table } from './lib/bench-machine.js';
import { buildServerBundle, startServer } from './lib/bench-server.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist');
const REPORT = path.join(ROOT, 'docs', 'benchmarks', 'start.md');
const RUNS = Math.max(1, Number(process.env.RUNS ?? 2));
const FIRST_GOAL_S = 30;
const RESTART_GOAL_S = 3;

if (!fs.existsSync(path.join(DIST, 'index.html'))) {
  console.log('Building the client (vite build) …');
  const built = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(1);
}

console.log('Building the server bundle (vite build --config vite.server.config.ts) …');
if (!buildServerBundle()) process.exit(1);

interface Run {
  first: number;
  restart: number;
  restartSource: number;
}

const started = new Date();
const loadBefore = loadAverage();
const runs: Run[] = [];
for (let i = 0; i < RUNS; i += 1) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-bench-start-'));
  try {
    const env = { CLIENT_DIR: DIST, LOG_LEVEL: 'warn' };
    const first = await startServer({ dataDir, env, run: 'bundle', logFile: path.join(dataDir, 'first.log') });
    await first.stop();
    const again = await startServer({ dataDir, env, run: 'bundle', logFile: path.join(dataDir, 'restart.log') });
    await again.stop();
    const source = await startServer({
      dataDir,
      env,
      run: 'source',
      logFile: path.join(dataDir, 'restart-source.log'),
    });
    await source.stop();
    runs.push({
      first: first.msToHealthy / 1000,
      restart: again.msToHealthy / 1000,
      restartSource: source.msToHealthy / 1000,
    });
    console.log(
      `run ${i + 1}: first start ${(first.msToHealthy / 1000).toFixed(1)} s, restart ${(again.msToHealthy / 1000).toFixed(1)} s (from the sources through tsx: ${(source.msToHealthy / 1000).toFixed(1)} s)`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const first = median(runs.map((r) => r.first));
const restart = median(runs.map((r) => r.restart));
const restartSource = median(runs.map((r) => r.restartSource));
const text = [
  '# Start-up benchmark',
  '',
  `Run on ${started.toISOString()} with \`npm run bench:start\` (scripts/bench-start.ts; rerun to refresh).`,
  '',
  table(
    ['Start', 'Runs (s)', 'Median s', 'Goal s', 'Ratio to goal'],
    [
      [
        'first (empty data directory: create, migrate, seed the demo data)',
        runs.map((r) => r.first.toFixed(1)).join(', '),
        first.toFixed(1),
        `≤ ${FIRST_GOAL_S}`,
        (first / FIRST_GOAL_S).toFixed(2),
      ],
      [
        'restart (same data)',
        runs.map((r) => r.restart.toFixed(1)).join(', '),
        restart.toFixed(1),
        `≤ ${RESTART_GOAL_S}`,
        (restart / RESTART_GOAL_S).toFixed(2),
      ],
      [
        'restart from the sources through tsx (`npm run serve`; for comparison)',
        runs.map((r) => r.restartSource.toFixed(1)).join(', '),
        restartSource.toFixed(1),
        '–',
        '–',
      ],
    ],
  ),
  '',
  `- Machine: ${machineLine()}`,
  `- Load average (1/5/15 min): ${loadBefore} before, ${loadAverage()} after (the machine is shared; start-up is CPU work and moves with the load).`,
  '',
  'Each run: dist-server/main.js (the server bundle `npm start` builds with vite.server.config.ts and runs with node) on a new data directory with',
  'the built client, timed from the spawn of the process to its first 200 from `GET /api/health`; the process is stopped',
  '(SIGTERM: it closes the database) and started again on the same directory, timed the same way. The embedded PGlite',
  'database; the client build itself is not part of either figure.',
  '',
].join('\n');
console.log(`\n${text}`);
fs.mkdirSync(path.dirname(REPORT), { recursive: true });
fs.writeFileSync(REPORT, text);
process.exit(first <= FIRST_GOAL_S && restart <= RESTART_GOAL_S ? 0 : 1);
