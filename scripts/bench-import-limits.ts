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
 * Every step checks that it got the answer it is about (rows written, the refusal it provokes): one
 * that did not is printed with "NOT THE EXPECTED ANSWER", a 5xx with its body and the server's error
 * lines, the report is headed "NOT A VALID RUN" and the command exits 1. The reader without limits
 * is stopped after BENCH_UNLIMITED_S (120 s; its figure is then a lower bound).
 * To look at one step: BENCH_WORK=/tmp/x BENCH_STEPS=ordinary,bomb (keeps the seeded database and
 * files in /tmp/x and starts each run from the seeded copy; writes no report).
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
const STEPS = ['idle', 'ordinary', 'bomb', 'bomb-unlimited', 'raw', 'bomb-lying', 'bomb-rows', 'burst', 'burst-lifted'];
/** How long the reader without limits may read the bomb before it is stopped (BENCH_UNLIMITED_S, 120 s). */
const UNLIMITED_BUDGET_MS = Number(process.env.BENCH_UNLIMITED_S ?? 120) * 1000;
const URL = '/api/exam/educationImport/importData';

interface Measured {
  step: string;
  seconds: number;
  rssBefore: number;
  rssPeak: number;
  note: string;
  /** Why the answer is not the one this step is about (its figures then measure something else); null when it is. */
  problem: string | null;
}

/** The answer a step expects; anything else makes the run invalid, said loudly. */
type Expect = (note: string) => string | null;
const anyAnswer: Expect = () => null;
const answer =
  (pattern: RegExp): Expect =>
  (note) =>
    pattern.test(note) ? null : `expected ${pattern}, got: ${note}`;

