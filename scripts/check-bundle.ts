/**
 * `npm test` step: the server as `npm start` runs it. Builds the bundle (vite.server.config.ts),
 * starts dist-server/main.js on a new data directory (the demo seeded, no client), and asks what
 * only a correct bundle answers: health, a sign-in, and a certificate PDF (the migrations and the
 * CJK font are found from dist-server/ as from server/). Prints what it checked; exits 1 on a miss.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServerBundle, startServer } from './lib/bench-server.js';

if (!buildServerBundle()) process.exit(1);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-bundle-'));
const server = await startServer({ dataDir, run: 'bundle', env: { CLIENT_DIR: '', JOBS: '0' }, timeoutMs: 180_000 });
let failed = false;
const check = (what: string, ok: boolean, detail = '') => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? ` (${detail})` : ''}`);
  if (!ok) failed = true;
};
try {
  check('healthy', true, `${(server.msToHealthy / 1000).toFixed(1)} s on a new data directory`);
  const login = await fetch(`${server.url}/api/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'province', password: 'Demo#2026' }),
  });
  const token = ((await login.json()) as { data?: { token?: string } }).data?.token ?? '';
  check('sign-in of a demo account', login.ok && token.length > 0);
  const list = (await (
    await fetch(`${server.url}/api/safetyCertificateInfo/list?pageSize=1&status=01`, { headers: { token } })
  ).json()) as { rows?: { id: number }[] };
  const id = list.rows?.[0]?.id;
  check('a valid certificate listed', id !== undefined);
  const pdf = await fetch(`${server.url}/api/safetyCertificateInfo/pdf/${id}`, { headers: { token } });
  const bytes = Buffer.from(await pdf.arrayBuffer());
  // The PDF is drawn with the vendored CJK font: without the file the answer is an error, not a PDF.
  check(
    'its PDF, drawn with the CJK font',
    pdf.ok && bytes.subarray(0, 5).toString('latin1') === '%PDF-',
    `${pdf.status}, ${bytes.length} bytes`,
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
