/**
 * Starts SafeCert: database (PGlite in DATA_DIR or DATABASE_URL), migrations, seed, HTTP on PORT.
 * With WEB_CONCURRENCY=n (n > 1, PostgreSQL only) the first process prepares the database and
 * then forks n API processes that share the port (node:cluster), one per core: no state lives in
 * a process that another one needs (README "several API processes").
 */
import cluster from 'node:cluster';
import { loadConfig, type AppConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { isDatabaseUnavailable } from './lib/db-errors.js';
import { buildApp, smsOutboxFile } from './app.js';
import { prepareDatabase, type SeedOutcome } from './bootstrap.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/users.js';
import { refreshStatistics } from './modules/statistics/refresh.js';
import { trackConnections } from './lib/connections.js';
import { answerClusterScrapes, clusterScrape, startMetricsServer } from './lib/metricsServer.js';

const config = loadConfig();

/** SIGTERM to exit: orchestrators (Kubernetes' default grace period is 30 s) and README promise 10. */
const SHUTDOWN_LIMIT_MS = 9_500;

/**
 * The last net under "PostgreSQL went away": a connection's error that no code path listens to
 * would end the process (Node's default for an uncaught exception). Every pool client listens
 * (db/client.ts), so this should never fire; if it does, the process logs it and keeps serving,
 * and the requests meanwhile answer 503. Anything else still ends the process, as Node would.
 */
process.on('uncaughtException', (err) => {
  if (isDatabaseUnavailable(err)) {
    console.warn(`database connection lost outside a request (process keeps running): ${err.message}`);
    return;
  }
  console.error(err);
  process.exit(1);
});
process.on('unhandledRejection', (reason) => {
  if (isDatabaseUnavailable(reason)) {
    console.warn(
      `database unavailable in background work (process keeps running): ${reason instanceof Error ? reason.message : String(reason)}`,
    );
    return;
  }
  console.error(reason);
  process.exit(1);
});
const processes = Math.max(1, Math.floor(Number(process.env.WEB_CONCURRENCY ?? 1)) || 1);

/** Where /metrics is served, for the banner (README "Metrics"). */
function metricsLine(listening: boolean): string {
  const { port, host, allow } = config.metrics;
  if (port === null) return 'Metrics: off (METRICS_PORT=off)';
  if (!listening) return `Metrics: not served (${host}:${port} could not be had; see the log)`;
  return `Metrics: http://${host.includes(':') ? `[${host}]` : host}:${port}/metrics for ${allow.join(', ') || 'nobody'} (METRICS_ALLOW), Prometheus text`;
}

function banner(outcome: SeedOutcome, kind: 'pglite' | 'postgres', jobs: string, metrics: string): string {
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `SafeCert is running at ${url}  (API ${url}/api, docs ${url}/api/docs)`,
    `Database: ${kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}${processes > 1 ? `, ${processes} API processes` : ''}`,
    `Scheduled jobs: ${jobs}${config.national.url ? '' : '; NATIONAL_PLATFORM_URL not set: outbox records stay pending'}`,
    metrics,
  ];
  if (outcome.kind === 'existing' && outcome.missingMenus) {
    lines.push(
      `${outcome.missingMenus} menu entries of this version are not in the database: stop the server and run npm run seed:menus (README, "Upgrading").`,
    );
  }
  if (outcome.kind === 'production') {
    lines.push(
      '',
      'Initial administrator created. Sign in once and change the password:',
      `  admin / ${outcome.adminPassword}`,
      '',
    );
  } else if (config.seedDemo) {
    if (outcome.kind === 'demo')
      lines.push(
        `Demo data seeded: ${outcome.enterprises} enterprises, ${outcome.persons} persons, ${outcome.certificates} certificates, ${outcome.applications} applications in the review queues.`,
      );
    lines.push(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.userName.padEnd(11)} ${a.userType}  ${a.description}`);
    lines.push(
      '  ent_gz2…5, ent_sz2…5, ent_prov2…5: enterprises with a rename under review; person3…7: holders with a confirmation waiting',
    );
    if (config.sms.provider === 'log')
      lines.push(`SMS codes (no gateway configured) are written to ${smsOutboxFile(config)}, never to the log.`);
    lines.push('Single sign-on: npm run sso:link -- person1');
  }
  return lines.join('\n');
}

function jobsLine(engine: 'pglite' | 'postgres' | null | undefined | false): string {
  if (!engine) return 'not run by this process (JOBS=0)';
  return `pg-boss in this process (${engine === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}), Asia/Shanghai schedules`;
}

/** One API process: its own pool, the app, the port (shared with its siblings under cluster). */
async function serve(cfg: AppConfig, prepare: boolean): Promise<void> {
  const database = await openDatabase(cfg);
  const outcome = prepare ? await prepareDatabase(database, cfg) : null;
  // The scheduled jobs run in one process: the only one, or the first API process under cluster.
  const runsJobs = cfg.jobs && (cluster.isPrimary || cluster.worker?.id === 1);
  const app = await buildApp({ config: cfg, database, jobEngine: runsJobs, jobEngineInBackground: true });
  // A server process reports its own CPU, memory and event loop too (a test's apps do not).
  app.ctx.metrics.collectProcessMetrics();
  // Under cluster the supervisor serves /metrics and asks each API process for its series.
  const metricsServer = cluster.isWorker
    ? (answerClusterScrapes(app.ctx.metrics.registry), null)
    : await startMetricsServer(
        cfg.metrics,
        () => app.ctx.metrics.scrape(),
        (msg) => app.log.warn(msg),
      );
  const connections = trackConnections(app.server);
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: no new connections; finishing the requests in flight and stopping the job engine`);
    // Whatever hangs (a request waiting on a database that is gone), the process ends in time.
    setTimeout(() => {
      console.error(`${signal}: not stopped within ${SHUTDOWN_LIMIT_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    // A keep-alive connection whose request was in flight at the signal stays open after its answer,
    // and a connection that has sent no request yet is never idle to Node (lib/connections.ts): end
    // each as soon as nothing is in flight on it.
    const idleSweep = setInterval(() => connections.endIdle(), 200);
    void (async () => {
      // fastify's close stops listening, answers 503 to new requests on open connections, waits for
      // the requests in flight, then runs the onClose hooks (job engine, operation log).
      await app.close().catch((err: unknown) => console.error(`closing the server: ${String(err)}`));
      clearInterval(idleSweep);
      await metricsServer?.close().catch(() => undefined);
      await database.close().catch((err: unknown) => console.error(`closing the database: ${String(err)}`));
      process.exit(0);
    })();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: cfg.port, host: cfg.host });
  // The statistics pages read refreshed tables: the process that runs the jobs computes them now (in
  // the background: seconds at the province's scale); the job engine refreshes them on its schedule.
  if (runsJobs) {
    void refreshStatistics(database.db, app.ctx.clock)
      .then((r) =>
        app.log.info(
          `statistics ${r.refreshed ? 'refreshed' : 'left as they were'}: ${r.rows} rows in ${r.durationMs} ms`,
        ),
      )
      .catch((err: unknown) =>
        app.log.warn(`statistics refresh failed: ${err instanceof Error ? err.message : String(err)}`),
      );
  }
  if (outcome) console.log(banner(outcome, database.kind, jobsLine(app.ctx.jobs.engine), metricsLine(!!metricsServer)));
}

/** The first process under WEB_CONCURRENCY: prepares the database once, then keeps n API processes running. */
async function supervise(cfg: AppConfig): Promise<void> {
  if (!cfg.databaseUrl)
    throw new Error('WEB_CONCURRENCY > 1 needs DATABASE_URL: the embedded database belongs to one process');
  const database = await openDatabase(cfg);
  const outcome = await prepareDatabase(database, cfg);
  await database.close();
  const metricsServer = await startMetricsServer(cfg.metrics, clusterScrape(), (msg) => console.warn(msg));
  let stopping = false;
  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening === processes)
      console.log(
        banner(
          outcome,
          'postgres',
          cfg.jobs
            ? 'pg-boss in the first API process (PostgreSQL), Asia/Shanghai schedules'
            : 'not run by these processes (JOBS=0)',
          metricsLine(!!metricsServer),
        ),
      );
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`API process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const stop = () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => !!w);
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const w of workers) {
      w.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(0);
      });
      w.process.kill('SIGTERM');
    }
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  for (let i = 0; i < processes; i += 1) cluster.fork();
}

if (processes > 1 && cluster.isPrimary) await supervise(config);
else await serve(config, cluster.isPrimary);
