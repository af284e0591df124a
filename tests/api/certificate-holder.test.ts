/**
 * The certificate list by a typed name or ID number start: matched on the holder's name and ID
 * number as the certificate keeps them (migration 0033's triggers), the same rows as the persons'
 * own, in the order asked; few matches read in that order and the page by their ids, many left to
 * the planner's walk of the order with the total estimated.
 */
import { describe, expect, it } from 'vitest';
import { and, asc, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import type { AuthUser } from '../../server/context.js';
import type { Db } from '../../server/db/client.js';
import { certificate, person } from '../../server/db/schema.js';
import { loadLabels } from '../../server/modules/certificate/labels.js';
import { listCertificates } from '../../server/modules/certificate/query.js';
import { certificateListQuery } from '../../server/modules/certificate/schemas.js';
import { EXACT_TOTAL_CEILING } from '../../server/services/listTotal.js';
import { recording } from '../helpers/recording.js';

let t: TestApp;
apiSuite({
  ready: (app) => {
    t = app;
  },
});
const db = () => t.database.db;

const province = { area: 'all', userType: '02', enterpriseId: null, personId: null, userId: 1 } as AuthUser;
const centre = { area: '1', userType: '02', enterpriseId: null, personId: null, userId: 1 } as AuthUser;

async function listed(user: AuthUser, query: string, on: Db = db()) {
  const q = certificateListQuery.parse(Object.fromEntries(new URLSearchParams(query)));
  return listCertificates(on, user, q, await loadLabels(db()));
}
const idsOf = async (user: AuthUser, query: string) =>
  (await listed(user, `pageSize=500&${query}`)).rows.map((r) => r.id);

/** The certificates whose holder's name or ID number starts so, read through person (the truth the copy must follow). */
async function holdersCertificates(where: SQL, user: AuthUser, order: SQL[]) {
  const rows = await db()
    .select({ id: certificate.id })
    .from(certificate)
    .innerJoin(person, eq(person.id, certificate.personId))
    .where(and(where, user.area === 'all' ? undefined : eq(certificate.area, String(user.area))))
    .orderBy(...order);
  return rows.map((r) => r.id);
}

describe('a typed name or ID number', () => {
  it("lists the holders' certificates in the order asked, page by page, for the province and a centre", async () => {
    const [{ name, idNo }] = (await db()
      .select({ name: person.name, idNo: person.idNo })
      .from(certificate)
      .innerJoin(person, eq(person.id, certificate.personId))
      .orderBy(desc(certificate.issueDate))
      .limit(1)) as [{ name: string; idNo: string }];
    // A surname several of the centre's certificates share (the demo's newest holder's may be alone there).
    const [{ surname }] = (await db()
      .select({ surname: sql<string>`left(${person.name}, 1)` })
      .from(certificate)
      .innerJoin(person, eq(person.id, certificate.personId))
      .where(eq(certificate.area, '1'))
      .groupBy(sql`left(${person.name}, 1)`)
      .orderBy(desc(sql`count(*)`))
      .limit(1)) as [{ surname: string }];
    const bySurname = sql`${person.name} collate "C" like ${`${surname}%`}`;
    const newest = [desc(certificate.issueDate), desc(certificate.id)];
    for (const user of [province, centre]) {
      const all = await holdersCertificates(bySurname, user, newest);
      expect(all.length, String(user.area)).toBeGreaterThan(1);
      expect(await idsOf(user, `name=${surname}`)).toEqual(all);
      expect((await listed(user, `name=${surname}&pageNum=2&pageSize=1`)).rows.map((r) => r.id)).toEqual(
        all.slice(1, 2),
      );
      expect((await listed(user, `name=${surname}`)).total).toBe(all.length);
      expect(await idsOf(user, `name=${surname}&sortField=expiryDate&sortOrder=descend`)).toEqual(
        await holdersCertificates(bySurname, user, [desc(certificate.expiryDate), desc(certificate.id)]),
      );
      // Sorted by name, ties by the issue date, then the id (the holder's index holds both).
      expect(await idsOf(user, `name=${surname}&sortField=name&sortOrder=ascend`)).toEqual(
        await holdersCertificates(bySurname, user, [
          asc(sql`${person.name} collate "C"`),
          asc(certificate.issueDate),
          asc(certificate.id),
        ]),
      );
    }
    // An ID number's start, lower case or not, with the whole number's and the name's together.
    const byIdNo = await holdersCertificates(sql`${person.idNo} like ${`${idNo.slice(0, 6)}%`}`, province, newest);
    expect(await idsOf(province, `idNo=${idNo.slice(0, 6).toLowerCase()}`)).toEqual(byIdNo);
    expect(await idsOf(province, `idNo=${idNo}&name=${name}`)).toEqual(
      await holdersCertificates(and(eq(person.idNo, idNo), eq(person.name, name))!, province, newest),
    );
  });

  it("finds a person's certificates by the name and ID number they have now, changed by any path, and by the new holder's when a certificate changes hands", async () => {
    const [c] = await db().select().from(certificate).limit(1);
    const [p] = await db().select().from(person).where(eq(person.id, c!.personId));
    const theirs = (await db().select({ id: certificate.id }).from(certificate).where(eq(certificate.personId, p!.id)))
      .map((r) => r.id)
      .sort((a, b) => a - b);
    const sortedIds = async (query: string) => (await idsOf(province, query)).sort((a, b) => a - b);
    const newIdNo = '990000199001010000';
    try {
      await db().update(person).set({ name: '改名证书人', idNo: newIdNo }).where(eq(person.id, p!.id));
      expect(await sortedIds(`name=${encodeURIComponent('改名证书')}`)).toEqual(theirs);
      expect(await sortedIds(`idNo=99000019900101`)).toEqual(theirs);
      expect(await idsOf(province, `name=${encodeURIComponent(p!.name)}`)).not.toContain(c!.id);
      expect(await idsOf(province, `idNo=${p!.idNo}`)).not.toContain(c!.id);
      // Shown under the new name.
      expect(
        (await listed(province, `name=${encodeURIComponent('改名证书')}`)).rows.every((r) => r.name === '改名证书人'),
      ).toBe(true);
      // Written directly, the copy is the person's again.
      await db().execute(sql`update certificate set holder_name = '别名', holder_id_no = 'X' where id = ${c!.id}`);
      expect(await idsOf(province, `name=${encodeURIComponent('别名')}`)).toEqual([]);
      expect(await idsOf(province, `name=${encodeURIComponent('改名证书')}`)).toContain(c!.id);
      // The certificate passes to another person: found under theirs, no longer under the first.
      const [other] = await db()
        .select()
        .from(person)
        .where(sql`${person.id} <> ${p!.id} and ${person.name} not like '改名%'`)
        .limit(1);
      await db().update(certificate).set({ personId: other!.id }).where(eq(certificate.id, c!.id));
      expect(await idsOf(province, `name=${encodeURIComponent(other!.name)}`)).toContain(c!.id);
      expect(await idsOf(province, `idNo=${other!.idNo}`)).toContain(c!.id);
      expect(await sortedIds(`name=${encodeURIComponent('改名证书')}`)).toEqual(theirs.filter((id) => id !== c!.id));
    } finally {
      await db().update(certificate).set({ personId: p!.id }).where(eq(certificate.id, c!.id));
      await db().update(person).set({ name: p!.name, idNo: p!.idNo }).where(eq(person.id, p!.id));
    }
    expect(await sortedIds(`idNo=${p!.idNo}`)).toEqual(theirs);
  });

  /** The page's statement: its rows' holders looked up (certificate/query.ts). */
  const PAGE = "'idNo', p.id_no";
  it("reads a typed start's few matches in the list's order and the page by their ids; past the ceiling, newest first with the total estimated", async () => {
    const [c] = await db().select().from(certificate).limit(1);
    const [p] = await db().select().from(person).where(eq(person.id, c!.personId));
    for (const [user, query] of [
      [province, `name=${encodeURIComponent(p!.name)}`],
      [centre, `name=${encodeURIComponent(p!.name)}&sortField=expiryDate&sortOrder=ascend`],
      [province, `idNo=${p!.idNo}&category=${c!.category}`],
    ] as const) {
      const rec = recording(db());
      const few = await listed(user, query, rec.db as Db);
      expect(few.totalExact, query).toBe(true);
      // One statement finds the matches in order (the total is how many), the page is read by id under a kept plan; nothing counts.
      expect(
        rec.sent.filter((s) => s.includes('string_agg(m.id::text') && s.includes(' order by m.k0 ')),
        query,
      ).toHaveLength(1);
      expect(
        rec.named.filter((s) => s.includes(PAGE) && s.includes('"certificate"."id" = any(')),
        query,
      ).toHaveLength(few.rows.length ? 1 : 0);
      expect(
        rec.sent.some((s) => s.startsWith('select count(*)')),
        query,
      ).toBe(false);
    }

    // More certificates than the exact count's ceiling carry one rare name.
    const name = '乂多证书';
    const [holder] = await db()
      .insert(person)
      .values({ name, sex: '0', idNo: '990000198001010011', birthDate: '1980-01-01' })
      .returning();
    await db().execute(sql`insert into certificate (cert_no, category, person_id, enterprise_id, position, issue_date, valid_from, expiry_date, status, query_code, issuing_authority, area)
      select 'T' || n, category, ${holder!.id}, enterprise_id, position, issue_date - n, valid_from - n, expiry_date, status, 'TQ' || n, issuing_authority, area
      from certificate, generate_series(1, ${EXACT_TOTAL_CEILING + 1}) n where id = ${c!.id}`);
    const rec2 = recording(db());
    const many = await listed(province, `name=${encodeURIComponent(name)}&pageSize=10`, rec2.db as Db);
    expect(many.totalExact).toBe(false);
    expect(many.total).toBeGreaterThan(EXACT_TOTAL_CEILING);
    const newest = await db()
      .select({ id: certificate.id })
      .from(certificate)
      .where(like(certificate.holderName, `${name}%`))
      .orderBy(desc(certificate.issueDate), desc(certificate.id))
      .limit(10);
    expect(many.rows.map((r) => r.id)).toEqual(newest.map((r) => r.id));
    expect(many.rows.every((r) => r.name === name)).toBe(true);
    // Found by walking the order (no key written around an index), the total the planner's estimate, not counted.
    expect(rec2.sent.find((s) => s.includes(PAGE))).not.toContain('+ 0');
    expect(rec2.sent.some((s) => s.startsWith('select count(*)'))).toBe(false);
    // Another page of the same name: known to be many, the matches are not read again.
    expect(
      (await listed(province, `name=${encodeURIComponent(name)}&pageSize=10&pageNum=2`, rec2.db as Db)).rows,
    ).toHaveLength(10);
    expect(rec2.sent.filter((s) => s.includes('string_agg('))).toHaveLength(1);
  });
});
