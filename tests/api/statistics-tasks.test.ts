/**
 * 已办结业务统计 and 在办业务统计: figures equal to counts taken from the application rows in the test
 * (China months and days, the statutory deadline of the queues), scope, filters, and the drill-down
 * list behind a number (the work search with the same filters) holding exactly that many items.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { apiSuite } from '../helpers/api.js';
import type { TestApp } from '../helpers/app.js';
import { readXlsx } from '../helpers/xlsx.js';
import { beforeNow } from '../helpers/clock.js';
import { application, enterprise } from '../../server/db/schema.js';
import { addDays, chinaDate, chinaDayStart, daysBetween } from '../../server/lib/days.js';
import { createRequire } from 'node:module';
import { workingDaysLeft } from '../../server/lib/workdays.js';
import { deadlineOf, readDeadlineLimits, type DeadlineLimits } from '../../server/workflow/views.js';
import { refreshStatistics } from '../../server/modules/statistics/refresh.js';
import { monthsBetween } from '../../server/modules/statistics/figures.js';

let t: TestApp;
const api = apiSuite({
  ready: (app) => {
    t = app;
  },
});
const db = () => t.database.db;

beforeAll(async () => {
  // Spread the demo's items over time: some ended months ago, some accepted long ago (overdue).
  const today = chinaDate(t.clock.now());
  // The first four within the last months; three more in the two years before this one (a period of whole and partial years).
  const year = Number(today.slice(0, 4));
  const earlier = [`${year - 2}-09-15`, `${year - 1}-03-15`, `${year - 1}-10-15`];
  const ended = await db()
    .select({ id: application.id })
    .from(application)
    .where(and(eq(application.deleted, false), eq(application.status, 8)))
    .limit(7);
  for (const [i, e] of ended.entries()) {
    const closed = chinaDayStart(i < 4 ? addDays(today, -40 * (i + 1)) : earlier[i - 4]!);
    // Handled for 3, 5, 7 … calendar days (weekends among them), accepted a day after submission.
    const accepted = new Date(closed.getTime() - (2 * i + 3) * 86_400_000);
    await db()
      .update(application)
      .set({ closedAt: closed, acceptedAt: accepted, submittedAt: new Date(accepted.getTime() - 86_400_000) })
      .where(eq(application.id, e.id));
  }
  const review = await db()
    .select({ id: application.id })
    .from(application)
    .where(and(eq(application.deleted, false), eq(application.status, 3)))
    .limit(3);
  for (const [i, r] of review.entries()) {
    await db()
      .update(application)
      .set({
        acceptedAt: chinaDayStart(addDays(today, -35 - i * 20)),
        submittedAt: chinaDayStart(addDays(today, -36 - i * 20)),
      })
      .where(eq(application.id, r.id));
  }
  // And one ended half a minute ago: this year and month has one even at its first minute (beforeNow).
  const [open] = await db()
    .select({ id: application.id })
    .from(application)
    .where(
      and(
        eq(application.deleted, false),
        inArray(application.status, [2, 3]),
        notInArray(
          application.id,
          review.map((r) => r.id),
        ),
      ),
    )
    .limit(1);
  await db()
    .update(application)
    .set({ status: 8, step: null, outcome: 'approved', closedAt: beforeNow(t.clock, 30_000) })
    .where(eq(application.id, open!.id));
  await refreshStatistics(db(), t.clock);
});

type Rows = Awaited<ReturnType<typeof appRows>>;
const appRows = () =>
  db()
    .select({ a: application, district: enterprise.districtCode })
    .from(application)
    .leftJoin(enterprise, eq(enterprise.id, application.enterpriseId))
    .where(eq(application.deleted, false));
const chinaMonth = (d: Date) => chinaDate(d).slice(0, 7);

/**
 * China's working days by a table nobody here wrote (the package holiday-calendar, a second copy of
 * the State Council's arrangements; Monday–Friday in a year it does not have), as the calendar in
 * force counts them with no administrator's corrections.
 */
const referenceTables = new Map<number, Map<string, boolean>>();
function referenceIsWorking(day: string): boolean {
  const year = Number(day.slice(0, 4));
  if (!referenceTables.has(year)) {
    const rules = new Map<string, boolean>();
    try {
      const table = createRequire(import.meta.url)(`holiday-calendar/data/CN/${year}.json`) as {
        dates: { date: string; type: string }[];
      };
      for (const d of table.dates) rules.set(d.date, d.type === 'transfer_workday');
    } catch {
      /* a year the package does not have: Monday–Friday */
    }
    referenceTables.set(year, rules);
  }
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return referenceTables.get(year)!.get(day) ?? (weekday !== 0 && weekday !== 6);
}

