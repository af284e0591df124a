/** 企业查询: scope by area, every filter and sort against counts taken from the tables, the detail, the export. */
import { describe, expect, it } from 'vitest';
import { and, count, eq, gte, isNull, like, lt, lte, sql } from 'drizzle-orm';
import { apiSuite } from '../helpers/api.js';
import type { TestApp } from '../helpers/app.js';
import { byteCompare, isOrdered, MASKED_ID, searchExport, searchList } from '../helpers/search.js';
import { certificate, enterprise, person, sysDistrict, sysUser } from '../../server/db/schema.js';
import { loadDistrictNames } from '../../server/modules/search/districts.js';
import { readsPerVersion } from '../helpers/keptPerVersion.js';
import { addDays, chinaDate } from '../../server/lib/days.js';

let t: TestApp;
const api = apiSuite({
  ready: (app) => {
    t = app;
  },
});
const db = () => t.database.db;
const today = () => chinaDate(t.clock.now());
type Row = {
  id: number;
  name: string;
  creditCode: string;
  districtCode: string;
  districtName: string;
  ownership: string;
  qualification: string | null;
  licenceValidTo: string | null;
  licenceState: string;
  status: string;
  staffCount: number;
  validCertCount: number;
};
const list = (user: string, q = '') => searchList<Row>(api, user, `/api/search/enterprise/list?pageSize=500${q}`);
const countWhere = async (where: ReturnType<typeof and>) =>
  (await db().select({ n: count() }).from(enterprise).where(where))[0]!.n;

describe('enterprise search scope', () => {
  it('shows the province every enterprise and a centre its own area only', async () => {
    const all = await list('province');
    expect(all.total).toBe(await countWhere(undefined));
    expect(all.totalExact).toBe(true);
    for (const [user, area] of [
      ['gz_sl', '1'],
      ['sz_staff', '2'],
      ['prov_staff', '3'],
    ] as const) {
      const body = await list(user);
      expect(body.total).toBe(await countWhere(eq(enterprise.ownership, area)));
      expect(body.total).toBeGreaterThan(0);
      expect(body.rows.every((r) => r.ownership === area)).toBe(true);
    }
    // A centre asking for another area gets nothing of it.
    expect((await list('gz_sl', '&area=2')).total).toBe(0);
  });

  it('refuses users without the search permission', async () => {
    for (const user of ['ent_gz', 'person1', 'admin']) {
      expect((await api.get(user, '/api/search/enterprise/list')).statusCode).toBe(403);
      expect((await api.get(user, '/api/search/enterprise/export')).statusCode).toBe(403);
    }
  });
});

