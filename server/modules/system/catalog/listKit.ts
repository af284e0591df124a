/**
 * Small helpers shared by the administration lists of this helper's modules (config, logs,
 * messages, notices, to-dos, catalog, persons): the `ids` parameter of remove calls, the
 * YYYY-MM-DD creation-date filter in China time, sorting by a whitelisted field, LIKE patterns.
 */
import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { forbidden } from '../../../lib/errors.js';
import { sortColumn } from '../../../lib/schemas.js';
import type { AuthUser } from '../../../context.js';

export { idParams, idsQuery } from '../../../lib/schemas.js';

export { dateRange } from '../../../lib/dateRange.js';

/** ORDER BY for a requested field when it is one of `allowed`, else the default order. */
export function orderBy(
  sortField: string | undefined,
  sortOrder: string | undefined,
  allowed: Record<string, PgColumn>,
  fallback: (SQL | PgColumn)[],
): (SQL | PgColumn)[] {
  const col = sortColumn(allowed, sortField);
  if (!col) return fallback;
  return [sortOrder === 'ascend' || sortOrder === 'asc' ? asc(col) : desc(col)];
}

/** A LIKE pattern matching `text` anywhere, with the wildcards in the text itself escaped. */
export { containsPattern as contains } from '../../../lib/textMatch.js';

/** Checks a permission chosen at run time (e.g. by msgType or catalog kind). */
export function requirePerm(user: AuthUser, perm: string): void {
  if (!user.permissions.has(perm)) throw forbidden('没有权限，请联系管理员授权');
}

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A timestamp as YYYY-MM-DD HH:mm:ss in China time, for Excel cells. */
export { chinaDateTime as chinaTime } from '../../../lib/days.js';
