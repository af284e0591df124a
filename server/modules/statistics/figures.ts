/**
 * The figures of the three statistics pages, read from the refreshed tables (refresh.ts) in the
 * caller's scope: centre staff their area, the province everything (or the area it asks for).
 */
import { and, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import {
  STATISTICS,
  statApplicationClosed,
  statApplicationOpen,
  statCertificate,
  statCertificateCity,
  statRefresh,
} from '../../db/schema.js';
import { chinaDate } from '../../lib/days.js';
import { narrowsDistrict } from '../../lib/textMatch.js';
import { forbidden } from '../../lib/errors.js';
import type { DistrictNames } from '../search/districts.js';
import { breakdowns } from './grouping.js';
import type { AfootQuery, CertsQuery, CompletedQuery } from './schemas.js';

/** The area a caller's figures are limited to (undefined: all); only staff and the province have statistics. */
export function statisticsArea(user: AuthUser, asked: string | undefined): string | undefined {
  if (user.area === 'all') return asked;
  if (user.userType === '02' && user.area) return user.area;
  throw forbidden('统计数据仅对区域中心人员和省级管理员开放');
}

export async function asOfOf(db: DbOrTx) {
  const [row] = await db.select().from(statRefresh).where(eq(statRefresh.name, STATISTICS));
  return { refreshedAt: row?.refreshedAt.toISOString() ?? null, asOfDay: row?.asOfDay ?? null };
}

const isCity = (code: string) => /^\d{4}00$/.test(code) && narrowsDistrict(code);
export const cityOf = (code: string) => `${code.slice(0, 4)}00`;

/** The area condition, plus one on a district column (a county code, or a city's prefix). */
function districtWhere(column: SQL, code: string | undefined, countyLevel: boolean): SQL | undefined {
  if (!narrowsDistrict(code)) return undefined;
  if (!countyLevel) return sql`${column} = ${cityOf(code)}`;
  return isCity(code) ? sql`${column} like ${`${code.slice(0, 4)}%`}` : sql`${column} = ${code}`;
}

// ---------- certificates ----------

export function certsWhere(user: AuthUser, q: CertsQuery): SQL | undefined {
  const area = statisticsArea(user, q.area);
  return and(
    area ? eq(statCertificate.area, area) : undefined,
    districtWhere(sql`${statCertificate.districtCode}`, q.districtCode, true),
    q.category ? eq(statCertificate.category, q.category) : undefined,
    q.status ? eq(statCertificate.status, q.status) : undefined,
    q.yearFrom ? gte(statCertificate.issueYear, q.yearFrom) : undefined,
    q.yearTo ? lte(statCertificate.issueYear, q.yearTo) : undefined,
  );
}

/** The same filters on the city-level table (the province-wide figures: no district asked for). */
function certsCityWhere(user: AuthUser, q: CertsQuery): SQL | undefined {
  const area = statisticsArea(user, q.area);
  return and(
    area ? eq(statCertificateCity.area, area) : undefined,
    q.category ? eq(statCertificateCity.category, q.category) : undefined,
    q.status ? eq(statCertificateCity.status, q.status) : undefined,
    q.yearFrom ? gte(statCertificateCity.issueYear, q.yearFrom) : undefined,
    q.yearTo ? lte(statCertificateCity.issueYear, q.yearTo) : undefined,
  );
}

const CERT_MEASURES = {
  total: 'sum(total)',
  valid: "sum(total) filter (where status = '01')",
  expiring: 'sum(expiring)',
};
type CertFigures = Record<keyof typeof CERT_MEASURES, number>;

export async function certStatistics(db: DbOrTx, user: AuthUser, q: CertsQuery, districts: DistrictNames) {
  // Within a city (or county) the breakdown is by county; across the province by city.
  const byCounty = narrowsDistrict(q.districtCode);
  // Province-wide, the city-level table answers (a fraction of the rows); within a district, the county-level one.
  const b = await breakdowns(
    db,
    byCounty ? 'stat_certificate' : 'stat_certificate_city',
    byCounty ? certsWhere(user, q) : certsCityWhere(user, q),
    [
      { key: 'category', expr: 'category' },
      { key: 'status', expr: 'status' },
      { key: 'area', expr: 'area' },
      { key: 'district', expr: byCounty ? 'district_code' : 'city_code' },
      { key: 'year', expr: 'issue_year' },
    ],
    CERT_MEASURES,
  );
  const ordered = <T extends { total: number }>(rows: T[]) => rows.sort((a, c) => c.total - a.total);
  return {
    ...(await asOfOf(db)),
    totals: b.totals,
    byCategory: b.by
      .category!.map((r) => ({ category: r.value, ...r.figures }))
      .sort((a, c) => a.category.localeCompare(c.category)),
    byStatus: b.by
      .status!.map((r) => ({ status: r.value, total: r.figures.total }))
      .sort((a, c) => a.status.localeCompare(c.status)),
    byArea: b.by.area!.map((r) => ({ area: r.value, ...r.figures })).sort((a, c) => a.area.localeCompare(c.area)),
    byDistrict: ordered(
      b.by.district!.map((r): { code: string; name: string } & CertFigures => ({
        code: r.value,
        name: districts.of(r.value),
        ...r.figures,
      })),
    ),
    byYear: b.by.year!.map((r) => ({ year: Number(r.value), ...r.figures })).sort((a, c) => a.year - c.year),
  };
}

// ---------- ended applications ----------

/** The months from..to inclusive ('YYYY-MM'). */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  for (let guard = 0; guard < 600; guard++) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > to) break;
    out.push(month);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** The month `n` months before `month`. */
