/** The benchmark's table (stdout and Markdown alike) and the machine it ran on. */
import os from 'node:os';
import { cpuPerTransition, summarize, throughput, type LevelResult } from './bench-stats.js';

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  postgres: string;
  /** Load averages when the run started: other processes on the machine skew the figures. */
  loadAverage: string;
}

export const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ');

export function describeMachine(postgresVersion: string): MachineInfo {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    postgres: postgresVersion,
    loadAverage: loadAverage(),
  };
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');

export function resultTable(results: LevelResult[]): string {
  const header = ['Level', 'Clients', 'Items', 'Transitions', 'Errors', 'Seconds', 'Transitions/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'Node CPU ms/transition', 'Stopped by'];
  const rows = results.map((r) => {
    const l = summarize(r.latencyMs);
    return [
      r.counted ? r.label : `${r.label} (not counted)`,
      String(r.concurrency), String(r.items), String(r.transitions), String(r.errors),
      (r.elapsedMs / 1000).toFixed(1), throughput(r).toFixed(1),
      ms(l.p50), ms(l.p95), ms(l.p99), ms(l.max), ms(cpuPerTransition(r)),
      r.stoppedBy === 'count' ? 'count' : 'time cap',
    ];
  });
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function errorLines(results: LevelResult[]): string[] {
  return results.flatMap((r) => r.errorSamples.map((e) => `${r.label}: ${e}`));
}

export interface ReportInput {
  startedAt: Date;
  command: string;
  machine: MachineInfo;
  serverSource: 'PG_URL' | 'throwaway';
  poolMax: number;
  /** Load averages when the run ended. */
  loadAfter: string;
  results: LevelResult[];
}

function machineSection(m: MachineInfo, input: ReportInput): string[] {
  const server = input.serverSource === 'throwaway'
    ? 'a throwaway cluster started by the script (`fsync=off`, `synchronous_commit=off`, `full_page_writes=off`: commits do not wait for the disk, so the figures are optimistic compared with a durable server)'
    : 'the server at `PG_URL`, with its own settings';
  return [
    `- CPU: ${m.cpu}, ${m.cores} cores`,
    `- Memory: ${m.memoryGiB} GiB`,
    `- OS: ${m.os}`,
    `- Node: ${m.node}`,
    `- PostgreSQL: ${m.postgres}`,
    `- Database server: ${server}, connection pool of ${input.poolMax} (\`DB_POOL_MAX\`)`,
    `- Load average (1/5/15 min): ${m.loadAverage} before the timed levels, ${input.loadAfter} after them; other processes were free to run, so on a busy machine the figures measure the contention as much as the code`,
  ];
}

const WHAT_IS_MEASURED = [
  'Each figure is one `POST /api/workflow/:id/events` as seen by the client, measured from just before',
  '`fetch` to the end of reading the JSON answer over loopback HTTP. It therefore includes the HTTP',
  'round trip, the auth hook (session lookup and user load from the database), zod validation of the',
  'body, loading the application, the sender checks, the state machine, the transaction that updates',
  'the application with its optimistic version check and inserts the history row, and building the',
  'detail answer (which reloads the row and its whole history). The operation log row is written in',
  'the `onResponse` hook, after the answer has left, so it is not in the latency but it does load the',
  'database and so weighs on the throughput. Each virtual client owns its own applications and',
  'alternates AGREE by `gz_sl` (受理 → 承办) and RETURN with a comment by `gz_cb` (承办 → 受理), always',
  'sending the version of its previous answer, so no request should meet a conflict; any non-200',
  'answer, or a 200 that lands on an unexpected step, counts as an error. Transitions/s is successful',
  'transitions divided by the wall time of the level. Applications are new for every level and see',
  'about twenty transitions each, so an answer carries at most a couple of dozen history rows. The',
  'load generator runs in the same Node process as the server, so the two share one event loop: on',
  'a small machine part of the latency is the client\'s own work, and the server can use at most one',
  'core for JavaScript while PostgreSQL uses the rest. Application creation, the SUBMIT of each',
  'item, the logins and the warm-up are not timed. Node CPU ms/transition is the CPU time of the whole',
  'Node process (server and load generator) per successful transition; the gap between it and the',
  'latency at c=1 is time spent waiting for PostgreSQL or for a free core.',
];

export function markdownReport(input: ReportInput): string {
  const errors = errorLines(input.results);
  return [
    '# Workflow transition benchmark',
    '',
    `Run on ${input.startedAt.toISOString()} with \`${input.command}\` (written by \`scripts/bench-workflow.ts\`; rerun to refresh).`,
    '',
    resultTable(input.results),
    '',
    ...(errors.length > 0 ? ['Errors seen (first few per level):', '', ...errors.map((e) => `- ${e}`), ''] : []),
    '## Machine',
    '',
    ...machineSection(input.machine, input),
    '',
    '## What the numbers include',
    '',
    ...WHAT_IS_MEASURED,
    '',
  ].join('\n');
}
