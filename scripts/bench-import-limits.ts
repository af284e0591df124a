/**
 * `npm run bench:import-limits`: what a hostile or oversized upload costs the server now (#46
 * item 4), against what the same file cost before the limits and against the bare cost of
 * unpacking it. Not a test: it prints a table and writes docs/benchmarks/import-limits.md.
 *
 * The parent seeds an embedded database in a temporary data directory and writes the files; each
 * step then runs in a fresh Node process that opens that database and builds the app (so that one
 * step's memory is not the next one's starting point), and reports its time and its peak RSS
 * (sampled every 10 ms) as one JSON line:
 * - the process idle with the app built (its baseline);
 * - an ordinary import (BENCH_ROWS rows, 20,000 unless said) through the route;
 * - the 0.6 MB workbook that unpacks to 629 MB (one run of blanks after the header: the shape of
 *   the file in #46) through the route, as it is refused now;
 * - the same file through the import's reader with the limits lifted (the directory check at 1 GB
 *   it had, no sheet-row or stretch limits): what the route did with it before;
 * - the bare limit: inflating the sheet part with zlib, writing nowhere (the least any reader
 *   that unpacks it must spend);
 * - the same bomb declaring a small size, and 3 million empty rows within the size limits;
 * - six imports arriving together, with the gate as configured (2 at once, 4 waiting) and lifted (6 at once).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { buildApp } from '../server/app.js';
import { prepareDatabase } from '../server/bootstrap.js';
import { loadConfig, type AppConfig } from '../server/config.js';
import { openDatabase } from '../server/db/client.js';
import { certificate, person } from '../server/db/schema.js';
import { addDays, chinaDate } from '../server/lib/days.js';
import { assertXlsxFile, UNPACK_LIMITS } from '../server/lib/import/xlsx-file.js';
import { sheetRows } from '../server/lib/import/sheet.js';
import { readZipDirectory } from '../server/lib/import/zip.js';
import { EDUCATION_COLUMNS } from '../server/modules/imports/education.js';
import { describeMachine, loadAverage } from './lib/bench-machine.js';
import { writeXlsxBomb } from './lib/xlsx-bomb.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const REPORT_FILE = path.join(ROOT, 'docs', 'benchmarks', 'import-limits.md');
const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const BURST = 6;
const BURST_ROWS = 5_000;
const MiB = 1_048_576;
const URL = '/api/exam/educationImport/importData';

interface Measured {
  step: string;
  seconds: number;
  rssBefore: number;
  rssPeak: number;
  note: string;
}

async function measured(step: string, run: () => Promise<string>): Promise<Measured> {
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  try {
    const note = await run();
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    return { step, seconds: (performance.now() - started) / 1000, rssBefore, rssPeak, note };
  } finally {
    clearInterval(sampler);
  }
}

// ---------- one step, in its own process ----------

function multipart(file: string) {
  const boundary = '----safecertbenchboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), fs.readFileSync(file), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function runStep(step: string, work: string): Promise<Measured> {
  const file = (name: string) => path.join(work, name);
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: work, CLIENT_DIR: '', LOG_LEVEL: 'warn' }),
    ...(step === 'burst-lifted' ? { imports: { running: BURST, waiting: 0, waitMs: 0 } } : {}),
  };
  if (step === 'raw') {
    // Nothing of the app: the bare cost of unpacking the bomb's sheet.
    const bomb = file('bomb.xlsx');
    const entry = (await readZipDirectory(bomb, fs.statSync(bomb).size)).get('xl/worksheets/sheet1.xml')!;
    return measured("bare limit: inflate the bomb's sheet with zlib, writing nowhere", async () => {
      const header = Buffer.alloc(30);
      const fd = fs.openSync(bomb, 'r');
      fs.readSync(fd, header, 0, 30, entry.localOffset);
      fs.closeSync(fd);
      const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
      let out = 0;
      await pipeline(
        fs.createReadStream(bomb, { start, end: start + entry.compressedSize - 1 }),
        zlib.createInflateRaw(),
        new Writable({
          write(chunk: Buffer, _e, done) {
            out += chunk.length;
            done();
          },
        }),
      );
      return `${Math.round(out / MiB)} MiB unpacked`;
    });
  }
  if (step === 'bomb-unlimited') {
    // The import's reader as the route ran it before the limits: 1 GB declared, no row or stretch limit.
    await import('exceljs');
    const bomb = file('bomb.xlsx');
    return measured(
      "before: the import's reader on the bomb (1 GB directory limit, no sheet-row or stretch limit)",
      async () => {
        try {
          const parts = await assertXlsxFile(bomb, fs.statSync(bomb).size, {
            ...UNPACK_LIMITS,
            maxUnpackedBytes: 1024 * MiB,
            maxPartBytes: 1024 * MiB,
            maxSharedStringsBytes: 1024 * MiB,
          });
          for await (const _ of sheetRows(bomb, parts, EDUCATION_COLUMNS, {
            maxRows: 100_000,
            maxSheetRows: Number.MAX_SAFE_INTEGER,
            maxTextRun: Number.POSITIVE_INFINITY,
          })) {
            /* read on */
          }
          return 'read to the end';
        } catch (err) {
          return `refused: ${(err as Error).message}`;
        }
      },
    );
  }
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  // The first workbook loads exceljs (seconds, once per process): load it before measuring, as a running server has.
  await import('exceljs');
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/login/login',
      payload: { username: 'province', password: 'Demo#2026' },
    });
    const token = login.json().data.token as string;
    const upload = async (name: string) => {
      const res = await app.inject({
        method: 'POST',
        url: URL,
        headers: { token, ...multipart(file(name)).headers },
        payload: multipart(file(name)).payload,
      });
      return { status: res.statusCode, body: res.json() as { msg: string; data?: { written?: number } } };
    };
    const one = (label: string, name: string) =>
      measured(label, async () => {
        const r = await upload(name);
        return `${r.status}: ${r.status === 200 ? `${r.body.data?.written} rows written` : r.body.msg}`;
      });
    switch (step) {
      case 'idle':
        return measured('the process idle, app built and signed in (baseline)', async () => {
          await new Promise((r) => setTimeout(r, 1000));
          return '1 s';
        });
      case 'ordinary':
        return one(`an ordinary import: ${ROWS.toLocaleString('en')} rows through the route`, 'ordinary.xlsx');
      case 'bomb':
        return one('the bomb (0.6 MB → 629 MB) through the route, now', 'bomb.xlsx');
      case 'bomb-lying':
        return one('the bomb declaring 100 kB for its sheet, through the route', 'bomb-lying.xlsx');
      case 'bomb-rows':
        return one('3 million empty rows (36 MB unpacked, within the sizes) through the route', 'bomb-rows.xlsx');
      case 'burst':
      case 'burst-lifted': {
        const g = config.imports;
        return measured(
          `${BURST} imports of ${BURST_ROWS.toLocaleString('en')} rows arriving together, ${g.running} at once, ${g.waiting} waiting`,
          async () => {
            const answers = await Promise.all(
              Array.from({ length: BURST }, (_, i) => upload(`burst-${step}-${i}.xlsx`)),
            );
            const counts = new Map<number, number>();
            for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
            return [...counts].map(([status, n]) => `${n} × ${status}`).join(', ');
          },
        );
      }
      default:
        throw new Error(`unknown step ${step}`);
    }
  } finally {
    await app.close();
    await database.close();
  }
}