export function monthMinus(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) - n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

export function completedPeriod(q: CompletedQuery, now: Date): { monthFrom: string; monthTo: string } {
  const monthTo = q.monthTo ?? chinaDate(now).slice(0, 7);
  const monthFrom = q.monthFrom ?? monthMinus(monthTo, 11);
  return { monthFrom, monthTo };
}

export function completedWhere(
  user: AuthUser,
  q: CompletedQuery,
  period: { monthFrom: string; monthTo: string },
): SQL | undefined {
  return and(
    closedFilters(user, q),
    gte(statApplicationClosed.month, period.monthFrom),
    lte(statApplicationClosed.month, period.monthTo),
  );
}

/**
 * The scope and filters of the ended applications' figures on columns named alike in the monthly,
 * yearly and trend tables (unqualified: one condition serves each branch of a union).
 */
function closedFilters(user: AuthUser, q: CompletedQuery, withCity = true): SQL | undefined {
  const area = statisticsArea(user, q.area);
  return and(
    area ? sql`area = ${area}` : undefined,
    withCity ? districtWhere(sql`city_code`, q.districtCode, false) : undefined,
    q.businessType ? sql`business_type = ${q.businessType}` : undefined,
  );
}

/**
 * A period split into its whole China years ([first, last], or null) and the months of its partial
 * years ('YYYY-MM' ranges, both ends included).
 */
export function wholeYearsOf(period: { monthFrom: string; monthTo: string }): {
  years: [string, string] | null;
  months: [string, string][];
} {
  const { monthFrom, monthTo } = period;
  const first = Number(monthFrom.slice(0, 4)) + (monthFrom.endsWith('-01') ? 0 : 1);
  const last = Number(monthTo.slice(0, 4)) - (monthTo.endsWith('-12') ? 0 : 1);
  if (first > last) return { years: null, months: [[monthFrom, monthTo]] };
  const months: [string, string][] = [];
  if (monthFrom < `${first}-01`) months.push([monthFrom, `${first - 1}-12`]);
  if (monthTo > `${last}-12`) months.push([`${last + 1}-01`, monthTo]);
  return { years: [String(first), String(last)], months };
}

const CLOSED_MEASURE_COLUMNS = 'total, approved, denied, rejected, days, handled, work_days';

/**
 * The period's ended applications as one FROM item: whole years from the yearly table, the partial
 * years' months from the monthly one (all years at the province's scale: 24,000 rows → ~4,000).
 */
function closedOfPeriod(filters: SQL | undefined, period: { monthFrom: string; monthTo: string }): SQL {
  const { years, months } = wholeYearsOf(period);
  const columns = sql.raw(`business_type, area, city_code, ${CLOSED_MEASURE_COLUMNS}`);
  const branches: SQL[] = [];
  if (years)
    branches.push(
      sql`select ${columns} from stat_application_closed_year where ${and(sql`year >= ${years[0]} and year <= ${years[1]}`, filters)}`,
    );
  if (months.length) {
    const inMonths = or(...months.map(([from, to]) => sql`(month >= ${from} and month <= ${to})`));
    branches.push(sql`select ${columns} from stat_application_closed where ${and(inMonths, filters)}`);
  }
  return sql`(${sql.join(branches, sql` union all `)}) closed`;
}

const COMPLETED_MEASURES = {
  total: 'sum(total)',
  approved: 'sum(approved)',
  denied: 'sum(denied)',
  rejected: 'sum(rejected)',
  days: 'sum(days)',
  handled: 'sum(handled)',
  workDays: 'sum(work_days)',
};

const tenth = (n: number) => Math.round(n * 10) / 10;

/** The averages of handling time: days and working days from acceptance to the end, over the ended ones that were accepted. */
const withAverage = (f: Record<keyof typeof COMPLETED_MEASURES, number>) => {
  const { days, workDays, handled, ...rest } = f;
  return {
    ...rest,
    handled,
    avgDays: handled > 0 ? tenth(days / handled) : null,
    avgWorkDays: handled > 0 ? tenth(workDays / handled) : null,
  };
};

/** The period's ended applications per month: from the trend table, or the monthly one when a city is asked for. */
async function closedByMonth(
  db: DbOrTx,
  user: AuthUser,
  q: CompletedQuery,
  period: { monthFrom: string; monthTo: string },
) {
  const byCity = narrowsDistrict(q.districtCode);
  const b = await breakdowns(
    db,
    byCity ? 'stat_application_closed' : 'stat_application_closed_trend',
    and(closedFilters(user, q, byCity), sql`month >= ${period.monthFrom} and month <= ${period.monthTo}`),
    [{ key: 'month', expr: 'month' }],
    COMPLETED_MEASURES,
  );
  return new Map(b.by.month!.map((r) => [r.value, withAverage(r.figures)]));
}

