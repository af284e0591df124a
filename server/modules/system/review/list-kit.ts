/** Small pieces every list of the user and role screens shares: date range, sorting, text match. */
import { asc, desc, ilike, type AnyColumn, type SQL } from 'drizzle-orm';
import { sortColumn } from '../../../lib/schemas.js';
import { containsPattern } from '../../../lib/textMatch.js';

export { dateRange } from '../../../lib/dateRange.js';

/** `ILIKE %text%` with the wildcards of the text itself escaped. */
export function contains(column: AnyColumn | SQL, text: string): SQL {
  return ilike(column, containsPattern(text));
}

/** ORDER BY the named column when it may be sorted on, else the default order. */
export function orderBy(
  sortField: string | undefined,
  sortOrder: string | undefined,
  allowed: Record<string, AnyColumn>,
  fallback: SQL[],
): SQL[] {
  const column = sortColumn(allowed, sortField);
  if (!column) return fallback;
  return [sortOrder === 'descend' || sortOrder === 'desc' ? desc(column) : asc(column), ...fallback];
}
