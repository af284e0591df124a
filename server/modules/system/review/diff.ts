/** The reviewer's view of a submission: field, value before, value after (in words, not ids). */

export interface DiffRow {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** Display values of a record, field by field ('' for empty); lists (roles, menus) as arrays of names. */
export type DisplayRecord = Record<string, string | string[]>;

const MAX_LISTED = 30;
const listText = (names: readonly string[]): string =>
  names.length > MAX_LISTED ? `${names.slice(0, MAX_LISTED).join('、')} 等${names.length}项` : names.join('、');

/** A list field: what was taken away stands in before, what was added in after (with the totals). */
function listDiff(
  before: readonly string[] | null,
  after: readonly string[] | null,
): { before: string; after: string } | null {
  const b = new Set(before ?? []);
  const a = new Set(after ?? []);
  const removed = [...b].filter((x) => !a.has(x));
  const added = [...a].filter((x) => !b.has(x));
  if (removed.length === 0 && added.length === 0) return null;
  if (b.size === 0) return { before: '', after: listText([...a]) };
  if (a.size === 0) return { before: listText([...b]), after: '' };
  return {
    before: `共${b.size}项${removed.length ? `；移除：${listText(removed)}` : ''}`,
    after: `共${a.size}项${added.length ? `；新增：${listText(added)}` : ''}`,
  };
}

/**
 * The fields that differ between the live record and the proposed one. A new record (no before)
 * lists every filled field; a deletion (no after) lists every field of the live record.
 */
export function diffRecords(
  labels: ReadonlyArray<readonly [field: string, label: string]>,
  before: DisplayRecord | null,
  after: DisplayRecord | null,
): DiffRow[] {
  const rows: DiffRow[] = [];
  for (const [field, label] of labels) {
    const bv = before?.[field];
    const av = after?.[field];
    if (Array.isArray(bv) || Array.isArray(av)) {
      const d = listDiff(Array.isArray(bv) ? bv : before ? [] : null, Array.isArray(av) ? av : after ? [] : null);
      if (d) rows.push({ field, label, ...d });
      continue;
    }
    const b = bv ?? '';
    const a = av ?? '';
    if (b === a) continue;
    rows.push({ field, label, before: b, after: a });
  }
  return rows;
}

/** Same content, order ignored (role and menu id lists). */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const sa = [...a].sort((x, y) => x - y);
  const sb = [...b].sort((x, y) => x - y);
  return sa.every((v, i) => v === sb[i]);
}

/** The keys whose values differ (arrays compared as sets of ids). */
export function changedKeys<T extends object>(before: T, after: T): (keyof T)[] {
  return (Object.keys(after) as (keyof T)[]).filter((k) => {
    const a = after[k];
    const b = before[k];
    if (Array.isArray(a) && Array.isArray(b)) return !sameIds(a as number[], b as number[]);
    return (a ?? null) !== (b ?? null);
  });
}
