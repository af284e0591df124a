/**
 * The workbench per kind of user and the province view (/dashboard/Analysis): every figure equals a
 * count taken from the rows in the test; links only to pages the user may open.
 */
import { describe, expect, it } from 'vitest';
import { and, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { apiSuite } from '../helpers/api.js';
import { beforeNow } from '../helpers/clock.js';
import type { TestApp } from '../helpers/app.js';
import {
  application,
  applicationHistory,
  certificate,
  enterprise,
  person,
  sysRecordReview,
  sysUser,
} from '../../server/db/schema.js';
import { addDays, chinaDate, chinaDayStart } from '../../server/lib/days.js';
import { refreshStatistics } from '../../server/modules/statistics/refresh.js';
import ExcelJS from 'exceljs';

let t: TestApp;
const api = apiSuite({
  ready: async (app) => {
    t = app;
    await refreshStatistics(app.database.db, app.clock);
  },
});
const db = () => t.database.db;
type Figure = { key: string; value: number; link: string | null };
type Bench = {
  kind: string;
  area: string | null;
  figures: Figure[];
  queues: { businessType: string; view: string; count: number; link: string }[];
  areas: { area: string; open: number; overdue: number }[];
  certificates: { certNo: string; expiryDate: string; daysLeft: number; expiring: boolean }[];
  applications: { id: number; status: number }[];
  summary: { doneToday: number; doneThisMonth: number } | null;
};
const bench = async (user: string) => {
  const res = await api.get(user, '/api/workbench/summary');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Bench;
};
const figure = (b: Bench, key: string) => b.figures.find((f) => f.key === key);
const n = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
const live = eq(application.deleted, false);
const userRow = async (name: string) => (await db().select().from(sysUser).where(eq(sysUser.userName, name)))[0]!;

describe('workbench of centre staff', () => {
  it("counts the items waiting at the user's own steps in its area, per step and per queue", async () => {
    const sl = await bench('gz_sl');
    expect(sl.kind).toBe('staff');
    expect(sl.area).toBe('1');
    const waitAccept = await n(
      db()
        .select({ n: count() })
        .from(application)
        .where(and(live, eq(application.area, '1'), eq(application.status, 2))),
    );
    expect(figure(sl, 'step.sl')).toMatchObject({ value: waitAccept, link: '/search/workSearch?status=2' });
    expect(figure(sl, 'step.cs')).toBeUndefined();
    expect(sl.queues.filter((q) => q.view === 'waitAccept').reduce((s, q) => s + q.count, 0)).toBe(waitAccept);
    expect(sl.queues.every((q) => q.link === `/queue/${q.businessType}/${q.view}`)).toBe(true);
    const cs = await bench('gz_cs');
    expect(figure(cs, 'step.cs')!.value).toBe(
      await n(
        db()
          .select({ n: count() })
          .from(application)
          .where(and(live, eq(application.area, '1'), eq(application.status, 3), eq(application.step, 'cs'))),
      ),
    );
    expect(cs.queues.every((q) => q.view === 'waitReview')).toBe(true);
    const sz = await bench('sz_staff');
    expect(sz.figures.filter((f) => f.key.startsWith('step.')).map((f) => f.key)).toEqual([
      'step.sl',
      'step.cb',
      'step.cs',
      'step.sh',
      'step.sp',
      'step.bj',
    ]);
    expect(figure(sz, 'step.sh')!.value).toBe(
      await n(
        db()
          .select({ n: count() })
          .from(application)
          .where(and(live, eq(application.area, '2'), eq(application.status, 3), eq(application.step, 'sh'))),
      ),
    );
  });

  it("gives the area's figures and the user's own work of today and this month", async () => {
    const me = await userRow('gz_sh');
    // The user's own work half a minute ago, so this month has some even at its first minute (beforeNow);
    // a version no transition of the demo reaches.
    const [any] = await db().select({ id: application.id }).from(application).limit(1);
    await db()
      .insert(applicationHistory)
      .values({
        applicationId: any!.id,
        version: 9001,
        event: 'AGREE',
        resultCode: 1,
        step: 'sh',
        actorId: me.userId,
        actorName: me.nickName,
        roleKey: 'test',
        fromState: 'test',
        toState: 'test',
        createdAt: beforeNow(t.clock, 30_000),
      });
    const b = await bench('gz_sh');
    const open = await n(
      db()
        .select({ n: count() })
        .from(application)
        .where(and(live, eq(application.area, '1'), inArray(application.status, [0, 2, 3]))),
    );
    expect(figure(b, 'open')!.value).toBe(open);
    const today = chinaDate(t.clock.now());
    const valid = await n(
      db()
        .select({ n: count() })
        .from(certificate)
        .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId))
        .where(and(eq(enterprise.ownership, '1'), eq(certificate.status, '01'))),
    );
    expect(figure(b, 'validCertificates')!.value).toBe(valid);
    const expiring = await n(
      db()
        .select({ n: count() })
        .from(certificate)
        .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId))
        .where(
          and(
            eq(enterprise.ownership, '1'),
            eq(certificate.status, '01'),
            gte(certificate.expiryDate, today),
            lte(certificate.expiryDate, addDays(today, 90)),
          ),
        ),
    );
    expect(figure(b, 'expiringCertificates')).toMatchObject({
      value: expiring,
      link: `/search/certSearch?status=01&expiryFrom=${today}&expiryTo=${addDays(today, 90)}`,
    });
    const month = await n(
      db()
        .select({ n: count() })
        .from(applicationHistory)
        .where(
          and(
            eq(applicationHistory.actorId, me.userId),
            inArray(applicationHistory.event, ['AGREE', 'DISAGREE', 'RETURN']),
            gte(applicationHistory.createdAt, chinaDayStart(`${today.slice(0, 7)}-01`)),
          ),
        ),
    );
    expect(b.summary!.doneThisMonth).toBe(month);
    expect(month).toBeGreaterThan(0);
  });

  it('shows the province every centre, overdue by centre', async () => {
    const b = await bench('province');
    expect(b.kind).toBe('province');
    expect(figure(b, 'step.sl')!.value).toBe(
      await n(
        db()
          .select({ n: count() })
          .from(application)
          .where(and(live, eq(application.status, 2))),
      ),
    );
    expect(b.areas.map((a) => a.area)).toEqual(['1', '2', '3']);
    for (const a of b.areas) {
      expect(a.open).toBe(
        await n(
          db()
            .select({ n: count() })
            .from(application)
            .where(and(live, eq(application.area, a.area), inArray(application.status, [0, 2, 3]))),
        ),
      );
    }
  });
});

