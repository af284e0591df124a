/** Small SQL helpers for either driver: raw results, id lists as one array parameter, statement texts per count of values. */
import { getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** The rows of `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/**
 * `= any(ids)` with the ids as one int[] parameter: a batch of 5,000 is one value, not 5,000
 * placeholders, and a statement has one text whatever the number of ids.
 */
export function anyOf(column: AnyColumn | SQL | string, ids: readonly number[]): SQL {
  const col = typeof column === 'string' ? sql.raw(column) : column;
  return sql`${col} = any(${intArray(ids)}::int[])`;
}

/**
 * `= any(ids)` with the ids out of the planner's sight (a sub-select of the parameter): planned
 * for its values, the statement is costed as its generic plan is (ten ids, whatever their number),
 * so PostgreSQL keeps the generic plan of a named statement after its fifth call instead of
 * planning it again on every call because the ids of a word's one or two enterprises made the
 * plan for them look cheaper (listOrder.ts: a list that names its few enterprises by id). For a
 * statement whose best plan no list of ids changes.
 */
export function anyOfUnseen(column: AnyColumn | SQL, ids: readonly number[]): SQL {
  return sql`${column} = any((select ${intArray(ids)}::int[])::int[])`;
}

/**
 * A row count written into a statement's text instead of sent as a parameter, for LIMIT. A kept
 * (generic) plan takes a LIMIT parameter for a tenth of the rows it limits, so PostgreSQL never kept
 * the plan of a page that asks for ten: the certificate page of a word's enterprises cost 3,914 as a
 * generic plan against 2,792 planned for its values, and was planned again on every call (0.3 ms of
 * PostgreSQL's time) although the list names it for keeping (listOrder.ts). A page size is one of a
 * few values, so a text per size. Typed as the number drizzle's `.limit()` takes: drizzle writes an
 * object given as the limit into the text as it writes a placeholder (pg-core dialect, `limit ${limit}`).
 */
export function limitInText(rows: number): number {
  return countInText(rows) as unknown as number;
}

/** `rows` as a literal of the statement's text. */
export const countInText = (rows: number): SQL => sql.raw(countText(rows));

/** A row count as text, checked to be a whole number (nothing else may be written into a statement). */
export function countText(rows: number): string {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`a row count must be a whole number, not ${rows}`);
  return String(rows);
}

/**
 * The literals of id lists written lately, by the list: a request sends the same few thousand
 * persons' ids in several statements (a page walk, a count, the key of a kept answer).
 */
const literals = new WeakMap<readonly number[], string>();

/** Ids as one int[] parameter value (an array literal: node-postgres and PGlite read it alike). The list must not change after. */
export function intArray(ids: readonly number[]): string {
  const known = literals.get(ids);
  if (known !== undefined) return known;
  if (!ids.every((id) => Number.isInteger(id) && id > 0)) throw new Error('ids must be positive integers');
  const literal = `{${ids.join(',')}}`;
  literals.set(ids, literal);
  return literal;
}

/**
 * A statement text per count of values, each value its own placeholder (`$first` … ), built once per
 * count: for statements run on every request, where an array parameter made PostgreSQL plan the
 * statement again on (nearly) every call.
 */
export function textPerCount(build: (placeholders: string) => string, first = 1): (count: number) => string {
  const texts = new Map<number, string>();
  return (count) => {
    let text = texts.get(count);
    if (!text) texts.set(count, (text = build(Array.from({ length: count }, (_, i) => `$${i + first}`).join(', '))));
    return text;
  };
}

/**
 * A column written with its table's name whatever the query: drizzle writes the columns of a
 * one-table select bare, and inside a correlated subquery a bare name means the subquery's own column.
 */
export function qualified(column: AnyColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/**
 * The China day of an instant (a timestamptz column or expression) as a date. China is UTC+8 all
 * year (lib/days.ts computes the same): the instant moved by 8 hours and read as UTC costs half of
 * converting each row through the Asia/Shanghai zone (4.6 against 9.3 ms to group 30 days of check
 * records at the province's scale).
 */
export const chinaDayOf = (instant: AnyColumn | SQL): SQL<string> =>
  sql<string>`((${instant} + interval '8 hours') at time zone 'UTC')::date`;
/** The instant a China day (a date expression) begins: chinaDayOf's inverse. */
export const chinaDayStartOf = (day: AnyColumn | SQL): SQL<Date> =>
  sql<Date>`((${day})::timestamp - interval '8 hours') at time zone 'UTC'`;

/** The China month of an instant as 'YYYY-MM' (see chinaDayOf). */
export const chinaMonthOf = (instant: AnyColumn | SQL): SQL<string> =>
  sql<string>`to_char((${instant} + interval '8 hours') at time zone 'UTC', 'YYYY-MM')`;
