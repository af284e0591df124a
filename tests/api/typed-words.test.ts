/**
 * Typed words that name enterprises or persons filter the lists: an enterprise word (enterprises,
 * staff, certificates, work), a holder's name or ID number start (certificates, work). When few
 * enterprises have the word, the lists name them by id (services/listOrder.ts enterprisesNamed),
 * when many do they filter by the word itself; a name's or ID number's start matches the holder's
 * as the certificates and applications keep them (migrations 0032, 0033, 0039). Each must list
 * exactly the rows of those enterprises or persons, in the list's own order.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, ilike, inArray, like, sql, type SQL } from 'drizzle-orm';
import { apiSuite } from '../helpers/api.js';
import type { TestApp } from '../helpers/app.js';
import { byteCompare, isOrdered, searchList } from '../helpers/search.js';
import { application, certificate, enterprise, person } from '../../server/db/schema.js';
import { enterprisesNamed, FEW_ENTERPRISES } from '../../server/services/listOrder.js';

let t: TestApp;
const api = apiSuite({
  users: ['province'],
  ready: (app) => {
    t = app;
  },
});
const db = () => t.database.db;

/** A word no seeded name has, and more enterprises with it than are named by id. */
const WORD = '晟翔测词';
const MANY = FEW_ENTERPRISES + 1;

type Page = { rows: { id: number; name?: string }[]; total: number };
const list = async (path: string, word: string, extra = ''): Promise<Page> =>
  searchList<{ id: number; name?: string }>(
    api,
    'province',
    `/api/search/${path}?pageSize=500&${path.startsWith('enterprise') ? 'name' : 'enterpriseName'}=${encodeURIComponent(word)}${extra}`,
  );
