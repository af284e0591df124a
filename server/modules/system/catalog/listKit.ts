/**
 * Small helpers shared by the administration lists of this helper's modules (config, logs,
 * messages, notices, to-dos, catalog, persons): the `ids` parameter of remove calls, the
 * YYYY-MM-DD creation-date filter in China time, sorting by a whitelisted field, LIKE patterns.
 */
import { z } from 'zod';
import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { forbidden } from '../../../lib/errors.js';
import type { AuthUser } from '../../../context.js';

/** `ids` of remove calls (SPEC 7 "params"): "1,2,3", or repeated ids=1&ids=2. */
export const idsQuery = z.object({
  ids: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean).map(Number))
    .refine((a) => a.length > 0 && a.length <= 500 && a.every((n) => Number.isInteger(n) && n > 0), '参数 ids 应为以逗号分隔的正整数编号（1 到 500 个）'),
});

export const idParams = z.object({ id: z.coerce.number().int().positive() });

export { dateRange } from '../../../lib/dateRange.js';

/** ORDER BY for a requested field when it is one of `allowed`, else the default order. */
export function orderBy(
  sortField: string | undefined,
  sortOrder: string | undefined,
  allowed: Record<string, PgColumn>,
  fallback: (SQL | PgColumn)[],
): (SQL | PgColumn)[] {
  const col = sortField ? allowed[sortField] : undefined;
  if (!col) return fallback;
  return [sortOrder === 'ascend' || sortOrder === 'asc' ? asc(col) : desc(col)];
}

/** A LIKE pattern matching `text` anywhere, with the wildcards in the text itself escaped. */
export const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Checks a permission chosen at run time (e.g. by msgType or catalog kind). */
export function requirePerm(user: AuthUser, perm: string): void {
  if (!user.permissions.has(perm)) throw forbidden('没有权限，请联系管理员授权');
}

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A timestamp as YYYY-MM-DD HH:mm:ss in China time, for Excel cells. */
export { chinaDateTime as chinaTime } from '../../../lib/days.js';
