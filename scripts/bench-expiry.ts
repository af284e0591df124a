/**
 * `npm run bench:expiry`: the nightly expiry job over the scale of DOMAIN.md — 2,000,000
 * certificates of 1,000,000 persons at 50,000 enterprises, 100,000 of which ended their validity —
 * on a real PostgreSQL, against the limit of the same work: the same UPDATE … RETURNING and
 * history INSERT as one SQL statement. Not a test: it prints a table and writes
 * docs/benchmarks/expiry.md.
 *
 * The server is PG_URL or a throwaway cluster. The data goes in with COPY (psql) into a database of
 * the run's own, which is then cloned twice (CREATE DATABASE … TEMPLATE) so that the job and the
 * limit each start from the same untouched rows; all three are dropped at the end.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../server/config.js';
import { wrapPool, type Database } from '../server/db/client.js';
import { migrate } from '../server/db/migrate.js';
import { certificate, certificateHistory } from '../server/db/schema.js';
import { addDays, chinaDayStart } from '../server/lib/days.js';
import { fixedClock } from '../server/lib/clock.js';
import { CERTIFICATE_VERSION_JSON } from '../server/modules/certificate/store.js';
import { certExpiry } from '../server/jobs/certExpiry.js';
import { runJob } from '../server/jobs/runner.js';
import { BATCH_SIZE } from '../server/jobs/types.js';
import { acquireServer, createDatabase, dropDatabase, urlForDatabase } from './lib/bench-db.js';
import { describeMachine, loadAverage } from './lib/bench-machine.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const REPORT_FILE = path.join(ROOT, 'docs', 'benchmarks', 'expiry.md');

const ENTERPRISES = Number(process.env.BENCH_ENTERPRISES ?? 50_000);
const PERSONS = Number(process.env.BENCH_PERSONS ?? 1_000_000);
const CERTIFICATES = Number(process.env.BENCH_CERTIFICATES ?? 2_000_000);
/** One certificate in EXPIRING_EVERY ended its validity before the run's day: 100,000 of 2,000,000. */
const EXPIRING_EVERY = Math.max(1, Math.round(CERTIFICATES / Number(process.env.BENCH_EXPIRING ?? 100_000)));
/** The run's China day: the job runs at 00:05 of it, as its schedule does. */
const DAY = '2026-06-01';
const AT = new Date(chinaDayStart(DAY).getTime() + 5 * 60_000);
const AUTHORITY = '广东省住房和城乡建设厅';
/** 40 % of the certificates are valid (DOMAIN.md); the others are spread over the other statuses. */
const OTHER_STATUSES = ['02', '03', '04', '05', '06'];
const CATEGORIES = ['A', 'B', 'C1', 'C2', 'C3'];

// ---------------------------------------------------------------------------------------------
// COPY through psql

function psqlPath(): string {
  const fromPath = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const dirs = [
    ...(fromPath.status === 0 ? [fromPath.stdout.trim()] : []),
    ...(fs.existsSync('/usr/lib/postgresql')
      ? fs
          .readdirSync('/usr/lib/postgresql')
          .sort()
          .reverse()
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : []),
  ];
  return dirs.map((d) => path.join(d, 'psql')).find((p) => fs.existsSync(p)) ?? 'psql';
}

/** Streams CSV rows into `COPY table (columns) FROM STDIN` of psql; answers the rows sent. */
async function copyInto(
  url: string,
  table: string,
  columns: string[],
  count: number,
  row: (i: number) => string,
): Promise<number> {
  const child = spawn(
    psqlPath(),
    [url, '-v', 'ON_ERROR_STOP=1', '-q', '-c', `copy ${table} (${columns.join(', ')}) from stdin with (format csv)`],
    {
      stdio: ['pipe', 'inherit', 'inherit'],
    },
  );
  const exited = once(child, 'exit');
  const CHUNK = 10_000;
  for (let start = 0; start < count; start += CHUNK) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(count, start + CHUNK); i++) lines.push(row(i));
    if (!child.stdin.write(`${lines.join('\n')}\n`)) await once(child.stdin, 'drain');
  }
  child.stdin.end();
  const [code] = await exited;
  if (code !== 0) throw new Error(`psql copy into ${table} exited with ${code}`);
  return count;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** What certificate i is: 1 in EXPIRING_EVERY ended yesterday or earlier (status 01); 40 % valid in all. */