describe('workbench of enterprises and individuals', () => {
  it('shows an enterprise its certificates running out and its applications in progress', async () => {
    const ent = await userRow('ent_gz');
    const b = await bench('ent_gz');
    expect(b.kind).toBe('enterprise');
    const today = chinaDate(t.clock.now());
    const soon = await db()
      .select({ certNo: certificate.certNo, id: certificate.id, expiryDate: certificate.expiryDate })
      .from(certificate)
      .where(
        and(
          eq(certificate.enterpriseId, ent.enterpriseId!),
          eq(certificate.status, '01'),
          gte(certificate.expiryDate, today),
          lte(certificate.expiryDate, addDays(today, 90)),
        ),
      );
    expect(figure(b, 'expiringCertificates')!.value).toBe(soon.length);
    // The ten that run out first.
    const first = soon.sort((a, c) => a.expiryDate.localeCompare(c.expiryDate) || a.id - c.id).slice(0, 10);
    expect(b.certificates.map((c) => c.certNo)).toEqual(first.map((c) => c.certNo));
    expect(b.certificates.every((c) => c.expiring && c.daysLeft >= 0 && c.daysLeft <= 90)).toBe(true);
    const inProgress = await n(
      db()
        .select({ n: count() })
        .from(application)
        .where(and(live, eq(application.enterpriseId, ent.enterpriseId!), inArray(application.status, [0, 2, 3]))),
    );
    expect(figure(b, 'inProgress')).toMatchObject({ value: inProgress, link: '/search/applySearch?open=1' });
    expect(b.applications.every((a) => [0, 2, 3].includes(a.status))).toBe(true);
    expect(figure(b, 'staff')!.value).toBe(
      await n(db().select({ n: count() }).from(person).where(eq(person.enterpriseId, ent.enterpriseId!))),
    );
    // No link to a page the enterprise may not open.
    expect(b.figures.every((f) => !f.link || !f.link.startsWith('/search/workSearch'))).toBe(true);
  });

  it('shows an individual their own certificates and what waits for their confirmation', async () => {
    const me = await userRow('person1');
    const b = await bench('person1');
    expect(b.kind).toBe('person');
    const mine = await db()
      .select({ certNo: certificate.certNo })
      .from(certificate)
      .where(eq(certificate.personId, me.personId!));
    expect(b.certificates.map((c) => c.certNo).sort()).toEqual(mine.map((c) => c.certNo).sort());
    // person1's C3 is inside the delay window (DOMAIN: 3 months before expiry).
    expect(figure(b, 'expiringCertificates')!.value).toBeGreaterThan(0);
    expect(figure(b, 'toConfirm')!.value).toBe(
      await n(
        db()
          .select({ n: count() })
          .from(application)
          .where(and(live, eq(application.holderUserId, me.userId), eq(application.status, 0))),
      ),
    );
  });

  it('shows a system administrator the account and role changes waiting, as the 待审核 tabs list them', async () => {
    const b = await bench('secadmin');
    expect(b.kind).toBe('system');
    const pendingOf = (entity: string) =>
      n(
        db()
          .select({ n: count() })
          .from(sysRecordReview)
          .where(and(eq(sysRecordReview.state, 'pending'), eq(sysRecordReview.entity, entity))),
      );
    expect(figure(b, 'pendingUserReviews')).toMatchObject({
      value: await pendingOf('user'),
      link: '/system/user?tab=pending',
    });
    expect(figure(b, 'pendingRoleReviews')).toMatchObject({
      value: await pendingOf('role'),
      link: '/system/role?tab=pending',
    });
    // Punishments are the centres' to decide: not counted here.
    expect(figure(b, 'pendingReviews')).toBeUndefined();
  });
});

