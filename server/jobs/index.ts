/**
 * How the app gets its jobs (app.ts): the engine when this process runs it (`npm start`), otherwise
 * runs made at once in the caller — the API tests drive jobs that way, and "run now" on a process
 * started with JOBS=0 still works.
 */
import type { AppContext } from '../context.js';
import type { JobControl, RunNowAnswer } from '../lib/ports.js';
import { jobByName } from './catalog.js';
import { JobEngine, type EngineOptions } from './engine.js';
import { HttpNationalPlatform } from './national-http.js';
import { runJob } from './runner.js';
import type { JobEnv, JobLog } from './types.js';

export type { JobEnv } from './types.js';

/** The jobs' view of the app: its database, clock and configuration, and the national platform from it. */
export function jobEnvOf(ctx: Omit<AppContext, 'jobs'>, log: JobLog): JobEnv {
  const { url, token, timeoutMs } = ctx.config.national;
  return {
    db: ctx.db,
    database: ctx.database,
    clock: ctx.clock,
    config: ctx.config,
    national: url ? new HttpNationalPlatform(url, timeoutMs, token) : null,
    log,
  };
}

/** No engine here: "run now" runs the job in the caller and answers its run. */
export class InlineJobs implements JobControl {
  readonly engine = null;
  constructor(private readonly env: JobEnv) {}

  async runNow(job: string, by: string): Promise<RunNowAnswer> {
    const def = jobByName(job);
    if (!def) throw new Error(`unknown job ${job}`);
    const run = await runJob(this.env, def, 'manual', by);
    return { queued: false, runId: run?.id ?? null };
  }

  async stop(): Promise<void> {}
}

/**
 * The engine while it starts in the background: pg-boss checks its schema and sets up every queue,
 * schedule and worker (half a second on the embedded database), and the server need not wait for
 * that before it answers (issue 14: a restart within 3 s). "Run now" waits for the start; a start
 * that fails is logged, and "run now" answers with its error.
 */
class StartingEngine implements JobControl {
  constructor(readonly engine: 'pglite' | 'postgres', private readonly started: Promise<JobEngine>) {}

  async runNow(job: string, by: string): Promise<RunNowAnswer> {
    return (await this.started).runNow(job, by);
  }

  async stop(): Promise<void> {
    await (await this.started.catch(() => null))?.stop();
  }
}

/** The app's jobs: runs in the caller (no engine), or the engine, started in the background when `background`. */
export async function startJobs(env: JobEnv, engine: boolean | EngineOptions, background = false): Promise<JobControl> {
  if (!engine) return new InlineJobs(env);
  const started = JobEngine.start(env, engine === true ? {} : engine);
  if (!background) return started;
  started.catch((err: unknown) => env.log.warn(`job engine did not start: ${err instanceof Error ? err.message : String(err)}`));
  return new StartingEngine(env.database.pglite ? 'pglite' : 'postgres', started);
}

export { JobEngine, type EngineOptions };
