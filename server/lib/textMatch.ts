/**
 * How the search pages match typed text at the province's scale: names, ID numbers and numbers by
 * their start (byte order, "C": the collate-"C" indexes of schema.ts serve LIKE 'x%' and the sort
 * alike), certificate numbers also by their end (the yearly sequence people quote), enterprise
 * names anywhere (50,000 rows: a scan is cheap, and people type the distinctive word, not the city).
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { GUANGDONG_CODE } from './areas.js';

/** `text` with LIKE's wildcards (and its escape) escaped. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching `text` anywhere. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** The column starts with `text` (byte order, index-served). */
export const startsWith = (column: AnyColumn, text: string): SQL =>
  sql`${column} collate "C" like ${`${escapeLike(text)}%`}`;

/** The column contains `text`, case-insensitively. */
export const containsText = (column: AnyColumn | SQL, text: string): SQL =>
  sql`${column} ilike ${containsPattern(text)}`;

/**
 * How a typed certificate number matches: digits only are its end (the yearly sequence people quote,
 * 0001234), anything else its start (粤建安C3（2023）…, a whole number included). One index range each.
 */
export const certNoMode = (text: string): 'start' | 'end' => (/^\d+$/.test(text) ? 'end' : 'start');

/** A certificate number matching `text` (certNoMode): by its start, or by its end through the reverse index. */
export function certNoMatches(column: AnyColumn, text: string): SQL {
  if (certNoMode(text) === 'start') return sql`${column} collate "C" like ${`${escapeLike(text)}%`}`;
  const reversed = [...text].reverse().join('');
  return sql`reverse(${column}) collate "C" like ${`${escapeLike(reversed)}%`}`;
}

/** The column in byte order, for ORDER BY (the same collation as its index). */
export const byteOrder = (column: AnyColumn): SQL => sql`${column} collate "C"`;

/** A district filter other than the whole province (440000, which filters nothing). */
export const narrowsDistrict = (code: string | undefined): code is string => !!code && code !== GUANGDONG_CODE;

/**
 * A district filter: the province (440000) is everything, a city (4401 00) is its counties too,
 * a county is itself.
 */
export function inDistrict(column: AnyColumn, code: string): SQL | undefined {
  if (!narrowsDistrict(code)) return undefined;
  // A city by its code's first four digits, the key of its own index (enterprise_city_name_c_idx,
  // in name order); the planner estimates it with the area from their joint statistics (migration
  // 0038), so a centre filtering by a city of another area is known to match nothing instead of
  // being guessed at thousands of enterprises.
  if (/^\d{4}00$/.test(code)) return sql`substr(${column}, 1, 4) = ${code.slice(0, 4)}`;
  return sql`${column} collate "C" = ${code}`;
}
