/**
 * The real server as a child process (`node --import tsx server/main.ts`) on a seeded copy of the
 * suite's template: a PGlite data directory on disk, or a PostgreSQL database made from the template.
 * For tests that must kill the process (kill -9) and start it again on the same data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { copyPgliteTemplate } from './db.js';
import { TEMPLATE_DB, adminUrlFor } from './pg-url.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface SeededStore {
  kind: 'pglite' | 'postgres';
  dataDir: string;
  /** Environment that points the server at this store. */
  env: Record<string, string>;
  remove(): Promise<void>;
}

/** A seeded database the server can open: a copy of the template in DATA_DIR/pgdata, or a PostgreSQL copy. */
export async function seededStore(): Promise<SeededStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-proc-'));
  fs.cpSync(inject('seedFiles'), path.join(dataDir, 'files'), { recursive: true });
  const adminUrl = inject('postgresAdminUrl');
  if (adminUrl) {
    const name = `safecert_p_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
    await admin.end();
    return {
      kind: 'postgres',
      dataDir,
      env: { DATABASE_URL: adminUrlFor(adminUrl, name) },
      async remove() {
        const a = new pg.Client({ connectionString: adminUrl });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  // The server opens DATA_DIR/pgdata (server/db/client.ts).
  copyPgliteTemplate(path.join(dataDir, 'pgdata'));
  return {
    kind: 'pglite',
    dataDir,
    env: { DATABASE_URL: '' },
    async remove() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** Whether the process is still running. */
  alive(): boolean;
  /** The last lines the server printed (for failure messages). */
  output(): string;
  /** Everything it printed (up to the last 20,000 lines). */
  log(): string;
  /** Resolves when the process has ended, with its exit code (null when a signal ended it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends a signal without waiting. */
  signal(signal: NodeJS.Signals): void;
  /** SIGKILL: no shutdown hook runs. */
  kill(): Promise<void>;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
}

/** Starts the server on the store and waits until /api/health answers. */
export async function startServer(store: SeededStore, timeoutMs = 90_000): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...store.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: store.dataDir,
      NODE_ENV: 'test',
      SEED_DEMO: '1',
      CLIENT_DIR: '',
      LOG_LEVEL: 'warn',
      // Several of these run at once (and a developer's own server may hold 9464): no metrics listener.
      METRICS_PORT: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const all: string[] = [];
  const keep = (chunk: Buffer) => {
    const more = chunk.toString().split('\n');
    lines.push(...more);
    lines.splice(0, Math.max(0, lines.length - 40));
    all.push(...more);
    all.splice(0, Math.max(0, all.length - 20_000));
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => {
    gone = true;
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`server exited during start:\n${lines.join('\n')}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer /api/health within ${timeoutMs} ms:\n${lines.join('\n')}`);
    }
    const up = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (!gone) child.kill(signal);
    await exited;
  };
  return {
    baseUrl,
    pid: child.pid!,
    alive: () => !gone,
    exited,
    signal: (sig) => {
      if (!gone) child.kill(sig);
    },
    output: () => lines.join('\n'),
    log: () => all.join('\n'),
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}

/** A call to the server process over HTTP: the token header when signed in, JSON bodies, 30 s at most. */
export type Call = (token: string | null, method: 'GET' | 'POST', url: string, body?: unknown) => Promise<Response>;

export const clientOf =
  (baseUrl: string): Call =>
  (token, method, url, body) =>
    fetch(`${baseUrl}${url}`, {
      method,
      headers: { ...(token ? { token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });

/** Signs a demo account in through the login route; answers its token. */
export async function loginOver(call: Call, userName: string, password: string): Promise<string> {
  const res = await call(null, 'POST', '/api/login/login', { username: userName, password });
  if (res.status !== 200) throw new Error(`login ${userName}: ${res.status} ${await res.text()}`);
  return (await res.json()).data.token as string;
}
