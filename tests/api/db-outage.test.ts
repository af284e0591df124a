/**
 * PostgreSQL restarting and going away under write load, against the real server process on a
 * PostgreSQL cluster of this test's own (the suites' shared cluster must not restart under them):
 * 8 clients write (reviewers agree, enterprises save drafts) while sessions are ended inside their
 * transactions (pg_terminate_backend), the cluster is restarted with `pg_ctl restart -m fast` (every
 * session ended, 57P01) and then stopped for a few seconds.
 * The API process must stay the same process; while the database is away every call answers 503
 * with Retry-After within its timeout (never a 500, never a hang); within 5 s after it is back the
 * API serves again by itself, and so does the job engine (pg-boss); no acknowledged write is lost.
 * Then SIGTERM: the requests in flight are answered in full, a connection that sent nothing is ended,
 * and the process exits within 10 s.
 * Runs in the PostgreSQL pass of `npm test` only (PGlite is in the process: it cannot go away).
 *
 * Not an apiSuite: it needs a real server process and a PostgreSQL cluster of its own (server-process.ts).
 */
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../scripts/lib/postgres.js';
import { DEMO_PASSWORD } from '../helpers/app.js';
import { startServer, type SeededStore, type ServerProcess } from '../helpers/server-process.js';

const onPostgres = !!inject('postgresAdminUrl');

/** Reviewers and their queues, and enterprises editing drafts: the 8 writing clients. */
const REVIEWERS: Readonly<Record<string, readonly string[]>> = {
  gz_sl: ['waitAccept'],
  gz_cs: ['waitReview'],
  gz_sh: ['waitReview'],
  sz_staff: ['waitAccept', 'waitReview'],
  prov_staff: ['waitAccept', 'waitReview'],
};
const EDITORS = ['ent_gz', 'ent_sz', 'ent_prov'] as const;
/** A call that takes longer than this hangs, for this test. */
const CALL_TIMEOUT_MS = 15_000;
/** "Within 5 s after it is back the API serves again by itself." */
const RECOVERY_MS = 5_000;
/** How long the database stays away in the second outage. */
const OUTAGE_MS = 4_000;

let cluster: ThrowawayPostgres | null = null;
let store: SeededStore | null = null;
let server: ServerProcess | null = null;

