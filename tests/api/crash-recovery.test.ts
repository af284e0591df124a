/**
 * kill -9 in the middle of concurrent workflow writes, on the database of the run (the embedded PGlite
 * on disk, or PostgreSQL): reviewers agree to items of their queues and enterprises save drafts over
 * HTTP against the real server process; the process is killed without warning and started again on the
 * same data. Every write that was answered 200 must be there, no application may be half-written (its
 * history replays to its stored snapshot), and the server must serve again.
 *
 * Not an apiSuite: it needs a real server process to kill (server-process.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../helpers/app.js';
import {
  clientOf,
  loginOver,
  seededStore,
  startServer,
  type Call,
  type SeededStore,
  type ServerProcess,
} from '../helpers/server-process.js';

/** Reviewers and the queues they take items from (sz_staff and prov_staff hold every step). */
const REVIEWERS: Readonly<Record<string, readonly string[]>> = {
  gz_sl: ['waitAccept'],
  gz_cb: ['waitReview'],
  gz_cs: ['waitReview'],
  gz_sh: ['waitReview'],
  gz_sp: ['waitReview'],
  gz_bj: ['waitReview'],
  sz_staff: ['waitAccept', 'waitReview'],
  prov_staff: ['waitAccept', 'waitReview'],
};
const ENTERPRISES = ['ent_gz', 'ent_sz', 'ent_prov'] as const;
/** Acknowledged writes before the kill; the loops keep writing until the process is gone. */
const WRITES_BEFORE_KILL = 40;

let store: SeededStore;
let server: ServerProcess | null = null;
beforeAll(async () => {
  store = await seededStore();
});
afterAll(async () => {
  await server?.stop();
  await store?.remove();
});

