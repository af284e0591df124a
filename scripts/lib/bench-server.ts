/**
 * The real server for the benchmarks that measure it from outside: server/main.ts as `npm start`
 * runs it (after its build), started through scripts/lib/serve.ts, on a free port and a data
 * directory of the caller's, timed from the spawn to the first healthy answer (GET /api/health).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Builds dist-server/ as `npm start` does (vite.server.config.ts); false when the build failed. */
export function buildServerBundle(): boolean {
  return (
    spawnSync(
      path.join(ROOT, 'node_modules', '.bin', 'vite'),
      ['build', '--config', 'vite.server.config.ts', '--logLevel', 'warn'],
      { cwd: ROOT, stdio: 'inherit' },
    ).status === 0
  );
}

export interface RunningServer {
  url: string;
  /** the server's process (the supervisor under WEB_CONCURRENCY) */
  pid: number;
  /** spawn → first 200 from /api/health, ms */
  msToHealthy: number;
  /** SIGTERM, then wait for the process to end (the server closes its database first) */
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((r) => child.once('exit', () => r()));
}

export async function startServer(opts: {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** node options before the script (--cpu-prof …) */
  nodeArgs?: string[];
  /** where the server's output goes (a log file, as in production); by default the last lines are kept for an error report */
  logFile?: string;
  /** 'bundle': dist-server/main.js as `npm start` runs it (build it first); by default the sources through tsx */
  run?: 'source' | 'bundle';
}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const entry = opts.run === 'bundle' ? ['dist-server/main.js'] : ['--import', 'tsx', 'scripts/lib/serve.ts'];
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: opts.logFile
      ? ['ignore', fs.openSync(opts.logFile, 'a'), fs.openSync(opts.logFile, 'a')]
      : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const tail = () => (opts.logFile ? fs.readFileSync(opts.logFile, 'utf8').slice(-4_000) : output);
  const deadline = started + (opts.timeoutMs ?? 300_000);
  while (!(await healthy(url))) {
    if (child.exitCode !== null)
      throw new Error(`the server ended (exit ${child.exitCode}) before it was healthy:\n${tail()}`);
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `the server was not healthy after ${Math.round((performance.now() - started) / 1000)} s:\n${tail()}`,
      );
    }
    await sleep(50);
  }
  const msToHealthy = performance.now() - started;
  return {
    url,
    pid: child.pid!,
    msToHealthy,
    async stop() {
      child.kill('SIGTERM');
      const killed = sleep(30_000).then(() => child.kill('SIGKILL'));
      await Promise.race([exited(child), killed]);
      await exited(child);
    },
  };
}

let clockTicks: number | null = null;

/**
 * CPU time (user + system, ms) of a process and all its descendants so far, those that ended
 * included (a process's ended children are counted in its own figures once it has reaped them);
 * null where there is no /proc.
 */
export function processTreeCpuMs(rootPid: number): number | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  clockTicks ??= 100; // USER_HZ: 100 on every Linux this runs on (sysconf(_SC_CLK_TCK))
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let text: string;
    try {
      text = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // pid (comm) state ppid … utime stime: comm may hold spaces, so count from its closing parenthesis.
    const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // utime stime cutime cstime
    stats.set(Number(entry), {
      ppid: Number(rest[1]),
      ticks: Number(rest[11]) + Number(rest[12]) + Number(rest[13]) + Number(rest[14]),
    });
  }
  const tree = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, s] of stats) {
      if (!tree.has(pid) && tree.has(s.ppid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  let ticks = 0;
  for (const pid of tree) ticks += stats.get(pid)?.ticks ?? 0;
  return (ticks * 1000) / clockTicks;
}
