/** What the administration lists share beyond their schemas: the requested sort order, and permissions chosen at run time. */
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AuthUser } from './authUser.js';
import { forbidden } from './errors.js';
import { sortColumn } from './schemas.js';

/**
 * ORDER BY the requested column when it may be sorted on ('descend'/'desc' descending, else
 * ascending), followed by the default order so that pages do not overlap; else the default order.
 */
export function listOrder<C extends AnyColumn>(
  sortField: string | undefined,
  sortOrder: string | undefined,
  allowed: Readonly<Record<string, C>>,
  fallback: (SQL | C)[],
): (SQL | C)[] {
  const column = sortColumn(allowed, sortField);
  if (!column) return fallback;
  return [sortOrder === 'descend' || sortOrder === 'desc' ? desc(column) : asc(column), ...fallback];
}

/** A permission chosen at run time (e.g. by message type or catalog kind). */
export function requirePerm(user: AuthUser, perm: string): void {
  if (!user.permissions.has(perm)) throw forbidden('没有权限，请联系管理员授权');
}

/** For calls several screens need (the role screen reads the menu tree): any one of the keys will do. */
export function requireAnyPerm(user: AuthUser, perms: readonly string[]): void {
  if (!perms.some((p) => user.permissions.has(p))) throw forbidden('没有权限，请联系管理员授权');
}

/** A timestamp as ISO text, or null. */
export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
