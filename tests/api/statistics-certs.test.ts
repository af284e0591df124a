/** 证书统计: figures equal to counts taken from the certificate rows in the test; scope, filters, refresh, export. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiSuite } from '../helpers/api.js';
import type { TestApp } from '../helpers/app.js';
import { readXlsx } from '../helpers/xlsx.js';
import { certificate, enterprise, statRefresh } from '../../server/db/schema.js';
import { addDays, chinaDate } from '../../server/lib/days.js';
import { refreshStatistics } from '../../server/modules/statistics/refresh.js';

let t: TestApp;
const api = apiSuite({
  ready: async (app) => {
    t = app;
    await refreshStatistics(app.database.db, app.clock);
  },
});
type Figures = { total: number; valid: number; expiring: number };
type Answer = {
  refreshedAt: string;
  asOfDay: string;
  totals: Figures;
  byCategory: ({ category: string } & Figures)[];
  byStatus: { status: string; total: number }[];
  byArea: ({ area: string } & Figures)[];
  byDistrict: ({ code: string; name: string } & Figures)[];
  byYear: ({ year: number } & Figures)[];
};
const stats = async (user: string, q = '') => {
  const res = await api.get(user, `/api/statistics/certs${q ? `?${q}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Answer;
};

/** The certificates with their enterprise, counted here from the rows (not from the statistics tables). */
async function rows() {
  return t.database.db
    .select({
      category: certificate.category,
      status: certificate.status,
      issueDate: certificate.issueDate,
      expiryDate: certificate.expiryDate,
      area: enterprise.ownership,
      district: enterprise.districtCode,
    })
    .from(certificate)
    .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId));
}
function figures(list: Awaited<ReturnType<typeof rows>>): Figures {
  const today = chinaDate(t.clock.now());
  const soon = addDays(today, 90);
  const valid = list.filter((c) => c.status === '01');
  return {
    total: list.length,
    valid: valid.length,
    expiring: valid.filter((c) => c.expiryDate >= today && c.expiryDate <= soon).length,
  };
}
const groupBy = <K extends string | number>(
  list: Awaited<ReturnType<typeof rows>>,
  key: (c: Awaited<ReturnType<typeof rows>>[number]) => K,
) => {
  const m = new Map<K, Awaited<ReturnType<typeof rows>>>();
  for (const c of list) m.set(key(c), [...(m.get(key(c)) ?? []), c]);
  return m;
};

