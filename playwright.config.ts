/**
 * e2e: the built client and the real server on a fresh embedded database with demo data,
 * driven in Chromium (Debian's, found by scripts/lib/chromium.ts or CHROMIUM_PATH).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// One server with its own database per worker, so specs that change demo data never meet: worker k
// (TEST_PARALLEL_INDEX, kept when a worker restarts) talks to server k. This file is read by the
// runner and again by each worker, which inherit the runner's environment, so directories and ports
// are chosen once, by the runner. A worker and its browser keep about two cores busy (2 workers on
// 2 cores: 21.0 min, as 1 worker), so the default is one worker per two cores; E2E_WORKERS sets it.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? Math.floor(os.availableParallelism() / 2)));
process.env.E2E_PORT ??= String(18_000 + Math.floor(Math.random() * 2_000));
const slots = Array.from({ length: workers }, (_, k) => {
  const key = `E2E_DATA_DIR_${k}`;
  process.env[key] ??= fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-e2e-'));
  return { port: Number(process.env.E2E_PORT) + k, dataDir: process.env[key] };
});
const slot = slots[Number(process.env.TEST_PARALLEL_INDEX ?? 0)] ?? slots[0];
// What the specs read (helpers.ts lastSmsCode, login.spec's sign-on link): this worker's server.
process.env.E2E_DATA_DIR = slot.dataDir;
const port = slot.port;
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: '.tmp/playwright',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    // A browser far from China: every time the pages show must still be China time.
    timezoneId: process.env.E2E_BROWSER_TZ ?? 'America/Los_Angeles',
    // A trace records DOM snapshots and a screencast of every action: a quarter of the suite's CPU
    // (measured on 3 specs: 217 → 139 CPU s, 118 → 86 s). It is kept for the retry of a failure (CI
    // retries once), where it explains what the first attempt's screenshot and error context do not.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: slots.map((server) => ({
    command: 'node --import tsx server/main.ts',
    url: `http://127.0.0.1:${server.port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(server.port),
      HOST: '127.0.0.1',
      DATA_DIR: server.dataDir,
      // E2E_CLIENT_DIR lets parallel runs use their own build (vite build --outDir X).
      CLIENT_DIR: path.resolve(process.env.E2E_CLIENT_DIR ?? 'dist'),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Parallel runs would contend for the metrics port (README "Metrics"); the e2e specs do not scrape.
      METRICS_PORT: 'off',
    },
  })),
});
