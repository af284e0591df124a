/**
 * What the server counts for Prometheus: one registry per app (tests build many apps in one
 * process; production has one per process), holding the series the README lists. Every label takes
 * its values from a small fixed set (route patterns, business types, event types, job names, import
 * kinds and outcomes): never a URL, an id, a name or anything a caller typed, so the series stay few
 * and hold no personal data.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type pg from 'pg';
import type { PoolCounts } from './ports.js';

/** The Excel imports, by what they write (each import route names its kind: `config.importKind`). */
export type ImportKind = 'exam' | 'education' | 'user' | 'dict' | 'calendar';

/** Where an import ended, told by its answer's status (importOutcomeOf). */
export type ImportOutcome = 'imported' | 'invalid' | 'refused' | 'busy' | 'failed';

/**
 * 2xx: written (or found already there); 400/413: the file or its rows (nothing written); 401/403:
 * no right to import, or rows outside the caller's data scope; 429/503: not now (the import gate
 * full, the rate limit, the database away); anything else: the server failed.
 */
export function importOutcomeOf(statusCode: number): ImportOutcome {
  if (statusCode >= 200 && statusCode < 300) return 'imported';
  if (statusCode === 400 || statusCode === 413) return 'invalid';
  if (statusCode === 401 || statusCode === 403) return 'refused';
  if (statusCode === 429 || statusCode === 503) return 'busy';
  return 'failed';
}

/** A scheduled job's run as runJob ends it; skipped: a scheduled run found the job paused. */
export type JobOutcome = 'ok' | 'failed' | 'skipped';

/** The route label of a request no route matched (a 404): one series for every such URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds, from a fast API answer to a slow export. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export class AppMetrics {
  readonly registry = new Registry();

  private readonly requestSeconds = new Histogram({
    name: 'safecert_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [this.registry],
  });

  private readonly transitions = new Counter({
    name: 'safecert_workflow_transitions_total',
    help: 'Application workflow transitions written, by business type and event.',
    labelNames: ['business_type', 'event'] as const,
    registers: [this.registry],
  });

  private readonly jobRuns = new Counter({
    name: 'safecert_job_runs_total',
    help: 'Scheduled job runs, by job, what started them (schedule, retry, manual) and outcome (ok, failed, skipped while paused).',
    labelNames: ['job', 'trigger', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly jobLastSuccess = new Gauge({
    name: 'safecert_job_last_success_timestamp_seconds',
    help: 'When each job last finished without error (Unix time), as seen by this process.',
    labelNames: ['job'] as const,
    registers: [this.registry],
    // Under cluster the latest of the processes', not their sum.
    aggregator: 'max',
  });

  private readonly imports = new Counter({
    name: 'safecert_imports_total',
    help: 'Excel imports answered, by kind (exam, education, user, dict, calendar) and outcome (imported, invalid, refused, busy, failed).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  /** The database pools and import gates this app reports at each scrape. */
  private readonly pools: { name: string; counts: () => PoolCounts | null }[] = [];
  private readonly database: { kind: 'pglite' | 'postgres' | null } = { kind: null };
  private readonly gates: (() => { running: number; waiting: number })[] = [];

  constructor() {
    const poolGauge = (name: string, help: string, read: (counts: PoolCounts) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['pool'] as const,
        registers: [this.registry],
        collect() {
          this.reset();
          for (const p of pools) {
            const counts = p.counts();
            if (counts) this.set({ pool: p.name }, read(counts));
          }
        },
      });
    const pools = this.pools;
    poolGauge(
      'safecert_db_pool_connections',
      'PostgreSQL connections open in the pool (main: writes and most reads; reads: the search pages; jobs: pg-boss).',
      (c) => c.total,
    );
    poolGauge('safecert_db_pool_idle_connections', 'Open connections not in use.', (c) => c.idle);
    poolGauge(
      'safecert_db_pool_waiting_requests',
      'Requests waiting for a connection (all are in use).',
      (c) => c.waiting,
    );
    poolGauge(
      'safecert_db_pool_max_connections',
      'The most connections the pool opens (DB_POOL_MAX; jobs: 4).',
      (c) => c.max,
    );

    // The embedded database has no pool: one connection in this process, statements one after another
    // (PGlite tells nobody how many wait). Its kind is said outright rather than faked as a pool of one.
    const database = this.database;
    new Gauge({
      name: 'safecert_database_info',
      help: 'The database this process uses: kind="pglite" (embedded, one connection, no pool series) or kind="postgres" (pool series per pool).',
      labelNames: ['kind'] as const,
      registers: [this.registry],
      aggregator: 'max',
      collect() {
        this.reset();
        if (database.kind) this.set({ kind: database.kind }, 1);
      },
    });

    const gates = this.gates;
    const gateGauge = (name: string, help: string, read: (state: { running: number; waiting: number }) => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(gates.reduce((n, state) => n + read(state()), 0));
        },
      });
    gateGauge('safecert_imports_running', 'Imports running now (at most IMPORT_CONCURRENCY).', (s) => s.running);
    gateGauge('safecert_imports_waiting', 'Imports waiting for a place (at most IMPORT_QUEUE).', (s) => s.waiting);
  }

  /** One answered request; `route` is the route's pattern (undefined: no route matched). */
  request(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    this.requestSeconds.observe({ method, route: route ?? UNMATCHED_ROUTE, status_code: statusCode }, seconds);
  }

  transition(businessType: string, event: string): void {
    this.transitions.inc({ business_type: businessType, event });
  }

  jobRun(job: string, trigger: string, outcome: JobOutcome, finishedAt?: Date): void {
    this.jobRuns.inc({ job, trigger, outcome });
    if (outcome === 'ok' && finishedAt) this.jobLastSuccess.set({ job }, finishedAt.getTime() / 1000);
  }

  importFinished(kind: ImportKind, outcome: ImportOutcome): void {
    this.imports.inc({ kind, outcome });
  }

  /** Reports the database's kind and, on PostgreSQL, each pool's connections at each scrape. */
  watchDatabase(database: { kind: 'pglite' | 'postgres'; pool: pg.Pool | null; readsPool: pg.Pool | null }): void {
    this.database.kind = database.kind;
    if (database.pool) this.watchPool('main', database.pool);
    if (database.readsPool) this.watchPool('reads', database.readsPool);
  }

  /** Reports a node-postgres pool's connections at each scrape. */
  watchPool(name: string, pool: pg.Pool): void {
    this.watchPoolCounts(name, () => ({
      max: pool.options.max ?? 10,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }));
  }

  /** Reports a pool known only by its counts (pg-boss's), while it has them. */
  watchPoolCounts(name: string, counts: () => PoolCounts | null): void {
    this.pools.push({ name, counts });
  }

  /** Reports an import gate's running and waiting imports at each scrape. */
  watchImportGate(state: () => { running: number; waiting: number }): void {
    this.gates.push(state);
  }

  /** The process's own series (CPU, memory, event-loop delay, GC): for a server process, not for every app a test builds. */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  /** The Prometheus text of every series. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
