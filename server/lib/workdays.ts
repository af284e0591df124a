/**
 * Statutory deadlines count working days (Monday to Friday) of the China calendar. Public holidays
 * and the swapped weekend working days of the State Council calendar are not modelled yet: a
 * deadline can come out a few days early around the Spring Festival and National Day.
 */
import { addDays, chinaDate, isWeekday } from './days.js';
import { remembered } from './remembered.js';

/**
 * Answers by their day strings: every queue row and every workflow answer counts the same few
 * days again, day by day. Pure functions of their keys; cleared when large so they stay small.
 */
const CACHE_LIMIT = 4_096;
const deadlines = new Map<string, string>();
const daysLeft = new Map<string, number>();

/** The China day `days` working days after the China day of `from`, as YYYY-MM-DD. */
export function addWorkingDays(from: Date, days: number): string {
  const start = chinaDate(from);
  return remembered(deadlines, `${start}+${days}`, () => {
    let d = start;
    let left = days;
    while (left > 0) {
      d = addDays(d, 1);
      if (isWeekday(d)) left -= 1;
    }
    return d;
  }, CACHE_LIMIT);
}

/** Working days from `now` until `deadline` (negative once overdue, 0 on the day itself). */
export function workingDaysLeft(now: Date, deadline: string): number {
  const today = chinaDate(now);
  return remembered(daysLeft, `${today}>${deadline}`, () => {
    const [from, to, sign] = today <= deadline ? [today, deadline, 1] : [deadline, today, -1];
    let count = 0;
    for (let d = addDays(from, 1); d <= to; d = addDays(d, 1)) {
      if (isWeekday(d)) count += 1;
    }
    return sign * count;
  }, CACHE_LIMIT);
}

/**
 * The latest China day on which an item accepted is overdue by `now` (its deadline, `days` working
 * days later, lies a working day or more behind: `workingDaysLeft < 0`, what the queues show). Lists
 * find overdue items with `accepted_at < chinaDayEnd(this day)`: the same answer, row by row, as the
 * deadline the queue rows carry.
 */
export function latestOverdueAcceptanceDay(now: Date, days: number): string {
  let d = addDays(chinaDate(now), -1);
  while (workingDaysLeft(now, addWorkingDays(new Date(`${d}T12:00:00+08:00`), days)) >= 0) d = addDays(d, -1);
  return d;
}
