/** Running the scheduled jobs from a test: the app's own job environment, a China-time instant, a run by name. */
import { chinaDayStart } from '../../server/lib/days.js';
import { jobByName } from '../../server/jobs/catalog.js';
import { jobEnvOf } from '../../server/jobs/index.js';
import { runJob, type JobRunRow } from '../../server/jobs/runner.js';
import type { JobEnv, JobTrigger } from '../../server/jobs/types.js';
import type { TestApp } from './app.js';

export const quietLog = { info: () => undefined, warn: () => undefined };

/** The jobs' view of the test app: its database, its clock, its configuration (NATIONAL_PLATFORM_URL from the suite's env). */
export const jobEnv = (t: TestApp, overrides: Partial<JobEnv> = {}): JobEnv => ({
  ...jobEnvOf(t.app.ctx, quietLog),
  ...overrides,
});

/** hh:mm on a China day, as an instant. */
export function chinaAt(day: string, hhmm: string): Date {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return new Date(chinaDayStart(day).getTime() + (h * 60 + m) * 60_000);
}

/** Runs a job of the catalogue once, as its schedule would (trigger schedule), and answers its run. */
export async function runNamed(
  t: TestApp,
  name: string,
  trigger: JobTrigger = 'schedule',
  env = jobEnv(t),
): Promise<JobRunRow & { detail: Record<string, unknown> }> {
  const def = jobByName(name);
  if (!def) throw new Error(`no job ${name}`);
  const run = await runJob(env, def, trigger);
  if (!run) throw new Error(`job ${name} did not run (paused?)`);
  if (!run.ok) throw new Error(`job ${name} failed: ${run.error}`);
  return { ...run, detail: (run.detail ?? {}) as Record<string, unknown> };
}
