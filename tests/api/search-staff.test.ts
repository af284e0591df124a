/** 人员查询: scope, prefix matching, certificate and employer filters, sorting, masking, the logged full view, the export. */
import { describe, expect, it } from 'vitest';
import { and, count, eq, inArray, like, sql } from 'drizzle-orm';
import { apiSuite } from '../helpers/api.js';
import type { TestApp } from '../helpers/app.js';
import { byteCompare, isOrdered, MASKED_ID, searchExport, searchList } from '../helpers/search.js';
import { certificate, enterprise, person, personalDataAccess, sysUser } from '../../server/db/schema.js';

let t: TestApp;
const api = apiSuite({
  ready: (app) => {
    t = app;
  },
});
const db = () => t.database.db;
type Row = {
  id: number;
  name: string;
  idNo: string;
  birthYear: string;
  enterpriseId: number | null;
  enterpriseName: string | null;
  employStatus: string;
  sex: string;
  certificates: { id: number; certNo: string; category: string; status: string; expiryDate: string; valid: boolean }[];
};
const list = (user: string, q = '') => searchList<Row>(api, user, `/api/search/staff/list?pageSize=500${q}`);
const persons = (where?: ReturnType<typeof and>) =>
  db().select({ id: person.id }).from(person).leftJoin(enterprise, eq(enterprise.id, person.enterpriseId)).where(where);
const countOf = async (where?: ReturnType<typeof and>) => (await persons(where)).length;
const userRow = async (name: string) => (await db().select().from(sysUser).where(eq(sysUser.userName, name)))[0]!;

describe('staff search scope and masking', () => {
  it("shows the province everyone, a centre the staff of its area's enterprises, an enterprise its own staff", async () => {
    expect((await list('province')).total).toBe(await countOf());
    const gz = await list('gz_sh');
    expect(gz.total).toBe(await countOf(eq(enterprise.ownership, '1')));
    expect(gz.rows.every((r) => r.enterpriseId !== null)).toBe(true);
    const ent = await userRow('ent_gz');
    const own = await list('ent_gz');
    expect(own.total).toBe(await countOf(eq(person.enterpriseId, ent.enterpriseId!)));
    expect(own.rows.every((r) => r.enterpriseId === ent.enterpriseId)).toBe(true);
    expect((await list('ent_gz', '&area=2')).total).toBe(0);
    for (const user of ['person1', 'admin', 'auditor'])
      expect((await api.get(user, '/api/search/staff/list')).statusCode).toBe(403);
  });

  it('masks every ID number in the list and the export', async () => {
    const body = await list('province');
    expect(body.rows.every((r) => MASKED_ID.test(r.idNo))).toBe(true);
    const sheet = await searchExport(api, 'gz_sl', '/api/search/staff/export');
    expect(sheet.headers[2]).toBe('证件号码');
    expect(sheet.rows.every((r) => MASKED_ID.test(String(r[2])))).toBe(true);
    expect(sheet.rows).toHaveLength((await list('gz_sl')).total);
  });
});

describe('staff search rows', () => {
  it('carries every certificate each person holds, all statuses, by category then newest first, with its validity', async () => {
    const body = await list('province', '&category=B');
    const ids = body.rows.map((r) => r.id);
    const held = await db().select().from(certificate).where(inArray(certificate.personId, ids));
    const expected = (personId: number) =>
      held
        .filter((c) => c.personId === personId)
        .sort((a, b) => byteCompare(a.category, b.category) || byteCompare(b.issueDate, a.issueDate) || b.id - a.id)
        .map((c) => ({
          id: c.id,
          certNo: c.certNo,
          category: c.category,
          status: c.status,
          expiryDate: c.expiryDate,
          valid: c.status === '01',
        }));
    expect(body.rows.some((r) => r.certificates.length > 1)).toBe(true);
    expect(body.rows.some((r) => r.certificates.some((c) => !c.valid))).toBe(true);
    for (const r of body.rows) expect(r.certificates).toEqual(expected(r.id));
  });
});

