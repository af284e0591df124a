/**
 * Row counts written into a statement's text (server/db/sql.ts): a kept plan needs its LIMIT as a
 * literal, and drizzle's `.limit()` must write it there as it writes a placeholder. Nothing but a
 * whole number may ever be written into a statement.
 */
import { describe, expect, it } from 'vitest';
import { desc, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { certificate } from '../../server/db/schema.js';
import { anyOfUnseen, countText, limitInText } from '../../server/db/sql.js';

const dialect = new PgDialect();
const db = drizzle.mock();

describe('row counts in the statement text', () => {
  it('writes a page size into the LIMIT of a drizzle select, the offset staying a parameter', () => {
    const page = db
      .select({ id: certificate.id })
      .from(certificate)
      .orderBy(desc(certificate.id))
      .limit(limitInText(20))
      .offset(40);
    const { sql: text, params } = dialect.sqlToQuery(page.getSQL());
    expect(text).toMatch(/ limit 20 offset \$1$/);
    expect(params).toEqual([40]);
  });

  it('refuses anything but a whole number', () => {
    expect(countText(2001)).toBe('2001');
    expect(countText(0)).toBe('0');
    for (const bad of [1.5, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])
      expect(() => countText(bad), String(bad)).toThrow(/whole number/);
  });

  it('hides a list of ids from the planner as one array parameter', () => {
    const { sql: text, params } = dialect.sqlToQuery(sql`${anyOfUnseen(certificate.enterpriseId, [3, 1, 2])}`);
    expect(text).toBe('"certificate"."enterprise_id" = any((select $1::int[])::int[])');
    expect(params).toEqual(['{3,1,2}']);
  });
});
