/**
 * The working-day calendar in force: the kept package's table with the administrators' days and
 * confirmed years over it (系统管理 → 工作日历). Kept per the dictionaries' version within a signed-in
 * request (any change to the calendar's tables moves it: migration 0040), so the queues and lists
 * count deadlines from memory; read every time outside a request (the jobs, once a run).
 */
import type { DbOrTx } from '../../db/client.js';
import { workCalendarDay, workCalendarYear } from '../../db/schema.js';
import { PUBLISHED_CALENDAR } from '../publishedCalendar.js';
import { keptForDictionaries } from '../requestScope.js';
import { WorkCalendar, type DayRule } from '../workCalendar.js';

/** The calendar from its rows (no database: what the rows say, over the package's table). */
export function calendarFrom(
  days: readonly { day: string; working: boolean; name: string | null }[],
  years: readonly number[],
): WorkCalendar {
  const corrections = new Map<string, DayRule>(days.map((d) => [d.day, { working: d.working, name: d.name }]));
  return new WorkCalendar(PUBLISHED_CALENDAR, corrections, new Set(years));
}

/** The calendar as the database holds it now (two small reads; the page that changes it). */
export async function loadWorkCalendar(db: DbOrTx): Promise<WorkCalendar> {
  const [days, years] = await Promise.all([
    db
      .select({ day: workCalendarDay.day, working: workCalendarDay.working, name: workCalendarDay.name })
      .from(workCalendarDay),
    db.select({ year: workCalendarYear.year }).from(workCalendarYear),
  ]);
  return calendarFrom(
    days,
    years.map((y) => y.year),
  );
}

/** The calendar in force, kept per the dictionaries' version (what the lists and deadlines read). */
export function readWorkCalendar(db: DbOrTx): Promise<WorkCalendar> {
  return keptForDictionaries('workCalendar', () => loadWorkCalendar(db));
}