describe('staff search employer', () => {
  it("names each person's employer on every page, filtered or sorted, and none for a person without one", async () => {
    const [p] = await db().select().from(person).where(sql`char_length(${person.name}) >= 3`).limit(1);
    // One person of the page between employers (the demo data has none without one).
    await db().update(person).set({ enterpriseId: null }).where(eq(person.id, p!.id));
    try {
      const employers = new Map(
        (await db().select({ id: enterprise.id, name: enterprise.name }).from(enterprise)).map((e) => [e.id, e.name]),
      );
      const pages = [
        await list('province'),
        await list('province', `&idNo=${p!.idNo.slice(0, 6)}`),
        await list('province', '&category=B&sortField=name&sortOrder=ascend'),
        await list('province', '&sortField=enterpriseName&sortOrder=ascend'),
      ];
      for (const page of pages) {
        expect(page.rows.length).toBeGreaterThan(0);
        for (const r of page.rows)
          expect(r.enterpriseName, `person ${r.id}`).toBe(
            r.enterpriseId === null ? null : employers.get(r.enterpriseId),
          );
      }
      const own = pages[1]!.rows.find((r) => r.id === p!.id);
      expect(own).toMatchObject({ enterpriseId: null, enterpriseName: null });
      expect(pages.flatMap((pg) => pg.rows).some((r) => r.enterpriseName !== null)).toBe(true);
    } finally {
      await db().update(person).set({ enterpriseId: p!.enterpriseId }).where(eq(person.id, p!.id));
    }
  });
});

describe('staff search filters', () => {
  it('matches name and ID number by their start only', async () => {
    const [p] = await db().select().from(person).where(sql`char_length(${person.name}) >= 3`).limit(1);
    const byName = await list('province', `&name=${encodeURIComponent(p!.name.slice(0, 2))}`);
    expect(byName.total).toBe(await countOf(like(person.name, `${p!.name.slice(0, 2)}%`)));
    expect(byName.rows.every((r) => r.name.startsWith(p!.name.slice(0, 2)))).toBe(true);
    expect(
      (await list('province', `&name=${encodeURIComponent(p!.name.slice(1))}`)).rows.map((r) => r.id),
    ).not.toContain(p!.id);
    const byId = await list('province', `&idNo=${p!.idNo.slice(0, 10).toLowerCase()}`);
    expect(byId.total).toBe(await countOf(like(person.idNo, `${p!.idNo.slice(0, 10)}%`)));
    expect(byId.rows.map((r) => r.id)).toContain(p!.id);
    expect((await list('province', `&idNo=${p!.idNo.slice(6, 14)}`)).rows.map((r) => r.id)).not.toContain(p!.id);
  });

  it('finds holders by certificate number (start or end), category and status', async () => {
    const [c] = await db().select().from(certificate).where(eq(certificate.category, 'B')).limit(1);
    for (const part of [c!.certNo.slice(0, 9), c!.certNo.slice(-7)]) {
      const body = await list('province', `&certNo=${encodeURIComponent(part)}`);
      expect(body.rows.map((r) => r.id)).toContain(c!.personId);
    }
    const holders = (where: ReturnType<typeof and>) =>
      db().selectDistinct({ id: certificate.personId }).from(certificate).where(where);
    const b = await list('province', '&category=B');
    expect(b.total).toBe((await holders(eq(certificate.category, 'B'))).length);
    // Holders, not certificates: some hold two B certificates (a valid one and an old one), counted once.
    expect(b.total).toBeLessThan(
      (await db().select({ n: count() }).from(certificate).where(eq(certificate.category, 'B')))[0]!.n,
    );
    expect(b.rows.every((r) => r.certificates.some((x) => x.category === 'B'))).toBe(true);
    const suspended = await list('province', '&category=C3&certStatus=02');
    expect(suspended.total).toBe(
      (await holders(and(eq(certificate.category, 'C3'), eq(certificate.status, '02')))).length,
    );
    expect(suspended.rows.every((r) => r.certificates.some((x) => x.category === 'C3' && x.status === '02'))).toBe(
      true,
    );
  });

  it('filters by employer (name, id, area, district), employment status and sex', async () => {
    const ent = await userRow('ent_sz');
    const [e] = await db().select().from(enterprise).where(eq(enterprise.id, ent.enterpriseId!));
    const byName = await list('province', `&enterpriseName=${encodeURIComponent(e!.name.slice(3, 7))}`);
    expect(byName.total).toBe(await countOf(like(enterprise.name, `%${e!.name.slice(3, 7)}%`)));
    expect((await list('province', `&enterpriseId=${e!.id}`)).total).toBe(
      await countOf(eq(person.enterpriseId, e!.id)),
    );
    expect((await list('province', '&area=2')).total).toBe(await countOf(eq(enterprise.ownership, '2')));
    expect((await list('province', '&districtCode=440300')).total).toBe(
      await countOf(like(enterprise.districtCode, '4403%')),
    );
    expect((await list('province', '&employStatus=1&sex=1')).total).toBe(
      await countOf(and(eq(person.employStatus, '1'), eq(person.sex, '1'))),
    );
    const left = await list('province', '&employStatus=2');
    expect(left.total).toBe(await countOf(eq(person.employStatus, '2')));
    expect(left.total).toBeGreaterThan(0);
  });

  it('sorts by name, ID number, birth date and employer both ways', async () => {
    for (const [field, key] of [
      ['name', 'name'],
      ['idNo', 'id'],
    ] as const) {
      for (const order of ['ascend', 'descend'] as const) {
        const body = await list('province', `&sortField=${field}&sortOrder=${order}`);
        const values =
          key === 'name'
            ? body.rows.map((r) => r.name)
            : (
                await db()
                  .select({ id: person.id, idNo: person.idNo })
                  .from(person)
                  .where(
                    inArray(
                      person.id,
                      body.rows.map((r) => r.id),
                    ),
                  )
              )
                .sort((a, b) => body.rows.findIndex((r) => r.id === a.id) - body.rows.findIndex((r) => r.id === b.id))
                .map((r) => r.idNo);
        expect(isOrdered(values, byteCompare, order === 'ascend' ? 'asc' : 'desc'), `${field} ${order}`).toBe(true);
      }
    }
    const births = (await list('province', '&sortField=birthDate&sortOrder=ascend')).rows.map((r) => r.birthYear);
    expect(isOrdered(births, (a, b) => a.localeCompare(b))).toBe(true);
    const employers = (await list('province', '&sortField=enterpriseName&sortOrder=descend')).rows
      .map((r) => r.enterpriseName)
      .filter((v): v is string => !!v);
    expect(isOrdered(employers, byteCompare, 'desc')).toBe(true);
  });
});

