/**
 * pgbench, the database's own limit for a benchmark: runs a custom script with N clients for a
 * while and reads the throughput and, from its per-transaction log, the latency percentiles.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { summarize, type LatencySummary } from './bench-stats.js';

export interface PgbenchResult {
  clients: number;
  transactions: number;
  failed: number;
  seconds: number;
  tps: number;
  latency: LatencySummary;
  /** Each transaction's latency, from pgbench's log. */
  latencyMs: number[];
  /** The throughput of each run this result joins (one for a single run). */
  runsTps: number[];
}

/** Two runs of the same script and clients as one: their transactions over their time together. */
export function joinRuns(a: PgbenchResult, b: PgbenchResult): PgbenchResult {
  const seconds = a.seconds + b.seconds;
  const latencyMs = [...a.latencyMs, ...b.latencyMs];
  return {
    clients: a.clients,
    transactions: a.transactions + b.transactions,
    failed: a.failed + b.failed,
    seconds,
    tps: (a.tps * a.seconds + b.tps * b.seconds) / seconds,
    latency: summarize(latencyMs),
    latencyMs,
    runsTps: [...a.runsTps, ...b.runsTps],
  };
}

export interface PgbenchRun {
  binDir: string;
  url: string;
  clients: number;
  seconds: number;
  /** The transaction, in pgbench's script language. */
  script: string;
  /** -D name=value */
  vars?: Record<string, string | number>;
}

export function findPgbench(binDir: string | null): string | null {
  const candidates = [
    process.env.PGBENCH,
    binDir ? path.join(binDir, 'pgbench') : null,
    '/usr/lib/postgresql/15/bin/pgbench',
  ];
  return candidates.find((c): c is string => !!c && fs.existsSync(c)) ?? null;
}

export async function runPgbench(bin: string, run: Omit<PgbenchRun, 'binDir'>): Promise<PgbenchResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-pgbench-'));
  try {
    const scriptFile = path.join(dir, 'transition.sql');
    fs.writeFileSync(scriptFile, run.script);
    const args = [
      '-n', // no vacuum of pgbench's own tables: the script uses the application's
      '-M',
      'prepared',
      '-c',
      String(run.clients),
      '-j',
      String(Math.min(run.clients, os.availableParallelism())),
      '-T',
      String(run.seconds),
      '-f',
      scriptFile,
      '-l',
      '--log-prefix',
      path.join(dir, 'log'),
      ...Object.entries(run.vars ?? {}).flatMap(([k, v]) => ['-D', `${k}=${v}`]),
      run.url,
    ];
    const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve, reject) => {
        const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
        });
        child.stderr.on('data', (c: Buffer) => {
          err += c.toString();
        });
        child.once('error', reject);
        child.once('exit', (c) => resolve({ code: c, stdout: out, stderr: err }));
      },
    );
    if (code !== 0) throw new Error(`pgbench failed (exit ${code}):\n${stderr.slice(-2_000)}`);
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1] ?? NaN);
    const transactions = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1] ?? 0);
    const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
    // Log lines: client_id transaction_no time_us script_no epoch epoch_us
    const latencyMs: number[] = [];
    for (const file of fs.readdirSync(dir).filter((f) => f.startsWith('log'))) {
      for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
        const us = Number(line.split(' ')[2]);
        if (Number.isFinite(us)) latencyMs.push(us / 1000);
      }
    }
    if (!Number.isFinite(tps)) throw new Error(`pgbench said no tps:\n${stdout}`);
    return {
      clients: run.clients,
      transactions,
      failed,
      seconds: run.seconds,
      tps,
      latency: summarize(latencyMs),
      latencyMs,
      runsTps: [tps],
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
