/**
 * 工作日历 (系统管理): the years and days of China's working-day calendar as the administrator reads
 * and changes them. The package's table (chinese-days) stays as shipped; what an administrator
 * enters is kept beside it (work_calendar_day, work_calendar_year) and wins.
 */
import { and, eq, gte, lte } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import type { DbOrTx } from '../../../db/client.js';
import { workCalendarDay, workCalendarYear } from '../../../db/schema.js';
import { clockNow } from '../../../lib/clock.js';
import { addDays, chinaDate, isWeekday, parseDateStr, yearOf } from '../../../lib/days.js';
import { badRequest, conflict } from '../../../lib/errors.js';
import type { WorkCalendar } from '../../../lib/workCalendar.js';
import { loadWorkCalendar } from '../../../lib/calendar/inForce.js';
import { withoutKept } from '../../../lib/requestScope.js';
import { refreshStatistics } from '../../statistics/refresh.js';

/** Where a year's arrangement comes from. */
export type YearState = 'published' | 'confirmed' | 'unknown';

export interface YearView {
  year: number;
  state: YearState;
  /** The package that ships it, when it does. */
  source: string | null;
  notice: string | null;
  confirmedBy: string | null;
  confirmedAt: string | null;
  /** Monday–Friday days off, and weekend days worked, as the calendar now counts them. */
  daysOff: number;
  daysWorked: number;
  /** Days an administrator entered or corrected. */
  entered: number;
  canConfirm: boolean;
  canRevoke: boolean;
  canImport: boolean;
}

export interface DayView {
  day: string;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  working: boolean;
  name: string | null;
  /** Whether an administrator entered this day (else it is the package's). */
  entered: boolean;
  /** What the package says of the day; null for a year it does not cover. */
  packageWorking: boolean | null;
  /** An entered day that disagrees with the package. */
  differs: boolean;
  remark: string | null;
  updatedBy: string | null;
  updatedAt: string | null;
}

const yearDays = (year: number) => ({ from: `${year}-01-01`, to: `${year}-12-31` });

async function enteredDays(db: DbOrTx, year: number) {
  const { from, to } = yearDays(year);
  return db
    .select()
    .from(workCalendarDay)
    .where(and(gte(workCalendarDay.day, from), lte(workCalendarDay.day, to)))
    .orderBy(workCalendarDay.day);
}

/** The days of a year the calendar does not count plain Monday–Friday, named, or entered by an administrator. */
export async function daysOfYear(db: DbOrTx, calendar: WorkCalendar, year: number): Promise<DayView[]> {
  const entered = new Map((await enteredDays(db, year)).map((r) => [r.day, r]));
  const covered = calendar.published.years.has(year);
  const { from, to } = yearDays(year);
  const out: DayView[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const row = entered.get(d);
    const working = calendar.isWorkingDay(d);
    const name = calendar.nameOf(d);
    if (!row && working === isWeekday(d) && !name) continue;
    const packageWorking = covered ? calendar.publishedRule(d).working : null;
    out.push({
      day: d,
      weekday: parseDateStr(d).getUTCDay(),
      working,
      name,
      entered: !!row,
      packageWorking,
      differs: !!row && packageWorking !== null && packageWorking !== row.working,
      remark: row?.remark ?? null,
      updatedBy: row?.updatedBy ?? null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    });
  }
  return out;
}

/** A year as the page shows it, with what the administrator may do with it now. */
export async function yearView(db: DbOrTx, calendar: WorkCalendar, year: number): Promise<YearView> {
  const [days, [confirmed]] = await Promise.all([
    daysOfYear(db, calendar, year),
    db.select().from(workCalendarYear).where(eq(workCalendarYear.year, year)),
  ]);
  const published = calendar.published.years.has(year);
  const state: YearState = published ? 'published' : confirmed ? 'confirmed' : 'unknown';
  return {
    year,
    state,
    source: published ? calendar.published.source : null,
    notice: confirmed?.notice ?? null,
    confirmedBy: confirmed?.confirmedBy ?? null,
    confirmedAt: confirmed?.confirmedAt.toISOString() ?? null,
    daysOff: days.filter((d) => !d.working && isWeekday(d.day)).length,
    daysWorked: days.filter((d) => d.working && !isWeekday(d.day)).length,
    entered: days.filter((d) => d.entered).length,
    canConfirm: !published && !confirmed,
    canRevoke: !published && !!confirmed,
    canImport: !published,
  };
}

/** The years the page lists: last year to next year, and every year an administrator touched. */
export async function listedYears(db: DbOrTx, now: Date): Promise<number[]> {
  const thisYear = yearOf(chinaDate(now));
  const [days, years] = await Promise.all([
    db.selectDistinct({ day: workCalendarDay.day }).from(workCalendarDay),
    db.select({ year: workCalendarYear.year }).from(workCalendarYear),
  ]);
  const set = new Set([
    thisYear - 1,
    thisYear,
    thisYear + 1,
    ...days.map((d) => yearOf(d.day)),
    ...years.map((y) => y.year),
  ]);
  return [...set].sort((a, b) => b - a);
}

export interface DayInput {
  day: string;
  working: boolean;
  name?: string | undefined;
  remark?: string | undefined;
}

/** Enters or corrects one day. */
export async function saveDay(tx: DbOrTx, input: DayInput, by: string): Promise<void> {
  const values = { working: input.working, name: input.name || null, remark: input.remark || null, updatedBy: by };
  await tx
    .insert(workCalendarDay)
    .values({ day: input.day, ...values })
    .onConflictDoUpdate({ target: workCalendarDay.day, set: values });
}

