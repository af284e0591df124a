/**
 * The job engine: pg-boss (see README.md here for why). Each job is a pg-boss queue with the job's
 * retry policy (exponential backoff) and the `singleton` policy (one active run at a time across
 * every process), a cron schedule in China time, and a worker that runs it through runJob. Queues,
 * schedules and jobs are rows in the database (schema pgboss), so a queued run survives a restart
 * and several API processes on one PostgreSQL share them: pg-boss claims each schedule occurrence
 * once, and a queued job is fetched by one worker (SKIP LOCKED).
 *
 * Embedded default: pg-boss runs in this process on the same PGlite through its `db` option
 * (fromPglite; PGlite serialises every statement on its one connection, so the engine's polls wait
 * behind a request's transaction, never inside it). PostgreSQL: pg-boss's own small pool on the
 * same database.
 */
import { PgBoss, fromPglite, type ConstructorOptions, type Job } from 'pg-boss';
import type { JobControl, JobEngineState, PoolCounts, RunNowAnswer } from '../lib/ports.js';
import { JOB_TIMEZONE, JOBS } from './catalog.js';
import { runJob } from './runner.js';
import type { JobDefinition, JobEnv, JobTrigger } from './types.js';

export interface EngineOptions {
  /** PostgreSQL only: where pg-boss opens its pool (default: DATABASE_URL). */
  connectionString?: string;
  /** Shown in pg-boss's instance registry (e.g. the host name of an API process). */
  instanceName?: string;
  /** How often an idle worker looks for a job; LISTEN/NOTIFY wakes it at once in between. */
  pollingIntervalSeconds?: number;
  /** How often schedules are checked and their jobs forwarded (pg-boss defaults 30 and 5). */
  cronMonitorIntervalSeconds?: number;
  cronWorkerIntervalSeconds?: number;
  /** Write the catalogue's schedules (default); a test that schedules its own passes false. */
  installSchedules?: boolean;
  /** The jobs this engine works (default: all of the catalogue). */
  jobs?: readonly JobDefinition[];
}

interface JobData {
  trigger?: JobTrigger;
  by?: string | null;
}

const POOL_MAX = 4;
const WEEK_SECONDS = 7 * 86_400;

export class JobEngine implements JobControl {
  private constructor(
    private readonly boss: PgBoss,
    readonly engine: 'pglite' | 'postgres',
    private readonly jobs: readonly JobDefinition[],
  ) {}

  static async start(env: JobEnv, opts: EngineOptions = {}): Promise<JobEngine> {
    const common: ConstructorOptions = {
      useListenNotify: true,
      instanceName: opts.instanceName ?? `safecert-${process.pid}`,
      ...(opts.cronMonitorIntervalSeconds ? { cronMonitorIntervalSeconds: opts.cronMonitorIntervalSeconds } : {}),
      ...(opts.cronWorkerIntervalSeconds ? { cronWorkerIntervalSeconds: opts.cronWorkerIntervalSeconds } : {}),
    };
    const { pglite } = env.database;
    let boss: PgBoss;
    if (pglite) {
      boss = new PgBoss({ ...common, db: fromPglite(pglite), backend: 'pglite' });
    } else {
      const connectionString = opts.connectionString ?? env.config.databaseUrl ?? poolConnectionString(env);
      if (!connectionString) throw new Error('job engine: no connection string for PostgreSQL (DATABASE_URL)');
      boss = new PgBoss({ ...common, connectionString, max: POOL_MAX, application_name: 'safecert-jobs' });
    }
    boss.on('error', (err: Error) => env.log.warn(`job engine: ${err.message}`));
    boss.on('warning', (w: { message: string }) => env.log.warn(`job engine: ${w.message}`));
    await boss.start();
    try {
      return await JobEngine.setUp(boss, env, opts, pglite ? 'pglite' : 'postgres');
    } catch (err) {
      // A half set-up engine would keep polling: stop it before the caller tries again.
      await boss.stop({ graceful: false, timeout: 1_000 }).catch(() => undefined);
      throw err;
    }
  }

