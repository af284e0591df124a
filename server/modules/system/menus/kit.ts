/**
 * Helpers shared by this helper's administration modules (menus, departments, dictionaries,
 * districts, file storage): remove-call ids, list filters in China time, trees, any-of permissions.
 */
import { z } from 'zod';
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import { forbidden } from '../../../lib/errors.js';
import { sortColumn } from '../../../lib/schemas.js';
import type { AuthUser } from '../../../context.js';

/** Splits "1,2,3" (or repeated params) into trimmed non-empty strings. */
const splitList = (v: string | string[]) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean);

export { idParams, idsQuery } from '../../../lib/schemas.js';

/** The same for string keys (district codes). */
export const codesQuery = z.object({
  ids: z
    .union([z.string(), z.array(z.string())], { error: '参数 ids 不能为空' })
    .transform(splitList)
    .refine(
      (a) => a.length > 0 && a.length <= 500 && a.every((c) => /^\d{6,12}$/.test(c)),
      '参数 ids 应为以逗号分隔的行政区划代码（1 到 500 个）',
    ),
});

export { dateRange } from '../../../lib/dateRange.js';

/** ORDER BY the requested field when whitelisted, then the default order. */
export function orderBy(
  sortField: string | undefined,
  sortOrder: string | undefined,
  allowed: Record<string, AnyColumn>,
  fallback: SQL[],
): SQL[] {
  const col = sortColumn(allowed, sortField);
  if (!col) return fallback;
  return [sortOrder === 'descend' || sortOrder === 'desc' ? desc(col) : asc(col), ...fallback];
}

/** A LIKE pattern matching `text` anywhere, with the wildcards in the text itself escaped. */
export { containsPattern as contains } from '../../../lib/textMatch.js';

/** For calls several screens need (e.g. the role screen reads the menu tree): any one of the keys will do. */
export function requireAnyPerm(user: AuthUser, perms: readonly string[]): void {
  if (!perms.some((p) => user.permissions.has(p))) throw forbidden('没有权限，请联系管理员授权');
}

/** A timestamp as YYYY-MM-DD HH:mm:ss in China time, for Excel cells. */
export { chinaDateTime as chinaTime } from '../../../lib/days.js';

export type TreeNode<T> = T & { children?: TreeNode<T>[] };

/**
 * Nests rows under their parents, keeping the given order among siblings. Rows whose parent is
 * not in the list become roots (a filtered list still shows as a tree).
 */
export function buildTree<T, K>(rows: readonly T[], idOf: (r: T) => K, parentOf: (r: T) => K | null): TreeNode<T>[] {
  const nodes = new Map<K, TreeNode<T>>();
  for (const r of rows) nodes.set(idOf(r), { ...r } as TreeNode<T>);
  const roots: TreeNode<T>[] = [];
  for (const r of rows) {
    const node = nodes.get(idOf(r))!;
    const pid = parentOf(r);
    const parent = pid === null ? undefined : nodes.get(pid);
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** The ids plus every ancestor, from a parent lookup (cycles are cut). */
export function withAncestors<K>(ids: Iterable<K>, parentOf: (id: K) => K | null | undefined): Set<K> {
  const out = new Set<K>();
  for (const id of ids) {
    for (let cur: K | null | undefined = id; cur !== null && cur !== undefined && !out.has(cur); cur = parentOf(cur))
      out.add(cur);
  }
  return out;
}

/** Every id below `root` (not including it), from a child lookup. */
export function descendantsOf<K>(root: K, childrenOf: (id: K) => readonly K[]): Set<K> {
  const out = new Set<K>();
  const stack = [...childrenOf(root)];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...childrenOf(id));
  }
  return out;
}
