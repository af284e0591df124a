/**
 * One scan of a statistics table answering several breakdowns at once (GROUP BY GROUPING SETS):
 * each dimension alone, and the grand total. The dimensions and measures are fixed SQL written
 * here, never user input; filter values come as parameters.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';

export interface Dimension {
  key: string;
  /** SQL expression over the table's columns. */
  expr: string;
}

export type Breakdowns<M extends string> = {
  totals: Record<M, number>;
  /** Per dimension key: the dimension's value (as text) → the measures. */
  by: Record<string, { value: string; figures: Record<M, number> }[]>;
};

/**
 * `measures` maps a name to an aggregate expression (e.g. `sum(total)`); answers the grand total and
 * every dimension's rows. `table` is a table's name or a FROM item (a sub-select with its alias).
 */
export async function breakdowns<M extends string>(
  db: DbOrTx,
  table: string | SQL,
  where: SQL | undefined,
  dims: readonly Dimension[],
  measures: Record<M, string>,
): Promise<Breakdowns<M>> {
  const select = [
    ...dims.flatMap((d) => [`grouping(${d.expr}) as "g_${d.key}"`, `(${d.expr})::text as "d_${d.key}"`]),
    ...Object.entries(measures).map(([name, expr]) => `coalesce(${expr as string}, 0)::bigint as "m_${name}"`),
  ].join(', ');
  const sets = [...dims.map((d) => `(${d.expr})`), '()'].join(', ');
  const query = sql`select ${sql.raw(select)} from ${typeof table === 'string' ? sql.raw(table) : table} ${where ? sql`where ${where}` : sql``} group by grouping sets (${sql.raw(sets)})`;
  const rows = rowsOf<Record<string, string | number | null>>(await db.execute(query));
  const names = Object.keys(measures) as M[];
  const figuresOf = (r: Record<string, string | number | null>) =>
    Object.fromEntries(names.map((n) => [n, Number(r[`m_${n}`] ?? 0)])) as Record<M, number>;
  const out: Breakdowns<M> = {
    totals: Object.fromEntries(names.map((n) => [n, 0])) as Record<M, number>,
    by: Object.fromEntries(dims.map((d) => [d.key, []])),
  };
  for (const r of rows) {
    const inSet = dims.filter((d) => Number(r[`g_${d.key}`]) === 0);
    if (inSet.length === 0) out.totals = figuresOf(r);
    else out.by[inSet[0]!.key]!.push({ value: String(r[`d_${inSet[0]!.key}`] ?? ''), figures: figuresOf(r) });
  }
  return out;
}
