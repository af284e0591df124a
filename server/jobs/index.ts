/**
 * How the app gets its jobs (app.ts): the engine when this process runs it (`npm start`), otherwise
 * runs made at once in the caller — the API tests drive jobs that way, and "run now" on a process
 * started with JOBS=0 still works.
 */
import type { AppContext } from '../context.js';
import type { JobControl, JobEngineState, PoolCounts, RunNowAnswer } from '../lib/ports.js';
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
    metrics: ctx.metrics,
  };
}

/** No engine here: "run now" runs the job in the caller and answers its run. */
export class InlineJobs implements JobControl {
  readonly engine = null;
  constructor(private readonly env: JobEnv) {}

  state(): JobEngineState {
    return 'none';
  }

  async runNow(job: string, by: string): Promise<RunNowAnswer> {
    const def = jobByName(job);
    if (!def) throw new Error(`unknown job ${job}`);
    const run = await runJob(this.env, def, 'manual', by);
    return { queued: false, runId: run?.id ?? null };
  }

  async stop(): Promise<void> {}

  poolCounts(): PoolCounts | null {
    return null;
  }
}

/** How long a job engine that could not start waits before it tries again (the database was down). */
const ENGINE_RETRY_MS = 5_000;

/**
 * The engine while it starts in the background: pg-boss checks its schema and sets up every queue,
 * schedule and worker (half a second on the embedded database), and the server need not wait for
 * that before it answers (issue 14: a restart within 3 s). "Run now" waits for the start. A start
 * that fails (the database went away meanwhile) is logged and tried again every few seconds, so a
 * process never stays without its engine; until then the readiness check says 'starting'.
 */
class StartingEngine implements JobControl {
  private current: JobEngineState = 'starting';
  private stopped = false;
  private wake: (() => void) | null = null;
  private lastFailure: unknown = null;
  private readonly started: Promise<JobEngine>;
  private running: JobEngine | null = null;

  constructor(
    readonly engine: 'pglite' | 'postgres',
    start: () => Promise<JobEngine>,
    log: JobLog,
  ) {
    this.started = (async () => {
      for (;;) {
        try {
          const running = await start();
          this.current = 'up';
          this.running = running;
          return running;
        } catch (err) {
          if (this.stopped) throw err;
          this.lastFailure = err;
          log.warn(
            `job engine did not start (trying again in ${ENGINE_RETRY_MS / 1000} s): ${err instanceof Error ? err.message : String(err)}`,
          );
          await new Promise<void>((resolve) => {
            this.wake = resolve;
            setTimeout(resolve, ENGINE_RETRY_MS).unref();
          });
          if (this.stopped) throw err;
        }
      }
    })();
    this.started.catch(() => {
      this.current = 'failed';
    });
  }

  state(): JobEngineState {
    return this.current;
  }

  poolCounts(): PoolCounts | null {
    return this.running?.poolCounts() ?? null;
  }

  /** Waits for the first start; once a start has failed, answers with its error at once (no request waits on retries). */
  async runNow(job: string, by: string): Promise<RunNowAnswer> {
    if (this.current !== 'up' && this.lastFailure) throw this.lastFailure;
    return (await this.started).runNow(job, by);
  }

  /** A start in progress is let finish and then stopped; a wait before the next try ends at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await (await this.started.catch(() => null))?.stop();
  }
}

/** The app's jobs: runs in the caller (no engine), or the engine, started in the background when `background`. */
export async function startJobs(env: JobEnv, engine: boolean | EngineOptions, background = false): Promise<JobControl> {
  if (!engine) return new InlineJobs(env);
  const options = engine === true ? {} : engine;
  if (!background) return JobEngine.start(env, options);
  return new StartingEngine(env.database.pglite ? 'pglite' : 'postgres', () => JobEngine.start(env, options), env.log);
}

export { JobEngine, type EngineOptions };
