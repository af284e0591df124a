/**
 * Personal data stays need-to-know. Every list and search of the API, called as every demo account,
 * carries no unmasked identity number or phone of anybody but the caller (scanned in the JSON).
 * Detail views mask them too (issue #47 item 4) and offer a reveal to whose duty needs it (the
 * reviewing centre, the current employer, the record's administrator); each click reveals one
 * value, is checked like the detail, and leaves a row in the personal-data access log (who, whose,
 * when, why, through which record) that the audit administrator reads.
 */
import { describe, expect, it } from 'vitest';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { application, certificate, person, personalDataAccess, sysUser } from '../../server/db/schema.js';
import { maskIdNo, maskPhone } from '../../server/services/personalData.js';

let t: TestApp;
const tokens = new Map<string, string>();
const as = async (user: string) => {
  if (!tokens.has(user)) tokens.set(user, await t.login(user));
  return tokens.get(user)!;
};
const get = async (user: string, url: string) => t.call(await as(user), { url });
const db = () => t.database.db;

apiSuite({
  ready: (app) => {
    t = app;
  },
});

const ACCOUNTS = [
  'admin',
  'secadmin',
  'auditor',
  'province',
  'gz_sl',
  'gz_cs',
  'gz_bj',
  'sz_staff',
  'prov_staff',
  'ent_gz',
  'ent_sz',
  'ent_prov',
  'person1',
  'person_gz1',
];

describe('lists and searches, as every account', () => {
  it('never carry an unmasked ID number or phone of anybody but the caller', async () => {
    const people = await db().select({ id: person.id, idNo: person.idNo, phone: person.phone }).from(person);
    const accounts = await db()
      .select({ userId: sysUser.userId, userName: sysUser.userName, phone: sysUser.phone, personId: sysUser.personId })
      .from(sysUser);
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const lists = Object.entries(doc.paths)
      .filter(
        ([path, ops]) =>
          ops.get &&
          !path.includes('{') &&
          !/export|download|preview|template|captcha|\/code$|logout|sendMessage|docs/.test(path),
      )
      .map(([path, ops]) => `${path}${ops.get!.parameters?.some((p) => p.name === 'pageSize') ? '?pageSize=100' : ''}`);
    expect(lists.length).toBeGreaterThan(60);
    const leaks: string[] = [];
    let scanned = 0;
    for (const user of ACCOUNTS) {
      const me = accounts.find((a) => a.userName === user)!;
      const own = new Set(
        [me.phone, ...people.filter((p) => p.id === me.personId).flatMap((p) => [p.idNo, p.phone])].filter(Boolean),
      );
      const secrets = new Map<string, string>();
      for (const p of people) {
        if (!own.has(p.idNo)) secrets.set(p.idNo, `ID number of person ${p.id}`);
        if (p.phone && !own.has(p.phone)) secrets.set(p.phone, `phone of person ${p.id}`);
      }
      for (const a of accounts)
        if (a.phone && !own.has(a.phone)) secrets.set(a.phone, `phone of account ${a.userName}`);
      for (const url of lists) {
        const res = await get(user, url);
        if (!String(res.headers['content-type'] ?? '').includes('json')) continue;
        scanned += 1;
        // Values sit in the JSON as whole strings: a masked one can never equal a real one.
        const values = new Set<string>();
        JSON.parse(res.body, (_k, v: unknown) => {
          if (typeof v === 'string') values.add(v);
          return v;
        });
        for (const v of values) {
          const whose = secrets.get(v) ?? (v.length > 11 ? secrets.get(v.replace(/^.*?（|）.*$/g, '')) : undefined);
          if (whose) leaks.push(`${user} GET ${url}: ${whose}`);
        }
      }
    }
    expect(scanned).toBeGreaterThan(100);
    expect(leaks.slice(0, 20)).toEqual([]);
    // Every list route for every account: ~50 s alone on 2 cores, more beside other work.
  }, 180_000);
});

