import { defineConfig } from 'vitest/config';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@machines': fileURLToPath(new URL('./machines', import.meta.url)),
};

// Vitest's default is one worker per core less one, which on the 2-core machines CI and this project
// run on is a single file at a time: one core idle while a suite that is mostly CPU (PGlite runs in
// the worker) waits. Every core works instead; the runner's own process needs little.
const workers = Math.max(2, os.availableParallelism() - 1);

// Two projects: pure code (fast, parallel) and suites that open a database.
// Playwright specs live in tests/e2e and are never picked up here.
export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: workers,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.ts'],
          environment: 'node',
          // A cold antd render in jsdom takes seconds on a busy 2-core machine.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // The files of a worker share its modules: the server's module graph is imported once per
          // worker instead of once per file, which was a third of the suite's time (README, Tests).
          // Its caches are per database or pure; the one process-wide setting is reset before each
          // file (per-file.ts).
          isolate: false,
          setupFiles: ['tests/helpers/per-file.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/helpers/global-setup.ts'],
        },
      },
    ],
  },
});