beforeAll(async () => {
  if (!onPostgres) return;
  cluster = startThrowawayPostgres();
  if (!cluster)
    throw new Error('the PostgreSQL pass runs, but no cluster of its own could be started (initdb, pg_ctl)');
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('create database safecert');
  await admin.end();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-outage-'));
  const url = new URL(cluster.url);
  url.pathname = '/safecert';
  store = {
    kind: 'postgres',
    dataDir,
    env: { DATABASE_URL: url.toString() },
    async remove() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await store?.remove();
  cluster?.stop();
});

interface Answer {
  what: string;
  status: number | string;
  retryAfter: string | null;
  ms: number;
  at: number;
}
interface Ack {
  id: number;
  version: number;
  by: string;
}
interface Draft {
  owner: string;
  id: number;
  version: number;
  acked: string | null;
  pending: string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!onPostgres)('PostgreSQL restarting under write load', () => {
  it('keeps the same process, answers 503 with Retry-After while it is away, and serves again within 5 s', async () => {
    server = await startServer(store!, 240_000);
    const base = server.baseUrl;
    const pid = server.pid;
    const answers: Answer[] = [];
    /** A call, its answer recorded (a network failure or a timeout is recorded as its error code). */
    const call = async (
      what: string,
      token: string | null,
      method: 'GET' | 'POST',
      url: string,
      body?: unknown,
    ): Promise<Response | null> => {
      const started = Date.now();
      try {
        const res = await fetch(`${base}${url}`, {
          method,
          headers: {
            ...(token ? { token } : {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        });
        answers.push({
          what,
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          ms: Date.now() - started,
          at: Date.now(),
        });
        return res;
      } catch (err) {
        const code = (err as { cause?: { code?: string }; name?: string }).cause?.code ?? (err as Error).name;
        answers.push({ what, status: code, retryAfter: null, ms: Date.now() - started, at: Date.now() });
        return null;
      }
    };
    const login = async (userName: string) => {
      const res = await call('login', null, 'POST', '/api/login/login', {
        username: userName,
        password: DEMO_PASSWORD,
      });
      if (res?.status !== 200) throw new Error(`login ${userName}: ${res?.status} ${await res?.text()}`);
      return (await res.json()).data.token as string;
    };
    const ready = async () => (await call('ready', null, 'GET', '/api/ready'))?.status === 200;
    for (let t = Date.now(); !(await ready()); await sleep(250)) {
      if (Date.now() - t > 90_000) throw new Error(`not ready within 90 s:\n${server.output()}`);
    }
    const tokens = new Map<string, string>();
    for (const u of [...Object.keys(REVIEWERS), ...EDITORS, 'admin', 'province']) tokens.set(u, await login(u));

    const agreed: Ack[] = [];
    const drafts: Draft[] = [];
    const touched = new Set<number>();
    const lastWriteAt = { value: 0 };
    let stop = false;

    async function review(user: string, queues: readonly string[]) {
      const token = tokens.get(user)!;
      for (let i = 0; !stop; i++) {
        const list = await call(
          'queue',
          token,
          'GET',
          `/api/workflow/queue/${queues[i % queues.length]}?pageNum=1&pageSize=20`,
        );
        const rows = list?.status === 200 ? ((await list.json()).rows as { id: number; version: number }[]) : [];
        await list?.body?.cancel().catch(() => undefined);
        if (rows.length === 0) {
          await sleep(100);
          continue;
        }
        const row = rows[Math.floor(Math.random() * rows.length)]!;
        touched.add(row.id);
        const res = await call('agree', token, 'POST', `/api/workflow/${row.id}/events`, {
          type: 'AGREE',
          version: row.version,
          comment: '同意',
        });
        if (res?.status === 200) {
          agreed.push({ id: row.id, version: row.version + 1, by: user });
          lastWriteAt.value = Date.now();
        }
        await res?.body?.cancel().catch(() => undefined);
        if (res?.status === 503) await sleep(200);
      }
    }

    async function edit(user: string) {
      const token = tokens.get(user)!;
      const candidates = (await (await call('candidates', token, 'GET', '/api/apply/delay/candidates'))!.json())
        .data as { personId: number; certificateId: number | null }[];
      let draft: Draft | null = null;
      for (const c of candidates) {
        const res = await call('save', token, 'POST', '/api/apply/delay/save', {
          personId: c.personId,
          certificateId: c.certificateId,
          payload: {},
        });
        if (res?.status !== 200) continue;
        const d = (await res.json()).data as { id: number; version: number };
        draft = { owner: user, id: d.id, version: d.version, acked: null, pending: null };
        break;
      }
      if (!draft) throw new Error(`${user}: no delay candidate could be saved`);
      drafts.push(draft);
      touched.add(draft.id);
      for (let n = 1; !stop; n++) {
        const remark = `${user} 第${n}次保存`;
        const res = await call('update', token, 'POST', '/api/apply/delay/update', {
          id: draft.id,
          version: draft.version,
          payload: { remark },
        });
        if (res?.status === 200) {
          draft.version += 1;
          draft.acked = remark;
          draft.pending = null;
          lastWriteAt.value = Date.now();
        } else if (res?.status === 409) {
          // The call before was not answered 200 but had committed (a 503 while the answer was being
          // read, or no answer): what is stored now is known, and confirmed.
          const got = await call('get', token, 'GET', `/api/apply/delay/get/${draft.id}`);
          if (got?.status === 200) {
            const stored = (await got.json()).data as { version: number; payload: { remark?: string } };
            draft.version = stored.version;
            draft.acked = stored.payload.remark ?? null;
            draft.pending = null;
          }
        } else {
          // A 503 or no answer: it may or may not have committed.
          draft.pending = remark;
        }
        await res?.body?.cancel().catch(() => undefined);
        if (res?.status === 503) await sleep(200);
        if (res === null) break;
      }
    }

    const loops = [...Object.entries(REVIEWERS).map(([u, q]) => review(u, q)), ...EDITORS.map((u) => edit(u))];
    /** Waits for the first write acknowledged after `since`, and answers how long that took. */
    const firstWriteAfter = async (since: number, limitMs: number) => {
      while (lastWriteAt.value < since && Date.now() - since < limitMs) await sleep(50);
      return lastWriteAt.value >= since ? lastWriteAt.value - since : Number.POSITIVE_INFINITY;
    };
    const started = Date.now();
    while (agreed.length + drafts.filter((d) => d.acked).length < 20 && Date.now() - started < 120_000) await sleep(50);

    // 0. Sessions ended while their client is checked out between two statements of a transaction
    // (what a restart does to a busy process, found on purpose): a client with nobody listening to
    // its 'error' ended the process.
    const killer = new pg.Client({ connectionString: cluster!.url });
    await killer.connect();
    let endedInTransaction = 0;
    for (const until = Date.now() + 30_000; Date.now() < until && endedInTransaction < 3; await sleep(2)) {
      const { rows } = await killer.query<{
        n: number;
      }>(`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = 'safecert' and pid <> pg_backend_pid() and state like 'idle in transaction%'`);
      endedInTransaction += rows[0]!.n;
    }
    await killer.end();
    console.log(
      `db-outage: ${endedInTransaction} sessions ended inside a transaction; ${agreed.length} agreements and ${drafts.filter((d) => d.acked).length} drafts acknowledged so far`,
    );
    expect(endedInTransaction, 'sessions ended inside a transaction').toBeGreaterThan(0);
    await sleep(500);
    expect(server.alive(), server.output()).toBe(true);

    // 1. A restart by the administrator: every session ended while clients write.
    cluster!.restart();
    const backAfterRestart = Date.now();
    const recoveryAfterRestart = await firstWriteAfter(backAfterRestart, 30_000);

    // 2. The database away for a few seconds: calls answer 503 meanwhile, then it comes back.
    await sleep(1_000);
    cluster!.stopServer();
    const downAt = Date.now();
    const probes: Answer[] = [];
    while (Date.now() - downAt < OUTAGE_MS) {
      await call('ready while down', null, 'GET', '/api/ready');
      await call(
        'queue while down',
        tokens.get('province')!,
        'GET',
        '/api/workflow/queue/waitAccept?pageNum=1&pageSize=10',
      );
      probes.push(...answers.slice(-2));
      await sleep(300);
    }
    cluster!.startServer();
    const backAt = Date.now();
    const recoveryAfterOutage = await firstWriteAfter(backAt, 30_000);
    let readyAgainMs = Number.POSITIVE_INFINITY;
    for (let t = Date.now(); Date.now() - t < 30_000; await sleep(100)) {
      if (await ready()) {
        readyAgainMs = Date.now() - backAt;
        break;
      }
    }
    await sleep(1_000);
    stop = true;
    await Promise.all(loops);

    // The same process, alive, and it never met an error it did not handle.
    expect(server.alive(), server.output()).toBe(true);
    expect(server.pid).toBe(pid);
    expect(server.log()).not.toMatch(/Unhandled 'error' event|uncaughtException|FATAL ERROR/);

    // While away: 503 with Retry-After, at once; never anything else.
    expect(probes.length).toBeGreaterThan(4);
    expect(
      probes.map((p) => `${p.what} ${p.status}`).filter((p) => !p.endsWith(' 503')),
      'calls while the database is down',
    ).toEqual([]);
    expect(
      probes.filter((p) => !p.retryAfter),
      'a 503 without Retry-After',
    ).toEqual([]);
    const unexpected = answers
      .filter((a) => ![200, 409, 503].includes(a.status as number))
      .map((a) => `${a.what}: ${a.status}`);
    expect(unexpected, 'answers other than 200, 409 (stale version) and 503').toEqual([]);
    expect(answers.filter((a) => a.status === 503 && !a.retryAfter).length).toBe(0);
    expect(answers.filter((a) => a.status === 503).length, 'the outage was felt by the writers').toBeGreaterThan(0);
    const slowest = Math.max(...answers.map((a) => a.ms));
    expect(slowest, 'no call hangs').toBeLessThan(CALL_TIMEOUT_MS);

    // Back by itself.
    console.log(
      `db-outage: writes again ${recoveryAfterRestart} ms after the restart, ${recoveryAfterOutage} ms after the outage; ready again after ${readyAgainMs} ms; ` +
        `${answers.filter((a) => a.status === 503).length} answers 503 of ${answers.length}; slowest call ${slowest} ms`,
    );
    expect(recoveryAfterRestart).toBeLessThanOrEqual(RECOVERY_MS);
    expect(recoveryAfterOutage).toBeLessThanOrEqual(RECOVERY_MS);
    expect(readyAgainMs).toBeLessThanOrEqual(RECOVERY_MS);

    // Nothing acknowledged is lost, and no application is half-written.
    const province = tokens.get('province')!;
    const lost: string[] = [];
    for (const a of agreed) {
      const res = await fetch(`${base}/api/workflow/${a.id}`, { headers: { token: province } });
      const d = (await res.json()).data as { version: number; history: { version: number; event: string }[] };
      const h = d.history.find((x) => x.version === a.version);
      if (d.version < a.version || h?.event !== 'AGREE')
        lost.push(
          `${a.by} AGREE on ${a.id} (version ${a.version}): stored version ${d.version}, history ${h?.event ?? 'missing'}`,
        );
    }
    for (const d of drafts) {
      const res = await fetch(`${base}/api/apply/delay/get/${d.id}`, { headers: { token: tokens.get(d.owner)! } });
      const stored = (await res.json()).data as { version: number; payload: { remark?: string } };
      const possible = [
        { remark: d.acked, version: d.version },
        ...(d.pending ? [{ remark: d.pending, version: d.version + 1 }] : []),
      ];
      if (!possible.some((p) => (stored.payload.remark ?? null) === p.remark && stored.version === p.version)) {
        lost.push(
          `${d.owner} draft ${d.id}: acknowledged "${d.acked}" at version ${d.version}, stored "${String(stored.payload.remark)}" at version ${stored.version}`,
        );
      }
    }
    expect(agreed.length + drafts.length).toBeGreaterThan(0);
    expect(lost).toEqual([]);
    const owners = new Map(drafts.map((d) => [d.id, tokens.get(d.owner)!]));
    const broken: string[] = [];
    for (const id of touched) {
      const res = await fetch(`${base}/api/workflow/${id}/audit`, { headers: { token: owners.get(id) ?? province } });
      const audit = (await res.json()).data as { consistent: boolean } | undefined;
      if (!audit?.consistent) broken.push(`application ${id}: ${res.status}`);
    }
    expect(broken, 'history replays to the stored snapshot').toEqual([]);

    // The job engine is back too: its schedules are there and a job asked for now runs.
    const db = new pg.Client({ connectionString: store!.env.DATABASE_URL });
    await db.connect();
    const schedules = (await db.query<{ name: string }>('select name from pgboss.schedule order by name')).rows.map(
      (r) => r.name,
    );
    await db.end();
    expect(schedules).toEqual([
      'certExpiry',
      'deadlineWarning',
      'delayReminder',
      'housekeeping',
      'nationalOutbox',
      'statistics',
      'suspension',
    ]);
    const admin = tokens.get('admin')!;
    const asked = Date.now();
    const run = await fetch(`${base}/api/system/job/run/nationalOutbox`, { method: 'POST', headers: { token: admin } });
    expect(run.status, await run.clone().text()).toBe(200);
    let finished: { ok: boolean | null; startedAt: string } | undefined;
    for (let t = Date.now(); !finished && Date.now() - t < 60_000; await sleep(500)) {
      const runs = await fetch(`${base}/api/system/job/runs?pageNum=1&pageSize=10&job=nationalOutbox&trigger=manual`, {
        headers: { token: admin },
      });
      const rows = (await runs.json()).rows as { ok: boolean | null; running: boolean; startedAt: string }[];
      finished = rows.find((r) => !r.running && Date.parse(r.startedAt) >= asked - 1_000);
    }
    expect(finished?.ok, 'a job run by the engine after the outage').toBe(true);
  }, 600_000);

  it('on SIGTERM answers the requests in flight in full, then exits within 10 s', async () => {
    if (!server?.alive()) server = await startServer(store!, 240_000);
    const base = server.baseUrl;
    const login = await fetch(`${base}/api/login/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'province', password: DEMO_PASSWORD }),
    });
    const token = (await login.json()).data.token as string;
    // Exports stream their workbook: the answer's head comes first, the rows while it is written.
    const inFlight = await Promise.all(
      [1, 2, 3].map(() => fetch(`${base}/api/safetyCertificateInfo/export/excel`, { headers: { token } })),
    );
    // A connection that has sent nothing yet, as a browser opens one ahead of need: Node never counts
    // it idle, and it alone kept the process until the shutdown limit.
    const spare = net.connect(Number(new URL(base).port), '127.0.0.1');
    spare.on('error', () => undefined);
    await once(spare, 'connect');
    const spareClosed = once(spare, 'close');
    const signalled = Date.now();
    server.signal('SIGTERM');
    const bodies = await Promise.all(
      inFlight.map(async (res) => ({ status: res.status, bytes: Buffer.from(await res.arrayBuffer()) })),
    );
    for (const b of bodies) {
      expect(b.status).toBe(200);
      // A whole .xlsx (a zip) ends with its end-of-central-directory record.
      expect(b.bytes.subarray(-22, -18).toString('hex')).toBe('504b0506');
    }
    const exit = await server.exited;
    const tookMs = Date.now() - signalled;
    console.log(`db-outage: SIGTERM to exit ${tookMs} ms with 3 exports in flight`);
    expect(exit.code, `the server's last lines:\n${server.output()}`).toBe(0);
    expect(tookMs).toBeLessThan(10_000);
    await spareClosed;
    // Nothing listens any more.
    await expect(fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) })).rejects.toThrow();
    server = null;
  }, 300_000);
});
