/**
 * The statistics tables are computed here, all at once, in one transaction: readers see either the
 * old figures or the new ones, never half. Why refreshed rather than kept current by every change:
 * certificates change in many places (close effects, punishments, expiry, imports), their area and
 * district come from the enterprise (which can move), ages and "expiring within 90 days" move with
 * the calendar, not with a write; and counters updated inside every approval would make every
 * transaction of the province wait on the same few rows. A refresh reads 2 million certificates and
 * 500,000 applications in a few seconds on PostgreSQL; the pages show when the figures were made.
 *
 * `refreshStatistics(db, clock)` is the plain function the job engine schedules; the server also runs
 * it at start, and POST /statistics/refresh on demand. Concurrent refreshes (several processes) do
 * not pile up: one takes an advisory lock, the others return what is there.
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { STATISTICS, statRefresh } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { addDays, chinaDate, chinaDayStart } from '../../lib/days.js';
import { overdueCondition, readDeadlineLimits } from '../../workflow/views.js';
import { foldWaiting } from '../../workflow/waiting.js';
import { chinaDayOf, chinaMonthOf, rowsOf } from '../../db/sql.js';
import { readWorkCalendar } from '../../lib/calendar/inForce.js';

const REFRESH_LOCK = 7_272_111;
/** Days before its end at which a valid certificate counts as expiring. */
export const EXPIRING_DAYS = 90;

const chinaDay = (column: string) => chinaDayOf(sql.raw(column));
const chinaMonth = (column: string) => chinaMonthOf(sql.raw(column));

export interface RefreshResult {
  refreshed: boolean;
  refreshedAt: Date;
  asOfDay: string;
  durationMs: number;
  rows: number;
}

/**
 * The working days between each (accepted, closed) pair of China days the ended applications have,
 * counted by the working-day calendar in force (系统管理 → 工作日历, server/lib/workCalendar.ts: the days
 * after acceptance up to and including the closing day). Pairs repeat a lot: a province's 500,000 applications have a few
 * thousand; each is counted once and handed to the statement as text.
 */
async function workDayPairs(tx: DbOrTx): Promise<{ accepted: string; closed: string; workDays: string }> {
  const pairs = rowsOf<{ accepted: string; closed: string }>(
    await tx.execute(sql`
    select distinct ${chinaDay('a.accepted_at')}::text as accepted, ${chinaDay('a.closed_at')}::text as closed
    from application a where a.deleted = false and a.status in (4, 8) and a.closed_at is not null and a.accepted_at is not null`),
  );
  const calendar = await readWorkCalendar(tx);
  const counted = pairs.map((p) => (p.closed <= p.accepted ? 0 : calendar.workingDaysBetween(p.accepted, p.closed)));
  return {
    accepted: pairs.map((p) => p.accepted).join(','),
    closed: pairs.map((p) => p.closed).join(','),
    workDays: counted.join(','),
  };
}

