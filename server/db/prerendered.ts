/**
 * A list page's select rendered once as text. Drizzle renders a statement fragment by fragment on
 * every call, and a page's twenty-odd columns and their joins cost 120–170 µs of the server's CPU a
 * request (the certificate page: 120 of 148 µs), where its where clause and order cost ~25. The
 * head (columns and joins) is rendered on first use; each call renders its tail only, and the rows
 * are mapped by position as drizzle maps them.
 */
import { Column, is, SQL, sql, type AnyColumn } from 'drizzle-orm';
import { keepingItsPlan, renderText, type DbOrTx } from './client.js';
import { countInText } from './sql.js';

/** A selected value: a column, or an expression (read through its decoder, `.mapWith`). */
type Field = Column | SQL | SQL.Aliased;
/** The selection, as given to db.select(): fields, and objects of fields (a nested row). */
export type PrerenderedFields = Record<string, Field | Record<string, Field>>;

const isField = (value: Field | Record<string, Field>): value is Field =>
  is(value, Column) || is(value, SQL) || is(value, SQL.Aliased);
/** A value from the driver as drizzle maps it for the field. */
function fromDriver(field: Field, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (is(field, Column)) return field.mapFromDriverValue(value);
  // An expression's decoder (`.mapWith`) is drizzle's internal field, read as drizzle's own row mapping reads it.
  const expression = (is(field, SQL) ? field : field.sql) as unknown as {
    decoder: { mapFromDriverValue(v: unknown): unknown };
  };
  return expression.decoder.mapFromDriverValue(value);
}

/** The tail of a page: its condition, order, and limit (in the text: sql.ts countInText) and offset when given. */
export function pageTail(where: SQL | undefined, order: (SQL | AnyColumn)[], limit?: number, offset?: number): SQL {
  return sql`${where ? sql`where ${where} ` : sql``}order by ${sql.join(order, sql`, `)}${limit === undefined ? sql`` : sql` limit ${countInText(limit)}`}${offset === undefined ? sql`` : sql` offset ${offset}`}`;
}

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
export function prerendered<Row>(
  build: (db: DbOrTx) => { toSQL(): { sql: string; params: unknown[] } },
  fields: PrerenderedFields,
): Prerendered<Row> {
  let head: string | undefined;
  // The columns in the order drizzle selects them (the selection's own order, nested objects in place).
  const flat: { key: string; nested?: string; field: Field }[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (isField(value)) flat.push({ key, field: value });
    else for (const [nested, field] of Object.entries(value)) flat.push({ key, nested, field });
  }
  const rowOf = (values: unknown[]): Row => {
    const row: Record<string, unknown> = {};
    flat.forEach(({ key, nested, field }, i) => {
      const value = fromDriver(field, values[i]);
      if (nested === undefined) row[key] = value;
      else ((row[key] ??= {}) as Record<string, unknown>)[nested] = value;
    });
    return row as Row;
  };
  return {
    rows(db, tail, opts = {}) {
      if (head === undefined) {
        const rendered = build(db).toSQL();
        if (rendered.params.length)
          throw new Error('a prerendered select must render without parameters to be reused as text');
        head = rendered.sql;
      }
      const statement = renderText(sql`${sql.raw(head)} ${tail}`);
      const { on, name } = opts.samePlan ? keepingItsPlan(db, statement.sql) : { on: db, name: undefined };
      // Array mode: two columns may share a name (person.name, enterprise.name).
      return on._.session
        .prepareQuery(statement, undefined, name, true, (rows) => (rows as unknown[][]).map(rowOf))
        .execute() as Promise<Row[]>;
    },
  };
}
