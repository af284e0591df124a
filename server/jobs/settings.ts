/**
 * The numbers the housekeeping reads from sys_config (the security administrator changes them
 * without a release). Read at the start of each run, so a change applies from the next one.
 */
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { sysConfig } from '../db/schema.js';

export interface JobSettings {
  /** Operation and login logs are kept this many days before they are archived or deleted; never under 180 (等保). */
  logRetentionDays: number;
  /** What happens to older log rows: archive (gzip'd JSON lines under DATA_DIR/archive, then deleted) or delete. */
  logExpiredAction: 'archive' | 'delete';
}

/** 等保 2.0 asks for audit records of at least six months. */
export const MIN_LOG_RETENTION_DAYS = 180;

export const SETTING_KEYS = {
  logRetentionDays: 'sys.log.retentionDays',
  logExpiredAction: 'sys.log.expiredAction',
} as const;

const positive = (raw: string | undefined, fallback: number) => {
  const n = Number(raw);
  return raw !== undefined && Number.isInteger(n) && n > 0 ? n : fallback;
};

export async function readJobSettings(db: DbOrTx): Promise<JobSettings> {
  const rows = await db
    .select({ key: sysConfig.configKey, value: sysConfig.configValue })
    .from(sysConfig)
    .where(inArray(sysConfig.configKey, Object.values(SETTING_KEYS)));
  const v = new Map(rows.map((r) => [r.key, r.value.trim()]));
  return {
    logRetentionDays: Math.max(
      MIN_LOG_RETENTION_DAYS,
      positive(v.get(SETTING_KEYS.logRetentionDays), MIN_LOG_RETENTION_DAYS),
    ),
    logExpiredAction: v.get(SETTING_KEYS.logExpiredAction) === 'delete' ? 'delete' : 'archive',
  };
}
