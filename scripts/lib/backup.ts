/**
 * Backup and restore of the embedded database (PGlite in DATA_DIR/pgdata): the data directory as
 * PGlite dumps it (a gzipped tar, `dumpDataDir`), beside a manifest of every table's row count and
 * a checksum of its rows, so a restore proves it brought back what was saved. PostgreSQL
 * (DATABASE_URL) is backed up with pg_dump / pg_restore (README "Backup and restore").
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { newPglite } from '../../server/db/client.js';

export interface TableSum {
  rows: number;
  /** md5 of the rows' text, in the order of that text. */
  md5: string;
}

export interface Manifest {
  createdAt: string;
  tables: Record<string, TableSum>;
}

/** Row count and checksum of every table of the public schema. */
export async function tableSums(db: Pick<PGlite, 'query'>): Promise<Record<string, TableSum>> {
  const { rows: tables } = await db.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
  );
  const sums: Record<string, TableSum> = {};
  for (const { name } of tables) {
    const quoted = `"${name.replace(/"/g, '""')}"`;
    const { rows } = await db.query<{ rows: number; md5: string | null }>(
      `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5 from ${quoted} t`,
    );
    sums[name] = { rows: rows[0]!.rows, md5: rows[0]!.md5 ?? '' };
  }
  return sums;
}

export const manifestFile = (backup: string) => backup.replace(/\.tar\.gz$/, '') + '.manifest.json';

/** Writes DATA_DIR/pgdata to `target` (.tar.gz) and its manifest. The server must be stopped: the embedded database belongs to one process. */
export async function backupPglite(dataDir: string, target: string): Promise<Manifest> {
  const pgdata = path.join(dataDir, 'pgdata');
  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) throw new Error(`no embedded database in ${pgdata}`);
  const db = newPglite(pgdata);
  try {
    await db.waitReady;
    const manifest: Manifest = { createdAt: new Date().toISOString(), tables: await tableSums(db) };
    const dump = await db.dumpDataDir('gzip');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
    fs.writeFileSync(manifestFile(target), JSON.stringify(manifest, null, 2));
    return manifest;
  } finally {
    await db.close();
  }
}

/** Tables whose rows differ from the manifest's (none: []). */
export function differences(expected: Manifest['tables'], actual: Manifest['tables']): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...names]
    .filter((n) => expected[n]?.rows !== actual[n]?.rows || expected[n]?.md5 !== actual[n]?.md5)
    .map(
      (n) =>
        `${n}: ${expected[n]?.rows ?? '–'} rows saved, ${actual[n]?.rows ?? '–'} restored${expected[n]?.rows === actual[n]?.rows ? ' (contents differ)' : ''}`,
    );
}

/** Loads `backup` into DATA_DIR/pgdata (which must not exist) and checks every table against the manifest. */
export async function restorePglite(backup: string, dataDir: string): Promise<Manifest> {
  const pgdata = path.join(dataDir, 'pgdata');
  if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0) {
    throw new Error(`${pgdata} exists: restore into a new data directory (DATA_DIR=…), or move the old one away first`);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile(backup), 'utf8')) as Manifest;
  fs.mkdirSync(pgdata, { recursive: true });
  const db = newPglite(pgdata, { loadDataDir: new Blob([fs.readFileSync(backup)]) });
  try {
    await db.waitReady;
    const wrong = differences(manifest.tables, await tableSums(db));
    if (wrong.length) throw new Error(`the restored database differs from the backup:\n  ${wrong.join('\n  ')}`);
    return manifest;
  } finally {
    await db.close();
  }
}
