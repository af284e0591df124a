/** Small pieces every list of the user and role screens shares: date range, sorting, text match. */
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import { sortColumn } from '../../../lib/schemas.js';

export { dateRange } from '../../../lib/dateRange.js';

/** `ILIKE %text%` with the wildcards of the text itself escaped. */
export { containsText as contains } from '../../../lib/textMatch.js';

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
