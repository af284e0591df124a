/**
 * A throwaway PostgreSQL cluster on 127.0.0.1 in a temp directory, for the database suites.
 * initdb refuses to run as root, so as root the cluster belongs to the postgres user. Its session
 * zone is far from China on purpose: SQL that turned a timestamp into a day without naming
 * Asia/Shanghai would give the wrong day here.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ThrowawayPostgres {
  url: string;
  /** Where initdb and pg_ctl were found (pgbench lives beside them). */
  binDir: string;
  /** Whether commits wait for the disk (fsync, synchronous_commit, full_page_writes on). */
  durable: boolean;
  /** The cluster's directory (postmaster.pid names the server process). */
  dataDir: string;
  /** `pg_ctl restart -m fast`: every session is ended (57P01), as an administrator's restart does. */
  restart(): void;
  /** The server only (`pg_ctl stop -m fast`); the cluster stays for startServer. */
  stopServer(): void;
  startServer(): void;
  stop(): void;
}

/**
 * Settings of a cluster made for the test suites: commits do not wait for the disk, which makes
 * the suites fast and would make a benchmark's figures a fiction. A durable cluster (benchmarks)
 * keeps PostgreSQL's defaults.
 */
const FAST_UNSAFE = '-c fsync=off -c synchronous_commit=off -c full_page_writes=off';

export function findBinDir(): string | null {
  const fromPath = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const candidates = [
    ...(fromPath.status === 0 ? [fromPath.stdout.trim()] : []),
    ...(fs.existsSync('/usr/lib/postgresql')
      ? fs
          .readdirSync('/usr/lib/postgresql')
          .sort()
          .reverse()
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : []),
  ];
  return (
    candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl'))) ?? null
  );
}

export function startThrowawayPostgres(
  opts: { durable?: boolean; settings?: string[] } = {},
): ThrowawayPostgres | null {
  const durable = opts.durable ?? false;
  const extra = (opts.settings ?? []).map((s) => `-c ${s}`).join(' ');
  const binDir = findBinDir();
  if (!binDir) return null;
  const isRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-pg-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const asOwner = (cmd: string, args: string[]) =>
    isRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' })
      : execFileSync(cmd, args, { stdio: 'pipe' });
  const serverOptions = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} ${durable ? '' : FAST_UNSAFE} -c max_connections=200 -c timezone=America/Los_Angeles ${extra}`;
  const pgCtl = (action: 'start' | 'restart' | 'stop') =>
    asOwner(path.join(binDir, 'pg_ctl'), [
      '-D',
      dir,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-t',
      '60',
      ...(action === 'stop' ? [] : ['-o', serverOptions]),
      '-m',
      'fast',
      action,
    ]);
  try {
    if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
    fs.chmodSync(dir, 0o700);
    asOwner(path.join(binDir, 'initdb'), [
      '-D',
      dir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    pgCtl('start');
  } catch (err) {
    const detail = err instanceof Error && 'stderr' in err ? String((err as { stderr: unknown }).stderr) : String(err);
    console.log(`Could not start a throwaway PostgreSQL: ${detail}`);
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
  console.log(`Throwaway PostgreSQL (${binDir}) on 127.0.0.1:${port}${durable ? ', durable (fsync on)' : ''}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    binDir,
    durable,
    dataDir: dir,
    restart: () => {
      pgCtl('restart');
    },
    stopServer: () => {
      pgCtl('stop');
    },
    startServer: () => {
      pgCtl('start');
    },
    stop() {
      try {
        asOwner(path.join(binDir, 'pg_ctl'), ['-D', dir, '-m', 'immediate', 'stop']);
      } catch {
        /* already gone */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