async function measured(step: string, run: () => Promise<string>, expect: Expect = anyAnswer): Promise<Measured> {
  const rssBefore = process.memoryUsage().rss;
  // Announced so that a parent that stops a step over its budget still knows what it was measuring.
  console.log(JSON.stringify({ started: step, rssBefore, at: Date.now() }));
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  try {
    const note = await run();
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    return { step, seconds: (performance.now() - started) / 1000, rssBefore, rssPeak, note, problem: expect(note) };
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
    return measured(
      "bare limit: inflate the bomb's sheet with zlib, writing nowhere",
      async () => {
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
      },
      answer(/^629 MiB unpacked$/),
    );
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
      answer(/^(read to the end|refused: .+)$/),
    );
  }
  const database = await openDatabase(config);
  // The server's own error lines (a 500's cause), kept to explain an answer that is not the expected one.
  const serverLog: string[] = [];
  const app = await buildApp({ config, database, logStream: { write: (line: string) => serverLog.push(line) } });
  await app.ready();
  // The first workbook loads exceljs (seconds, once per process): load it before measuring, as a running server has.
  await import('exceljs');
  // Every answer below is awaited inside this try (`return await`): a bare `return promise` let the
  // finally close the app and the database while the import still ran, so every import answered 500.
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
    // A 5xx is never the answer a step is about: its body and the server's error lines go to stderr.
    const explain = (r: { status: number; body: unknown }) => {
      if (r.status >= 500)
        process.stderr.write(`[${step}] ${r.status} ${JSON.stringify(r.body)}\n${serverLog.join('')}\n`);
    };
    const one = (label: string, name: string, expect: Expect) =>
      measured(
        label,
        async () => {
          const r = await upload(name);
          explain(r);
          return `${r.status}: ${r.status === 200 ? `${r.body.data?.written} rows written` : r.body.msg}`;
        },
        expect,
      );
    switch (step) {
      case 'idle':
        return await measured('the process idle, app built and signed in (baseline)', async () => {
          await new Promise((r) => setTimeout(r, 1000));
          return '1 s';
        });
      case 'ordinary':
        return await one(
          `an ordinary import: ${ROWS.toLocaleString('en')} rows through the route`,
          'ordinary.xlsx',
          answer(new RegExp(`^200: ${ROWS} rows written$`)),
        );
      case 'bomb':
        return await one(
          'the bomb (0.6 MB → 629 MB) through the route, now',
          'bomb.xlsx',
          answer(/^400: 文件解压后过大/),
        );
      case 'bomb-lying':
        return await one(
          'the bomb declaring 100 kB for its sheet, through the route',
          'bomb-lying.xlsx',
          answer(/^400: 文件已损坏：解压后的内容比文件目录记录的大小更长/),
        );
      case 'bomb-rows':
        return await one(
          '3 million empty rows (36 MB unpacked, within the sizes) through the route',
          'bomb-rows.xlsx',
          answer(/^400: 工作表行数超过上限/),
        );
      case 'burst':
      case 'burst-lifted': {
        const g = config.imports;
        return await measured(
          `${BURST} imports of ${BURST_ROWS.toLocaleString('en')} rows arriving together, ${g.running} at once, ${g.waiting} waiting`,
          async () => {
            const answers = await Promise.all(
              Array.from({ length: BURST }, (_, i) => upload(`burst-${step}-${i}.xlsx`)),
            );
            answers.forEach(explain);
            const counts = new Map<string, number>();
            for (const a of answers) {
              const key = a.status === 200 ? `200 (${a.body.data?.written} rows)` : `${a.status}`;
              counts.set(key, (counts.get(key) ?? 0) + 1);
            }
            return [...counts].map(([key, n]) => `${n} × ${key}`).join(', ');
          },
          answer(new RegExp(`^${BURST} × 200 \\(${BURST_ROWS} rows\\)$`)),
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

/** Prints one step's figures, and an unexpected answer loudly. */
function report(r: Measured): Measured {
  console.log(
    `${r.step}: ${r.seconds.toFixed(2)} s, RSS ${Math.round(r.rssBefore / MiB)} → ${Math.round(r.rssPeak / MiB)} MiB (${r.note})`,
  );
  if (r.problem) console.error(`  !!! NOT THE EXPECTED ANSWER: ${r.problem}`);
  return r;
}

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

/** The peak resident memory of a process so far (Linux), in bytes. */
function peakRss(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : Number.NaN;
}

/**
 * Runs one step in a fresh process. A step given `budgetMs` (the reader without limits) is stopped
 * there: its figure is then a lower bound ("still reading after N s"), with its peak RSS from /proc.
 */
function child(step: string, work: string, budgetMs?: number): Promise<Measured> {
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
    let stopped: Measured | null = null;
    proc.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    const timer =
      budgetMs === undefined
        ? null
        : setTimeout(() => {
            const started = out
              .split('\n')
              .map((l) =>
                l.startsWith('{"started"')
                  ? (JSON.parse(l) as { started: string; rssBefore: number; at: number })
                  : null,
              )
              .find(Boolean);
            if (!started) return;
            stopped = {
              step: started.started,
              seconds: (Date.now() - started.at) / 1000,
              rssBefore: started.rssBefore,
              rssPeak: peakRss(proc.pid!),
              note: `stopped: still reading after ${Math.round(budgetMs / 1000)} s (a lower bound)`,
              problem: null,
            };
            proc.kill('SIGKILL');
          }, budgetMs);
    proc.on('exit', (code) => {
      if (timer) clearTimeout(timer);
      if (stopped) return resolve(stopped);
      const line = out.trim().split('\n').pop() ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as Measured);
      else reject(new Error(`step ${step} ended with ${code}: ${out}`));
    });
  });
}

async function prepareWork(work: string): Promise<void> {
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
  await writeXlsxBomb(file('bomb.xlsx'), { headers, emptyRows: 0, padding: 629 * MiB });
  await writeXlsxBomb(file('bomb-lying.xlsx'), { headers, emptyRows: 0, padding: 629 * MiB, lie: 100_000 });
  await writeXlsxBomb(file('bomb-rows.xlsx'), { headers, emptyRows: 3_000_000 });
  // The seeded database as it was, for BENCH_WORK's next run (the steps write into pgdata).
  fs.cpSync(file('pgdata'), file('pgdata.seeded'), { recursive: true });
  fs.writeFileSync(file('ready'), '');
}

