/**
 * `npm run bench:lighthouse`: the first pages (/user/login, /web) as a browser gets them from the
 * built server. Not a test: it prints and writes docs/benchmarks/first-page.md with
 * - the budget figure read off the build's manifest (the check `npm test` runs),
 * - what Chromium actually fetched (Playwright: JS and CSS response bodies, brotli as browsers ask,
 *   and gzip only),
 * - Lighthouse's performance score (desktop preset, the Debian Chromium, headless), RUNS runs per
 *   page (default 3), the median counted: goal ≥ 95.
 *
 * Uses the last `vite build` (dist/), or builds when there is none or with --build. Lighthouse is
 * a devDependency (node_modules/.bin/lighthouse); LIGHTHOUSE_BIN names another, CHROME_PATH another
 * Chromium. The server runs on a fresh data directory with the demo data, like `npm start`.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium } from './lib/chromium.js';
import { FIRST_PAGE_BUDGET_KB, FIRST_PAGES, readManifest, weigh, type PageWeight } from './lib/first-page.js';
import { loadAverage, machineLine, table } from './lib/bench-machine.js';
import { startServer } from './lib/bench-server.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist');
const REPORT = path.join(ROOT, 'docs', 'benchmarks', 'first-page.md');
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
const SCORE_GOAL = 95;
const PAGES = FIRST_PAGES.map((p) => p.route);
const CHROME_FLAGS = '--headless=new --no-sandbox';

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

function findLighthouse(): string | null {
  const candidates = [process.env.LIGHTHOUSE_BIN, path.join(ROOT, 'node_modules', '.bin', 'lighthouse')];
  return candidates.find((c): c is string => !!c && fs.existsSync(c)) ?? null;
}

function ensureBuild(): void {
  if (fs.existsSync(path.join(DIST, '.vite', 'manifest.json')) && !process.argv.includes('--build')) return;
  console.log('Building the client (vite build) …');
  const res = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('vite build failed');
}

// ---------------------------------------------------------------------------------------------
// What the browser fetched

interface Transfer {
  route: string;
  encoding: 'br' | 'gzip';
  files: number;
  bytes: number;
  /** encodings the answers came in (a file under 1 kB comes as it is) */
  encodings: string[];
}

