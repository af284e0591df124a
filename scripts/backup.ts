/**
 * `npm run backup [-- <file.tar.gz>]`: the embedded database (DATA_DIR/pgdata) to a file, with a
 * manifest of every table's rows (count and checksum). Stop the server first. With DATABASE_URL
 * it prints the pg_dump command instead (README "Backup and restore").
 */
import path from 'node:path';
import { loadConfig } from '../server/config.js';
import { backupPglite } from './lib/backup.js';

const config = loadConfig();
if (config.databaseUrl) {
  console.error(
    'DATABASE_URL is set: back PostgreSQL up with pg_dump, e.g.\n  pg_dump --format=custom --file=safecert-$(date +%F).dump "$DATABASE_URL"\n(README "Backup and restore").',
  );
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = path.resolve(process.argv[2] ?? path.join(config.dataDir, '..', 'backups', `safecert-${stamp}.tar.gz`));
try {
  const manifest = await backupPglite(config.dataDir, target);
  const tables = Object.entries(manifest.tables);
  console.log(
    `Backed up ${tables.length} tables, ${tables.reduce((n, [, t]) => n + t.rows, 0).toLocaleString('en')} rows` +
      ` (certificate ${manifest.tables.certificate?.rows ?? 0}, application ${manifest.tables.application?.rows ?? 0}) to\n  ${target}\n  ${target.replace(/\.tar\.gz$/, '')}.manifest.json`,
  );
  console.log(`Files (materials, certificates' PDFs) live in ${config.fileRoot}: copy that folder beside the backup.`);
} catch (err) {
  console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  console.error('Is the server still running? The embedded database belongs to one process: stop it first.');
  process.exit(1);
}