  private static async setUp(
    boss: PgBoss,
    env: JobEnv,
    opts: EngineOptions,
    engine: 'pglite' | 'postgres',
  ): Promise<JobEngine> {
    const jobs = opts.jobs ?? JOBS;
    for (const def of jobs) {
      const retry = {
        retryLimit: def.retry.limit,
        retryDelay: def.retry.delaySeconds,
        retryBackoff: true,
        retryDelayMax: def.retry.maxDelaySeconds,
        expireInSeconds: def.retry.expireInSeconds,
        deleteAfterSeconds: WEEK_SECONDS,
      };
      await boss.createQueue(def.name, { policy: 'singleton', notify: true, ...retry });
      // A queue made by an earlier release keeps its policy; its retry settings follow the code.
      await boss.updateQueue(def.name, { notify: true, ...retry });
      if (opts.installSchedules !== false) {
        await boss.schedule(def.name, def.cron, { trigger: 'schedule' } satisfies JobData, {
          tz: JOB_TIMEZONE,
          missed: def.catchUp ? 'once' : 'skip',
        });
      }
      // NOTIFY wakes a worker for a new job at once; a retry coming due after its backoff wakes nobody, so
      // the poll keeps its pace with NOTIFY on too.
      const polling = opts.pollingIntervalSeconds ?? 5;
      await boss.work<JobData>(
        def.name,
        { pollingIntervalSeconds: polling, notifyPollingIntervalSeconds: polling },
        async (batch: Job<JobData>[]) => {
          for (const job of batch) {
            const trigger: JobTrigger =
              job.retryCount > 0 ? 'retry' : job.data?.trigger === 'manual' ? 'manual' : 'schedule';
            const run = await runJob(env, def, trigger, job.data?.by ?? null);
            // A failed run fails the pg-boss job, which retries it with backoff (and records each attempt).
            if (run && run.ok === false) throw new Error(run.error ?? `${def.name} failed`);
          }
        },
      );
    }
    env.log.info(
      `job engine started (pg-boss on ${engine === 'pglite' ? 'PGlite, in this process' : 'PostgreSQL'}): ${jobs.map((j) => j.name).join(', ')}`,
    );
    return new JobEngine(boss, engine, jobs);
  }

  state(): JobEngineState {
    return 'up';
  }

  async runNow(job: string, by: string): Promise<RunNowAnswer> {
    const def = this.jobs.find((j) => j.name === job);
    if (!def) throw new Error(`unknown job ${job}`);
    await this.boss.send(def.name, { trigger: 'manual', by } satisfies JobData);
    return { queued: true, runId: null };
  }

  /**
   * Stops polling and waits (up to 5 s: SIGTERM must end the process within 10) for runs in
   * progress; the queued ones stay for the next start, and a run cut short is retried by pg-boss.
   */
  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 5_000 });
  }

  /** pg-boss's own pool on PostgreSQL; on PGlite the engine shares the app's one connection. */
  poolCounts(): PoolCounts | null {
    return this.engine === 'postgres' ? (this.boss.getDb().poolCounts?.() ?? null) : null;
  }

  /** pg-boss itself, for tests that look at its queues. */
  get pgBoss(): PgBoss {
    return this.boss;
  }
}

/**
 * pg-boss on the app's database with no workers and no schedules: it only sends jobs (a process that
 * queues work for the engines, or a test standing in for an engine that went down). Stop it after use.
 */
export async function queueOnlyClient(env: Pick<JobEnv, 'database' | 'config'>): Promise<PgBoss> {
  const { pglite } = env.database;
  const connectionString = env.config.databaseUrl ?? poolConnectionString(env);
  const boss = pglite
    ? new PgBoss({ db: fromPglite(pglite), backend: 'pglite', schedule: false, supervise: false })
    : new PgBoss({ connectionString: connectionString ?? undefined, max: 2, schedule: false, supervise: false });
  await boss.start();
  return boss;
}

/** The connection string of the app's own pool (tests open the database without DATABASE_URL). */
function poolConnectionString(env: Pick<JobEnv, 'database'>): string | null {
  const options = (env.database.pool as { options?: { connectionString?: string } } | null)?.options;
  return options?.connectionString ?? null;
}