async function parent(): Promise<void> {
  // BENCH_WORK keeps the seeded database and the files in that directory (and reuses them on the next run).
  const kept = process.env.BENCH_WORK ? path.resolve(process.env.BENCH_WORK) : null;
  const work = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-bench-limits-'));
  const started = new Date();
  const loadBefore = loadAverage();
  try {
    const file = (name: string) => path.join(work, name);
    const headers = EDUCATION_COLUMNS.map((c) => c.header);
    if (kept && fs.existsSync(file('ready'))) {
      console.log(`reusing the seeded database and files in ${work}`);
      fs.rmSync(file('pgdata'), { recursive: true, force: true });
      fs.cpSync(file('pgdata.seeded'), file('pgdata'), { recursive: true });
    } else {
      await prepareWork(work);
    }
    const bomb = await writeXlsxBomb(file('bomb.xlsx'), { headers, emptyRows: 0, padding: 629 * MiB });
    const results: Measured[] = [];
    // BENCH_STEPS=ordinary,bomb runs only those steps (to look at one) and writes no report.
    const only = process.env.BENCH_STEPS?.split(',');
    if (only) {
      for (const step of only) {
        if (report(await child(step, work, step === 'bomb-unlimited' ? UNLIMITED_BUDGET_MS : undefined)).problem)
          process.exitCode = 1;
      }
      return;
    }
    for (const step of STEPS) {
      results.push(report(await child(step, work, step === 'bomb-unlimited' ? UNLIMITED_BUDGET_MS : undefined)));
    }
    const wrong = results.filter((r) => r.problem);
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
      ...(wrong.length
        ? [
            `> **NOT A VALID RUN.** ${wrong.length} of ${results.length} steps did not get the answer they are about, so their figures measure`,
            '> something else. Fix the cause and rerun `npm run bench:import-limits`:',
            ...wrong.map((r) => `> - ${r.step}: ${r.problem!.replace(/\|/g, '/')}`),
            '',
          ]
        : []),
      `Run on ${started.toISOString()} with \`npm run bench:import-limits\` (written by \`scripts/bench-import-limits.ts\`; rerun to refresh).`,
      `The bomb: ${(bomb.bytes / MiB).toFixed(2)} MiB of .xlsx whose sheet unpacks to ${mib(bomb.unpacked)} MiB (a header row, then one run of blanks).`,
      'Each step runs in a fresh Node process on the same seeded embedded database (PGlite lives in the process: its memory is in every figure).',
      '',
      '| Step | Seconds | RSS before → peak (MiB) | Answer |',
      '| --- | --- | --- | --- |',
      ...results.map(
        (r) =>
          `| ${r.step} | ${r.seconds.toFixed(2)} | ${mib(r.rssBefore)} → ${mib(r.rssPeak)} (+${mib(r.rssPeak - r.rssBefore)}) | ${r.problem ? '**not the expected answer:** ' : ''}${r.note.replace(/\|/g, '/')} |`,
      ),
      '',
      `- The bomb is refused in ${refused.seconds.toFixed(2)} s (goal: within a second), ${(raw.seconds / refused.seconds).toFixed(0)}× faster than merely unpacking it (${raw.seconds.toFixed(1)} s), ` +
        `${before.note.startsWith('stopped') ? 'at least ' : ''}${(before.seconds / refused.seconds).toFixed(0)}× faster than before (${before.note.startsWith('stopped') ? 'stopped after ' : ''}${before.seconds.toFixed(1)} s).`,
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
    if (wrong.length) {
      console.error(
        `\nNOT A VALID RUN: ${wrong.length} step(s) got an unexpected answer (see above); ${path.relative(ROOT, REPORT_FILE)} says so.`,
      );
      process.exitCode = 1;
    }
  } finally {
    if (!kept) fs.rmSync(work, { recursive: true, force: true });
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
