/**
 * China's working-day calendar (the State Council's 节假日安排): Monday to Friday work, except the
 * public holidays that fall on them, plus the weekend days swapped into working days (调休上班).
 * A year counts as known once its arrangement is published and entered: shipped by the kept package
 * (publishedCalendar.ts) or confirmed by an administrator (系统管理 → 工作日历); a day of any other
 * year counts Monday to Friday, and a deadline that crosses one says so (`estimated`).
 *
 * Pure: built once per version of the calendar's rows (lib/calendar/inForce.ts) into a running
 * count of working days, so every deadline, days-left figure and overdue bound is an array look-up.
 */
import { addDays, isCalendarDay, isWeekday, parseDateStr, toDateStr, yearOf } from './days.js';

/** A day whose status is not plain Monday–Friday, or that carries a name (春节, 国庆节补班…). */
export interface DayRule {
  working: boolean;
  /** The holiday the day belongs to, as the notice names it; null when none. */
  name: string | null;
}

/** A published table: the years it covers whole, and its named and swapped days. */
export interface PublishedTable {
  /** Where it comes from, as the page shows it (e.g. chinese-days 1.5.7). */
  source: string;
  years: ReadonlySet<number>;
  days: ReadonlyMap<string, DayRule>;
}

/** The first and last day of the running count; days outside it are counted one by one (Monday–Friday). */
export const CALENDAR_FIRST_DAY = '2000-01-01';
export const CALENDAR_LAST_DAY = '2099-12-31';
export const CALENDAR_FIRST_YEAR = 2000;
export const CALENDAR_LAST_YEAR = 2099;

const DAY_MS = 86_400_000;
const FIRST_MS = parseDateStr(CALENDAR_FIRST_DAY).getTime();
const SPAN = Math.round((parseDateStr(CALENDAR_LAST_DAY).getTime() - FIRST_MS) / DAY_MS) + 1;
/** Day of the week of the range's first day (0 Sunday … 6 Saturday). */
const FIRST_WEEKDAY = new Date(FIRST_MS).getUTCDay();

/** Days since 1970-01-01 of a 'YYYY-MM-DD', by arithmetic (no Date, no garbage: it runs for every row of every list). */
function epochDay(day: string): number {
  let y =
    (day.charCodeAt(0) - 48) * 1000 +
    (day.charCodeAt(1) - 48) * 100 +
    (day.charCodeAt(2) - 48) * 10 +
    (day.charCodeAt(3) - 48);
  const m = (day.charCodeAt(5) - 48) * 10 + (day.charCodeAt(6) - 48);
  const d = (day.charCodeAt(8) - 48) * 10 + (day.charCodeAt(9) - 48);
  // Howard Hinnant's days_from_civil.
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}
const FIRST_EPOCH_DAY = FIRST_MS / DAY_MS;
const indexOf = (day: string): number => epochDay(day) - FIRST_EPOCH_DAY;

/** The range's days as strings, made once per process on first use (answers are these strings, not new ones). */
let dayStrings: string[] | null = null;
function dayAt(i: number): string {
  if (!dayStrings) {
    dayStrings = new Array<string>(SPAN);
    for (let k = 0; k < SPAN; k++) dayStrings[k] = toDateStr(new Date(FIRST_MS + k * DAY_MS));
  }
  return dayStrings[i]!;
}

/** Whether a string names a day the calendar can hold (a real day of 2000–2099). */
export const isCalendarRangeDay = (day: string): boolean =>
  isCalendarDay(day) && day >= CALENDAR_FIRST_DAY && day <= CALENDAR_LAST_DAY;

export class WorkCalendar {
  /** counted[i]: working days among the range's days 0..i. */
  private readonly counted: Int32Array;
  /** nth[k]: the index of the range's k-th working day (k from 1). */
  private readonly nth: Int32Array;
  private readonly known: ReadonlySet<number>;