const certificates = async (word: string): Promise<Page> => {
  const res = await api.get(
    'province',
    `/api/safetyCertificateInfo/list?pageSize=500&enterpriseName=${encodeURIComponent(word)}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};

/** The ids each list should show for the word, read from the rows without the lists' code. */
async function expected(word: string) {
  const named = (
    await db()
      .select({ id: enterprise.id })
      .from(enterprise)
      .where(ilike(enterprise.name, `%${word}%`))
  ).map((r) => r.id);
  const ids = async (rows: Promise<{ id: number }[]>) => (await rows).map((r) => r.id).sort((a, b) => a - b);
  return {
    enterprises: named.slice().sort((a, b) => a - b),
    staff: await ids(
      db()
        .select({ id: person.id })
        .from(person)
        .where(inArray(person.enterpriseId, named.length ? named : [-1])),
    ),
    certificates: await ids(
      db()
        .select({ id: certificate.id })
        .from(certificate)
        .where(inArray(certificate.enterpriseId, named.length ? named : [-1])),
    ),
    work: await ids(
      db()
        .select({ id: application.id })
        .from(application)
        .where(and(eq(application.deleted, false), inArray(application.enterpriseId, named.length ? named : [-1]))),
    ),
  };
}

const sorted = (page: Page) => page.rows.map((r) => r.id).sort((a, b) => a - b);

async function expectListsOf(word: string) {
  const want = await expected(word);
  const [ents, staff, certs, work] = await Promise.all([
    list('enterprise/list', word),
    list('staff/list', word),
    certificates(word),
    list('work/list', word),
  ]);
  expect(sorted(ents)).toEqual(want.enterprises);
  expect(ents.total).toBe(want.enterprises.length);
  expect(
    isOrdered(
      ents.rows.map((r) => r.name!),
      byteCompare,
    ),
  ).toBe(true);
  expect(sorted(staff)).toEqual(want.staff);
  expect(
    isOrdered(
      staff.rows.map((r) => r.id),
      (a, b) => a - b,
      'desc',
    ),
  ).toBe(true);
  expect(sorted(certs)).toEqual(want.certificates);
  expect(sorted(work)).toEqual(want.work);
  expect(
    isOrdered(
      work.rows.map((r) => r.id),
      (a, b) => a - b,
      'desc',
    ),
  ).toBe(true);
  return want;
}

describe('a word of the enterprise name', () => {
  it('lists the rows of the few enterprises that have it, named by id', async () => {
    const [e] = await db()
      .select()
      .from(enterprise)
      .innerJoin(application, eq(application.enterpriseId, enterprise.id))
      .limit(1);
    const word = e!.enterprise.name.slice(2, 5);
    expect(await enterprisesNamed(db(), word)).not.toBeNull();
    const want = await expectListsOf(word);
    expect(want.work.length).toBeGreaterThan(0);
    expect(want.certificates.length).toBeGreaterThan(0);
  });

  it('lists the rows of many enterprises that have it by the word, and of a few of them by id', async () => {
    // MANY new enterprises with the word; some staff, certificates and applications move to them.
    await db().execute(sql`insert into enterprise (credit_code, name, legal_representative, address, district_code, ownership)
      select 'T' || lpad(n::text, 17, '0'), ${`广州市${WORD}`} || n || '建筑有限公司', '测试', '广州市', '440106', '1' from generate_series(1, ${MANY}) n`);
    const added = await db()
      .select({ id: enterprise.id })
      .from(enterprise)
      .where(ilike(enterprise.name, `%${WORD}%`))
      .orderBy(enterprise.id);
    expect(added).toHaveLength(MANY);
    const movedTo = (i: number) => added[(i * 37) % MANY]!.id;
    const persons = await db().select({ id: person.id }).from(person).limit(6);
    const certs = await db().select({ id: certificate.id }).from(certificate).limit(8);
    const apps = await db()
      .select({ id: application.id })
      .from(application)
      .where(eq(application.deleted, false))
      .limit(5);
    for (const [i, p] of persons.entries())
      await db()
        .update(person)
        .set({ enterpriseId: movedTo(i) })
        .where(eq(person.id, p.id));
    for (const [i, c] of certs.entries())
      await db()
        .update(certificate)
        .set({ enterpriseId: movedTo(i) })
        .where(eq(certificate.id, c.id));
    for (const [i, a] of apps.entries())
      await db()
        .update(application)
        .set({ enterpriseId: movedTo(i) })
        .where(eq(application.id, a.id));

    expect(await enterprisesNamed(db(), WORD)).toBeNull();
    const many = await expectListsOf(WORD);
    expect(many.staff).toHaveLength(persons.length);
    expect(many.certificates).toHaveLength(certs.length);
    expect(many.work).toHaveLength(apps.length);

    // 「…测词1」 is in 1, 10–19, 100–199: fewer than FEW_ENTERPRISES, named by id, a part of the above.
    const fewer = `${WORD}1`;
    expect(await enterprisesNamed(db(), fewer)).toHaveLength(1 + 10 + 100);
    const part = await expectListsOf(fewer);
    expect(part.certificates.every((id) => many.certificates.includes(id))).toBe(true);
  });
});

/** A surname no seeded person has, and many persons with it. */
const SURNAME = '乂';
const PERSONS = 5001;

/** The certificates and work items of the persons `matching` selects, read from the rows. */
async function ofPersons(matching: SQL) {
  const named = (await db().select({ id: person.id }).from(person).where(matching)).map((r) => r.id);
  const among = named.length ? named : [-1];
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
  return {
    persons: named,
    certificates: ids(
      await db().select({ id: certificate.id }).from(certificate).where(inArray(certificate.personId, among)),
    ),
    work: ids(
      await db()
        .select({ id: application.id })
        .from(application)
        .where(and(eq(application.deleted, false), inArray(application.personId, among))),
    ),
  };
}

async function expectHoldersOf(start: string, extra = '') {
  const want = await ofPersons(like(person.name, `${start}%`));
  const q = `pageSize=500&${extra}`;
  const certs = await searchList<{ id: number; issueDate: string }>(
    api,
    'province',
    `/api/safetyCertificateInfo/list?${q}&name=${encodeURIComponent(start)}`,
  );
  const work = await searchList<{ id: number }>(
    api,
    'province',
    `/api/search/work/list?${q}&personName=${encodeURIComponent(start)}`,
  );
  expect(certs.rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(want.certificates);
  expect(certs.total).toBe(want.certificates.length);
  const keys = certs.rows.map((r) => `${r.issueDate}|${String(r.id).padStart(9, '0')}`);
  expect(keys).toEqual([...keys].sort().reverse());
  expect(work.rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(want.work);
  expect(
    isOrdered(
      work.rows.map((r) => r.id),
      (a, b) => a - b,
      'desc',
    ),
  ).toBe(true);
  return want;
}

describe("a holder's name or ID number start", () => {
  it('lists the certificates and work of many persons by the name, and of a few of them by id', async () => {
    await db().execute(sql`insert into person (name, sex, id_no, birth_date)
      select ${SURNAME} || n, '0', 'T' || lpad(n::text, 17, '0'), date '1980-01-01' from generate_series(1, ${PERSONS}) n`);
    const added = await db()
      .select({ id: person.id })
      .from(person)
      .where(like(person.name, `${SURNAME}%`))
      .orderBy(person.id);
    expect(added).toHaveLength(PERSONS);
    const movedTo = (i: number) => added[(i * 997) % added.length]!.id;
    const certs = await db().select({ id: certificate.id }).from(certificate).orderBy(certificate.id).limit(9);
    const apps = await db()
      .select({ id: application.id })
      .from(application)
      .where(and(eq(application.deleted, false), sql`${application.personId} is not null`))
      .limit(4);
    for (const [i, c] of certs.entries())
      await db()
        .update(certificate)
        .set({ personId: movedTo(i) })
        .where(eq(certificate.id, c.id));
    for (const [i, a] of apps.entries())
      await db()
        .update(application)
        .set({ personId: movedTo(i) })
        .where(eq(application.id, a.id));

    const many = await expectHoldersOf(SURNAME);
    expect(many.certificates).toHaveLength(certs.length);
    expect(many.work).toHaveLength(apps.length);
    // Sorted by name, the holders' index is walked in order: the same rows.
    const byName = await searchList<{ id: number; name: string }>(
      api,
      'province',
      `/api/safetyCertificateInfo/list?pageSize=500&sortField=name&sortOrder=ascend&name=${SURNAME}`,
    );
    expect(
      isOrdered(
        byName.rows.map((r) => r.name),
        byteCompare,
      ),
    ).toBe(true);
    expect(byName.rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(many.certificates);

    // 「乂1」 starts 1, 10–19, 100–199, 1000–1999: a part of them.
    const some = await expectHoldersOf(`${SURNAME}1`);
    expect(some.certificates.every((id) => many.certificates.includes(id))).toBe(true);
    // An ID number start finds the work of its persons through the applications' own copy of it
    // (migration 0039), lower case or not: nine persons' (T…01–T…09), and all of them.
    for (const [start, typed] of [
      ['T0000000000000000', 't0000000000000000'],
      ['T', 'T'],
    ]) {
      const want = (await ofPersons(like(person.idNo, `${start}%`))).work;
      expect(want.length, start).toBeGreaterThan(0);
      const byId = await searchList<{ id: number }>(
        api,
        'province',
        `/api/search/work/list?pageSize=500&idNo=${typed}`,
      );
      expect(
        byId.rows.map((r) => r.id).sort((a, b) => a - b),
        start,
      ).toEqual(want);
      expect(byId.total, start).toBe(want.length);
    }
  });
});