describe('the province view', () => {
  it('ranks the cities by certificates and gives the trends and overdue by centre', async () => {
    const res = await api.get('province', '/api/analysis/overview');
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    const city = sql<string>`left(${enterprise.districtCode}, 4)`;
    const rows = await db()
      .select({ city, n: sql<number>`count(*)::int` })
      .from(certificate)
      .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId))
      .groupBy(city);
    expect(d.certsByCity.map((c: { code: string; total: number }) => [c.code, c.total]).sort()).toEqual(
      rows.map((r) => [`${r.city}00`, Number(r.n)]).sort(),
    );
    expect(d.certsByCity[0].total).toBe(Math.max(...rows.map((r) => Number(r.n))));
    expect(d.issuance).toHaveLength(24);
    const month = chinaDate(t.clock.now()).slice(0, 7);
    const issuedThisMonth = await n(
      db().select({ n: count() }).from(certificate).where(sql`to_char(${certificate.issueDate}, 'YYYY-MM') = ${month}`),
    );
    expect(d.issuance.at(-1)).toEqual({ month, total: issuedThisMonth });
    expect(d.workload.at(-1).submitted).toBe(
      await n(
        db()
          .select({ n: count() })
          .from(application)
          .where(
            and(live, sql`to_char(${application.submittedAt} at time zone 'Asia/Shanghai', 'YYYY-MM') = ${month}`),
          ),
      ),
    );
    expect(d.totals.open).toBe(
      await n(
        db()
          .select({ n: count() })
          .from(application)
          .where(and(live, inArray(application.status, [0, 2, 3]))),
      ),
    );
    expect((await api.get('gz_sl', '/api/analysis/overview')).statusCode).toBe(403);
  });

  it('counts the month bar by China months, also in the first hours of a China month', async () => {
    const before = t.clock.now();
    // 00:30 on the 1st in China is still the last day of the month before in UTC.
    const at = new Date(Date.UTC(before.getUTCFullYear(), before.getUTCMonth(), 1, 0, 30) - 8 * 3_600_000);
    expect(chinaDate(at).slice(8)).toBe('01');
    expect(at.toISOString().slice(0, 7)).not.toBe(chinaDate(at).slice(0, 7));
    t.clock.set(at);
    try {
      const month = chinaDate(t.clock.now()).slice(0, 7);
      const res = await api.get('province', '/api/analysis/month-bar');
      expect(res.statusCode, res.body).toBe(200);
      const bars = res.json().data as { x: string; y: number }[];
      expect(bars).toHaveLength(12);
      expect(bars.at(-1)!.x).toBe(month);
      const issued = await n(
        db()
          .select({ n: count() })
          .from(certificate)
          .where(sql`to_char(${certificate.issueDate}, 'YYYY-MM') = ${month}`),
      );
      expect(bars.at(-1)!.y).toBe(issued);
    } finally {
      t.clock.set(before);
    }
  });

  it("exports every figure of the province view as a workbook, one sheet each, equal to the page's", async () => {
    const d = (await api.get('province', '/api/analysis/overview')).json().data;
    const res = await api.get('province', '/api/analysis/overview/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      '总览',
      '各地市证书',
      '每月发证',
      '每月业务量',
      '各中心在办与超期',
    ]);
    const rows = (name: string) => {
      const out: unknown[][] = [];
      wb.getWorksheet(name)!.eachRow((r) => out.push((r.values as unknown[]).slice(1)));
      return out;
    };
    expect(rows('总览')[0]!.slice(0, 5)).toEqual(['证书总数', '有效证书', '90天内到期', '在办业务', '超期业务']);
    expect(rows('总览')[1]!.slice(0, 5)).toEqual([
      d.totals.certificates,
      d.totals.valid,
      d.totals.expiring,
      d.totals.open,
      d.totals.overdue,
    ]);
    expect(
      rows('各地市证书')
        .slice(1)
        .map((r) => r[1]),
    ).toEqual(d.certsByCity.map((c: { total: number }) => c.total));
    expect(rows('每月发证').slice(1)).toEqual(
      d.issuance.map((m: { month: string; total: number }) => [m.month, m.total]),
    );
    expect(rows('每月业务量').slice(1)).toEqual(
      d.workload.map((m: { month: string; submitted: number; closed: number }) => [m.month, m.submitted, m.closed]),
    );
    expect((await api.get('gz_sl', '/api/analysis/overview/export')).statusCode).toBe(403);
  });

  it("counts the applications ended this month in the province view's workload and the workbenches' figure", async () => {
    const month = chinaDate(t.clock.now()).slice(0, 7);
    const ended = (area?: string) =>
      n(
        db()
          .select({ n: count() })
          .from(application)
          .where(
            and(
              live,
              inArray(application.status, [4, 8]),
              area ? eq(application.area, area) : undefined,
              sql`to_char(${application.closedAt} at time zone 'Asia/Shanghai', 'YYYY-MM') = ${month}`,
            ),
          ),
      );
    // Two of the centre's items ended half a minute and two minutes before the clock (beforeNow): at a
    // month's first minute one in it and one in the month before, then the figures refreshed.
    const open = await db()
      .select({ id: application.id })
      .from(application)
      .where(and(live, eq(application.area, '1'), inArray(application.status, [2, 3])))
      .limit(2);
    expect(open).toHaveLength(2);
    for (const [i, ago] of [30_000, 120_000].entries()) {
      await db()
        .update(application)
        .set({ status: 8, step: null, outcome: 'approved', closedAt: beforeNow(t.clock, ago) })
        .where(eq(application.id, open[i]!.id));
    }
    await refreshStatistics(db(), t.clock);
    expect(await ended('1'), 'ended this month').toBeGreaterThan(0);
    const d = (await api.get('province', '/api/analysis/overview')).json().data;
    expect(d.workload.at(-1)).toMatchObject({ month, closed: await ended() });
    expect(figure(await bench('province'), 'closedThisMonth')!.value).toBe(await ended());
    expect(figure(await bench('gz_sh'), 'closedThisMonth')!.value).toBe(await ended('1'));
  });
});