async function browserTransfers(base: string, chrome: string): Promise<Transfer[]> {
  const browser = await chromium.launch({
    executablePath: chrome,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const out: Transfer[] = [];
  try {
    for (const route of PAGES) {
      for (const encoding of ['br', 'gzip'] as const) {
        // A new context each time: nothing cached, as on a first visit.
        const context = await browser.newContext({
          locale: 'zh-CN',
          ...(encoding === 'gzip' ? { extraHTTPHeaders: { 'accept-encoding': 'gzip' } } : {}),
        });
        const page = await context.newPage();
        const seen: Promise<{ bytes: number; encoding: string }>[] = [];
        page.on('requestfinished', (req) => {
          if (!/\.(js|css)$/.test(new URL(req.url()).pathname)) return;
          seen.push(
            (async () => {
              const [sizes, response] = await Promise.all([req.sizes(), req.response()]);
              return {
                bytes: sizes.responseBodySize,
                encoding: (await response?.allHeaders())?.['content-encoding'] ?? 'identity',
              };
            })(),
          );
        });
        await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
        const files = await Promise.all(seen);
        out.push({
          route,
          encoding,
          files: files.length,
          bytes: files.reduce((s, f) => s + f.bytes, 0),
          encodings: [...new Set(files.map((f) => f.encoding))].sort(),
        });
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

interface LighthouseRun {
  score: number;
  metrics: Record<string, string>;
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;
const METRIC_LABEL: Record<(typeof METRICS)[number], string> = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'Speed Index',
};

interface LighthouseReport {
  runtimeError?: { message?: string };
  categories?: { performance?: { score: number | null } };
  audits?: Record<string, { displayValue?: string }>;
}

function lighthouseOnce(bin: string, chrome: string, url: string): Promise<LighthouseRun> {
  return new Promise((resolve, reject) => {
    const args = [
      url,
      '--preset=desktop',
      '--only-categories=performance',
      `--chrome-flags=${CHROME_FLAGS}`,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
    ];
    const child = spawn(bin, args, { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      try {
        const report = JSON.parse(stdout) as LighthouseReport;
        const score = report.categories?.performance?.score;
        if (report.runtimeError || typeof score !== 'number')
          throw new Error(report.runtimeError?.message ?? 'no performance score');
        resolve({
          score: Math.round(score * 100),
          metrics: Object.fromEntries(METRICS.map((m) => [METRIC_LABEL[m], report.audits?.[m]?.displayValue ?? '–'])),
        });
      } catch (err) {
        reject(
          new Error(
            `lighthouse ${url} (exit ${code}): ${err instanceof Error ? err.message : String(err)}\n${stderr.slice(-2_000)}`,
          ),
        );
      }
    });
  });
}

const median = <T>(items: T[], key: (t: T) => number): T =>
  [...items].sort((a, b) => key(a) - key(b))[Math.floor((items.length - 1) / 2)]!;

// ---------------------------------------------------------------------------------------------

function report(input: {
  started: Date;
  loadBefore: string;
  loadAfter: string;
  weights: PageWeight[];
  transfers: Transfer[];
  lighthouse: Map<string, LighthouseRun[]> | null;
  lighthouseMissing: string | null;
}): string {
  const budget = table(
    ['Page', 'gzipped JS + CSS', 'Budget', 'Ratio to budget', 'Files', 'Texts counted'],
    input.weights.map((w) => [
      w.route,
      `${kB(w.gzipTotal)} kB`,
      `${FIRST_PAGE_BUDGET_KB} kB`,
      (w.gzipTotal / (FIRST_PAGE_BUDGET_KB * 1000)).toFixed(2),
      w.files.length,
      w.language,
    ]),
  );
  const transfers = table(
    ['Page', 'Accept-Encoding', 'JS + CSS bodies', 'Ratio to budget', 'Files', 'Answered in'],
    input.transfers.map((t) => [
      t.route,
      t.encoding === 'br' ? 'br, gzip (Chromium)' : 'gzip only',
      `${kB(t.bytes)} kB`,
      (t.bytes / (FIRST_PAGE_BUDGET_KB * 1000)).toFixed(2),
      t.files,
      t.encodings.join(', '),
    ]),
  );
  const lighthouse = input.lighthouse
    ? table(
        [
          'Page',
          'Runs',
          'Median score',
          'Goal',
          'Ratio to goal',
          ...Object.values(METRIC_LABEL).map((m) => `${m} (median run)`),
        ],
        [...input.lighthouse].map(([route, runs]) => {
          const mid = median(runs, (r) => r.score);
          return [
            route,
            runs.map((r) => r.score).join(', '),
            mid.score,
            `≥ ${SCORE_GOAL}`,
            (mid.score / SCORE_GOAL).toFixed(2),
            ...Object.values(mid.metrics),
          ];
        }),
      )
    : `Not measured: ${input.lighthouseMissing}`;
  return [
    '# First-page benchmark',
    '',
    `Run on ${input.started.toISOString()} with \`npm run bench:lighthouse\` (scripts/bench-lighthouse.ts; rerun to refresh).`,
    '',
    `- Machine: ${machineLine()}`,
    `- Load average (1/5/15 min): ${input.loadBefore} before, ${input.loadAfter} after. The machine is shared: Lighthouse's timings (TBT above all) move with the load; the byte figures do not.`,
    '- Server: `server/main.ts` on a fresh data directory with the demo data, serving the last `vite build` (precompressed brotli and gzip, hashed assets immutable).',
    '',
    '## Budget: what the build says a first visit loads',
    '',
    `The entry chunk with its static imports (modulepreloaded by index.html), the route's layout and page (lazy), and the texts of one language (the heaviest), each file gzip -9. \`npm test\` fails above ${FIRST_PAGE_BUDGET_KB} kB (scripts/check-first-page.ts). Before issue 14 the login page loaded about 810 kB this way.`,
    '',
    budget,
    '',
    '## What Chromium fetched',
    '',
    "A first visit in a fresh browser context (Playwright), until the network is idle: the bodies of the JavaScript and CSS answers as they came over the wire. The QR code encoder of the public site's footer loads after the page shows and is counted here, not in the budget.",
    '',
    transfers,
    '',
    '## Lighthouse (performance, desktop preset)',
    '',
    `\`lighthouse <url> --preset=desktop --only-categories=performance --chrome-flags="${CHROME_FLAGS}"\` with CHROME_PATH=${process.env.CHROME_PATH ?? '/usr/bin/chromium'}, ${RUNS} runs per page; the median score counts.`,
    '',
    lighthouse,
    '',
  ].join('\n');
}

async function main(): Promise<number> {
  const started = new Date();
  const loadBefore = loadAverage();
  ensureBuild();
  const chrome = process.env.CHROME_PATH ?? findChromium();
  if (!chrome) throw new Error('no Chromium: install one (apt-get install chromium) or set CHROME_PATH');
  const lighthouseBin = findLighthouse();
  const weights = FIRST_PAGES.map((p) => weigh(DIST, readManifest(DIST), p));
  for (const w of weights)
    console.log(
      `${w.route}: ${kB(w.gzipTotal)} kB gzipped JS + CSS by the manifest (budget ${FIRST_PAGE_BUDGET_KB} kB)`,
    );

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-bench-lh-'));
  const server = await startServer({ dataDir, env: { CLIENT_DIR: DIST } });
  try {
    console.log(`Server healthy on ${server.url} after ${(server.msToHealthy / 1000).toFixed(1)} s`);
    const transfers = await browserTransfers(server.url, chrome);
    for (const t of transfers)
      console.log(`${t.route} (${t.encoding}): ${t.files} JS/CSS files, ${kB(t.bytes)} kB over the wire`);
    let lighthouse: Map<string, LighthouseRun[]> | null = null;
    if (lighthouseBin) {
      lighthouse = new Map();
      for (const route of PAGES) {
        const runs: LighthouseRun[] = [];
        for (let i = 0; i < RUNS; i += 1) {
          const run = await lighthouseOnce(lighthouseBin, chrome, `${server.url}${route}`);
          console.log(
            `lighthouse ${route} run ${i + 1}: ${run.score} (${Object.entries(run.metrics)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')})`,
          );
          runs.push(run);
        }
        lighthouse.set(route, runs);
      }
    } else {
      console.log('Lighthouse not found: `npm install` (it is a devDependency) or set LIGHTHOUSE_BIN.');
    }
    const text = report({
      started,
      loadBefore,
      loadAfter: loadAverage(),
      weights,
      transfers,
      lighthouse,
      lighthouseMissing: lighthouseBin ? null : 'lighthouse is not installed (npm install, or LIGHTHOUSE_BIN)',
    });
    fs.mkdirSync(path.dirname(REPORT), { recursive: true });
    fs.writeFileSync(REPORT, text);
    console.log(`\nWritten ${path.relative(ROOT, REPORT)}`);
    if (!lighthouse) return 2;
    const below = [...lighthouse]
      .filter(([, runs]) => median(runs, (r) => r.score).score < SCORE_GOAL)
      .map(([route]) => route);
    if (below.length) console.log(`Below ${SCORE_GOAL}: ${below.join(', ')}`);
    return below.length ? 1 : 0;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    process.exit(1);
  },
);
