/**
 * Every hour at :20 China time: the statistics tables (已办结、在办、证书统计, the workbench's and the
 * province's figures) recomputed in one transaction (server/modules/statistics/refresh.ts), so the
 * pages read an hour-old answer at most without counting 2 million rows per visit. Nothing is
 * caught up after a pause: the next run recomputes everything anyway.
 */
import { refreshStatistics } from '../modules/statistics/refresh.js';
import type { JobDefinition } from './types.js';

export const statistics: JobDefinition = {
  name: 'statistics',
  title: '统计数据刷新',
  cron: '20 * * * *',
  catchUp: false,
  retry: { limit: 2, delaySeconds: 120, maxDelaySeconds: 600, expireInSeconds: 1_800 },
  async run(env) {
    const r = await refreshStatistics(env.db, env.clock);
    return { rows: r.rows, detail: { refreshed: r.refreshed, asOfDay: r.asOfDay, durationMs: r.durationMs } };
  },
};
