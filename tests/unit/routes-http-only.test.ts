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

/** Route files that still query the database themselves (their move is on branch modsysb, not merged yet). */
const STILL_QUERYING: readonly string[] = [
  'server/modules/analysis/routes.ts',
  'server/modules/auth/routes.ts',
  'server/modules/certificate/file-routes.ts',
  'server/modules/certificate/home-routes.ts',
  'server/modules/certificate/read-routes.ts',
  'server/modules/credit/read-routes.ts',
  'server/modules/credit/write-routes.ts',
  'server/modules/dict/routes.ts',
  'server/modules/education/routes.ts',
  'server/modules/menu/routes.ts',
  'server/modules/message/routes.ts',
  'server/modules/public/routes.ts',
  'server/modules/statistics/routes.ts',
  'server/modules/system/calendar/routes.ts',
  'server/modules/system/jobs/routes.ts',
  'server/modules/system/roles/read-routes.ts',
  'server/modules/system/roles/write-routes.ts',
  'server/modules/system/users/read-routes.ts',
  'server/modules/system/users/write-routes.ts',
  'server/modules/user/routes.ts',
];

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
    const found = files
      .filter((f) => !STILL_QUERYING.includes(f))
      .flatMap((f) => querySigns(f).map((what) => `${f}: ${what}`));
    expect(found).toEqual([]);
  });

  it('listed as still querying do query (a file moved to its store leaves the list)', () => {
    const clean = STILL_QUERYING.filter((f) => !fs.existsSync(path.join(ROOT, f)) || querySigns(f).length === 0);
    expect(clean).toEqual([]);
  });
});