describe('certificate statistics', () => {
  it('equal the counts of the certificate rows, for the province and by every breakdown', async () => {
    const all = await rows();
    const s = await stats('province');
    expect(s.asOfDay).toBe(chinaDate(t.clock.now()));
    expect(s.refreshedAt).toBeTruthy();
    expect(s.totals).toEqual(figures(all));
    expect(s.totals.expiring).toBeGreaterThan(0);
    for (const [category, list] of groupBy(all, (c) => c.category))
      expect(s.byCategory.find((r) => r.category === category)).toEqual({ category, ...figures(list) });
    for (const [status, list] of groupBy(all, (c) => c.status))
      expect(s.byStatus.find((r) => r.status === status)?.total).toBe(list.length);
    expect(s.byStatus.map((r) => r.status).sort()).toEqual([...groupBy(all, (c) => c.status).keys()].sort());
    for (const [area, list] of groupBy(all, (c) => c.area))
      expect(s.byArea.find((r) => r.area === area)).toMatchObject(figures(list));
    for (const [city, list] of groupBy(all, (c) => `${c.district.slice(0, 4)}00`))
      expect(s.byDistrict.find((r) => r.code === city)).toMatchObject(figures(list));
    expect(s.byDistrict.find((r) => r.code === '440100')?.name).toBe('广州市');
    expect(s.byDistrict.map((r) => r.total)).toEqual([...s.byDistrict.map((r) => r.total)].sort((a, b) => b - a));
    for (const [year, list] of groupBy(all, (c) => Number(c.issueDate.slice(0, 4))))
      expect(s.byYear.find((r) => r.year === year)).toMatchObject(figures(list));
  });

  it('keep a centre to its area; the province may narrow to one', async () => {
    const all = await rows();
    const gz = await stats('gz_sh');
    expect(gz.totals).toEqual(figures(all.filter((c) => c.area === '1')));
    expect(gz.byArea.map((r) => r.area)).toEqual(['1']);
    // A centre asking for another area still gets its own.
    expect((await stats('gz_sh', 'area=2')).totals).toEqual(gz.totals);
    expect((await stats('province', 'area=2')).totals).toEqual(figures(all.filter((c) => c.area === '2')));
    for (const user of ['ent_gz', 'person1', 'admin'])
      expect((await api.get(user, '/api/statistics/certs')).statusCode).toBe(403);
  });

  it('filter by city (broken down by county), category, status and issue years', async () => {
    const all = await rows();
    const city = await stats('province', 'districtCode=440100');
    const inCity = all.filter((c) => c.district.startsWith('4401'));
    expect(city.totals).toEqual(figures(inCity));
    for (const [county, list] of groupBy(inCity, (c) => c.district))
      expect(city.byDistrict.find((r) => r.code === county)).toMatchObject(figures(list));
    expect(city.byDistrict.every((r) => r.name.startsWith('广州市'))).toBe(true);
    const filtered = await stats('province', 'category=C3&status=01&yearFrom=2024&yearTo=2025');
    expect(filtered.totals).toEqual(
      figures(
        all.filter(
          (c) => c.category === 'C3' && c.status === '01' && c.issueDate >= '2024-01-01' && c.issueDate <= '2025-12-31',
        ),
      ),
    );
    expect((await api.get('province', '/api/statistics/certs?yearFrom=abc')).json().field).toBe('yearFrom');
  });

  it('export the statistics rows of the filters as a real .xlsx', async () => {
    const res = await api.get('gz_sl', '/api/statistics/certs/export?category=B');
    expect(res.statusCode, res.body).toBe(200);
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet.headers).toEqual(['证书类别', '证书状态', '所属区域', '地区', '发证年份', '证书数', '其中90天内到期']);
    const sum = sheet.rows.reduce((n, r) => n + Number(r[5]), 0);
    expect(sum).toBe((await rows()).filter((c) => c.category === 'B' && c.area === '1').length);
    expect(sheet.rows.every((r) => String(r[0]).includes('B') && r[2] === '广州区域中心')).toBe(true);
    expect((await api.get('ent_gz', '/api/statistics/certs/export')).statusCode).toBe(403);
  });

  it('are refreshed on demand, at most once a minute, and say when they were made', async () => {
    const before = (await stats('province')).refreshedAt;
    const soon = await api.post('province', '/api/statistics/refresh');
    expect(soon.statusCode, soon.body).toBe(200);
    expect(soon.json().data.refreshed).toBe(false);
    t.clock.advance(61_000);
    // A certificate issued since: the figures show it only after the refresh.
    const [c] = await t.database.db.select().from(certificate).where(eq(certificate.status, '05')).limit(1);
    await t.database.db.update(certificate).set({ status: '01' }).where(eq(certificate.id, c!.id));
    expect((await stats('province')).totals.valid).toBe(figures(await rows()).valid - 1);
    const again = await api.post('gz_bj', '/api/statistics/refresh');
    expect(again.json().data.refreshed).toBe(true);
    const after = await stats('province');
    expect(after.refreshedAt > before).toBe(true);
    expect(after.totals).toEqual(figures(await rows()));
    const [mark] = await t.database.db.select().from(statRefresh);
    expect(mark!.rows).toBeGreaterThan(0);
    expect((await api.post('ent_gz', '/api/statistics/refresh')).statusCode).toBe(403);
  });

  it('are refreshed by the hourly job too (run here by hand, as the administrator can)', async () => {
    t.clock.advance(61_000);
    const [c] = await t.database.db.select().from(certificate).where(eq(certificate.status, '05')).limit(1);
    await t.database.db.update(certificate).set({ status: '01' }).where(eq(certificate.id, c!.id));
    const before = await stats('province');
    expect(before.totals.valid).toBe(figures(await rows()).valid - 1);
    const run = await api.post('admin', '/api/system/job/run/statistics');
    expect(run.statusCode, run.body).toBe(200);
    const after = await stats('province');
    expect(after.refreshedAt > before.refreshedAt).toBe(true);
    expect(after.totals).toEqual(figures(await rows()));
  });
});