const login = (call: Call, userName: string) => loginOver(call, userName, DEMO_PASSWORD);

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
interface Detail {
  version: number;
  payload: Record<string, unknown>;
  history: { version: number; event: string }[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('kill -9 during concurrent workflow writes', () => {
  it('keeps every acknowledged write, leaves no application half-written, and serves again', async () => {
    server = await startServer(store);
    let call = clientOf(server.baseUrl);
    const tokens = new Map<string, string>();
    for (const u of [...Object.keys(REVIEWERS), ...ENTERPRISES]) tokens.set(u, await login(call, u));

    const agreed: Ack[] = [];
    const drafts: Draft[] = [];
    const touched = new Set<number>();
    const unexpected: string[] = [];
    let killed = false;
    const acknowledged = () => agreed.length + drafts.reduce((n, d) => n + (d.acked ? 1 : 0), 0);

    async function review(user: string, queues: readonly string[]) {
      const token = tokens.get(user)!;
      for (let i = 0; !killed; i++) {
        const list = await call(token, 'GET', `/api/workflow/queue/${queues[i % queues.length]}?pageNum=1&pageSize=20`);
        const rows = list.ok ? ((await list.json()).rows as { id: number; version: number }[]) : [];
        if (rows.length === 0) {
          await sleep(50);
          continue;
        }
        const row = rows[Math.floor(Math.random() * rows.length)]!;
        touched.add(row.id);
        const res = await call(token, 'POST', `/api/workflow/${row.id}/events`, {
          type: 'AGREE',
          version: row.version,
          comment: '同意',
        });
        // The answer's status line is the acknowledgement: the server sends it after the commit.
        if (res.status === 200) agreed.push({ id: row.id, version: row.version + 1, by: user });
        else if (res.status !== 409) unexpected.push(`${user} AGREE ${row.id}: ${res.status} ${await res.text()}`);
        await res.body?.cancel();
      }
    }

    async function edit(user: string) {
      const token = tokens.get(user)!;
      const candidates = (await (await call(token, 'GET', '/api/apply/delay/candidates')).json()).data as {
        personId: number;
        certificateId: number | null;
      }[];
      let draft: Draft | null = null;
      for (const c of candidates) {
        const res = await call(token, 'POST', '/api/apply/delay/save', {
          personId: c.personId,
          certificateId: c.certificateId,
          payload: {},
        });
        if (res.status !== 200) continue;
        const d = (await res.json()).data as { id: number; version: number };
        draft = { owner: user, id: d.id, version: d.version, acked: null, pending: null };
        break;
      }
      if (!draft) throw new Error(`${user}: no delay candidate could be saved`);
      drafts.push(draft);
      touched.add(draft.id);
      for (let n = 1; !killed; n++) {
        const remark = `${user} 第${n}次保存`;
        draft.pending = remark;
        const res = await call(token, 'POST', '/api/apply/delay/update', {
          id: draft.id,
          version: draft.version,
          payload: { remark },
        });
        if (res.status === 200) {
          draft.version += 1;
          draft.acked = remark;
          draft.pending = null;
        } else {
          unexpected.push(`${user} update ${draft.id}: ${res.status} ${await res.text()}`);
        }
        await res.body?.cancel();
      }
    }

    // A loop ends when the server is gone (the fetch fails); what it was sending then is unacknowledged.
    const loops = [...Object.entries(REVIEWERS).map(([u, q]) => review(u, q)), ...ENTERPRISES.map((u) => edit(u))].map(
      (p) =>
        p.catch((err: unknown) => {
          if (!killed) throw err;
        }),
    );
    const started = Date.now();
    // A busy machine acknowledges slowly: wait long enough for the writes, whatever the load.
    while (acknowledged() < WRITES_BEFORE_KILL && Date.now() - started < 150_000) await sleep(20);
    killed = true;
    await server.kill();
    await Promise.all(loops);
    expect(unexpected).toEqual([]);
    expect(acknowledged(), 'writes acknowledged before the kill').toBeGreaterThanOrEqual(WRITES_BEFORE_KILL);

    server = await startServer(store);
    call = clientOf(server.baseUrl);
    const province = await login(call, 'province');
    const detail = async (token: string, url: string): Promise<Detail | string> => {
      const res = await call(token, 'GET', url);
      return res.status === 200 ? ((await res.json()).data as Detail) : `${res.status} ${await res.text()}`;
    };

    // Optimistic locking: one acknowledged write per application version.
    const versions = agreed.map((a) => `${a.id}@${a.version}`);
    expect(new Set(versions).size).toBe(versions.length);

    const lost: string[] = [];
    for (const a of agreed) {
      const d = await detail(province, `/api/workflow/${a.id}`);
      if (typeof d === 'string') {
        lost.push(`${a.by} AGREE on ${a.id} (version ${a.version}): ${d}`);
        continue;
      }
      const h = d.history.find((x) => x.version === a.version);
      if (d.version < a.version || h?.event !== 'AGREE')
        lost.push(
          `${a.by} AGREE on ${a.id} (version ${a.version}): stored version ${d.version}, history ${h?.event ?? 'missing'}`,
        );
    }
    const owners = new Map<string, string>();
    for (const d of drafts) {
      const token = owners.get(d.owner) ?? (await login(call, d.owner));
      owners.set(d.owner, token);
      const stored = await detail(token, `/api/apply/delay/get/${d.id}`);
      if (typeof stored === 'string') {
        lost.push(`${d.owner} draft ${d.id}: ${stored}`);
        continue;
      }
      // The write in flight at the kill may or may not have committed; the acknowledged one must have.
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
    expect(lost).toEqual([]);

    const draftOwner = new Map(drafts.map((d) => [d.id, owners.get(d.owner)!]));
    const broken: string[] = [];
    for (const id of touched) {
      const res = await call(draftOwner.get(id) ?? province, 'GET', `/api/workflow/${id}/audit`);
      const audit =
        res.status === 200
          ? ((await res.json()).data as { consistent: boolean; events: number; error: string | null })
          : null;
      if (!audit?.consistent) broken.push(`application ${id}: ${res.status} ${JSON.stringify(audit)}`);
    }
    expect(broken, 'history replays to the stored snapshot').toEqual([]);

    // And it works again: a reviewer's next agreement is stored with its history.
    const sz = await login(call, 'sz_staff');
    const queue = (await (await call(sz, 'GET', '/api/workflow/queue/waitAccept?pageNum=1&pageSize=1')).json())
      .rows as { id: number; version: number }[];
    expect(queue.length).toBeGreaterThan(0);
    const res = await call(sz, 'POST', `/api/workflow/${queue[0]!.id}/events`, {
      type: 'AGREE',
      version: queue[0]!.version,
      comment: '同意',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await detail(province, `/api/workflow/${queue[0]!.id}`);
    if (typeof after === 'string') throw new Error(after);
    expect(after.history.find((h) => h.version === queue[0]!.version + 1)?.event).toBe('AGREE');
  }, 420_000);
});
