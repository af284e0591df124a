/** The refresh on demand of the statistics pages: who may ask, and how soon after the last one it runs again. */
import type { AppContext, AuthUser } from '../../context.js';
import { chinaDate } from '../../lib/days.js';
import { forbidden } from '../../lib/errors.js';
import { lastRefresh, refreshStatistics } from './refresh.js';

/** Any statistics page's permission lets its holder ask for a refresh. */
export const STATISTICS_PERMS = ['statistics:completedTask:list', 'statistics:afootTask:list', 'statistics:certs:list'];
/** A refresh asked for within this long of the last one answers the figures already there. */
export const REFRESH_MIN_INTERVAL_MS = 60_000;

/**
 * 立即刷新统计数据 POST /statistics/refresh: answers the refresh and whether it ran ('refreshed'),
 * was not needed ('recent': the same day's refresh is under a minute old) or met another one running ('busy').
 */
export async function refreshOnRequest(ctx: AppContext, user: AuthUser) {
  if (!STATISTICS_PERMS.some((p) => user.permissions.has(p))) throw forbidden('没有权限，请联系管理员授权');
  const now = ctx.clock.now();
  const last = await lastRefresh(ctx.db);
  if (last && now.getTime() - last.refreshedAt.getTime() < REFRESH_MIN_INTERVAL_MS && last.asOfDay === chinaDate(now)) {
    return {
      outcome: 'recent' as const,
      refreshed: false,
      refreshedAt: last.refreshedAt,
      asOfDay: last.asOfDay,
      durationMs: 0,
      rows: last.rows,
    };
  }
  const r = await refreshStatistics(ctx.db, ctx.clock);
  return { outcome: r.refreshed ? ('refreshed' as const) : ('busy' as const), ...r };
}