export async function completedStatistics(
  db: DbOrTx,
  user: AuthUser,
  q: CompletedQuery,
  districts: DistrictNames,
  now: Date,
) {
  const period = completedPeriod(q, now);
  const [b, months, asOf] = await Promise.all([
    breakdowns(
      db,
      closedOfPeriod(closedFilters(user, q), period),
      undefined,
      [
        { key: 'type', expr: 'business_type' },
        { key: 'area', expr: 'area' },
        { key: 'city', expr: 'city_code' },
      ],
      COMPLETED_MEASURES,
    ),
    closedByMonth(db, user, q, period),
    asOfOf(db),
  ]);
  const empty = withAverage({ total: 0, approved: 0, denied: 0, rejected: 0, days: 0, handled: 0, workDays: 0 });
  return {
    ...asOf,
    ...period,
    totals: withAverage(b.totals),
    byType: b.by
      .type!.map((r) => ({ businessType: r.value, ...withAverage(r.figures) }))
      .sort((a, c) => c.total - a.total),
    byArea: b.by
      .area!.map((r) => ({ area: r.value, ...withAverage(r.figures) }))
      .sort((a, c) => a.area.localeCompare(c.area)),
    byCity: b.by
      .city!.map((r) => ({ code: r.value, name: r.value ? districts.of(r.value) : '', ...withAverage(r.figures) }))
      .sort((a, c) => c.total - a.total),
    byMonth: monthsBetween(period.monthFrom, period.monthTo).map((month) => ({
      month,
      ...(months.get(month) ?? empty),
    })),
  };
}

// ---------- applications in progress ----------

export function afootWhere(user: AuthUser, q: AfootQuery): SQL | undefined {
  const area = statisticsArea(user, q.area);
  return and(
    area ? eq(statApplicationOpen.area, area) : undefined,
    districtWhere(sql`${statApplicationOpen.cityCode}`, q.districtCode, false),
    q.businessType ? eq(statApplicationOpen.businessType, q.businessType) : undefined,
  );
}

const AFOOT_MEASURES = {
  total: 'sum(total)',
  overdue: 'sum(total) filter (where overdue)',
  waitingHolder: 'sum(total) filter (where status = 0)',
  waitingAccept: 'sum(total) filter (where status = 2)',
  inReview: 'sum(total) filter (where status = 3)',
};

export async function afootStatistics(db: DbOrTx, user: AuthUser, q: AfootQuery, districts: DistrictNames) {
  const b = await breakdowns(
    db,
    'stat_application_open',
    afootWhere(user, q),
    [
      { key: 'type', expr: 'business_type' },
      { key: 'step', expr: "status || ':' || step" },
      { key: 'typeStep', expr: "business_type || ':' || status || ':' || step" },
      { key: 'age', expr: 'age_bucket' },
      { key: 'area', expr: 'area' },
      { key: 'city', expr: 'city_code' },
    ],
    AFOOT_MEASURES,
  );
  const pick = (f: Record<keyof typeof AFOOT_MEASURES, number>) => ({ total: f.total, overdue: f.overdue });
  // Overdue first: the items past their statutory deadline are what a centre acts on.
  const overdueFirst = <T extends { total: number; overdue: number }>(rows: T[]) =>
    rows.sort((a, c) => c.overdue - a.overdue || c.total - a.total);
  return {
    ...(await asOfOf(db)),
    totals: b.totals,
    byType: overdueFirst(b.by.type!.map((r) => ({ businessType: r.value, ...pick(r.figures) }))),
    byStep: b.by
      .step!.map((r) => {
        const [status, step] = r.value.split(':');
        return { status: Number(status), step: step ?? '', ...pick(r.figures) };
      })
      .sort((a, c) => a.status - c.status || stepIndex(a.step) - stepIndex(c.step)),
    byTypeStep: overdueFirst(
      b.by.typeStep!.map((r) => {
        const [businessType, status, step] = r.value.split(':');
        return { businessType: businessType!, status: Number(status), step: step ?? '', ...pick(r.figures) };
      }),
    ),
    byAge: b.by.age!.map((r) => ({ bucket: Number(r.value), ...pick(r.figures) })).sort((a, c) => a.bucket - c.bucket),
    byArea: overdueFirst(b.by.area!.map((r) => ({ area: r.value, ...pick(r.figures) }))),
    byCity: overdueFirst(
      b.by.city!.map((r) => ({ code: r.value, name: r.value ? districts.of(r.value) : '', ...pick(r.figures) })),
    ),
  };
}

const STEP_ORDER = ['', 'sl', 'cb', 'cs', 'sh', 'sp', 'bj'];
const stepIndex = (s: string) => STEP_ORDER.indexOf(s);
