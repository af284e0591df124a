/**
 * Writes the served OpenAPI document (the one at /api/docs/json) to a file, without a database
 * or a port: `npx tsx scripts/openapi.ts [out.json]`. The linter and the client generator read it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { newPglite, wrapPglite } from '../server/db/client.js';

export async function openApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-openapi-'));
  const database = wrapPglite(newPglite());
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CLIENT_DIR: '' }),
    database,
    logger: false,
  });
  try {
    await app.ready();
    const res = await app.inject({ url: '/api/docs/json' });
    return res.json() as Record<string, unknown>;
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2] ?? '.tmp/openapi.json';
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(await openApiDocument(), null, 2));
  console.log(`wrote ${out}`);
}