function rowCount(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/** Recomputes every statistics table for the clock's China day. */
export async function refreshStatistics(db: DbOrTx, clock: Clock): Promise<RefreshResult> {
  const started = clock.now();
  const t0 = performance.now();
  const today = chinaDate(started);
  const soon = addDays(today, EXPIRING_DAYS);
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ ok: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${REFRESH_LOCK}) as ok`),
    );
    if (!lock?.ok) {
      const [last] = await tx.select().from(statRefresh).where(sql`${statRefresh.name} = ${STATISTICS}`);
      return {
        refreshed: false,
        refreshedAt: last?.refreshedAt ?? started,
        asOfDay: last?.asOfDay ?? today,
        durationMs: 0,
        rows: 0,
      };
    }
    let rows = 0;
    // The live waiting counts' appended changes folded in (they are read live, not refreshed).
    await foldWaiting(tx);
    const overdue = overdueCondition(started, await readDeadlineLimits(tx), {
      status: sql`a.status`,
      acceptedAt: sql`a.accepted_at`,
      businessType: sql`a.business_type`,
    });
    await tx.execute(sql`delete from stat_certificate`);
    rows += rowCount(
      await tx.execute(sql`
      insert into stat_certificate (category, status, area, district_code, issue_year, total, expiring)
      select c.category, c.status, e.ownership, e.district_code, extract(year from c.issue_date)::int, count(*)::int,
        (count(*) filter (where c.status = '01' and c.expiry_date >= ${today}::date and c.expiry_date <= ${soon}::date))::int
      from certificate c join enterprise e on e.id = c.enterprise_id
      group by 1, 2, 3, 4, 5`),
    );
    await tx.execute(sql`delete from stat_certificate_city`);
    rows += rowCount(
      await tx.execute(sql`
      insert into stat_certificate_city (category, status, area, city_code, issue_year, total, expiring)
      select category, status, area, left(district_code, 4) || '00', issue_year, sum(total)::int, sum(expiring)::int
      from stat_certificate group by 1, 2, 3, 4, 5`),
    );
    await tx.execute(sql`delete from stat_cert_issue_month`);
    rows += rowCount(
      await tx.execute(sql`
      insert into stat_cert_issue_month (month, category, area, total)
      select to_char(c.issue_date, 'YYYY-MM'), c.category, e.ownership, count(*)::int
      from certificate c join enterprise e on e.id = c.enterprise_id
      group by 1, 2, 3`),
    );
    await tx.execute(sql`delete from stat_application_closed`);
    // Handling time runs from acceptance to the end (不予以受理 ends before acceptance and has none).
    const pairs = await workDayPairs(tx);
    rows += rowCount(
      await tx.execute(sql`
      with w as (
        select unnest(string_to_array(${pairs.accepted}, ',')::date[]) as accepted, unnest(string_to_array(${pairs.closed}, ',')::date[]) as closed,
          unnest(string_to_array(${pairs.workDays}, ',')::int[]) as work_days
      ), ended as (
        select ${chinaMonth('a.closed_at')} as month, a.business_type, a.area, coalesce(left(e.district_code, 4) || '00', '') as city_code, a.status, a.outcome,
          ${chinaDay('a.accepted_at')} as accepted, ${chinaDay('a.closed_at')} as closed
        from application a left join enterprise e on e.id = a.enterprise_id
        where a.deleted = false and a.status in (4, 8) and a.closed_at is not null
      )
      insert into stat_application_closed (month, business_type, area, city_code, total, approved, denied, rejected, days, handled, work_days)
      select d.month, d.business_type, d.area, d.city_code, count(*)::int,
        (count(*) filter (where d.status = 8 and d.outcome = 'approved'))::int,
        (count(*) filter (where d.status = 8 and d.outcome is distinct from 'approved'))::int,
        (count(*) filter (where d.status = 4))::int,
        coalesce(sum(d.closed - d.accepted), 0)::int,
        count(d.accepted)::int,
        coalesce(sum(w.work_days), 0)::int
      from ended d left join w on w.accepted = d.accepted and w.closed = d.closed
      group by 1, 2, 3, 4`),
    );
    await tx.execute(sql`delete from stat_application_closed_year`);
    rows += rowCount(
      await tx.execute(sql`
      insert into stat_application_closed_year (year, business_type, area, city_code, total, approved, denied, rejected, days, handled, work_days)
      select left(month, 4), business_type, area, city_code, sum(total), sum(approved), sum(denied), sum(rejected), sum(days), sum(handled), sum(work_days)
      from stat_application_closed group by 1, 2, 3, 4`),
    );
    await tx.execute(sql`delete from stat_application_closed_trend`);
    rows += rowCount(
      await tx.execute(sql`
      insert into stat_application_closed_trend (month, business_type, area, total, approved, denied, rejected, days, handled, work_days)
      select month, business_type, area, sum(total), sum(approved), sum(denied), sum(rejected), sum(days), sum(handled), sum(work_days)
      from stat_application_closed group by 1, 2, 3`),
    );
    await tx.execute(sql`delete from stat_application_submitted`);
    rows += rowCount(
      await tx.execute(sql`
      insert into stat_application_submitted (month, business_type, area, total)
      select ${chinaMonth('a.submitted_at')}, a.business_type, a.area, count(*)::int
      from application a
      where a.deleted = false and a.submitted_at is not null
      group by 1, 2, 3`),
    );
    await tx.execute(sql`delete from stat_application_open`);
    const age = sql`(${today}::date - ${chinaDay('a.submitted_at')})`;
    rows += rowCount(
      await tx.execute(sql`
      insert into stat_application_open (business_type, status, step, area, city_code, age_bucket, overdue, total)
      select a.business_type, a.status, coalesce(a.step, ''), a.area, coalesce(left(e.district_code, 4) || '00', ''),
        case when a.submitted_at is null then -1 when ${age} <= 7 then 0 when ${age} <= 30 then 1 when ${age} <= 90 then 2 else 3 end,
        ${overdue}, count(*)::int
      from application a left join enterprise e on e.id = a.enterprise_id
      where a.deleted = false and a.status in (0, 2, 3)
      group by 1, 2, 3, 4, 5, 6, 7`),
    );
    // The check records of the days before today (they never change once a day has ended).
    await tx.execute(sql`delete from stat_check_day`);
    rows += rowCount(
      await tx.execute(sql`
      insert into stat_check_day (day, area, source, total, found)
      select ${chinaDay('r.checked_at')}, r.area, r.source, count(*)::int, (count(*) filter (where r.found))::int
      from cert_check_record r where r.checked_at < ${chinaDayStart(today)}
      group by 1, 2, 3`),
    );
    const durationMs = Math.round(performance.now() - t0);
    const refreshedAt = clock.now();
    await tx
      .insert(statRefresh)
      .values({ name: STATISTICS, refreshedAt, asOfDay: today, durationMs, rows })
      .onConflictDoUpdate({ target: statRefresh.name, set: { refreshedAt, asOfDay: today, durationMs, rows } });
    return { refreshed: true, refreshedAt, asOfDay: today, durationMs, rows };
  });
}

/** The last refresh's record (when, for which day, how long, how many rows), or undefined before the first. */
export async function lastRefresh(db: DbOrTx) {
  const [last] = await db.select().from(statRefresh).where(eq(statRefresh.name, STATISTICS));
  return last;
}
