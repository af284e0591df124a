/**
 * Statutory deadlines count working days of China's calendar (workCalendar.ts: holidays off, swapped
 * weekend days on, Monday–Friday in a year not entered yet) from the China day of an instant.
 */
import { addDays, chinaDate } from './days.js';
import type { WorkCalendar } from './workCalendar.js';

/** The China day `days` working days after the China day of `from`, as YYYY-MM-DD. */
export function addWorkingDays(calendar: WorkCalendar, from: Date, days: number): string {
  return calendar.addWorkingDays(chinaDate(from), days);
}

/** Working days from `now` until `deadline` (negative once overdue, 0 on the day itself). */
export function workingDaysLeft(calendar: WorkCalendar, now: Date, deadline: string): number {
  return calendar.workingDaysBetween(chinaDate(now), deadline);
}

/** Whether a deadline counted from `from` crossed a year not entered yet (counted Monday–Friday there). */
export function deadlineEstimated(calendar: WorkCalendar, from: Date, deadline: string): boolean {
  return calendar.estimated(chinaDate(from), deadline);
}

/**
 * The latest China day on which an item accepted is overdue by `now` (its deadline, `days` working
 * days later, lies a working day or more behind: `workingDaysLeft < 0`, what the queues show). Lists
 * find overdue items with `accepted_at < chinaDayEnd(this day)`: the same answer, row by row, as the
 * deadline the queue rows carry, since a later acceptance never has an earlier deadline.
 */
export function latestOverdueAcceptanceDay(calendar: WorkCalendar, now: Date, days: number): string {
  const today = chinaDate(now);
  let d = addDays(today, -1);
  while (calendar.workingDaysBetween(today, calendar.addWorkingDays(d, days)) >= 0) d = addDays(d, -1);
  return d;
}
