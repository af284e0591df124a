/**
 * `npm run bench:export`: the certificate Excel export (GET /api/safetyCertificateInfo/export/excel)
 * over 100,000 rows on the embedded database, through real loopback HTTP. Not a test: it prints the
 * time, the file size and the server's peak memory, and writes docs/benchmarks/export.md. The point
 * is that the export streams: memory stays flat however many rows there are.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.js';
import { prepareDatabase } from '../server/bootstrap.js';
import { loadConfig } from '../server/config.js';
import { wrapPglite } from '../server/db/client.js';
import { certificate } from '../server/db/schema.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const REPORT = path.resolve(import.meta.dirname, '..', 'docs', 'benchmarks', 'export.md');
const mib = (n: number) => `${(n / 1_048_576).toFixed(0)} MiB`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-bench-export-'));
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CLIENT_DIR: '', LOG_LEVEL: 'warn' });
const client = new PGlite();
const database = wrapPglite(client);
await prepareDatabase(database, config);

// Fill up to ROWS certificates, spread over the demo persons and their enterprises.
const persons = (await database.db.execute(sql`select id, enterprise_id from person where enterprise_id is not null`)) as unknown as { rows: Array<{ id: number; enterprise_id: number }> };
const existing = (await database.db.select({ id: certificate.id }).from(certificate)).length;
const t0 = performance.now();
for (let i = existing; i < ROWS; i += 1000) {
  const batch = Array.from({ length: Math.min(1000, ROWS - i) }, (_, k) => {
    const n = i + k;
    const p = persons.rows[n % persons.rows.length]!;
    const year = 2015 + (n % 10);
    return {
      certNo: `粤建安C2（${year}）${String(5_000_000 + n).padStart(7, '0')}`, category: 'C2', personId: p.id, enterpriseId: p.enterprise_id, position: '08',
      issueDate: `${year}-03-01`, validFrom: `${year}-03-01`, expiryDate: `${year + 3}-02-28`, status: n % 5 === 0 ? '01' : '05', version: 1,
      queryCode: randomBytes(12).toString('base64url'), issuingAuthority: '广东省住房和城乡建设厅',
    };
  });
  await database.db.insert(certificate).values(batch);
}
const filled = performance.now() - t0;

const app = await buildApp({ config, database, logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const login = await fetch(`${address}/api/login/login`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'province', password: 'Demo#2026' }),
});
const token = ((await login.json()) as { data: { token: string } }).data.token;

let peak = process.memoryUsage().rss;
const baseline = peak;
const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
const started = performance.now();
const res = await fetch(`${address}/api/safetyCertificateInfo/export/excel`, { headers: { token } });
if (!res.ok || !res.body) throw new Error(`export failed: ${res.status} ${await res.text()}`);
let bytes = 0;
const reader = res.body.getReader();
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  bytes += value.byteLength;
}
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
await app.close();
await client.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const lines = [
  `rows: ${ROWS.toLocaleString('en')} certificates (filled in ${(filled / 1000).toFixed(1)} s)`,
  `export: ${seconds.toFixed(1)} s, ${(bytes / 1_048_576).toFixed(1)} MiB .xlsx, ${Math.round(ROWS / seconds).toLocaleString('en')} rows/s`,
  `server process RSS: ${mib(baseline)} before, ${mib(peak)} peak (+${mib(peak - baseline)})`,
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, Node ${process.version}`,
];
console.log(lines.join('\n'));
fs.mkdirSync(path.dirname(REPORT), { recursive: true });
fs.writeFileSync(REPORT, `# Certificate export benchmark\n\n\`npm run bench:export\` (embedded PGlite, loopback HTTP, one process for server and client).\n\n${lines.map((l) => `- ${l}`).join('\n')}\n\nThe export streams in keyset batches through exceljs' WorkbookWriter, so the peak should not grow with the row count; compare with \`BENCH_ROWS=20000\`.\n`);
