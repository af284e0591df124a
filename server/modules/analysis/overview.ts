/**
 * The province view (/dashboard/Analysis, adminProvince): certificates by city, ranked; issuance and
 * workload per month; items in progress and overdue per centre. From the statistics tables, so it
 * answers at once at the province's scale and says when its figures were made.
 */
import { gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  certificate,
  statApplicationClosedTrend,
  statApplicationOpen,
  statApplicationSubmitted,
  statCertIssueMonth,
  statCertificateCity,
} from '../../db/schema.js';
import { chinaDate } from '../../lib/days.js';
import type { DistrictNames } from '../search/districts.js';
import { asOfOf, monthMinus, monthsBetween } from '../statistics/figures.js';

/** Months of the trends. */
export const TREND_MONTHS = 24;

export async function provinceOverview(db: DbOrTx, districts: DistrictNames, now: Date) {
  const monthTo = chinaDate(now).slice(0, 7);
  const monthFrom = monthMinus(monthTo, TREND_MONTHS - 1);
  const [cities, issued, submitted, closed, open, asOf] = await Promise.all([
    // The city-level table: a fifth of the county-level one's rows.
    db
      .select({
        code: statCertificateCity.cityCode,
        total: sql<number>`sum(${statCertificateCity.total})::int`,
        valid: sql<number>`(coalesce(sum(${statCertificateCity.total}) filter (where ${statCertificateCity.status} = '01'), 0))::int`,
        expiring: sql<number>`sum(${statCertificateCity.expiring})::int`,
      })
      .from(statCertificateCity)
      .groupBy(statCertificateCity.cityCode),
    db
      .select({ month: statCertIssueMonth.month, n: sql<number>`sum(${statCertIssueMonth.total})::int` })
      .from(statCertIssueMonth)
      .where(gte(statCertIssueMonth.month, monthFrom))
      .groupBy(statCertIssueMonth.month),
    db
      .select({ month: statApplicationSubmitted.month, n: sql<number>`sum(${statApplicationSubmitted.total})::int` })
      .from(statApplicationSubmitted)
      .where(gte(statApplicationSubmitted.month, monthFrom))
      .groupBy(statApplicationSubmitted.month),
    db
      .select({
        month: statApplicationClosedTrend.month,
        n: sql<number>`sum(${statApplicationClosedTrend.total})::int`,
      })
      .from(statApplicationClosedTrend)
      .where(gte(statApplicationClosedTrend.month, monthFrom))
      .groupBy(statApplicationClosedTrend.month),
    db
      .select({
        area: statApplicationOpen.area,
        open: sql<number>`sum(${statApplicationOpen.total})::int`,
        overdue: sql<number>`(coalesce(sum(${statApplicationOpen.total}) filter (where ${statApplicationOpen.overdue}), 0))::int`,
      })
      .from(statApplicationOpen)
      .groupBy(statApplicationOpen.area),
    asOfOf(db),
  ]);
  const months = monthsBetween(monthFrom, monthTo);
  const byMonth = (rows: { month: string; n: number }[]) => new Map(rows.map((r) => [r.month, Number(r.n)]));
  const [iss, sub, clo] = [byMonth(issued), byMonth(submitted), byMonth(closed)];
  const certsByCity = cities
    .map((c) => ({
      code: c.code,
      name: districts.of(c.code),
      total: Number(c.total),
      valid: Number(c.valid),
      expiring: Number(c.expiring),
    }))
    .sort((a, b) => b.total - a.total);
  const centres = open
    .map((o) => ({ area: o.area, open: Number(o.open), overdue: Number(o.overdue) }))
    .sort((a, b) => b.overdue - a.overdue || a.area.localeCompare(b.area));
  return {
    ...asOf,
    totals: {
      certificates: certsByCity.reduce((n, c) => n + c.total, 0),
      valid: certsByCity.reduce((n, c) => n + c.valid, 0),
      expiring: certsByCity.reduce((n, c) => n + c.expiring, 0),
      open: centres.reduce((n, c) => n + c.open, 0),
      overdue: centres.reduce((n, c) => n + c.overdue, 0),
    },
    certsByCity,
    issuance: months.map((month) => ({ month, total: iss.get(month) ?? 0 })),
    workload: months.map((month) => ({ month, submitted: sub.get(month) ?? 0, closed: clo.get(month) ?? 0 })),
    overdueByCentre: centres,
  };
}

/** 近12个月发证数量 GET /analysis/month-bar: certificates issued in each of the last 12 months (YYYY-MM), oldest first. */
export async function issuedPerMonth(db: DbOrTx, now: Date): Promise<{ x: string; y: number }[]> {
  const monthTo = chinaDate(now).slice(0, 7);
  const months = monthsBetween(monthMinus(monthTo, 11), monthTo);
  const month = sql<string>`to_char(${certificate.issueDate}, 'YYYY-MM')`;
  const rows = await db
    .select({ x: month, y: sql<number>`count(*)::int` })
    .from(certificate)
    .where(gte(certificate.issueDate, `${months[0]}-01`))
    .groupBy(month);
  const byMonth = new Map(rows.map((r) => [r.x, r.y]));
  return months.map((x) => ({ x, y: byMonth.get(x) ?? 0 }));
}