describe('staff detail', () => {
  it('shows a centre the ID number masked, in full by a logged reveal; refuses other areas', async () => {
    const body = await list('gz_sl', '&category=C3');
    const row = body.rows[0]!;
    const [p] = await db().select().from(person).where(eq(person.id, row.id));
    const before = (
      await db().select({ n: count() }).from(personalDataAccess).where(eq(personalDataAccess.personId, row.id))
    )[0]!.n;
    const res = await api.get('gz_sl', `/api/search/staff/get/${row.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    // Masked, with the offer to reveal it; nothing is logged until the click.
    expect(d.idNo).not.toBe(p!.idNo);
    expect(d.idNo).toBe(`${p!.idNo.slice(0, 3)}***********${p!.idNo.slice(-4)}`);
    expect(d.personalData).toMatchObject({ source: 'staff', id: row.id });
    expect(d.personalData.fields).toContain('idNo');
    expect(d.certificates.length).toBeGreaterThan(0);
    expect(
      (await db().select({ n: count() }).from(personalDataAccess).where(eq(personalDataAccess.personId, row.id)))[0]!.n,
    ).toBe(before);
    const revealed = await api.post('gz_sl', '/api/personalData/idNo/reveal', { source: 'staff', id: row.id });
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json().data.value).toBe(p!.idNo);
    const logged = await db().select().from(personalDataAccess).where(eq(personalDataAccess.personId, row.id));
    expect(logged.length).toBe(before + 1);
    expect(logged.at(-1)).toMatchObject({ purpose: 'search:staff', userName: 'gz_sl' });
    expect(logged.at(-1)!.fields).toContain('idNo');
    expect((await api.get('sz_staff', `/api/search/staff/get/${row.id}`)).statusCode).toBe(403);
    expect((await api.get('province', '/api/search/staff/get/999999')).statusCode).toBe(404);
  });

  it('lets an enterprise reveal the number of its own employee (logged as the employer) and of nobody else', async () => {
    const ent = await userRow('ent_gz');
    const [p] = await db().select().from(person).where(eq(person.enterpriseId, ent.enterpriseId!)).limit(1);
    const d = (await api.get('ent_gz', `/api/search/staff/get/${p!.id}`)).json().data;
    expect(d.idNo).not.toBe(p!.idNo);
    const revealed = await api.post('ent_gz', '/api/personalData/idNo/reveal', { source: 'staff', id: p!.id });
    expect(revealed.json().data.value).toBe(p!.idNo);
    const [last] = await db()
      .select()
      .from(personalDataAccess)
      .where(eq(personalDataAccess.personId, p!.id))
      .orderBy(sql`${personalDataAccess.id} desc`)
      .limit(1);
    expect(last).toMatchObject({ purpose: 'employer', userName: 'ent_gz' });
    const [other] = await db()
      .select()
      .from(person)
      .where(sql`${person.enterpriseId} <> ${ent.enterpriseId!}`)
      .limit(1);
    expect((await api.get('ent_gz', `/api/search/staff/get/${other!.id}`)).statusCode).toBe(403);
  });
});
