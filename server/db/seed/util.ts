/** Small helpers shared by the seed files: chunked inserts and calendar-date arithmetic on 'YYYY-MM-DD'. */
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client.js';

/** Rows per INSERT statement: well below PostgreSQL's 65 535 bind parameters for every table here. */
export const CHUNK = 500;

export function chunks<T>(rows: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Inserts rows in chunks of CHUNK, without returning anything. */
export async function insertAll<T extends PgTable>(db: DbOrTx, table: T, rows: ReadonlyArray<T['$inferInsert']>): Promise<void> {
  for (const part of chunks(rows)) {
    // The generic insert builder cannot relate T['$inferInsert'] to its own value type; the rows are exactly that type.
    await db.insert(table).values(part as never);
  }
}

// ---------- dates ('YYYY-MM-DD', calendar dates without a time zone) ----------

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The UTC calendar date of a Date as 'YYYY-MM-DD'. */
export function toDateStr(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** 'YYYY-MM-DD' to a Date at UTC midnight. */
export function parseDateStr(s: string): Date {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** Today's date in China (UTC+8, no daylight saving) for an instant. */
export function chinaDate(now: Date): string {
  return toDateStr(new Date(now.getTime() + 8 * 3_600_000));
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
  return Math.round((parseDateStr(b).getTime() - parseDateStr(a).getTime()) / 86_400_000);
}

/** Completed years of age on a date. */
export function ageOn(birthDate: string, on: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export const yearOf = (s: string): number => Number(s.slice(0, 4));
