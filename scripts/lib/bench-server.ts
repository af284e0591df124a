/**
 * The real server for the benchmarks that measure it from outside: server/main.ts as `npm start`
 * runs it (after its build), started through scripts/lib/serve.ts, on a free port and a data
 * directory of the caller's, timed from the spawn to the first healthy answer (GET /api/health).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface RunningServer {
  url: string;
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
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

export async function startServer(opts: { dataDir: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; log?: (line: string) => void }): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/lib/serve.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: opts.dataDir, LOG_LEVEL: 'warn', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = started + (opts.timeoutMs ?? 300_000);
  while (!(await healthy(url))) {
    if (child.exitCode !== null) throw new Error(`the server ended (exit ${child.exitCode}) before it was healthy:\n${output}`);
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not healthy after ${Math.round((performance.now() - started) / 1000)} s:\n${output}`);
    }
    await sleep(50);
  }
  const msToHealthy = performance.now() - started;
  return {
    url,
    msToHealthy,
    async stop() {
      child.kill('SIGTERM');
      const killed = sleep(30_000).then(() => child.kill('SIGKILL'));
      await Promise.race([exited(child), killed]);
      await exited(child);
    },
  };
}
