/**
 * Personal data stays need-to-know. Every list and search of the API, called as every demo account,
 * carries no unmasked identity number or phone of anybody but the caller (scanned in the JSON).
 * Detail views show the real values only to whose duty needs them (the holder, the reviewing
 * centre, the current employer, the record's administrator), and each such view of somebody
 * else's data leaves a row in the personal-data access log that the audit administrator reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.js';
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

beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const ACCOUNTS = ['admin', 'secadmin', 'auditor', 'province', 'gz_sl', 'gz_cs', 'gz_bj', 'sz_staff', 'prov_staff', 'ent_gz', 'ent_sz', 'ent_prov', 'person1', 'person_gz1'];

describe('lists and searches, as every account', () => {
  it('never carry an unmasked ID number or phone of anybody but the caller', async () => {
    const people = await db().select({ id: person.id, idNo: person.idNo, phone: person.phone }).from(person);
    const accounts = await db().select({ userId: sysUser.userId, userName: sysUser.userName, phone: sysUser.phone, personId: sysUser.personId }).from(sysUser);
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const lists = Object.entries(doc.paths)
      .filter(([path, ops]) => ops.get && !path.includes('{') && !/export|download|preview|template|captcha|\/code$|logout|sendMessage|docs/.test(path))
      .map(([path, ops]) => `${path}${ops.get!.parameters?.some((p) => p.name === 'pageSize') ? '?pageSize=100' : ''}`);
    expect(lists.length).toBeGreaterThan(60);
    const leaks: string[] = [];
    let scanned = 0;
    for (const user of ACCOUNTS) {
      const me = accounts.find((a) => a.userName === user)!;
      const own = new Set([me.phone, ...people.filter((p) => p.id === me.personId).flatMap((p) => [p.idNo, p.phone])].filter(Boolean));
      const secrets = new Map<string, string>();
      for (const p of people) {
        if (!own.has(p.idNo)) secrets.set(p.idNo, `ID number of person ${p.id}`);
        if (p.phone && !own.has(p.phone)) secrets.set(p.phone, `phone of person ${p.id}`);
      }
      for (const a of accounts) if (a.phone && !own.has(a.phone)) secrets.set(a.phone, `phone of account ${a.userName}`);
      for (const url of lists) {
        const res = await get(user, url);
        if (!String(res.headers['content-type'] ?? '').includes('json')) continue;
        scanned += 1;
        // Values sit in the JSON as whole strings: a masked one can never equal a real one.
        const values = new Set<string>();
        JSON.parse(res.body, (_k, v: unknown) => { if (typeof v === 'string') values.add(v); return v; });
        for (const v of values) {
          const whose = secrets.get(v) ?? (v.length > 11 ? secrets.get(v.replace(/^.*?（|）.*$/g, '')) : undefined);
          if (whose) leaks.push(`${user} GET ${url}: ${whose}`);
        }
      }
    }
    expect(scanned).toBeGreaterThan(100);
    expect(leaks.slice(0, 20)).toEqual([]);
  });
});

describe('finding 1: an enterprise cannot read another enterprise\'s holder through a draft', () => {
  it('refuses an inner transfer of a holder who does not work for the applicant, writing nothing', async () => {
    const [entGz] = await db().select().from(sysUser).where(eq(sysUser.userName, 'ent_gz'));
    const [foreign] = await db().select({ c: certificate, p: person }).from(certificate).innerJoin(person, eq(person.id, certificate.personId))
      .where(and(eq(certificate.enterpriseId, entGz!.enterpriseId!), eq(certificate.status, '01'), eq(person.enterpriseId, entGz!.enterpriseId!))).limit(1);
    const before = (await db().select({ n: count() }).from(application))[0]!.n;
    const res = await t.call(await as('ent_sz'), { method: 'POST', url: '/api/apply/inner/save', payload: { certificateId: foreign!.c.id, payload: {} } });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(foreign!.p.idNo);
    expect(res.body).not.toContain(foreign!.p.phone ?? 'no phone');
    expect((await db().select({ n: count() }).from(application))[0]!.n).toBe(before);
  });
});

describe('detail views by duty', () => {
  const accessRows = async (userName: string, personId: number) =>
    db().select().from(personalDataAccess).where(and(eq(personalDataAccess.userName, userName), eq(personalDataAccess.personId, personId)));

  it('the holder sees their own certificate in full, and that is not logged', async () => {
    const [p1] = await db().select().from(sysUser).where(eq(sysUser.userName, 'person1'));
    const [holder] = await db().select().from(person).where(eq(person.id, p1!.personId!));
    const [cert] = await db().select().from(certificate).where(and(eq(certificate.personId, holder!.id), eq(certificate.status, '01'))).limit(1);
    const res = (await get('person1', `/api/safetyCertificateInfo/get/${cert!.id}`)).json();
    expect(res.data.holder).toMatchObject({ idNo: holder!.idNo, phone: holder!.phone, birthDate: holder!.birthDate });
    expect(await accessRows('person1', holder!.id)).toHaveLength(0);
  });

  it('the employer and the centre see the holder in full, each view logged with its duty and route', async () => {
    const [entGz] = await db().select().from(sysUser).where(eq(sysUser.userName, 'ent_gz'));
    const [row] = await db().select({ c: certificate, p: person }).from(certificate).innerJoin(person, eq(person.id, certificate.personId))
      .where(and(eq(certificate.enterpriseId, entGz!.enterpriseId!), eq(person.enterpriseId, entGz!.enterpriseId!), eq(certificate.status, '01'))).limit(1);
    for (const [user, purpose] of [['ent_gz', 'employer'], ['gz_sl', 'certificate:staff']] as const) {
      const res = (await get(user, `/api/safetyCertificateInfo/get/${row!.c.id}`)).json();
      expect(res.data.holder.idNo).toBe(row!.p.idNo);
      expect(res.data.idNo).toBe(row!.p.idNo);
      const logged = await accessRows(user, row!.p.id);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ purpose, fields: expect.stringContaining('idNo'), subjectName: row!.p.name });
      expect(logged[0]!.route).toBe('GET /api/safetyCertificateInfo/get/:id');
    }
  });

  it('an enterprise reading the certificate of a holder who no longer works there sees it masked and nothing is logged', async () => {
    const [entGz] = await db().select().from(sysUser).where(eq(sysUser.userName, 'ent_gz'));
    const [entSz] = await db().select().from(sysUser).where(eq(sysUser.userName, 'ent_sz'));
    const [row] = await db().select({ c: certificate, p: person }).from(certificate).innerJoin(person, eq(person.id, certificate.personId))
      .where(and(eq(certificate.enterpriseId, entGz!.enterpriseId!), eq(certificate.status, '01'), ne(certificate.personId, -1))).orderBy(desc(certificate.id)).limit(1);
    // The holder has moved on to another employer; the certificate still names ent_gz until a transfer.
    await db().update(person).set({ enterpriseId: entSz!.enterpriseId }).where(eq(person.id, row!.p.id));
    const res = (await get('ent_gz', `/api/safetyCertificateInfo/get/${row!.c.id}`)).json();
    expect(res.data.holder.idNo).toBe(maskIdNo(row!.p.idNo));
    expect(res.data.holder.phone).toBe(maskPhone(row!.p.phone));
    expect(res.data.holder.birthDate).toBe(`${row!.p.birthDate.slice(0, 4)}-**-**`);
    expect(await accessRows('ent_gz', row!.p.id)).toHaveLength(0);
  });

  it('the person administrator gets the real values in the edit form (logged); the list stays masked', async () => {
    const [p] = await db().select().from(person).where(eq(person.id, 1));
    const list = (await get('admin', `/api/system/person/list?name=${encodeURIComponent(p!.name)}&pageSize=50`)).json();
    const listed = list.rows.find((r: { id: number }) => r.id === p!.id);
    expect(listed).toMatchObject({ idNo: maskIdNo(p!.idNo), phone: maskPhone(p!.phone) });
    const got = (await get('admin', `/api/system/person/get/${p!.id}`)).json();
    expect(got.data).toMatchObject({ idNo: p!.idNo, phone: p!.phone, birthDate: p!.birthDate });
    expect(await accessRows('admin', p!.id)).toEqual([expect.objectContaining({ purpose: 'admin:person' })]);
  });

  it('a user\'s phone: masked in the user list, real in the edit form of the user administrator (logged)', async () => {
    const [gz] = await db().select().from(sysUser).where(eq(sysUser.userName, 'gz_cs'));
    const list = (await get('admin', '/api/system/user/list?userName=gz_cs')).json();
    expect(list.rows[0].phone).toBe(maskPhone(gz!.phone));
    expect((await get('admin', `/api/system/user/get/${gz!.userId}`)).json().data.phone).toBe(gz!.phone);
    const logged = await db().select().from(personalDataAccess).where(and(eq(personalDataAccess.userName, 'admin'), eq(personalDataAccess.subjectUserId, gz!.userId)));
    expect(logged).toEqual([expect.objectContaining({ purpose: 'admin:user', fields: 'phone' })]);
    expect((await get('secadmin', `/api/system/user/get/${gz!.userId}`)).json().data.phone).toBe(maskPhone(gz!.phone));
  });

  it('the audit administrator reads and exports the access log; nobody else does', async () => {
    const list = await get('auditor', '/api/system/pdlog/list?pageSize=100');
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBeGreaterThanOrEqual(4);
    expect(list.json().rows[0]).toMatchObject({ purposeLabel: expect.any(String), fieldsLabel: expect.any(String) });
    const exported = await get('auditor', '/api/system/pdlog/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    for (const user of ['admin', 'secadmin', 'gz_sl', 'ent_gz', 'person1']) expect((await get(user, '/api/system/pdlog/list')).statusCode, user).toBe(403);
  });
});