/** Working days after the day of acceptance up to and including the day of the end, counted day by day. */
const workDaysOf = (accepted: Date, closed: Date) => {
  const [a, c] = [chinaDate(accepted), chinaDate(closed)];
  let n = 0;
  for (let d = addDays(a, 1); d <= c; d = addDays(d, 1)) if (referenceIsWorking(d)) n += 1;
  return n;
};

function completedFigures(list: Rows) {
  const ended = list.filter((r) => r.a.status === 4 || r.a.status === 8);
  // Handling time runs from acceptance: an application not accepted (不予以受理) has none.
  const handled = ended.filter((r) => r.a.acceptedAt);
  const days = handled.reduce((n, r) => n + daysBetween(chinaDate(r.a.acceptedAt!), chinaDate(r.a.closedAt!)), 0);
  const workDays = handled.reduce((n, r) => n + workDaysOf(r.a.acceptedAt!, r.a.closedAt!), 0);
  const avg = (sum: number) => (handled.length ? Math.round((sum / handled.length) * 10) / 10 : null);
  return {
    total: ended.length,
    approved: ended.filter((r) => r.a.status === 8 && r.a.outcome === 'approved').length,
    denied: ended.filter((r) => r.a.status === 8 && r.a.outcome !== 'approved').length,
    rejected: ended.filter((r) => r.a.status === 4).length,
    handled: handled.length,
    avgDays: avg(days),
    avgWorkDays: avg(workDays),
  };
}