  /**
   * `published`: the package's table; `corrections`: the administrators' days (they win over the
   * package's); `confirmedYears`: years an administrator entered whole.
   */
  constructor(
    readonly published: PublishedTable,
    private readonly corrections: ReadonlyMap<string, DayRule> = new Map(),
    readonly confirmedYears: ReadonlySet<number> = new Set(),
  ) {
    this.known = new Set([...published.years, ...confirmedYears]);
    // Monday–Friday by position (the range starts on a Saturday), then the tables' days over it.
    const working = new Uint8Array(SPAN);
    for (let i = 0; i < SPAN; i++) working[i] = ((FIRST_WEEKDAY + i) % 7) % 6 === 0 ? 0 : 1;
    for (const rules of [published.days, corrections]) {
      for (const [day, rule] of rules)
        if (day >= CALENDAR_FIRST_DAY && day <= CALENDAR_LAST_DAY) working[indexOf(day)] = rule.working ? 1 : 0;
    }
    this.counted = new Int32Array(SPAN);
    const nth = new Int32Array(SPAN + 1);
    let k = 0;
    for (let i = 0; i < SPAN; i++) {
      if (working[i]) nth[++k] = i;
      this.counted[i] = k;
    }
    this.nth = nth.subarray(0, k + 1);
  }

  /** What the package alone says of a day (Monday–Friday in a year it does not cover). */
  publishedRule(day: string): DayRule {
    return this.published.days.get(day) ?? { working: isWeekday(day), name: null };
  }

  /** The administrators' correction of a day, if any. */
  correction(day: string): DayRule | undefined {
    return this.corrections.get(day);
  }

  /** Whether the day is worked: an administrator's correction, else the package's table, else Monday–Friday. */
  isWorkingDay(day: string): boolean {
    return (this.corrections.get(day) ?? this.published.days.get(day))?.working ?? isWeekday(day);
  }

  /** The holiday a day belongs to, if any. */
  nameOf(day: string): string | null {
    const c = this.corrections.get(day);
    return c ? c.name : (this.published.days.get(day)?.name ?? null);
  }

  /** Whether the year's arrangement is published and entered (package or administrator). */
  knowsYear(year: number): boolean {
    return this.known.has(year);
  }

  /** Years known, ascending. */
  knownYears(): number[] {
    return [...this.known].sort((a, b) => a - b);
  }

  /** The China day `n` working days after `day` (`day` itself for n ≤ 0). */
  addWorkingDays(day: string, n: number): string {
    if (n <= 0) return day;
    const i = day >= CALENDAR_FIRST_DAY && day <= CALENDAR_LAST_DAY ? indexOf(day) : -1;
    const k = i >= 0 ? this.counted[i]! + n : -1;
    if (k > 0 && k < this.nth.length) return dayAt(this.nth[k]!);
    let d = day;
    for (let left = n; left > 0; ) {
      d = addDays(d, 1);
      if (this.isWorkingDay(d)) left -= 1;
    }
    return d;
  }

  /** Working days in (from, to], negative when `to` is before `from` (0 on the same day). */
  workingDaysBetween(from: string, to: string): number {
    if (from > to) return 0 - this.workingDaysBetween(to, from);
    if (from >= CALENDAR_FIRST_DAY && to <= CALENDAR_LAST_DAY)
      return this.counted[indexOf(to)]! - this.counted[indexOf(from)]!;
    let count = 0;
    for (let d = addDays(from, 1); d <= to; d = addDays(d, 1)) if (this.isWorkingDay(d)) count += 1;
    return count;
  }

  /**
   * Whether counting the days after `from` up to `to` crossed a year not known yet: those days
   * were counted Monday to Friday, and the result can move once the year is entered.
   */
  estimated(from: string, to: string): boolean {
    const [a, b] = from <= to ? [from, to] : [to, from];
    if (a === b) return false;
    // The days counted start the day after `a`: in the next year when `a` is 31 December.
    for (let y = yearOf(a) + (a.endsWith('-12-31') ? 1 : 0); y <= yearOf(b); y++) if (!this.known.has(y)) return true;
    return false;
  }

  /**
   * The year whose arrangement users must be told is missing on `today`: this year, or from 1
   * November next year (the State Council publishes it in the autumn); null when both are known.
   */
  missingYear(today: string): number | null {
    const year = yearOf(today);
    if (!this.known.has(year)) return year;
    if (today.slice(5) >= '11-01' && !this.known.has(year + 1)) return year + 1;
    return null;
  }
}
