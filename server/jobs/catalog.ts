/** Every scheduled job, in the order they run through a night (China time). */
import { certExpiry } from './certExpiry.js';
import { deadlineWarning } from './deadlineWarning.js';
import { delayReminder } from './delayReminder.js';
import { housekeeping } from './housekeeping.js';
import { nationalOutboxJob } from './nationalOutbox.js';
import { statistics } from './statistics.js';
import { suspension } from './suspension.js';
import type { JobDefinition, JobName } from './types.js';

export const JOBS: readonly JobDefinition[] = [
  suspension,
  certExpiry,
  housekeeping,
  delayReminder,
  deadlineWarning,
  nationalOutboxJob,
  statistics,
];

export const JOB_TIMEZONE = 'Asia/Shanghai';

export function jobByName(name: string): JobDefinition | undefined {
  return JOBS.find((j) => j.name === name);
}

export const isJobName = (name: string): name is JobName => JOBS.some((j) => j.name === name);
