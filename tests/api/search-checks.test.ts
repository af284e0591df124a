/**
 * 证书核验记录: every public look-up (QR code and the public search) is recorded in its request, listed in
 * scope with filters, exported, and counted by GET /system/sysCheckRecord/getCheckData.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { apiSuite } from '../helpers/api.js';
import type { TestApp } from '../helpers/app.js';
import { searchExport, searchList } from '../helpers/search.js';
import { certCheckRecord, certificate, enterprise, person } from '../../server/db/schema.js';
import { addDays, chinaDate } from '../../server/lib/days.js';
import { EXACT_TOTAL_CEILING, listTotal } from '../../server/services/listTotal.js';
import { refreshStatistics } from '../../server/modules/statistics/refresh.js';

let t: TestApp;
const api = apiSuite({
  ready: (app) => {
    t = app;
  },
});
const db = () => t.database.db;
type Row = {
  id: number;
  source: string;
  found: boolean;
  certificateId: number | null;
  certNo: string | null;
  area: string | null;
  queryText: string | null;
  checkedAt: string;
  certStatus: string | null;
  holderName: string | null;
  enterpriseName: string | null;
};
const list = (user: string, q = '') => searchList<Row>(api, user, `/api/search/certCheck/list?pageSize=500${q}`);
const records = (where?: ReturnType<typeof and>) =>
  db()
    .select({ n: count() })
    .from(certCheckRecord)
    .where(where)
    .then((r) => r[0]!.n);

let gzCert: { id: number; certNo: string; queryCode: string; name: string; idNo: string };
let szCert: { id: number; certNo: string; queryCode: string };

beforeAll(async () => {
  const pick = (area: string) =>
    db()
      .select({
        id: certificate.id,
        certNo: certificate.certNo,
        queryCode: certificate.queryCode,
        name: person.name,
        idNo: person.idNo,
      })
      .from(certificate)
      .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId))
      .innerJoin(person, eq(person.id, certificate.personId))
      .where(eq(enterprise.ownership, area))
      .limit(1)
      .then((r) => r[0]!);
  gzCert = await pick('1');
  szCert = await pick('2');
  // The public look up certificates: by QR code (found, twice, and a code that does not exist) and by the public search.
  for (const code of [gzCert.queryCode, gzCert.queryCode, szCert.queryCode, 'NoSuchCode12345'])
    await t.app.inject({ url: `/api/cert/${code}` });
  await t.app.inject({ url: `/api/public/validCard?orgCode=${encodeURIComponent(szCert.certNo)}` });
  await t.app.inject({
    url: `/api/public/validCard?name=${encodeURIComponent(gzCert.name)}&agentIdentityNo=${gzCert.idNo}`,
  });
  await t.app.inject({
    url: `/api/public/validCard?name=${encodeURIComponent('查无此人')}&agentIdentityNo=440106199001011235`,
  });
});

describe('check records are written in the request that answered', () => {
  it('records QR look-ups with the certificate and its centre, and those that found nothing', async () => {
    const qr = await db().select().from(certCheckRecord).where(eq(certCheckRecord.source, 'qr'));
    expect(qr.filter((r) => r.certificateId === gzCert.id)).toHaveLength(2);
    expect(qr.find((r) => r.certificateId === gzCert.id)).toMatchObject({
      found: true,
      area: '1',
      queryCode: gzCert.queryCode,
    });
    expect(qr.find((r) => r.queryCode === 'NoSuchCode12345')).toMatchObject({
      found: false,
      area: null,
      certificateId: null,
    });
  });

  it('records the public search by number, and by name with the ID number masked', async () => {
    const card = await db().select().from(certCheckRecord).where(eq(certCheckRecord.source, 'card'));
    expect(card.find((r) => r.certificateId === szCert.id)).toMatchObject({
      found: true,
      area: '2',
      queryText: szCert.certNo,
    });
    const byName = card.find((r) => r.queryText?.startsWith(gzCert.name));
    expect(byName).toMatchObject({ found: true, area: '1' });
    expect(byName!.queryText).not.toContain(gzCert.idNo);
    expect(byName!.queryText).toContain(`${gzCert.idNo.slice(0, 3)}***********${gzCert.idNo.slice(-4)}`);
    expect(card.find((r) => r.queryText?.startsWith('查无此人'))).toMatchObject({ found: false, certificateId: null });
  });
});

describe('check record list', () => {
  it('shows the province everything, a centre its area and what found nothing', async () => {
    expect((await list('province')).total).toBe(await records());
    const gz = await list('gz_sl');
    expect(gz.total).toBe(await records(or(eq(certCheckRecord.area, '1'), isNull(certCheckRecord.area))));
    expect(gz.rows.every((r) => r.area === '1' || r.area === null)).toBe(true);
    expect(gz.rows.some((r) => r.certificateId === szCert.id)).toBe(false);
    for (const user of ['ent_gz', 'person1', 'admin'])
      expect((await api.get(user, '/api/search/certCheck/list')).statusCode).toBe(403);
  });

  it('filters by source, result, certificate number, query code, address, area and day', async () => {
    expect((await list('province', '&source=card')).total).toBe(await records(eq(certCheckRecord.source, 'card')));
    expect((await list('province', '&found=0')).total).toBe(await records(eq(certCheckRecord.found, false)));
    expect((await list('province', '&found=0')).total).toBe(2);
    const byNo = await list('province', `&certNo=${encodeURIComponent(gzCert.certNo.slice(-7))}`);
    expect(byNo.rows.every((r) => r.certNo?.endsWith(gzCert.certNo.slice(-7)))).toBe(true);
    expect(byNo.rows.filter((r) => r.certificateId === gzCert.id)).toHaveLength(3);
    expect((await list('province', `&queryCode=${gzCert.queryCode}`)).total).toBe(
      await records(eq(certCheckRecord.queryCode, gzCert.queryCode)),
    );
    expect((await list('province', '&ip=127')).total).toBe(await records(sql`${certCheckRecord.ip} like '127%'`));
    expect((await list('province', '&area=2')).total).toBe(await records(eq(certCheckRecord.area, '2')));
    const today = chinaDate(t.clock.now());
    expect((await list('province', `&beginTime=${today}&endTime=${today}`)).total).toBe(await records());
    expect((await list('province', `&endTime=${addDays(today, -1)}`)).total).toBe(0);
    const sorted = (await list('province', '&sortField=checkedAt&sortOrder=ascend')).rows.map((r) => r.checkedAt);
    expect([...sorted].sort()).toEqual(sorted);
  });

  it('exports the filtered records as a real .xlsx', async () => {
    const sheet = await searchExport(api, 'gz_sl', '/api/search/certCheck/export?found=1');
    expect(sheet.headers.slice(0, 4)).toEqual(['核验时间', '来源', '查询内容', '结果']);
    expect(sheet.rows).toHaveLength(await records(and(eq(certCheckRecord.found, true), eq(certCheckRecord.area, '1'))));
    expect(sheet.rows.every((r) => r[3] === '查到')).toBe(true);
  });
});

describe('check record rows', () => {
  it('show the certificate looked up: its number, status, holder and enterprise, and nothing where none was found', async () => {
    const rows = [
      ...(await list('province')).rows,
      ...(await list('gz_sl', '&sortField=source&sortOrder=ascend')).rows,
    ];
    const certs = new Map(
      (
        await db()
          .select({
            id: certificate.id,
            certNo: certificate.certNo,
            status: certificate.status,
            holderName: person.name,
            enterpriseName: enterprise.name,
          })
          .from(certificate)
          .innerJoin(person, eq(person.id, certificate.personId))
          .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId))
          .where(
            inArray(
              certificate.id,
              rows.flatMap((r) => (r.certificateId === null ? [] : [r.certificateId])),
            ),
          )
      ).map((c) => [c.id, c]),
    );
    for (const r of rows) {
      const c = r.certificateId === null ? undefined : certs.get(r.certificateId);
      expect(
        { certNo: r.certNo, certStatus: r.certStatus, holderName: r.holderName, enterpriseName: r.enterpriseName },
        `record ${r.id}`,
      ).toEqual({
        certNo: c?.certNo ?? null,
        certStatus: c?.status ?? null,
        holderName: c?.holderName ?? null,
        enterpriseName: c?.enterpriseName ?? null,
      });
    }
    expect(rows.some((r) => r.certificateId === null)).toBe(true);
    expect(rows.find((r) => r.certificateId === gzCert.id)).toMatchObject({
      certNo: gzCert.certNo,
      holderName: gzCert.name,
    });
  });
});

describe('GET /system/sysCheckRecord/getCheckData', () => {
  it("counts the period's look-ups by result, source and day, and the most checked certificates", async () => {
    const res = await api.get('province', '/api/system/sysCheckRecord/getCheckData');
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    const today = chinaDate(t.clock.now());
    expect(d.endTime).toBe(today);
    expect(d.beginTime).toBe(addDays(today, -29));
    expect(d.byDay).toHaveLength(30);
    expect(d.total).toBe(await records());
    expect(d.found).toBe(await records(eq(certCheckRecord.found, true)));
    expect(d.notFound).toBe(2);
    expect(d.today).toBe(d.total);
    expect(d.byDay.at(-1)).toEqual({ day: today, total: d.total, found: d.found, notFound: 2 });
    const bySource = Object.fromEntries(d.bySource.map((s: { source: string; total: number }) => [s.source, s.total]));
    expect(bySource).toEqual({
      qr: await records(eq(certCheckRecord.source, 'qr')),
      card: await records(eq(certCheckRecord.source, 'card')),
    });
    expect(d.topCertificates[0]).toMatchObject({ certificateId: gzCert.id, certNo: gzCert.certNo, checks: 3 });
  });

  it('counts a look-up on the China day it was made, at either end of the day: ended days as the refresh counted them, today live', async () => {
    const today = chinaDate(t.clock.now());
    const day = addDays(today, -3);
    const at = (d: string, hhmm: string) => new Date(`${d}T${hhmm}:00+08:00`);
    const sz = { certificateId: szCert.id, area: '2' };
    // Records of ended days are written here and counted by a refresh: on the platform a record is
    // stamped when written, so no day that has ended ever gets one (stat_check_day, migration 0037).
    const inserted = await db()
      .insert(certCheckRecord)
      .values([
        { source: 'qr', found: false, checkedAt: at(day, '00:10') },
        { source: 'qr', found: false, checkedAt: at(day, '23:50') },
        { source: 'qr', found: false, checkedAt: at(addDays(day, -1), '23:50') },
        { source: 'card', found: true, ...sz, checkedAt: at(addDays(day, -1), '12:00') },
      ])
      .returning({ id: certCheckRecord.id });
    try {
      await refreshStatistics(db(), t.clock);
      const live = await db()
        .insert(certCheckRecord)
        .values([
          { source: 'qr', found: false, checkedAt: at(today, '00:00') },
          { source: 'card', found: true, ...sz, checkedAt: t.clock.now() },
        ])
        .returning({ id: certCheckRecord.id });
      inserted.push(...live);
      for (const [user, scope] of [
        ['province', undefined],
        ['gz_sl', or(eq(certCheckRecord.area, '1'), isNull(certCheckRecord.area))],
        ['sz_staff', or(eq(certCheckRecord.area, '2'), isNull(certCheckRecord.area))],
      ] as const) {
        const d = (await api.get(user, '/api/system/sysCheckRecord/getCheckData')).json().data;
        const on = (x: string) => d.byDay.find((b: { day: string }) => b.day === x);
        const sz2 = user === 'gz_sl' ? 0 : 1;
        expect(on(day), user).toEqual({ day, total: 2, found: 0, notFound: 2 });
        expect(on(addDays(day, -1)), user).toEqual({ day: addDays(day, -1), total: 1 + sz2, found: sz2, notFound: 1 });
        expect(on(addDays(day, 1)).total, user).toBe(0);
        expect(d.total, user).toBe(await records(scope));
        expect(d.found, user).toBe(await records(and(scope, eq(certCheckRecord.found, true))));
        expect(on(today).total, user).toBe(
          await records(and(scope, gte(certCheckRecord.checkedAt, at(today, '00:00')))),
        );
        const bySource = Object.fromEntries(
          d.bySource.map((x: { source: string; total: number }) => [x.source, x.total]),
        );
        expect(bySource, user).toEqual({
          qr: await records(and(scope, eq(certCheckRecord.source, 'qr'))),
          card: await records(and(scope, eq(certCheckRecord.source, 'card'))),
        });
      }
    } finally {
      await db()
        .delete(certCheckRecord)
        .where(
          inArray(
            certCheckRecord.id,
            inserted.map((r) => r.id),
          ),
        );
      await refreshStatistics(db(), t.clock);
    }
  });

  it("keeps to the caller's scope and refuses a bad period", async () => {
    const gz = (await api.get('gz_sl', '/api/system/sysCheckRecord/getCheckData')).json().data;
    expect(gz.total).toBe(await records(or(eq(certCheckRecord.area, '1'), isNull(certCheckRecord.area))));
    expect(gz.topCertificates.every((c: { certificateId: number }) => c.certificateId !== szCert.id)).toBe(true);
    const earlier = (
      await api.get(
        'province',
        `/api/system/sysCheckRecord/getCheckData?endTime=${addDays(chinaDate(t.clock.now()), -1)}`,
      )
    ).json().data;
    expect(earlier.total).toBe(0);
    const bad = await api.get(
      'province',
      '/api/system/sysCheckRecord/getCheckData?beginTime=2026-05-02&endTime=2026-05-01',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('beginTime');
    expect(
      (await api.get('province', '/api/system/sysCheckRecord/getCheckData?beginTime=2020-01-01&endTime=2026-01-01'))
        .statusCode,
    ).toBe(400);
    expect((await api.get('ent_gz', '/api/system/sysCheckRecord/getCheckData')).statusCode).toBe(403);
  });
});

describe('list totals over millions of rows', () => {
  it("are exact up to the ceiling and the planner's estimate beyond it, never below what was seen", async () => {
    const all = db().select({ one: sql`1` }).from(certificate);
    const [{ n }] = await db().select({ n: count() }).from(certificate);
    expect(await listTotal(db(), all)).toEqual({ total: n, totalExact: true });
    expect(n).toBeLessThan(EXACT_TOTAL_CEILING);
    const small = await listTotal(db(), all, 10);
    expect(small.totalExact).toBe(false);
    expect(small.total).toBeGreaterThan(10);
    const few = await listTotal(
      db(),
      db()
        .select({ one: sql`1` })
        .from(certificate)
        .where(inArray(certificate.id, [1, 2, 3])),
      10,
    );
    expect(few).toEqual({ total: 3, totalExact: true });
  });
});