const get = async (user: string, url: string) => {
  const res = await api.get(user, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('ended applications', () => {
  it('equal the application rows of the period by type, area, city and month', async () => {
    const now = t.clock.now();
    const s = (await get('province', '/api/statistics/completedTask')).data;
    expect(s.monthTo).toBe(chinaMonth(now));
    expect(s.byMonth).toHaveLength(12);
    const inPeriod = (await appRows()).filter(
      (r) => r.a.closedAt && chinaMonth(r.a.closedAt) >= s.monthFrom && chinaMonth(r.a.closedAt) <= s.monthTo,
    );
    expect(s.totals).toEqual(completedFigures(inPeriod));
    expect(s.totals.total).toBeGreaterThan(0);
    // Handling takes time: days from acceptance, fewer of them working days (weekends in between).
    expect(s.totals.avgDays).toBeGreaterThan(0);
    expect(s.totals.avgWorkDays).toBeGreaterThan(0);
    expect(s.totals.avgWorkDays).toBeLessThan(s.totals.avgDays);
    for (const type of new Set(inPeriod.map((r) => r.a.businessType))) {
      expect(s.byType.find((r: { businessType: string }) => r.businessType === type)).toEqual({
        businessType: type,
        ...completedFigures(inPeriod.filter((r) => r.a.businessType === type)),
      });
    }
    for (const m of s.byMonth)
      expect(m.total, m.month).toBe(
        completedFigures(inPeriod.filter((r) => chinaMonth(r.a.closedAt!) === m.month)).total,
      );
    expect(s.byMonth.filter((m: { total: number }) => m.total > 0).length).toBeGreaterThan(1);
    for (const area of ['1', '2', '3'])
      expect(s.byArea.find((r: { area: string }) => r.area === area)?.total ?? 0).toBe(
        completedFigures(inPeriod.filter((r) => r.a.area === area)).total,
      );
    const gzCity = s.byCity.find((r: { code: string }) => r.code === '440100');
    expect(gzCity.name).toBe('广州市');
    expect(gzCity.total).toBe(completedFigures(inPeriod.filter((r) => r.district?.startsWith('4401'))).total);
  });

  it("filter by period, type, city and area, in the caller's scope", async () => {
    const all = await appRows();
    const month = chinaMonth(t.clock.now());
    const s = (
      await get('province', `/api/statistics/completedTask?monthFrom=${month}&monthTo=${month}&businessType=newCert`)
    ).data;
    expect(s.totals).toEqual(
      completedFigures(
        all.filter((r) => r.a.closedAt && chinaMonth(r.a.closedAt) === month && r.a.businessType === 'newCert'),
      ),
    );
    const gz = (await get('gz_sp', '/api/statistics/completedTask?monthFrom=2000-01')).data;
    expect(gz.totals).toEqual(completedFigures(all.filter((r) => r.a.area === '1' && r.a.closedAt)));
    expect(gz.byArea.map((r: { area: string }) => r.area)).toEqual(['1']);
    const city = (await get('province', '/api/statistics/completedTask?monthFrom=2000-01&districtCode=440106')).data;
    expect(city.totals.total).toBe(
      completedFigures(all.filter((r) => r.a.closedAt && r.district?.startsWith('4401'))).total,
    );
    expect((await api.get('province', '/api/statistics/completedTask?monthFrom=2026-13')).statusCode).toBe(400);
    expect((await api.get('ent_gz', '/api/statistics/completedTask')).statusCode).toBe(403);
  });

  it('over whole and partial years equal the rows, in every breakdown and filter', async () => {
    const all = (await appRows()).filter((r) => r.a.closedAt);
    const monthTo = chinaMonth(t.clock.now());
    const monthFrom = `${Number(monthTo.slice(0, 4)) - 2}-07`;
    const closedIn = (r: Rows[number]) =>
      chinaMonth(r.a.closedAt!) >= monthFrom && chinaMonth(r.a.closedAt!) <= monthTo;
    const years = new Set(all.filter(closedIn).map((r) => chinaMonth(r.a.closedAt!).slice(0, 4)));
    expect(years.size, 'ended items in the partial first year, the whole middle one and this one').toBe(3);
    for (const [user, query, rows] of [
      ['province', '', all.filter(closedIn)],
      ['province', '&businessType=newCert', all.filter((r) => closedIn(r) && r.a.businessType === 'newCert')],
      ['province', '&districtCode=440100', all.filter((r) => closedIn(r) && r.district?.startsWith('4401'))],
      ['gz_sp', '', all.filter((r) => closedIn(r) && r.a.area === '1')],
    ] as const) {
      const s = (await get(user, `/api/statistics/completedTask?monthFrom=${monthFrom}&monthTo=${monthTo}${query}`))
        .data;
      expect(s.totals, `${user}${query}`).toEqual(completedFigures([...rows]));
      for (const type of new Set(rows.map((r) => r.a.businessType))) {
        expect(
          s.byType.find((r: { businessType: string }) => r.businessType === type),
          type,
        ).toEqual({ businessType: type, ...completedFigures(rows.filter((r) => r.a.businessType === type)) });
      }
      for (const r of s.byArea)
        expect(r, `area ${r.area}`).toEqual({
          area: r.area,
          ...completedFigures(rows.filter((x) => x.a.area === r.area)),
        });
      for (const r of s.byCity)
        expect(r.total, `city ${r.code}`).toBe(
          rows.filter((x) => (x.district ? `${x.district.slice(0, 4)}00` : '') === r.code).length,
        );
      expect(s.byMonth).toHaveLength(monthsBetween(monthFrom, monthTo).length);
      for (const m of s.byMonth) {
        expect(m, `${user}${query} ${m.month}`).toEqual({
          month: m.month,
          ...completedFigures(rows.filter((r) => chinaMonth(r.a.closedAt!) === m.month)),
        });
      }
    }
  });

  it("drill down: the work search with a number's filters lists that many items", async () => {
    const s = (await get('province', '/api/statistics/completedTask?monthFrom=2000-01')).data;
    const type = s.byType[0];
    const list = await get(
      'province',
      `/api/search/work/list?businessType=${type.businessType}&closedFrom=2000-01-01&status=8&outcome=approved`,
    );
    expect(list.total).toBe(type.approved);
    const month = s.byMonth.find((m: { total: number }) => m.total > 0);
    const [y, m] = month.month.split('-').map(Number);
    const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    const byMonth = await get('province', `/api/search/work/list?closedFrom=${month.month}-01&closedTo=${last}&open=0`);
    expect(byMonth.total).toBe(month.total);
  });

  it('export the rows of the period as a real .xlsx', async () => {
    const res = await api.get('province', '/api/statistics/completedTask/export?monthFrom=2000-01');
    expect(res.statusCode).toBe(200);
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet.headers).toEqual([
      '办结月份',
      '业务类型',
      '办理中心',
      '地市',
      '件数',
      '准予',
      '不予',
      '不予以受理',
      '已受理件数',
      '平均办理天数',
      '平均办理工作日',
    ]);
    const column = (i: number) => sheet.rows.reduce((n, r) => n + Number(r[i]), 0);
    const expected = completedFigures(await appRows());
    expect([column(4), column(5), column(6), column(7), column(8)]).toEqual([
      expected.total,
      expected.approved,
      expected.denied,
      expected.rejected,
      expected.handled,
    ]);
    // Each row's averages weigh its handled ones: together they give the whole's.
    const weighted = (i: number) =>
      Math.round((sheet.rows.reduce((n, r) => n + Number(r[i] ?? 0) * Number(r[8]), 0) / expected.handled) * 10) / 10;
    expect(Math.abs(weighted(9) - expected.avgDays!)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(weighted(10) - expected.avgWorkDays!)).toBeLessThanOrEqual(0.2);
    expect(expected.approved * expected.rejected, 'the demo has approved and rejected applications').toBeGreaterThan(0);
  });
});

describe('applications in progress', () => {
  function openFigures(list: Rows, limits: DeadlineLimits) {
    const now = t.clock.now();
    const open = list.filter((r) => [0, 2, 3].includes(r.a.status));
    // The queues' deadline of each type (a 变更 5 working days, the others 20).
    const overdue = open.filter((r) => {
      const deadline = deadlineOf(r.a, limits);
      return deadline !== null && workingDaysLeft(limits.calendar, now, deadline) < 0;
    });
    return { open, overdue };
  }

  it('equal the open application rows by type, status and step, age, area and city; overdue first', async () => {
    const { open, overdue } = openFigures(await appRows(), await readDeadlineLimits(db()));
    const s = (await get('province', '/api/statistics/afootTask')).data;
    expect(s.totals).toEqual({
      total: open.length,
      overdue: overdue.length,
      waitingHolder: open.filter((r) => r.a.status === 0).length,
      waitingAccept: open.filter((r) => r.a.status === 2).length,
      inReview: open.filter((r) => r.a.status === 3).length,
    });
    expect(s.totals.overdue).toBeGreaterThanOrEqual(3);
    for (const row of s.byTypeStep) {
      const match = (r: Rows[number]) =>
        r.a.businessType === row.businessType && r.a.status === row.status && (r.a.step ?? '') === row.step;
      expect([row.total, row.overdue]).toEqual([open.filter(match).length, overdue.filter(match).length]);
    }
    expect(s.byTypeStep.reduce((n: number, r: { total: number }) => n + r.total, 0)).toBe(open.length);
    const overdues = s.byType.map((r: { overdue: number }) => r.overdue);
    expect(overdues).toEqual([...overdues].sort((a, b) => b - a));
    const today = chinaDate(t.clock.now());
    const bucket = (r: Rows[number]) => {
      if (!r.a.submittedAt) return -1;
      const age = daysBetween(chinaDate(r.a.submittedAt), today);
      return age <= 7 ? 0 : age <= 30 ? 1 : age <= 90 ? 2 : 3;
    };
    for (const b of s.byAge)
      expect(b.total, `bucket ${b.bucket}`).toBe(open.filter((r) => bucket(r) === b.bucket).length);
    for (const a of s.byArea) expect(a.total).toBe(open.filter((r) => r.a.area === a.area).length);
  });

  it("keep a centre to its area, and its overdue items are the work search's overdue list", async () => {
    const { open, overdue } = openFigures(
      (await appRows()).filter((r) => r.a.area === '1'),
      await readDeadlineLimits(db()),
    );
    const s = (await get('gz_cs', '/api/statistics/afootTask')).data;
    expect([s.totals.total, s.totals.overdue]).toEqual([open.length, overdue.length]);
    const list = await get('gz_cs', '/api/search/work/list?overdue=1&pageSize=100');
    expect(list.total).toBe(s.totals.overdue);
    const type = s.byType[0];
    const byType = await get('gz_cs', `/api/search/work/list?businessType=${type.businessType}&open=1`);
    expect(byType.total).toBe(type.total);
    expect((await api.get('person1', '/api/statistics/afootTask')).statusCode).toBe(403);
  });

  it('export the rows as a real .xlsx', async () => {
    const res = await api.get('province', '/api/statistics/afootTask/export?businessType=delay');
    expect(res.statusCode).toBe(200);
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet.headers).toEqual([
      '业务类型',
      '申请状态',
      '当前环节',
      '办理中心',
      '地市',
      '已等待',
      '是否超期',
      '件数',
    ]);
    expect(sheet.rows.reduce((n, r) => n + Number(r[7]), 0)).toBe(
      openFigures(await appRows(), await readDeadlineLimits(db())).open.filter((r) => r.a.businessType === 'delay')
        .length,
    );
    expect(sheet.rows.every((r) => r[0] === '证书延期')).toBe(true);
  });
});
