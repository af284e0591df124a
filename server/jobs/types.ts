/** What a scheduled job is, and what it gets to work with. */
import type { AppConfig } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import type { NationalPlatform } from '../lib/ports.js';
import type { AppMetrics } from '../lib/metrics.js';

export const JOB_NAMES = [
  'suspension',
  'certExpiry',
  'delayReminder',
  'deadlineWarning',
  'nationalOutbox',
  'housekeeping',
  'statistics',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

/** schedule: the engine's cron; manual: an administrator's "run now"; retry: the engine again after a failed attempt. */
export type JobTrigger = 'schedule' | 'manual' | 'retry';

export interface JobLog {
  info(msg: string): void;
  warn(msg: string): void;
}

/** The app around a job: the database, the clock every date comes from, configuration and the outside systems. */
export interface JobEnv {
  db: Db;
  database: Database;
  clock: Clock;
  config: AppConfig;
  /** The national platform's receiving end; null when NATIONAL_PLATFORM_URL is not set. */
  national: NationalPlatform | null;
  log: JobLog;
  /** Where runs are counted (the app's metrics); absent in scripts that run a job without a server. */
  metrics?: AppMetrics;
}

/** What a run did: the rows it changed (or records it sent) and a summary for the monitor. */
export interface JobResult {
  rows: number;
  detail: Record<string, unknown>;
}

/** How the engine retries a failed run (pg-boss queue options): exponential backoff from `delaySeconds`. */
export interface RetryPolicy {
  limit: number;
  delaySeconds: number;
  maxDelaySeconds: number;
  /** A run still active after this long is taken as failed (and retried). */
  expireInSeconds: number;
}

export interface JobDefinition {
  name: JobName;
  /** Chinese title for the operation log and the monitor's fallback. */
  title: string;
  /** Cron expression in China time (Asia/Shanghai). */
  cron: string;
  /** Daily reconcilers catch up once after the engine was down; a frequent job just waits for its next turn. */
  catchUp: boolean;
  retry: RetryPolicy;
  run(env: JobEnv): Promise<JobResult>;
}

/** Rows per batch: a keyset page small enough that memory stays flat at 2 M certificates. */
export const BATCH_SIZE = 5_000;