describe("finding 1: an enterprise cannot read another enterprise's holder through a draft", () => {
  it('refuses an inner transfer of a holder who does not work for the applicant, writing nothing', async () => {
    const [entGz] = await db().select().from(sysUser).where(eq(sysUser.userName, 'ent_gz'));
    const [foreign] = await db()
      .select({ c: certificate, p: person })
      .from(certificate)
      .innerJoin(person, eq(person.id, certificate.personId))
      .where(
        and(
          eq(certificate.enterpriseId, entGz!.enterpriseId!),
          eq(certificate.status, '01'),
          eq(person.enterpriseId, entGz!.enterpriseId!),
        ),
      )
      .limit(1);
    const before = (await db().select({ n: count() }).from(application))[0]!.n;
    const res = await t.call(await as('ent_sz'), {
      method: 'POST',
      url: '/api/apply/inner/save',
      payload: { certificateId: foreign!.c.id, payload: {} },
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(foreign!.p.idNo);
    expect(res.body).not.toContain(foreign!.p.phone ?? 'no phone');
    expect((await db().select({ n: count() }).from(application))[0]!.n).toBe(before);
  });
});

describe('detail views: masked by default, revealed by a logged click where the duty needs it', () => {
  const accessRows = async (userName: string, personId: number) =>
    db()
      .select()
      .from(personalDataAccess)
      .where(and(eq(personalDataAccess.userName, userName), eq(personalDataAccess.personId, personId)));
  const reveal = (user: string, field: string, source: string, id: number) =>
    t.call(tokens.get(user) ?? null, {
      method: 'POST',
      url: `/api/personalData/${field}/reveal`,
      payload: { source, id },
    });
  const revealAs = async (user: string, field: string, source: string, id: number) => {
    await as(user);
    return reveal(user, field, source, id);
  };

  it('the holder sees their own certificate in full, and that is not logged', async () => {
    const [p1] = await db().select().from(sysUser).where(eq(sysUser.userName, 'person1'));
    const [holder] = await db().select().from(person).where(eq(person.id, p1!.personId!));
    const [cert] = await db()
      .select()
      .from(certificate)
      .where(and(eq(certificate.personId, holder!.id), eq(certificate.status, '01')))
      .limit(1);
    const res = (await get('person1', `/api/safetyCertificateInfo/get/${cert!.id}`)).json();
    expect(res.data.holder).toMatchObject({ idNo: holder!.idNo, phone: holder!.phone, birthDate: holder!.birthDate });
    expect(await accessRows('person1', holder!.id)).toHaveLength(0);
  });

  it('the employer and the centre see the holder masked; a click reveals one value, logged with duty, route and record', async () => {
    const [entGz] = await db().select().from(sysUser).where(eq(sysUser.userName, 'ent_gz'));
    const [row] = await db()
      .select({ c: certificate, p: person })
      .from(certificate)
      .innerJoin(person, eq(person.id, certificate.personId))
      .where(
        and(
          eq(certificate.enterpriseId, entGz!.enterpriseId!),
          eq(person.enterpriseId, entGz!.enterpriseId!),
          eq(certificate.status, '01'),
        ),
      )
      .limit(1);
    for (const [user, purpose] of [
      ['ent_gz', 'employer'],
      ['gz_sl', 'certificate:staff'],
    ] as const) {
      const res = (await get(user, `/api/safetyCertificateInfo/get/${row!.c.id}`)).json();
      expect(res.data.holder).toMatchObject({
        idNo: maskIdNo(row!.p.idNo),
        phone: maskPhone(row!.p.phone),
        birthDate: `${row!.p.birthDate.slice(0, 4)}-**-**`,
      });
      expect(res.data.idNo).toBe(maskIdNo(row!.p.idNo));
      expect(res.data.holder.personalData).toEqual({
        source: 'certificate',
        id: row!.c.id,
        fields: expect.arrayContaining(['idNo', 'birthDate']),
      });
      // Opening the detail leaks nothing and logs nothing.
      expect(await accessRows(user, row!.p.id)).toHaveLength(0);
      const shown = await revealAs(user, 'idNo', 'certificate', row!.c.id);
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json().data.value).toBe(row!.p.idNo);
      const logged = await accessRows(user, row!.p.id);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({
        purpose,
        fields: 'idNo',
        subjectName: row!.p.name,
        via: `certificate:${row!.c.id}`,
        route: 'POST /api/personalData/idNo/reveal',
      });
    }
  });

  it('an enterprise reading the certificate of a holder who no longer works there is offered nothing, and a reveal is refused unlogged', async () => {
    const [entGz] = await db().select().from(sysUser).where(eq(sysUser.userName, 'ent_gz'));
    const [entSz] = await db().select().from(sysUser).where(eq(sysUser.userName, 'ent_sz'));
    const [row] = await db()
      .select({ c: certificate, p: person })
      .from(certificate)
      .innerJoin(person, eq(person.id, certificate.personId))
      .where(
        and(
          eq(certificate.enterpriseId, entGz!.enterpriseId!),
          eq(certificate.status, '01'),
          ne(certificate.personId, -1),
        ),
      )
      .orderBy(desc(certificate.id))
      .limit(1);
    // The holder has moved on to another employer; the certificate still names ent_gz until a transfer.
    await db().update(person).set({ enterpriseId: entSz!.enterpriseId }).where(eq(person.id, row!.p.id));
    const res = (await get('ent_gz', `/api/safetyCertificateInfo/get/${row!.c.id}`)).json();
    expect(res.data.holder.idNo).toBe(maskIdNo(row!.p.idNo));
    expect(res.data.holder.personalData.fields).toEqual([]);
    const refused = await revealAs('ent_gz', 'idNo', 'certificate', row!.c.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(row!.p.idNo);
    // Another enterprise cannot reach the certificate at all.
    expect((await revealAs('ent_prov', 'idNo', 'certificate', row!.c.id)).statusCode).toBe(403);
    expect(await accessRows('ent_gz', row!.p.id)).toHaveLength(0);
  });

  it('the person administrator edits with masked values, reveals by a click (logged); sent back masked they are kept', async () => {
    const [p] = await db().select().from(person).where(eq(person.id, 1));
    const list = (await get('admin', `/api/system/person/list?name=${encodeURIComponent(p!.name)}&pageSize=50`)).json();
    const listed = list.rows.find((r: { id: number }) => r.id === p!.id);
    expect(listed).toMatchObject({ idNo: maskIdNo(p!.idNo), phone: maskPhone(p!.phone) });
    const got = (await get('admin', `/api/system/person/get/${p!.id}`)).json().data;
    expect(got).toMatchObject({
      idNo: maskIdNo(p!.idNo),
      phone: maskPhone(p!.phone),
      personalData: {
        source: 'person',
        id: p!.id,
        fields: ['idNo', 'phone', 'birthDate'].filter((f) => (p as Record<string, unknown>)[f]),
      },
    });
    expect(await accessRows('admin', p!.id)).toEqual([]);
    const shown = await revealAs('admin', 'birthDate', 'person', p!.id);
    expect(shown.json().data.value).toBe(p!.birthDate);
    expect(await accessRows('admin', p!.id)).toEqual([
      expect.objectContaining({ purpose: 'admin:person', fields: 'birthDate', via: `person:${p!.id}` }),
    ]);
    // The form as shown, with only the name changed: identity number, birth date and phone stay.
    const saved = await t.call(tokens.get('admin')!, {
      method: 'POST',
      url: '/api/system/person/update',
      payload: {
        id: p!.id,
        name: `${p!.name}`,
        sex: p!.sex,
        idType: p!.idType,
        idNo: got.idNo,
        birthDate: got.birthDate,
        phone: got.phone,
        education: p!.education,
        title: p!.title,
        enterpriseId: p!.enterpriseId,
        employStatus: p!.employStatus,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [after] = await db().select().from(person).where(eq(person.id, p!.id));
    expect(after).toMatchObject({ idNo: p!.idNo, birthDate: p!.birthDate, phone: p!.phone });
    // A masked value that is not this person's is refused, never stored.
    const bad = await t.call(tokens.get('admin')!, {
      method: 'POST',
      url: '/api/system/person/update',
      payload: {
        id: p!.id,
        name: p!.name,
        sex: p!.sex,
        idType: p!.idType,
        idNo: '440***********0000',
        employStatus: p!.employStatus,
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('idNo');
  });

  it("a user's phone: masked in the list and the edit form; the user administrator reveals it (logged), the security administrator may not", async () => {
    const [gz] = await db().select().from(sysUser).where(eq(sysUser.userName, 'gz_cs'));
    const list = (await get('admin', '/api/system/user/list?userName=gz_cs')).json();
    expect(list.rows[0].phone).toBe(maskPhone(gz!.phone));
    const got = (await get('admin', `/api/system/user/get/${gz!.userId}`)).json().data;
    expect(got.phone).toBe(maskPhone(gz!.phone));
    expect(got.personalData).toEqual({ source: 'user', id: gz!.userId, fields: ['phone'] });
    expect((await revealAs('admin', 'phone', 'user', gz!.userId)).json().data.value).toBe(gz!.phone);
    const logged = await db()
      .select()
      .from(personalDataAccess)
      .where(and(eq(personalDataAccess.userName, 'admin'), eq(personalDataAccess.subjectUserId, gz!.userId)));
    expect(logged).toEqual([
      expect.objectContaining({ purpose: 'admin:user', fields: 'phone', via: `user:${gz!.userId}` }),
    ]);
    expect((await get('secadmin', `/api/system/user/get/${gz!.userId}`)).json().data.personalData.fields).toEqual([]);
    expect((await revealAs('secadmin', 'phone', 'user', gz!.userId)).statusCode).toBe(403);
    // A user account holds no identity number.
    expect((await revealAs('admin', 'idNo', 'user', gz!.userId)).statusCode).toBe(403);
  });

  it("the case view and the apply check show the holder's ID masked; the reviewer reveals it through the application (logged), another centre cannot", async () => {
    const [app] = await db()
      .select({ id: application.id, personId: application.personId, area: application.area })
      .from(application)
      .where(and(eq(application.area, '1'), eq(application.status, 3), eq(application.deleted, false)))
      .limit(1);
    const [holder] = await db().select().from(person).where(eq(person.id, app!.personId!));
    const view = await get('gz_cs', `/api/workflow/${app!.id}/case`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.body).not.toContain(holder!.idNo);
    const data = view.json().data;
    expect(data.checks.now.facts.idNo).toBe(maskIdNo(holder!.idNo));
    if (data.checks.submitted)
      expect(data.checks.submitted.facts.idNo ?? maskIdNo(holder!.idNo)).toBe(maskIdNo(holder!.idNo));
    expect(data.personalData).toMatchObject({
      source: 'application',
      id: app!.id,
      fields: expect.arrayContaining(['idNo']),
    });
    const shown = await revealAs('gz_cs', 'idNo', 'application', app!.id);
    expect(shown.json().data.value).toBe(holder!.idNo);
    expect(await accessRows('gz_cs', holder!.id)).toEqual([
      expect.objectContaining({ purpose: 'review', via: `application:${app!.id}` }),
    ]);
    for (const other of ['sz_staff', 'ent_sz', 'person2']) {
      const refused = await revealAs(other, 'idNo', 'application', app!.id);
      expect([403, 404], other).toContain(refused.statusCode);
      expect(refused.body).not.toContain(holder!.idNo);
    }
  });

  it("the apply wizard's step 0 (candidates) and its check panel show the enterprise its holders' ID numbers masked", async () => {
    let factsShown = 0;
    for (const type of ['delay', 'modify', 'newCert'] as const) {
      const base = type === 'newCert' ? '/api/apply/newCert' : `/api/apply/${type}`;
      const res = await get('ent_gz', `${base}/candidates`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().data as { personId: number; certificateId: number | null; idNo: string }[];
      expect(rows.length, type).toBeGreaterThan(0);
      for (const row of rows) expect(row.idNo, `${type} candidate ${row.personId}`).toMatch(/^\d{3}\*+\d{3}[\dX]$/);
      const [holder] = await db().select({ idNo: person.idNo }).from(person).where(eq(person.id, rows[0]!.personId));
      expect(res.body).not.toContain(holder!.idNo);
      // The check panel of the first few candidates: a passed check shows the facts it looked at.
      for (const row of rows.slice(0, 12)) {
        const query = row.certificateId
          ? `certificateId=${row.certificateId}`
          : `personId=${row.personId}&category=C3&position=08`;
        const check = await get('ent_gz', `/api/applyCertification/checkDataByApplyId?businessType=${type}&${query}`);
        expect(check.statusCode, check.body).toBe(200);
        const [who] = await db().select({ idNo: person.idNo }).from(person).where(eq(person.id, row.personId));
        expect(check.body, type).not.toContain(who!.idNo);
        // A passed check answers the facts it looked at (SPEC 5: code 0 and data).
        const facts = check.json().data as Record<string, unknown> | null;
        if (facts?.idNo) {
          expect(facts.idNo).toBe(maskIdNo(who!.idNo));
          factsShown += 1;
        }
      }
    }
    // The check panel names the holder for a certificate's business at least.
    expect(factsShown).toBeGreaterThan(0);
  });

  it('every record a reveal goes through is checked: a missing one is 404, a bad source or field 400', async () => {
    expect((await revealAs('admin', 'idNo', 'person', 999_999)).statusCode).toBe(404);
    expect((await revealAs('admin', 'idNo', 'nowhere', 1)).statusCode).toBe(400);
    expect((await revealAs('admin', 'address', 'person', 1)).statusCode).toBe(404);
  });

  it('the audit administrator reads and exports the access log; nobody else does', async () => {
    const list = await get('auditor', '/api/system/pdlog/list?pageSize=100');
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBeGreaterThanOrEqual(4);
    expect(list.json().rows[0]).toMatchObject({
      purposeLabel: expect.any(String),
      fieldsLabel: expect.any(String),
      via: expect.any(String),
    });
    const viaApplications = (await get('auditor', '/api/system/pdlog/list?via=application:')).json();
    expect(viaApplications.total).toBeGreaterThanOrEqual(1);
    expect(viaApplications.rows.every((r: { via: string }) => r.via.startsWith('application:'))).toBe(true);
    const exported = await get('auditor', '/api/system/pdlog/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    for (const user of ['admin', 'secadmin', 'gz_sl', 'ent_gz', 'person1'])
      expect((await get(user, '/api/system/pdlog/list')).statusCode, user).toBe(403);
  });
});
