/**
 * The province's calendar. Every date the product shows, filters on or reasons about is a day in
 * China time (Asia/Shanghai, UTC+8 all year, no daylight saving), whatever the machine's TZ: a
 * certificate expires, an application is filed, a log row is written on a China day. Days are
 * 'YYYY-MM-DD' strings; instants are Dates. Nothing here reads the machine's zone or clock.
 */

export const CHINA_TZ = 'Asia/Shanghai';
const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The UTC calendar date of a Date as 'YYYY-MM-DD' (for Dates that stand for a day at UTC midnight). */
export function toDateStr(d: Date): string {
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** 'YYYY-MM-DD' to a Date at UTC midnight (a day, not an instant). */
export function parseDateStr(s: string): Date {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** Whether a 'YYYY-MM-DD' string names a real calendar day (2026-02-30 and 9999-99-99 do not). */
export function isCalendarDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = parseDateStr(s);
  return !Number.isNaN(d.getTime()) && toDateStr(d) === s;
}

/** The China day an instant falls on. */
export function chinaDate(instant: Date): string {
  return toDateStr(new Date(instant.getTime() + CHINA_OFFSET_MS));
}

/** An instant (a Date or an ISO string) as 'YYYY-MM-DD HH:mm:ss' in China time (SPEC 9's default format). */
export function chinaDateTime(instant: Date | string | null | undefined): string {
  if (!instant) return '';
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(at.getTime())) return '';
  const t = new Date(at.getTime() + CHINA_OFFSET_MS).toISOString();
  return `${t.slice(0, 10)} ${t.slice(11, 19)}`;
}

/** The first instant of a China day (00:00 in Shanghai). */
export function chinaDayStart(day: string): Date {
  return new Date(parseDateStr(day).getTime() - CHINA_OFFSET_MS);
}

/** The first instant after a China day (00:00 of the next day in Shanghai): an exclusive upper bound. */
export function chinaDayEnd(day: string): Date {
  return new Date(chinaDayStart(day).getTime() + DAY_MS);
}

export function addDays(s: string, days: number): string {
  const d = parseDateStr(s);
  d.setUTCDate(d.getUTCDate() + days);
  return toDateStr(d);
}

/**
 * Adds calendar years. 29 February plus a number of years that lands on a common year rolls over
 * to 1 March (so that "plus 3 years minus 1 day" ends on 28 February, the legal reading).
 */
export function addYears(s: string, years: number): string {
  const d = parseDateStr(s);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return toDateStr(d);
}

/** Whole days from a to b (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((parseDateStr(b).getTime() - parseDateStr(a).getTime()) / DAY_MS);
}

/** Completed years of age on a date. */
export function ageOn(birthDate: string, on: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export const yearOf = (s: string): number => Number(s.slice(0, 4));

/** Monday to Friday (the day of a 'YYYY-MM-DD'). */
export function isWeekday(day: string): boolean {
  const wd = parseDateStr(day).getUTCDay();
  return wd !== 0 && wd !== 6;
}
