/**
 * `npm run restore -- <file.tar.gz>`: a backup of `npm run backup` into DATA_DIR/pgdata, which must
 * not exist yet (restore into a new data directory: DATA_DIR=./data-restored npm run restore -- …),
 * then every table checked against the backup's manifest. `npm start` with the same DATA_DIR then
 * serves it. With DATABASE_URL it prints the pg_restore command instead.
 */
import path from 'node:path';
import { loadConfig } from '../server/config.js';
import { restorePglite } from './lib/backup.js';

const config = loadConfig();
if (config.databaseUrl) {
  console.error(
    'DATABASE_URL is set: restore PostgreSQL with pg_restore, e.g.\n  createdb safecert_restored && pg_restore --dbname=safecert_restored --no-owner safecert-2026-12-01.dump\n(README "Backup and restore").',
  );
  process.exit(2);
}
const backup = process.argv[2];
if (!backup) {
  console.error('Usage: DATA_DIR=<new data directory> npm run restore -- <backup.tar.gz>');
  process.exit(2);
}
try {
  const manifest = await restorePglite(path.resolve(backup), config.dataDir);
  const tables = Object.values(manifest.tables);
  console.log(
    `Restored ${tables.length} tables, ${tables.reduce((n, t) => n + t.rows, 0).toLocaleString('en')} rows into ${path.join(config.dataDir, 'pgdata')}; every table matches the backup's manifest (count and checksum).`,
  );
  console.log(`Start on it: DATA_DIR=${config.dataDir} npm start`);
} catch (err) {
  console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
