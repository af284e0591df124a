/**
 * `npm run backup` / `npm run restore` (#46 item 8): the seeded embedded database is backed up,
 * restored into a new data directory, and the app started on it has every table as it was (row
 * counts and a checksum of the rows of each, certificates and applications among them) and
 * signs in. PGlite only: PostgreSQL is backed up with pg_dump (README).
 *
 * Not an apiSuite: it backs up a stored data directory (server-process.ts seededStore) and starts an app on the restored copy.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/client.js';
import { backupPglite, manifestFile, restorePglite, tableSums, type Manifest } from '../../scripts/lib/backup.js';
import { seededStore, type SeededStore } from '../helpers/server-process.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-backup-'));
let store: SeededStore | null = null;
afterAll(async () => {
  await store?.remove();
  fs.rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!!inject('postgresAdminUrl'))('backup and restore of the embedded database', () => {
  const file = path.join(work, 'backups', 'safecert.tar.gz');
  const restoredDir = path.join(work, 'restored');
  let saved: Manifest;

  it('backs the database up with a manifest of every table', async () => {
    store = await seededStore();
    saved = await backupPglite(store.dataDir, file);
    expect(fs.statSync(file).size).toBeGreaterThan(100_000);
    expect(JSON.parse(fs.readFileSync(manifestFile(file), 'utf8'))).toEqual(saved);
    expect(saved.tables.certificate!.rows).toBeGreaterThan(100);
    expect(saved.tables.application!.rows).toBeGreaterThan(10);
  });

  it('restores into a new data directory, every table as saved, and the app starts on it', async () => {
    await restorePglite(file, restoredDir);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: restoredDir, CLIENT_DIR: '' });
    const database = await openDatabase(config);
    const app = await buildApp({ config, database, logger: false });
    try {
      await app.ready();
      const query = async (text: string) => ({
        rows: ((await database.db.execute(text)) as unknown as { rows: unknown[] }).rows,
      });
      const sums = await tableSums({ query } as never);
      expect(sums.certificate).toEqual(saved.tables.certificate);
      expect(sums.application).toEqual(saved.tables.application);
      expect(sums).toEqual(saved.tables);
      const login = await app.inject({
        method: 'POST',
        url: '/api/login/login',
        payload: { username: 'province', password: 'Demo#2026' },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('will not restore over an existing database, nor a backup whose rows do not match its manifest', async () => {
    await expect(restorePglite(file, restoredDir)).rejects.toThrow(/exists: restore into a new data directory/);
    const manifest = JSON.parse(fs.readFileSync(manifestFile(file), 'utf8')) as Manifest;
    manifest.tables.certificate!.rows += 1;
    const forged = path.join(work, 'forged.tar.gz');
    fs.copyFileSync(file, forged);
    fs.writeFileSync(manifestFile(forged), JSON.stringify(manifest));
    await expect(restorePglite(forged, path.join(work, 'other'))).rejects.toThrow(
      /certificate: \d+ rows saved, \d+ restored/,
    );
  });
});
