/**
 * The waiting applications' counts (application_waiting_count plus the changes migration 0036's
 * triggers append, folded by the statistics refresh and the nightly housekeeping) equal the counts taken from the application
 * rows after every kind of change: a transition through the API,
 * and by SQL a move to another status, step, centre, type or day of acceptance, a deletion flag
 * set and cleared, an item that ends, a row inserted and deleted, several rows in one statement.
 * The workbench's queue figures and overdue items read them.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq, ne, sql } from 'drizzle-orm';
import { apiSuite } from '../helpers/api.js';
import { runNamed } from '../helpers/jobs.js';
import type { TestApp } from '../helpers/app.js';
import { application } from '../../server/db/schema.js';
import { rowsOf } from '../../server/db/sql.js';
import { addDays, chinaDate, chinaDayStart } from '../../server/lib/days.js';
import { deadlineOf, readDeadlineLimits } from '../../server/workflow/views.js';
import { refreshStatistics } from '../../server/modules/statistics/refresh.js';
import { foldWaiting, recountWaiting } from '../../server/workflow/waiting.js';
import { latestOverdueAcceptanceDay, workingDaysLeft } from '../../server/lib/workdays.js';

let t: TestApp;
const api = apiSuite({
  ready: (app) => {
    t = app;
  },
});
const db = () => t.database.db;

type Count = { business_type: string; status: number; step: string; area: string; day: string; n: number };
const asCounts = (rows: Count[]) => rows.map((r) => ({ ...r, status: Number(r.status), n: Number(r.n) }));
/** What readers see: the folded counts plus the changes appended since, per key (a key summing to 0 is no count). */
const counted = async () =>
  asCounts(
    rowsOf<Count>(
      await db().execute(sql`select business_type, status, step, area, accepted_day::text as day, sum(n)::int as n
  from (select * from application_waiting_count union all select * from application_waiting_change) w
  group by 1, 2, 3, 4, 5 having sum(n) <> 0 order by 1, 2, 3, 4, 5`),
    ),
  );
const folded = async () =>
  asCounts(
    rowsOf<Count>(
      await db().execute(sql`select business_type, status, step, area, accepted_day::text as day, n
  from application_waiting_count order by 1, 2, 3, 4, 5`),
    ),
  );