describe('enterprise search filters', () => {
  it('matches the name anywhere and the credit code by its start', async () => {
    const [sample] = await db().select().from(enterprise).where(eq(enterprise.ownership, '1')).limit(1);
    const word = sample!.name.slice(3, 6);
    const byName = await list('province', `&name=${encodeURIComponent(word)}`);
    expect(byName.total).toBe(await countWhere(sql`${enterprise.name} like ${`%${word}%`}`));
    expect(byName.rows.every((r) => r.name.includes(word))).toBe(true);
    const byCode = await list('province', `&creditCode=${sample!.creditCode.slice(0, 8).toLowerCase()}`);
    expect(byCode.rows.map((r) => r.id)).toContain(sample!.id);
    expect(byCode.rows.every((r) => r.creditCode.startsWith(sample!.creditCode.slice(0, 8)))).toBe(true);
    expect(
      (await list('province', `&creditCode=${sample!.creditCode.slice(2, 10)}`)).rows.map((r) => r.id),
    ).not.toContain(sample!.id);
  });

  it('filters by city (with its counties), county, area, qualification and status', async () => {
    const city = await list('province', '&districtCode=440100');
    expect(city.total).toBe(await countWhere(like(enterprise.districtCode, '4401%')));
    expect(city.rows.every((r) => r.districtCode.startsWith('4401') && r.districtName.startsWith('广州市'))).toBe(true);
    const county = await list('province', '&districtCode=440106');
    expect(county.total).toBe(await countWhere(eq(enterprise.districtCode, '440106')));
    expect(county.total).toBeGreaterThan(0);
    expect((await list('province', '&districtCode=440000')).total).toBe(await countWhere(undefined));
    // Every city is its own counties, whatever its last digit (the ranges 4409 … 4410, 4419 … 4420).
    const codes = (await db().selectDistinct({ code: enterprise.districtCode }).from(enterprise)).map((r) => r.code);
    for (const cityCode of [...new Set(codes.map((c) => `${c.slice(0, 4)}00`))]) {
      const found = await list('province', `&districtCode=${cityCode}`);
      expect(found.total, cityCode).toBe(await countWhere(like(enterprise.districtCode, `${cityCode.slice(0, 4)}%`)));
      expect(
        found.rows.every((r) => r.districtCode.startsWith(cityCode.slice(0, 4))),
        cityCode,
      ).toBe(true);
    }
    // A centre filtering by a city of another area finds none of it (its scope still holds).
    const elsewhere = codes.find((c) => !c.startsWith('4401'))!;
    expect((await list('gz_sl', `&districtCode=${elsewhere.slice(0, 4)}00`)).total).toBe(
      await countWhere(and(like(enterprise.districtCode, `${elsewhere.slice(0, 4)}%`), eq(enterprise.ownership, '1'))),
    );
    expect((await list('province', '&area=3')).total).toBe(await countWhere(eq(enterprise.ownership, '3')));
    const [{ q }] = await db().select({ q: enterprise.qualification }).from(enterprise).limit(1);
    const byQ = await list('province', `&qualification=${encodeURIComponent(q!)}`);
    expect(byQ.total).toBe(await countWhere(eq(enterprise.qualification, q!)));
    expect((await list('province', '&status=0')).total).toBe(await countWhere(eq(enterprise.status, '0')));
    expect((await list('province', '&status=0')).total).toBeGreaterThan(0);
  });

  it('filters by licence state and validity range against today (China day)', async () => {
    const d = today();
    const soon = addDays(d, 90);
    expect((await list('province', '&licenceState=expired')).total).toBe(
      await countWhere(lt(enterprise.licenceValidTo, d)),
    );
    expect((await list('province', '&licenceState=expired')).total).toBeGreaterThan(0);
    expect((await list('province', '&licenceState=valid')).total).toBe(
      await countWhere(gte(enterprise.licenceValidTo, d)),
    );
    const expiring = await list('province', '&licenceState=expiring');
    expect(expiring.total).toBe(
      await countWhere(and(gte(enterprise.licenceValidTo, d), lte(enterprise.licenceValidTo, soon))),
    );
    expect(expiring.rows.every((r) => r.licenceState === 'expiring')).toBe(true);
    expect((await list('province', '&licenceState=none')).total).toBe(
      await countWhere(isNull(enterprise.licenceValidTo)),
    );
    const ranged = await list('province', `&licenceFrom=${d}&licenceTo=${addDays(d, 365)}`);
    expect(ranged.total).toBe(
      await countWhere(and(gte(enterprise.licenceValidTo, d), lte(enterprise.licenceValidTo, addDays(d, 365)))),
    );
  });

  it("counts each row's staff and valid certificates, in every page shape and the detail", async () => {
    const countsOf = async (id: number) => {
      const [{ staff }] = await db().select({ staff: count() }).from(person).where(eq(person.enterpriseId, id));
      const [{ valid }] = await db()
        .select({ valid: count() })
        .from(certificate)
        .where(and(eq(certificate.enterpriseId, id), eq(certificate.status, '01')));
      return [staff, valid];
    };
    let counted = 0;
    // Name order over the area, name order of a district's few (read by their index first), another sort.
    for (const q of ['', '&districtCode=440100', '&sortField=creditCode&sortOrder=descend']) {
      for (const r of (await list('gz_sl', q)).rows.slice(0, 5)) {
        expect([r.staffCount, r.validCertCount], `${q} ${r.name}`).toEqual(await countsOf(r.id));
        counted += r.staffCount + r.validCertCount;
      }
    }
    expect(counted).toBeGreaterThan(0);
    const ent = (await list('gz_sl')).rows.find((r) => r.staffCount > 0)!;
    const d = (await api.get('gz_sl', `/api/search/enterprise/get/${ent.id}`)).json().data;
    expect([d.staffCount, d.validCertCount]).toEqual(await countsOf(ent.id));
  });

  it('sorts on every shown column both ways, and refuses unknown fields', async () => {
    for (const [field, key] of [
      ['name', 'name'],
      ['creditCode', 'creditCode'],
      ['districtCode', 'districtCode'],
    ] as const) {
      for (const order of ['ascend', 'descend'] as const) {
        const rows = (await list('province', `&sortField=${field}&sortOrder=${order}`)).rows.map((r) => r[key]);
        expect(isOrdered(rows, byteCompare, order === 'ascend' ? 'asc' : 'desc'), `${field} ${order}`).toBe(true);
      }
    }
    const byLicence = (await list('province', '&sortField=licenceValidTo&sortOrder=ascend')).rows
      .map((r) => r.licenceValidTo)
      .filter((v): v is string => !!v);
    expect(isOrdered(byLicence, (a, b) => a.localeCompare(b))).toBe(true);
    const byQ = (await list('province', '&sortField=qualification&sortOrder=descend')).rows.map(
      (r) => r.qualification ?? '',
    );
    expect(byQ.length).toBeGreaterThan(0);
    expect((await api.get('province', '/api/search/enterprise/list?sortField=password')).statusCode).toBe(400);
    expect((await api.get('province', '/api/search/enterprise/list?districtCode=44')).statusCode).toBe(400);
    expect((await api.get('province', '/api/search/enterprise/list?licenceState=soon')).json().field).toBe(
      'licenceState',
    );
  });

  it('lists the enterprises of a city, a county or a credit-code prefix in name order both ways, paged', async () => {
    // Each takes its own index in name order (a city's, a county's; a centre's own city with its
    // area checked in that index), or its keys sorted from the credit-code index.
    const [sample] = await db().select().from(enterprise).where(like(enterprise.districtCode, '4401%')).limit(1);
    const cases = [
      ['province', '&districtCode=440100', like(enterprise.districtCode, '4401%')],
      ['gz_sl', '&districtCode=440100', and(like(enterprise.districtCode, '4401%'), eq(enterprise.ownership, '1'))],
      ['province', `&districtCode=${sample!.districtCode}`, eq(enterprise.districtCode, sample!.districtCode)],
      [
        'province',
        `&creditCode=${sample!.creditCode.slice(0, 8)}`,
        like(enterprise.creditCode, `${sample!.creditCode.slice(0, 8)}%`),
      ],
    ] as const;
    for (const [user, filter, where] of cases) {
      const expected = await db()
        .select({ id: enterprise.id })
        .from(enterprise)
        .where(where)
        .orderBy(sql`${enterprise.name} collate "C"`, enterprise.id);
      expect(expected.length, filter).toBeGreaterThan(2);
      for (const order of ['', '&sortField=name&sortOrder=ascend', '&sortField=name&sortOrder=descend']) {
        const ids = order.endsWith('descend') ? expected.map((r) => r.id).reverse() : expected.map((r) => r.id);
        expect(
          (await list(user, `${filter}${order}`)).rows.map((r) => r.id),
          `${user}${filter}${order}`,
        ).toEqual(ids);
        const second = await searchList<Row>(
          api,
          user,
          `/api/search/enterprise/list?pageNum=2&pageSize=2${filter}${order}`,
        );
        expect(
          second.rows.map((r) => r.id),
          `page 2 ${filter}${order}`,
        ).toEqual(ids.slice(2, 4));
      }
    }
  });

  it('pages', async () => {
    const one = await searchList<Row>(
      api,
      'province',
      '/api/search/enterprise/list?pageNum=2&pageSize=10&sortField=name&sortOrder=ascend',
    );
    const all = await list('province', '&sortField=name&sortOrder=ascend');
    expect(one.rows.map((r) => r.id)).toEqual(all.rows.slice(10, 20).map((r) => r.id));
    expect(one.pageNum).toBe(2);
  });
});

