/**
 * `npm run api:client`: the typed client of the SPA, generated from the OpenAPI document the server
 * serves (scripts/openapi.ts) by orval, into src/services/generated/ (api.ts: one function per
 * operation, named by its operationId; api.schemas.ts: the request and answer types). A test
 * regenerates it and fails when the committed copy is stale.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'orval';
import { openApiDocument } from './openapi.js';

const root = path.resolve(import.meta.dirname, '..');

/** Writes the client into `outDir` (default src/services/generated) from the current routes. */
export async function generateApiClient(outDir = path.join(root, 'src/services/generated')): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-api-client-'));
  try {
    const input = path.join(work, 'openapi.json');
    fs.writeFileSync(input, JSON.stringify(await openApiDocument()));
    await generate({
      input: { target: input },
      output: {
        target: path.join(outDir, 'api.ts'),
        client: 'axios-functions',
        mode: 'split',
        // Declared request headers (the SMS verification token) become typed arguments.
        headers: true,
        override: { mutator: { path: path.join(root, 'src/services/generated/mutator.ts'), name: 'apiRequest' } },
      },
    });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await generateApiClient();
  console.log('wrote src/services/generated/api.ts and api.schemas.ts');
}
