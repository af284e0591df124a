/**
 * The SPA's typed client is generated from the document the server serves (npm run api:client);
 * a changed route or field without regenerating fails here, as the statechart docs do.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { generateApiClient, tagFiles } from '../../scripts/gen-api-client.js';

const committed = path.resolve('src/services/generated');
/** The import of the mutator is relative to where the client is written: compare without it. */
const normalise = (text: string) =>
  text.replace(/^import \{ apiRequest \} from '[^']+';$/m, "import { apiRequest } from '../mutator';");

// The document does not depend on the database: checked once, in the PGlite run.
describe.skipIf(!!inject('postgresAdminUrl'))('the generated API client', () => {
  it('is what the served OpenAPI document generates (run npm run api:client)', async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'api-client-'));
    try {
      await generateApiClient(out);
      expect(tagFiles(committed), 'the tags of the committed client: run npm run api:client').toEqual(tagFiles(out));
      for (const file of ['api.ts', 'api.schemas.ts', ...tagFiles(out).map((f) => `${f}.ts`)]) {
        const fresh = normalise(fs.readFileSync(path.join(out, file), 'utf8'));
        const kept = normalise(fs.readFileSync(path.join(committed, file), 'utf8'));
        expect(fresh === kept, `${file} is stale: run npm run api:client`).toBe(true);
      }
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  }, 180_000);
});