describe('enterprise detail and export', () => {
  it('shows an enterprise with its people (ID numbers masked) and certificates, in scope only', async () => {
    const [ent] = await db().select({ id: sysUser.enterpriseId }).from(sysUser).where(eq(sysUser.userName, 'ent_gz'));
    const res = await api.get('gz_sl', `/api/search/enterprise/get/${ent!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    const [{ staff }] = await db().select({ staff: count() }).from(person).where(eq(person.enterpriseId, ent!.id!));
    const [{ certs }] = await db()
      .select({ certs: count() })
      .from(certificate)
      .where(eq(certificate.enterpriseId, ent!.id!));
    expect(d.people).toHaveLength(Math.min(staff, 100));
    expect(d.people.every((p: { idNo: string }) => MASKED_ID.test(p.idNo))).toBe(true);
    expect(d.certificateTotal).toBe(certs);
    expect(
      d.certificates.every(
        (c: { enterpriseId: number; idNo: string }) => c.enterpriseId === ent!.id && MASKED_ID.test(c.idNo),
      ),
    ).toBe(true);
    expect(d.certificatesByStatus.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(certs);
    expect((await api.get('sz_staff', `/api/search/enterprise/get/${ent!.id}`)).statusCode).toBe(403);
    expect((await api.get('province', '/api/search/enterprise/get/999999')).statusCode).toBe(404);
  });

  it('exports the filtered list as a real .xlsx, one row per enterprise', async () => {
    const body = await list('gz_sl', '&districtCode=440100');
    const sheet = await searchExport(api, 'gz_sl', '/api/search/enterprise/export?districtCode=440100');
    expect(sheet.headers.slice(0, 3)).toEqual(['企业名称', '统一社会信用代码', '法定代表人']);
    expect(sheet.rows).toHaveLength(body.total);
    expect(sheet.rows.map((r) => String(r[1])).sort()).toEqual(body.rows.map((r) => r.creditCode).sort());
    expect((await api.get('gz_cs', '/api/search/enterprise/export?area=2')).statusCode).toBe(200);
  });
});

describe('district names in the lists', () => {
  it("are read once per dictionaries' version, and again when it moves", async () => {
    const { first, again, sent } = await readsPerVersion(db(), loadDistrictNames);
    expect(again.of('440106')).toBe(first.of('440106'));
    // Once for the version, again for the next, and every time outside a signed-in request (a job, a script).
    expect(sent).toEqual({ sameVersion: 1, nextVersion: 2, outside: 3 });
  });

  it('show a district renamed outside the API at once, on a session the server already knows', async () => {
    const [row] = (await list('gz_sl')).rows;
    const code = row!.districtCode;
    const [before] = await db().select().from(sysDistrict).where(eq(sysDistrict.code, code));
    try {
      await db().update(sysDistrict).set({ name: '测试改名区' }).where(eq(sysDistrict.code, code));
      const renamed = (await list('gz_sl')).rows.find((r) => r.id === row!.id);
      expect(renamed?.districtName).toMatch(/测试改名区$/);
    } finally {
      await db().update(sysDistrict).set({ name: before!.name }).where(eq(sysDistrict.code, code));
    }
    expect((await list('gz_sl')).rows.find((r) => r.id === row!.id)?.districtName).toBe(row!.districtName);
  });
});
