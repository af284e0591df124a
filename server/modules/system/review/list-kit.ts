/** Small pieces every list of the user and role screens shares: date range, sorting, text match. */
import { asc, desc, gte, ilike, lt, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';

/** The day the list filters mean is a day in China (SPEC 9: YYYY-MM-DD). */
const dayStart = (day: string): Date => new Date(`${day}T00:00:00+08:00`);

/** beginTime/endTime (inclusive days, YYYY-MM-DD) on a timestamp column. */
export function dateRange(column: SQLWrapper, beginTime?: string, endTime?: string): SQL[] {
  const out: SQL[] = [];
  if (beginTime) out.push(gte(column, dayStart(beginTime)));
  if (endTime) out.push(lt(column, new Date(dayStart(endTime).getTime() + 86_400_000)));
  return out;
}

/** `ILIKE %text%` with the wildcards of the text itself escaped. */
export function contains(column: AnyColumn | SQL, text: string): SQL {
  return ilike(column, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** ORDER BY the named column when it may be sorted on, else the default order. */
export function orderBy(
  sortField: string | undefined,
  sortOrder: string | undefined,
  allowed: Record<string, AnyColumn>,
  fallback: SQL[],
): SQL[] {
  const column = sortField ? allowed[sortField] : undefined;
  if (!column) return fallback;
  return [sortOrder === 'descend' || sortOrder === 'desc' ? desc(column) : asc(column), ...fallback];
}
