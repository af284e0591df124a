/**
 * A list page's select rendered once as text. Drizzle renders a statement fragment by fragment on
 * every call, and a page's twenty-odd columns and their joins cost 120–170 µs of the server's CPU a
 * request (the certificate page: 120 of 148 µs), where its where clause and order cost ~25. The
 * head (columns and joins) is rendered on first use; each call renders its tail only, and the rows
 * are mapped by position as drizzle maps them.
 */
import { Column, is, sql, type SQL } from 'drizzle-orm';
import { keepingItsPlan, renderText, type DbOrTx } from './client.js';

/** The selection, as given to db.select(): columns, and objects of columns (a nested row). */
export type PrerenderedFields = Record<string, Column | Record<string, Column>>;

export interface Prerendered<Row> {
  /**
   * The rows of the head followed by `tail` (where, order, limit). `samePlan`: the caller knows no
   * value changes the plan; it is kept per connection (client.ts keepingItsPlan).
   */
  rows(db: DbOrTx, tail: SQL, opts?: { samePlan?: boolean }): Promise<Row[]>;
}

/**
 * `build(db)`: the select with `fields` and its joins, without a where clause; it must render
 * without parameters, its text being reused for every call.
 */
export function prerendered<Row>(build: (db: DbOrTx) => { toSQL(): { sql: string; params: unknown[] } }, fields: PrerenderedFields): Prerendered<Row> {
  let head: string | undefined;
  // The columns in the order drizzle selects them (the selection's own order, nested objects in place).
  const flat: { key: string; nested?: string; column: Column }[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (is(value, Column)) flat.push({ key, column: value });
    else for (const [nested, column] of Object.entries(value)) flat.push({ key, nested, column });
  }
  const rowOf = (values: unknown[]): Row => {
    const row: Record<string, unknown> = {};
    flat.forEach(({ key, nested, column }, i) => {
      const value = values[i] === null || values[i] === undefined ? null : column.mapFromDriverValue(values[i]);
      if (nested === undefined) row[key] = value;
      else ((row[key] ??= {}) as Record<string, unknown>)[nested] = value;
    });
    return row as Row;
  };
  return {
    rows(db, tail, opts = {}) {
      if (head === undefined) {
        const rendered = build(db).toSQL();
        if (rendered.params.length) throw new Error('a prerendered select must render without parameters to be reused as text');
        head = rendered.sql;
      }
      const statement = renderText(sql`${sql.raw(head)} ${tail}`);
      const { on, name } = opts.samePlan ? keepingItsPlan(db, statement.sql) : { on: db, name: undefined };
      // Array mode: two columns may share a name (person.name, enterprise.name).
      return on._.session.prepareQuery(statement, undefined, name, true, (rows) => (rows as unknown[][]).map(rowOf)).execute() as Promise<Row[]>;
    },
  };
}