// ---------- the parent ----------

interface Holder {
  name: string;
  idNo: string;
  certNo: string;
}

async function writeEducationFile(
  target: string,
  holders: readonly Holder[],
  today: string,
  tag: string,
  rows: number,
): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: target, useSharedStrings: true, useStyles: false });
  const sheet = wb.addWorksheet('继续教育导入');
  sheet.addRow(EDUCATION_COLUMNS.map((c) => c.header)).commit();
  for (let i = 0; i < rows; i++) {
    const h = holders[i % holders.length]!;
    const finishedOn = addDays(today, -1 - Math.floor(i / holders.length));
    sheet
      .addRow([
        h.name,
        h.idNo,
        h.certNo,
        `${tag}建设工程安全生产继续教育第${(i % 7) + 1}讲`,
        (i % 8) + 1,
        addDays(finishedOn, -1),
        finishedOn,
        '广东省建筑安全协会',
      ])
      .commit();
  }
  sheet.commit();
  await wb.commit();
}

function child(step: string, work: string): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'scripts', 'bench-import-limits.ts'), '--step', step, work],
      {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'test' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    proc.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    proc.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as Measured);
      else reject(new Error(`step ${step} ended with ${code}: ${out}`));
    });
  });
}

async function parent(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-bench-limits-'));
  const started = new Date();
  const loadBefore = loadAverage();
  try {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: work, CLIENT_DIR: '', LOG_LEVEL: 'warn' });
    const database = await openDatabase(config);
    const now = new Date();
    const today = chinaDate(now);
    const t0 = performance.now();
    await prepareDatabase(database, config, now);
    const holders = await database.db
      .select({ name: person.name, idNo: person.idNo, certNo: certificate.certNo })
      .from(certificate)
      .innerJoin(person, eq(person.id, certificate.personId))
      .where(inArray(certificate.status, ['01', '02']))
      .orderBy(certificate.id);
    await database.close();
    console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s; writing the files`);
    const file = (name: string) => path.join(work, name);
    await writeEducationFile(file('ordinary.xlsx'), holders, today, '甲', ROWS);
    for (const step of ['burst', 'burst-lifted']) {
      for (let i = 0; i < BURST; i++)
        await writeEducationFile(file(`burst-${step}-${i}.xlsx`), holders, today, `${step}${i}`, BURST_ROWS);
    }
    const headers = EDUCATION_COLUMNS.map((c) => c.header);
    const bomb = await writeXlsxBomb(file('bomb.xlsx'), { headers, emptyRows: 0, padding: 629 * MiB });
    await writeXlsxBomb(file('bomb-lying.xlsx'), { headers, emptyRows: 0, padding: 629 * MiB, lie: 100_000 });
    await writeXlsxBomb(file('bomb-rows.xlsx'), { headers, emptyRows: 3_000_000 });

    const results: Measured[] = [];
    for (const step of [
      'idle',
      'ordinary',
      'bomb',
      'bomb-unlimited',
      'raw',
      'bomb-lying',
      'bomb-rows',
      'burst',
      'burst-lifted',
    ]) {
      const r = await child(step, work);
      console.log(
        `${r.step}: ${r.seconds.toFixed(2)} s, RSS ${Math.round(r.rssBefore / MiB)} → ${Math.round(r.rssPeak / MiB)} MiB (${r.note})`,
      );
      results.push(r);
    }
    const by = (prefix: string) => results.find((r) => r.step.startsWith(prefix))!;
    const [idle, ordinary, refused, before, raw] = [
      'the process idle',
      'an ordinary',
      'the bomb (0.6',
      'before:',
      'bare limit',
    ].map(by) as Measured[];
    const mib = (n: number) => Math.round(n / MiB);
    const lines = [
      '# Import limits benchmark',
      '',
      `Run on ${started.toISOString()} with \`npm run bench:import-limits\` (written by \`scripts/bench-import-limits.ts\`; rerun to refresh).`,
      `The bomb: ${(bomb.bytes / MiB).toFixed(2)} MiB of .xlsx whose sheet unpacks to ${mib(bomb.unpacked)} MiB (a header row, then one run of blanks).`,
      'Each step runs in a fresh Node process on the same seeded embedded database (PGlite lives in the process: its memory is in every figure).',
      '',
      '| Step | Seconds | RSS before → peak (MiB) | Answer |',
      '| --- | --- | --- | --- |',
      ...results.map(
        (r) =>
          `| ${r.step} | ${r.seconds.toFixed(2)} | ${mib(r.rssBefore)} → ${mib(r.rssPeak)} (+${mib(r.rssPeak - r.rssBefore)}) | ${r.note.replace(/\|/g, '/')} |`,
      ),
      '',
      `- The bomb is refused in ${refused.seconds.toFixed(2)} s (goal: within a second), ${(raw.seconds / refused.seconds).toFixed(0)}× faster than merely unpacking it (${raw.seconds.toFixed(1)} s), ` +
        `${(before.seconds / refused.seconds).toFixed(0)}× faster than before (${before.seconds.toFixed(1)} s).`,
      `- Memory while refusing it: +${mib(refused.rssPeak - refused.rssBefore)} MiB over the process (${mib(idle.rssPeak)} MiB idle); before: +${mib(before.rssPeak - before.rssBefore)} MiB; ` +
        `an ordinary import of ${ROWS.toLocaleString('en')} rows: +${mib(ordinary.rssPeak - ordinary.rssBefore)} MiB.`,
      `- Six imports together: peak ${mib(by(`${BURST} imports`).rssPeak)} MiB with the gate (${by(`${BURST} imports`).note}), ` +
        `${mib(results.at(-1)!.rssPeak)} MiB with all six at once (${results.at(-1)!.note}).`,
      '',
      '## Limits',
      '',
      `- Unpacked: ${UNPACK_LIMITS.maxUnpackedBytes / MiB} MiB in all, ${UNPACK_LIMITS.maxPartBytes / MiB} MiB for one part, ${UNPACK_LIMITS.maxSharedStringsBytes / MiB} MiB of shared strings, ${UNPACK_LIMITS.maxEntries} parts`,
      '  (checked on the sizes the zip declares; each part is cut off at its declared size while it is read).',
      '- Rows: 100,000 with data, 200,001 listed (empty ones included); no stretch of XML longer than 1 MiB without a tag.',
      '- Imports at once per process: IMPORT_CONCURRENCY (2), IMPORT_QUEUE (4) waiting up to IMPORT_WAIT_MS (30 s); the rest 503 with Retry-After.',
      '',
      '## Machine',
      '',
    ];
    const machine = describeMachine('not used');
    lines.push(
      `- CPU: ${machine.cpu}, ${machine.cores} cores; memory ${machine.memoryGiB} GiB; ${machine.os}; Node ${machine.node}`,
    );
    lines.push(
      `- Load average (1/5/15 min): ${loadBefore} before, ${loadAverage()} after; other processes share the machine, so the figures measure contention too.`,
      '',
    );
    fs.mkdirSync(path.dirname(REPORT_FILE), { recursive: true });
    fs.writeFileSync(REPORT_FILE, lines.join('\n'));
    console.log(lines.join('\n'));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const stepAt = process.argv.indexOf('--step');
if (stepAt >= 0) {
  const result = await runStep(process.argv[stepAt + 1]!, process.argv[stepAt + 2]!);
  console.log(JSON.stringify(result));
  process.exit(0);
} else {
  await parent();
}