const changes = async () =>
  Number(
    rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from application_waiting_change`))[0]!.n,
  );
/** The same counts from the rows (the China day of acceptance, '-infinity' before it). */
const fromRows = async () =>
  asCounts(
    rowsOf<Count>(
      await db().execute(sql`select business_type, status, coalesce(step, '') as step, area,
  coalesce(((accepted_at + interval '8 hours') at time zone 'UTC')::date, '-infinity'::date)::text as day, count(*)::int as n
  from application where not deleted and status in (2, 3) group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`),
    ),
  );
const expectCounted = async (what: string) => expect(await counted(), what).toEqual(await fromRows());

const pick = async (status: number, area?: string, skip = 0) => {
  const [row] = await db()
    .select()
    .from(application)
    .where(
      and(
        eq(application.deleted, false),
        eq(application.status, status),
        area ? eq(application.area, area) : undefined,
      ),
    )
    .orderBy(application.id)
    .limit(1)
    .offset(skip);
  expect(row, `an application of status ${status}`).toBeDefined();
  return row!;
};
const set = (id: number, values: Partial<typeof application.$inferInsert>) =>
  db().update(application).set(values).where(eq(application.id, id));

beforeAll(async () => {
  // A few items accepted days and weeks ago (overdue and not).
  const today = chinaDate(t.clock.now());
  for (let i = 0; i < 4; i++) {
    const r = await pick(3, undefined, i);
    await set(r.id, { acceptedAt: chinaDayStart(addDays(today, -10 * i - 1)) });
  }
  // Two on either side of the deadline: late on the last day whose items are overdue, early the next.
  const limits = await readDeadlineLimits(db());
  const last = latestOverdueAcceptanceDay(limits.calendar, t.clock.now(), limits.reviewDays);
  const [late, early] = await db()
    .select()
    .from(application)
    .where(and(eq(application.deleted, false), eq(application.status, 3), ne(application.businessType, 'modify')))
    .orderBy(application.id)
    .offset(4)
    .limit(2);
  await set(late!.id, { acceptedAt: new Date(chinaDayStart(addDays(last, 1)).getTime() - 60_000) });
  await set(early!.id, { acceptedAt: new Date(chinaDayStart(addDays(last, 1)).getTime() + 60_000) });
});

describe("the waiting applications' counts", () => {
  it('start equal to the rows', async () => {
    await expectCounted('as the demo left them');
    expect((await counted()).length).toBeGreaterThan(3);
    expect((await counted()).every((c) => c.n > 0)).toBe(true);
  });

  it('follow a transition through the API, and the workbench shows them', async () => {
    const waiting = await api.get('gz_sl', '/api/workflow/queue/waitAccept?pageSize=1');
    const item = waiting.json().rows[0] as { id: number };
    const detail = (await api.get('gz_sl', `/api/workflow/${item.id}`)).json().data;
    const before = (await api.get('gz_sl', '/api/workbench/summary'))
      .json()
      .data.figures.find((f: { key: string }) => f.key === 'step.sl').value;
    const res = await api.post('gz_sl', `/api/workflow/${item.id}/events`, {
      type: 'AGREE',
      version: detail.version,
      comment: '材料齐全，予以受理',
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectCounted('after 受理');
    const after = (await api.get('gz_sl', '/api/workbench/summary'))
      .json()
      .data.figures.find((f: { key: string }) => f.key === 'step.sl').value;
    expect(after).toBe(before - 1);
  });

  it('follow every change of a counted column, one row or many at a time', async () => {
    const now = t.clock.now();
    const a = await pick(2);
    await set(a.id, { status: 3, step: 'cs', acceptedAt: now });
    await expectCounted('accepted');
    await set(a.id, { step: 'sh' });
    await expectCounted('to another step');
    await set(a.id, { area: a.area === '1' ? '2' : '1' });
    await expectCounted('to another centre');
    await set(a.id, { businessType: a.businessType === 'newCert' ? 'delay' : 'newCert' });
    await expectCounted('another type');
    await set(a.id, { acceptedAt: new Date(now.getTime() - 3 * 86_400_000) });
    await expectCounted('accepted another day');
    await set(a.id, { deleted: true });
    await expectCounted('deleted');
    await set(a.id, { deleted: false });
    await expectCounted('undeleted');
    await set(a.id, { status: 8, step: null, closedAt: now });
    await expectCounted('ended');
    await set(a.id, { updatedAt: now });
    await expectCounted('an ended item touched');

    await db().execute(
      sql`update application set accepted_at = accepted_at - interval '1 day' where status = 3 and area = '1' and not deleted`,
    );
    await expectCounted('several rows in one statement');

    // A copy of a waiting item inserted, then deleted.
    const b = await pick(3);
    const columns = rowsOf<{ name: string }>(
      await db().execute(sql`select column_name as name from information_schema.columns
      where table_name = 'application' and column_name not in ('id', 'apply_no') order by ordinal_position`),
    )
      .map((c) => `"${c.name}"`)
      .join(', ');
    const [copy] = rowsOf<{ id: number }>(
      await db().execute(
        sql.raw(`insert into application (apply_no, ${columns})
      select apply_no || 'C', ${columns} from application where id = ${b.id} returning id`),
      ),
    );
    await expectCounted('inserted');
    await db()
      .delete(application)
      .where(eq(application.id, Number(copy!.id)));
    await expectCounted('deleted for good');
    expect(
      (await counted()).every((c) => c.n > 0),
      'no count below 0',
    ).toBe(true);
  });

  it('are folded by the statistics refresh: the counts alone then equal the rows, nothing empty left', async () => {
    expect(await changes(), 'the changes of the tests before').toBeGreaterThan(0);
    await refreshStatistics(db(), t.clock);
    expect(await changes()).toBe(0);
    expect(await folded()).toEqual(await fromRows());
    expect((await folded()).every((c) => c.n > 0)).toBe(true);
    // And after one more change, both again.
    const a = await pick(2);
    await set(a.id, { status: 3, step: 'cb', acceptedAt: t.clock.now() });
    expect(await changes()).toBe(2);
    await expectCounted('a change after the fold');
  });

  it('are folded by the nightly housekeeping too, so they do not pile up while the statistics job is paused', async () => {
    const a = await pick(2);
    await set(a.id, { status: 3, step: 'cs', acceptedAt: t.clock.now() });
    const before = await changes();
    expect(before, 'changes since the last fold').toBeGreaterThan(0);
    const run = await runNamed(t, 'housekeeping');
    expect(run.detail.waitingChanges).toBe(before);
    expect(await changes()).toBe(0);
    expect(await folded()).toEqual(await fromRows());
    expect((await folded()).every((c) => c.n > 0)).toBe(true);
  });

  it('are counted again from the rows after a load without triggers (seed:scale)', async () => {
    await db().execute(sql`delete from application_waiting_count where status = 3`);
    await db().execute(sql`insert into application_waiting_change values ('newCert', 2, 'sl', '1', '-infinity', 5)`);
    expect(await counted()).not.toEqual(await fromRows());
    await recountWaiting(db());
    expect(await changes()).toBe(0);
    expect(await folded()).toEqual(await fromRows());
  });

  it("give the workbench's overdue items as the deadline of each row says", async () => {
    const limits = await readDeadlineLimits(db());
    const now = t.clock.now();
    const rows = await db()
      .select()
      .from(application)
      .where(and(eq(application.deleted, false), eq(application.status, 3)));
    const overdue = rows.filter((r) => {
      const d = deadlineOf(r, limits);
      return d !== null && workingDaysLeft(limits.calendar, now, d) < 0;
    });
    expect(overdue.length, 'the demo has overdue items').toBeGreaterThan(0);
    const b = (await api.get('province', '/api/workbench/summary')).json().data as { queues: { overdue: number }[] };
    expect(b.queues.reduce((n, q) => n + q.overdue, 0)).toBe(overdue.length);
  });
});

describe.runIf(inject('postgresAdminUrl'))('two folds of the waiting counts at once on PostgreSQL', () => {
  it('fold each change once (the hourly refresh and the nightly housekeeping meeting)', async () => {
    const [a, b] = [await pick(2), await pick(2, undefined, 1)];
    await set(a.id, { status: 3, step: 'cb', acceptedAt: t.clock.now() });
    const before = await changes();
    expect(before).toBeGreaterThan(0);
    // The first fold keeps its transaction open; a transition then appends two changes, and a
    // second fold waits on the rows the first deleted. When the first commits, the second must take
    // the two new changes and none of the first's.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let foldedFirst!: () => void;
    const firstFolded = new Promise<void>((resolve) => {
      foldedFirst = resolve;
    });
    const first = db().transaction(async (tx) => {
      const n = await foldWaiting(tx);
      foldedFirst();
      await held;
      return n;
    });
    await firstFolded;
    await set(b.id, { status: 3, step: 'cs', acceptedAt: t.clock.now() });
    const second = db().transaction((tx) => foldWaiting(tx));
    const waiting = () =>
      db().execute(
        sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%application_waiting_change%'`,
      );
    for (let i = 0; i < 100 && rowsOf(await waiting()).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(rowsOf(await waiting()), 'the second fold waits on the first').toHaveLength(1);
    release();
    expect(await first).toBe(before);
    expect(await second).toBe(2);
    expect(await changes()).toBe(0);
    expect(await folded()).toEqual(await fromRows());
  });
});