function certificateRow(i: number): string {
  const id = i + 1;
  const category = CATEGORIES[i % CATEGORIES.length]!;
  const year = 2015 + (i % 10);
  const certNo = `粤建安${category}（${year}）${pad(Math.floor(i / 10), 7)}`;
  const queryCode = `q${i.toString(36).padStart(15, '0')}`;
  let status: string;
  let expiry: string;
  if (i % EXPIRING_EVERY === 0) {
    status = '01';
    expiry = addDays(DAY, -1 - (i % 30));
  } else if (i % 5 < 2) {
    status = '01';
    expiry = addDays(DAY, i % 1_000);
  } else {
    status = OTHER_STATUSES[i % OTHER_STATUSES.length]!;
    expiry = addDays(DAY, (i % 2_000) - 1_000);
  }
  const issue = addDays(expiry, -1_095);
  return [
    id,
    certNo,
    category,
    (i % PERSONS) + 1,
    (i % ENTERPRISES) + 1,
    '08',
    issue,
    issue,
    expiry,
    status,
    1,
    queryCode,
    AUTHORITY,
  ].join(',');
}

async function fill(url: string): Promise<void> {
  const t0 = performance.now();
  await copyInto(
    url,
    'enterprise',
    ['id', 'credit_code', 'name', 'legal_representative', 'address', 'district_code', 'ownership'],
    ENTERPRISES,
    (i) =>
      [
        i + 1,
        `9144${pad(i, 14)}`,
        `广东测试建设工程有限公司${i + 1}`,
        `法人${i + 1}`,
        `广州市天河区测试路${i + 1}号`,
        '440106',
        String((i % 3) + 1),
      ].join(','),
  );
  await copyInto(url, 'person', ['id', 'name', 'sex', 'id_no', 'birth_date', 'enterprise_id'], PERSONS, (i) =>
    [
      i + 1,
      `测试人员${i + 1}`,
      String(i % 2),
      `44${pad(i, 16)}`,
      addDays('1970-01-01', i % 12_000),
      (i % ENTERPRISES) + 1,
    ].join(','),
  );
  await copyInto(
    url,
    'certificate',
    [
      'id',
      'cert_no',
      'category',
      'person_id',
      'enterprise_id',
      'position',
      'issue_date',
      'valid_from',
      'expiry_date',
      'status',
      'version',
      'query_code',
      'issuing_authority',
    ],
    CERTIFICATES,
    certificateRow,
  );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const table of ['enterprise', 'person', 'certificate'])
      await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
    await client.query('vacuum analyze enterprise, person, certificate');
  } finally {
    await client.end();
  }
  console.log(`filled with COPY in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

// ---------------------------------------------------------------------------------------------
// The two measurements

/** Resident memory of this process, sampled while `work` runs: the peak and where it started. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ value: T; baseMiB: number; peakMiB: number }> {
  const mib = () => process.memoryUsage.rss() / 1024 ** 2;
  const baseMiB = mib();
  let peakMiB = baseMiB;
  const timer = setInterval(() => {
    peakMiB = Math.max(peakMiB, mib());
  }, 20);
  try {
    const value = await work();
    peakMiB = Math.max(peakMiB, mib());
    return { value, baseMiB, peakMiB };
  } finally {
    clearInterval(timer);
  }
}

interface Measured {
  label: string;
  rows: number;
  seconds: number;
  baseMiB: number;
  peakMiB: number;
}

async function countHistory(database: Database): Promise<number> {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(certificateHistory);
  return Number(row!.n);
}

async function measureJob(url: string): Promise<Measured> {
  const database = wrapPool(new pg.Pool({ connectionString: url, max: 4 }));
  try {
    const env = {
      db: database.db,
      database,
      clock: fixedClock(AT),
      config: loadConfig({ NODE_ENV: 'production', DATABASE_URL: url }),
      national: null,
      log: { info: () => undefined, warn: (m: string) => console.warn(m) },
    };
    const t0 = performance.now();
    const { value: run, baseMiB, peakMiB } = await withPeakRss(() => runJob(env, certExpiry, 'manual', 'bench'));
    const seconds = (performance.now() - t0) / 1000;
    if (!run?.ok) throw new Error(`the job failed: ${run?.error}`);
    const kept = await countHistory(database);
    if (kept !== run.rows) throw new Error(`the job expired ${run.rows} certificates but kept ${kept} versions`);
    return {
      label: `expiry job (keyset batches of ${BATCH_SIZE.toLocaleString('en-US')}, one transaction each, through drizzle)`,
      rows: run.rows,
      seconds,
      baseMiB,
      peakMiB,
    };
  } finally {
    await database.close();
  }
}

async function measureLimit(url: string): Promise<Measured> {
  const database = wrapPool(new pg.Pool({ connectionString: url, max: 1 }));
  try {
    // The same change as one statement: the INSERT's SELECT reads the rows as they were before the UPDATE (one snapshot).
    const statement = sql`
      with moved as (
        update ${certificate} set status = '05', updated_at = ${AT.toISOString()}::timestamptz
        where status = '01' and expiry_date < ${DAY}::date
        returning id
      )
      insert into ${certificateHistory} (certificate_id, version, data, reason, application_id, changed_at, event, event_data, job, state_before, state_after)
      select c.id, c.version, ${CERTIFICATE_VERSION_JSON}, 'expiry', null, ${AT.toISOString()}::timestamptz, 'EXPIRE', jsonb_build_object('today', ${DAY}::text), 'certExpiry',
        jsonb_build_object('value', 'valid', 'context', jsonb_build_object('certNo', c.cert_no, 'expiryDate', c.expiry_date, 'version', c.version)),
        jsonb_build_object('value', 'expired', 'context', jsonb_build_object('certNo', c.cert_no, 'expiryDate', c.expiry_date, 'version', c.version))
      from moved join ${certificate} c on c.id = moved.id
      left join person p on p.id = c.person_id
      left join enterprise e on e.id = c.enterprise_id`;
    const t0 = performance.now();
    const { baseMiB, peakMiB } = await withPeakRss(() => database.db.execute(statement));
    const seconds = (performance.now() - t0) / 1000;
    const rows = await countHistory(database);
    return {
      label: 'limit: one UPDATE … RETURNING + history INSERT statement (same rows, same JSON)',
      rows,
      seconds,
      baseMiB,
      peakMiB,
    };
  } finally {
    await database.close();
  }
}

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ version: string }>('select version()')).rows[0]!.version;
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------

function report(
  results: Measured[],
  ratio: number,
  meta: { startedAt: Date; source: string; machine: ReturnType<typeof describeMachine>; loadAfter: string },
): string {
  const mib = (v: number) => v.toFixed(0);
  const rows = results.map(
    (r) =>
      `| ${r.label} | ${r.rows.toLocaleString('en-US')} | ${r.seconds.toFixed(1)} | ${Math.round(r.rows / r.seconds).toLocaleString('en-US')} | ${mib(r.baseMiB)} → ${mib(r.peakMiB)} (+${mib(r.peakMiB - r.baseMiB)}) |`,
  );
  const m = meta.machine;
  const server =
    meta.source === 'throwaway'
      ? 'a throwaway cluster started by the script (`fsync=off`, `synchronous_commit=off`, `full_page_writes=off`: commits do not wait for the disk, so both figures are optimistic compared with a durable server)'
      : 'the server at `PG_URL`, with its own settings';
  return [
    '# Expiry job benchmark',
    '',
    `Run on ${meta.startedAt.toISOString()} with \`npm run bench:expiry\` (written by \`scripts/bench-expiry.ts\`; rerun to refresh).`,
    '',
    `Data: ${ENTERPRISES.toLocaleString('en-US')} enterprises, ${PERSONS.toLocaleString('en-US')} persons, ${CERTIFICATES.toLocaleString('en-US')} certificates (40 % valid), ` +
      `${results[0]!.rows.toLocaleString('en-US')} of them valid (01) with an expiry date before ${DAY}; the job runs at 00:05 China time on ${DAY}.`,
    '',
    '| What | Certificates expired | Seconds | Certificates/s | RSS of the Node process, MiB (start → peak) |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `**Ratio job / limit: ${ratio.toFixed(2)}×.**`,
    '',
    '## Machine',
    '',
    `- CPU: ${m.cpu}, ${m.cores} cores`,
    `- Memory: ${m.memoryGiB} GiB`,
    `- OS: ${m.os}`,
    `- Node: ${m.node}`,
    `- PostgreSQL: ${m.postgres}`,
    `- Database server: ${server}`,
    `- Load average (1/5/15 min): ${m.loadAverage} before the measurements, ${meta.loadAfter} after them; other processes were free to run, so on a busy machine the figures measure the contention as much as the code`,
    '',
    '## What the numbers include',
    '',
    'Both rows start from the same freshly loaded rows (the filled database cloned twice with',
    '`CREATE DATABASE … TEMPLATE`) and end with the same result: every certificate that was valid on',
    "a day before the run's China day is 05, and its replaced version is in `certificate_history` with",
    'the certificate row, holder and enterprise as JSON. The job is `runJob(certExpiry)` as the engine',
    `calls it: job_run and operation-log rows, then keyset batches of ${BATCH_SIZE.toLocaleString('en-US')} — each one transaction that`,
    "locks the batch (`SELECT … FOR UPDATE`), runs the certificate machine's EXPIRE for each row and writes",
    'their history rows and new status in one statement (the one writer, `sendCertificateEvents`) — and',
    'finally the pass over open drafts. The limit is',
    'the same change as a single statement, so it holds every lock until it commits and gives nothing back',
    'until the end; the job trades some of that speed for short transactions (requests and other processes',
    'are never blocked for long, and a run that stops halfway keeps its finished batches). Memory is the',
    'resident set of the Node process, sampled every 20 ms while each one runs: the job holds one batch of',
    'ids at a time, so its peak does not grow with the number of certificates. Filling, cloning and',
    'dropping the databases are not timed.',
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const server = acquireServer();
  if (!server) {
    console.error('No PostgreSQL: set PG_URL or install postgresql (initdb, pg_ctl).');
    process.exit(1);
  }
  const suffix = randomBytes(4).toString('hex');
  const names = {
    fill: `safecert_bench_expiry_${suffix}`,
    job: `safecert_bench_expiry_job_${suffix}`,
    limit: `safecert_bench_expiry_limit_${suffix}`,
  };
  const startedAt = new Date();
  try {
    await createDatabase(server.adminUrl, names.fill);
    const fillUrl = urlForDatabase(server.adminUrl, names.fill);
    const schemaOnly = wrapPool(new pg.Pool({ connectionString: fillUrl, max: 2 }));
    await migrate(schemaOnly);
    await schemaOnly.close();
    await fill(fillUrl);
    for (const clone of [names.job, names.limit]) {
      const admin = new pg.Client({ connectionString: server.adminUrl });
      await admin.connect();
      await admin.query(`create database ${clone} template ${names.fill}`);
      await admin.end();
    }
    const machine = describeMachine(await postgresVersion(fillUrl));
    const job = await measureJob(urlForDatabase(server.adminUrl, names.job));
    const limit = await measureLimit(urlForDatabase(server.adminUrl, names.limit));
    if (job.rows !== limit.rows) throw new Error(`the job expired ${job.rows} certificates, the limit ${limit.rows}`);
    const ratio = job.seconds / limit.seconds;
    const text = report([job, limit], ratio, { startedAt, source: server.source, machine, loadAfter: loadAverage() });
    fs.mkdirSync(path.dirname(REPORT_FILE), { recursive: true });
    fs.writeFileSync(REPORT_FILE, text);
    console.log(text);
  } finally {
    for (const name of Object.values(names))
      await dropDatabase(server.adminUrl, name).catch((err: unknown) => console.warn(`drop ${name}: ${String(err)}`));
    server.stop();
  }
}

await main();