/** Gives a day back to the package (or to Monday–Friday). */
export async function removeDay(tx: DbOrTx, day: string): Promise<void> {
  const gone = await tx
    .delete(workCalendarDay)
    .where(eq(workCalendarDay.day, day))
    .returning({ day: workCalendarDay.day });
  if (gone.length === 0) throw badRequest(`${day} 没有录入或更正过，无需恢复`, 'day');
}

/** Refuses a year the package ships: it is corrected day by day, not entered whole. */
export function requireUnpublished(calendar: WorkCalendar, year: number): void {
  if (calendar.published.years.has(year)) {
    throw badRequest(
      `${year}年的安排由 ${calendar.published.source} 提供（国务院办公厅通知），不能整年录入；如有不符请逐日更正`,
      'year',
    );
  }
}

/** Marks a year as entered whole from the notice: deadlines through it are no longer estimated. */
export async function confirmYear(
  tx: DbOrTx,
  calendar: WorkCalendar,
  year: number,
  notice: string | undefined,
  by: string,
): Promise<void> {
  requireUnpublished(calendar, year);
  const days = await enteredDays(tx, year);
  if (!days.some((d) => !d.working && isWeekday(d.day))) {
    throw badRequest(`${year}年还没有录入任何周一至周五的放假日期，请先按国务院办公厅通知录入或导入全年安排`, 'year');
  }
  const [already] = await tx.select().from(workCalendarYear).where(eq(workCalendarYear.year, year));
  if (already) throw conflict(`${year}年的安排已于 ${chinaDate(already.confirmedAt)} 由 ${already.confirmedBy} 确认`);
  await tx.insert(workCalendarYear).values({ year, notice: notice || null, confirmedBy: by });
}

/** Takes back a year's confirmation: its days stay, deadlines through it are estimated again. */
export async function revokeYear(tx: DbOrTx, year: number): Promise<void> {
  const gone = await tx
    .delete(workCalendarYear)
    .where(eq(workCalendarYear.year, year))
    .returning({ year: workCalendarYear.year });
  if (gone.length === 0) throw badRequest(`${year}年的安排尚未确认`, 'year');
}

/** Replaces a year's entered days with an imported table and confirms the year, in the caller's transaction. */
export async function replaceYear(
  tx: DbOrTx,
  calendar: WorkCalendar,
  year: number,
  days: readonly DayInput[],
  notice: string | undefined,
  by: string,
): Promise<void> {
  requireUnpublished(calendar, year);
  const { from, to } = yearDays(year);
  await tx.delete(workCalendarDay).where(and(gte(workCalendarDay.day, from), lte(workCalendarDay.day, to)));
  if (days.length) {
    await tx.insert(workCalendarDay).values(
      days.map((d) => ({
        day: d.day,
        working: d.working,
        name: d.name || null,
        remark: d.remark || null,
        updatedBy: by,
      })),
    );
  }
  await tx
    .insert(workCalendarYear)
    .values({ year, notice: notice || null, confirmedBy: by })
    .onConflictDoUpdate({
      target: workCalendarYear.year,
      set: { notice: notice || null, confirmedBy: by, confirmedAt: clockNow() },
    });
}

/** After a change: the calendar and statistics as they now are (this request's kept copies are behind). */
const afterChange = (ctx: AppContext) => withoutKept(() => refreshStatistics(ctx.db, ctx.clock));

/** 工作日历：录入或更正一天 POST /system/calendar/save */
export async function saveCalendarDay(ctx: AppContext, input: DayInput, by: string): Promise<void> {
  await ctx.db.transaction((tx) => saveDay(tx, input, by));
  await afterChange(ctx);
}

/** 工作日历：恢复一天 POST /system/calendar/remove */
export async function removeCalendarDay(ctx: AppContext, day: string): Promise<void> {
  await ctx.db.transaction((tx) => removeDay(tx, day));
  await afterChange(ctx);
}

/** 工作日历：确认一年已按通知录入 POST /system/calendar/confirm */
export async function confirmCalendarYear(
  ctx: AppContext,
  year: number,
  notice: string | undefined,
  by: string,
): Promise<void> {
  const calendar = await loadWorkCalendar(ctx.db);
  await ctx.db.transaction((tx) => confirmYear(tx, calendar, year, notice, by));
  await afterChange(ctx);
}

/** 工作日历：撤销一年的确认 POST /system/calendar/revoke */
export async function revokeCalendarYear(ctx: AppContext, year: number): Promise<void> {
  await ctx.db.transaction((tx) => revokeYear(tx, year));
  await afterChange(ctx);
}

/** The calendar in force, refusing a year the package ships before any file of it is read (importData). */
export async function calendarForImport(db: DbOrTx, year: number): Promise<WorkCalendar> {
  const calendar = await loadWorkCalendar(db);
  requireUnpublished(calendar, year);
  return calendar;
}

/** 导入一年的节假日安排 POST /system/calendar/importData: the year's days replaced and the year confirmed. */
export async function importCalendarYear(
  ctx: AppContext,
  calendar: WorkCalendar,
  year: number,
  days: readonly DayInput[],
  notice: string | undefined,
  by: string,
): Promise<void> {
  await ctx.db.transaction((tx) => replaceYear(tx, calendar, year, days, notice, by));
  await afterChange(ctx);
}
