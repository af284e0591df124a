/** When a job's schedule comes next (China time), as pg-boss itself reads the cron expression. */
import { PgBoss } from 'pg-boss';
import { JOB_TIMEZONE } from './catalog.js';
import type { JobDefinition } from './types.js';

// previewSchedule computes in process: this instance is never started and never reaches a database.
const preview = new PgBoss({
  db: { executeSql: () => Promise.reject(new Error('schedule preview only')) },
  schedule: false,
  supervise: false,
});

export function nextRunOf(def: Pick<JobDefinition, 'cron'>, after: Date): Date | null {
  return preview.previewSchedule(def.cron, { tz: JOB_TIMEZONE, from: after, count: 1 })[0] ?? null;
}
