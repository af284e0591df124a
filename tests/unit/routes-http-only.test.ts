/**
 * Route files keep HTTP only (issue 48, item 3): schemas, access, parsing and the answer. The SQL
 * of a module lives in its store, its rules in its service (docs/architecture.md, "Route modules").
 * A route file that builds or sends a query fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MODULES = path.join(ROOT, 'server/modules');

/** What a query in a route file looks like: a drizzle builder or SQL text sent from the handler. */
const QUERY_SIGNS: readonly [string, RegExp][] = [
  ['a drizzle query (select/insert/update/delete)', /\.(select|selectDistinct|insert|update|delete)\(/],
  ['SQL sent or a transaction opened', /\b(db|tx|ctx\.db)\.(execute|transaction)\(/],
  ['drizzle operators imported', /from 'drizzle-orm'/],
  ['SQL text', /\bsql`/],
  ['table definitions imported', /from '(\.\.\/)+db\/schema\.js'/],
];

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return /(^|-)routes\.ts$/.test(e.name) ? [path.relative(ROOT, full)] : [];
  });
}

function querySigns(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  return QUERY_SIGNS.filter(([, re]) => re.test(text)).map(([what]) => what);
}

describe('route files', () => {
  const files = routeFiles(MODULES).sort();

  it('are found', () => {
    expect(files.length).toBeGreaterThan(40);
  });

  it('send no query: the SQL is in the module store', () => {
    const found = files.flatMap((f) => querySigns(f).map((what) => `${f}: ${what}`));
    expect(found).toEqual([]);
  });
});
