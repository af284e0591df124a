/**
 * Builds the seeded database once per test run; every test file then opens its own copy
 * (PGlite: a copy of a data directory on disk; PostgreSQL: CREATE DATABASE ... TEMPLATE).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../server/config.js';
import { newPglite, wrapPglite, wrapPool } from '../../server/db/client.js';
import { prepareDatabase } from '../../server/bootstrap.js';
import { TEMPLATE_DB, adminUrlFor } from './pg-url.js';
import { suiteInstant } from './clock.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresAdminUrl: string;
    /** ISO instant the template was seeded at; every test app's clock starts there. */
    testNow: string;
    /** The files the demo seed stored (sample materials): each test app starts with a copy. */
    seedFiles: string;
  }
}

export default async function setup(project: TestProject) {
  const seedFiles = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-seed-files-'));
  const config = { ...loadConfig({ NODE_ENV: 'test' }), seedDemo: true, fileRoot: seedFiles };
  const now = suiteInstant();
  project.provide('testNow', now.toISOString());
  project.provide('seedFiles', seedFiles);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB}`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const pool = new pg.Pool({ connectionString: adminUrlFor(adminUrl, TEMPLATE_DB), max: 2 });
    const database = wrapPool(pool);
    await prepareDatabase(database, config, now);
    await database.close();
    project.provide('postgresAdminUrl', adminUrl);
    project.provide('pgliteTemplate', '');
    return () => fs.rmSync(seedFiles, { recursive: true, force: true });
  }
  // Seeded in memory, then written out once as a data directory: a test file's copy of it opens in
  // about 0.5 s, where loading the dump into memory took 1.5–1.7 s.
  const client = newPglite();
  await prepareDatabase(wrapPglite(client), config, now);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-template-'));
  const template = newPglite(path.join(dir, 'pgdata'), { loadDataDir: dump });
  await template.waitReady;
  await template.close();
  project.provide('pgliteTemplate', path.join(dir, 'pgdata'));
  project.provide('postgresAdminUrl', '');
  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(seedFiles, { recursive: true, force: true });
  };
}
