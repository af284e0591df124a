/** A fresh, migrated and seeded database for one test file. Close it in afterAll. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import {
  newPglite,
  POSTGRES_SESSION_OPTIONS,
  READS_SESSION_OPTIONS,
  wrapPglite,
  wrapPool,
  type Database,
} from '../../server/db/client.js';
import { TEMPLATE_DB, adminUrlFor } from './pg-url.js';

export async function openTestDatabase(): Promise<Database> {
  return open(true);
}

/** An empty database (no migrations, no data): for the start-up tests. */
export async function openEmptyDatabase(): Promise<Database> {
  return open(false);
}

async function open(seeded: boolean): Promise<Database> {
  const adminUrl = inject('postgresAdminUrl');
  if (adminUrl) {
    const name = `safecert_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(seeded ? `create database ${name} template ${TEMPLATE_DB}` : `create database ${name}`);
    await admin.end();
    // The search pages' reads on a pool of their own, as the server opens them (openDatabase).
    const url = adminUrlFor(adminUrl, name);
    const database = wrapPool(
      new pg.Pool({ connectionString: url, max: 5 }),
      new pg.Pool({ connectionString: url, max: 3, options: `${POSTGRES_SESSION_OPTIONS} ${READS_SESSION_OPTIONS}` }),
    );
    return {
      ...database,
      async close() {
        await database.close();
        const a = new pg.Client({ connectionString: adminUrl });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  if (!seeded) return wrapPglite(newPglite());
  const dir = copyPgliteTemplate();
  const client = newPglite(dir);
  await client.waitReady;
  const database = wrapPglite(client);
  return {
    ...database,
    async close() {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A copy of the suite's seeded PGlite data directory (global-setup.ts), at `to` or in a new temporary directory. */
export function copyPgliteTemplate(to = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-test-db-'))): string {
  fs.cpSync(inject('pgliteTemplate'), to, { recursive: true });
  return to;
}
