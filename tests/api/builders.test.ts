/**
 * The data builders of tests/helpers/builders.ts make what they say, through the real writers: the
 * rows answer on the API as users see them, their accounts sign in with the roles asked for, a
 * certificate's history replays to its row and keeps every invariant of the nightly check, an
 * application's history replays to its snapshot and its next events are the step's.
 */
import { describe, expect, it } from 'vitest';
import { CERT_STATUSES } from '../../machines/certificate.machine.js';
import { checkIdNumber } from '../../machines/residentIdNumber.js';
import { isValidCreditCode } from '../../machines/creditCode.js';
import { enterprise, person } from '../../server/db/schema.js';
import { checkCertificateInvariants } from '../../server/jobs/certificateInvariants.js';
import { chinaDate } from '../../server/lib/days.js';
import { replayCertificate } from '../../server/modules/certificate/history.js';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import {
  aCertificate,
  anApplication,
  anEnterprise,
  aPerson,
  aUser,
  centreOf,
  type BuiltCertificate,
} from '../helpers/builders.js';

let t: TestApp;
const api = apiSuite({
  ready: (app) => {
    t = app;
  },
});
const today = () => chinaDate(t.clock.now());
const me = async (user: string) => (await api.get(user, '/api/system/user/getLoginUser')).json().data;

describe('anEnterprise, aPerson, aUser', () => {
  it('make an enterprise of the centre asked for, whose account signs in as it', async () => {
    const ent = await anEnterprise(t, { area: '2' });
    expect(isValidCreditCode(ent.creditCode)).toBe(true);
    const info = (await me(ent.user.userName)).info;
    expect(info).toMatchObject({ userType: '03', loginName: ent.user.userName });
    expect(info.enterpriseInfo).toMatchObject({ name: ent.name, enterpriseOwnership: '2' });
  });

  it('make a person with a valid GB 11643 number of the sex asked for, employed by the enterprise', async () => {
    const ent = await anEnterprise(t);
    const woman = await aPerson(t, { enterprise: ent, sex: '1', birthDate: '1990-02-28' });
    const man = await aPerson(t, { enterprise: ent, birthDate: '1990-02-28' });
    for (const p of [woman, man]) expect(checkIdNumber(p.idNo, today())).toMatchObject({ ok: true });
    expect(Number(woman.idNo[16]) % 2).toBe(0);
    expect(Number(man.idNo[16]) % 2).toBe(1);
    expect(woman.idNo.slice(6, 14)).toBe('19900228');
    expect((await me(woman.user.userName)).info.userType).toBe('04');
    // The staff register and the three databases: the business rules take them as the enterprise's.
    const rules = await api.get(
      ent.user.userName,
      `/api/applyCertification/checkDataByApplyId?businessType=inProvince&personId=${man.id}`,
    );
    expect(rules.json().code, rules.body).not.toBe(6);
    expect(rules.json().code, rules.body).not.toBe(7);
  });

  it('make rows no demo row and no other call has', async () => {
    const names = new Set((await t.database.db.select({ name: enterprise.name }).from(enterprise)).map((e) => e.name));
    const idNos = new Set((await t.database.db.select({ idNo: person.idNo }).from(person)).map((p) => p.idNo));
    const a = await aPerson(t);
    const b = await aPerson(t);
    expect(a.name).not.toBe(b.name);
    expect(a.idNo).not.toBe(b.idNo);
    expect(idNos.has(a.idNo) || idNos.has(b.idNo)).toBe(false);
    const ents = await Promise.all([anEnterprise(t), anEnterprise(t)]);
    expect(ents[0]!.creditCode).not.toBe(ents[1]!.creditCode);
    expect(ents.some((e) => names.has(e.name))).toBe(false);
  });

  it('make a user with the roles and department asked for', async () => {
    const staff = await aUser(t, { roles: ['step_cs', 'step_sh'], dept: centreOf('3') });
    const data = await me(staff.userName);
    expect(data.info).toMatchObject({ userType: '02', area: '3' });
    expect([...data.roleIds].sort()).toEqual(['step_cs', 'step_sh']);
    await expect(aUser(t, { roles: ['no_such_role'] })).rejects.toThrow('no_such_role');
  });
});

describe('aCertificate', () => {
  const built = new Map<string, BuiltCertificate>();

  it.each(CERT_STATUSES.map((s) => [s]))('in %s shows it on the detail and replays its history', async (state) => {
    const cert = await aCertificate(t, { state, category: state === '07' ? 'B' : 'C3' });
    built.set(state, cert);
    const res = await api.get('province', `/api/safetyCertificateInfo/get/${cert.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ certNo: cert.certNo, status: state });
    expect(d.holder.name).toBe(cert.holder.name);
    expect(await replayCertificate(t.database.db, cert.id)).toMatchObject({ consistent: true, error: null });
    // Punished states have their punishment behind them (the 暂扣 in force, the ban).
    expect(cert.punishmentId !== null).toBe(['02', '03', '07'].includes(state));
  });

  it('leaves every certificate keeping the invariants of the nightly check', async () => {
    expect(built.size).toBe(CERT_STATUSES.length);
    const report = await checkCertificateInvariants(t.database.db, t.clock);
    expect(report.violations).toEqual([]);
  });

  it('is found by its query code on the public page, with the state it is in', async () => {
    const cert = built.get('02') ?? (await aCertificate(t, { state: '02' }));
    const res = await t.app.inject({ url: `/api/cert/${cert.queryCode}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.stringify(res.json())).toContain('暂扣');
  });
});

describe('anApplication', () => {
  const detail = async (user: string, id: number) => {
    const res = await api.get(user, `/api/workflow/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const replays = async (user: string, id: number) =>
    (await api.get(user, `/api/workflow/${id}/audit`)).json().data as { consistent: boolean };

  it('a saved draft: the applicant may submit it', async () => {
    const app = await anApplication(t, { businessType: 'modify', step: 'saved' });
    expect((await detail(app.applicant.userName, app.id)).allowedEvents).toEqual(['SAVE', 'SUBMIT', 'DELETE']);
  });

  it('waiting for its holder: the holder may confirm it', async () => {
    const app = await anApplication(t, { businessType: 'outProvince', step: 'personCheck' });
    expect(app.holder).not.toBeNull();
    expect((await detail(app.holder!.userName, app.id)).allowedEvents).toEqual(['CONFIRM', 'DECLINE']);
    expect(await replays(app.staff.userName, app.id)).toMatchObject({ consistent: true });
  });

  it('at a middle step: the centre sees it there, and the demo reviewer of the step may act on it', async () => {
    const app = await anApplication(t, { businessType: 'rename', step: 'cs' });
    const d = await detail('gz_cs', app.id);
    expect(d).toMatchObject({ status: 3, step: 'cs' });
    expect(d.allowedEvents).toContain('AGREE');
    expect(await replays('gz_cs', app.id)).toMatchObject({ consistent: true });
    await expect(anApplication(t, { businessType: 'modify', step: 'cs' })).rejects.toThrow('no step cs');
  });

  it('closed: its close effect changed the certificate (a new version)', async () => {
    const app = await anApplication(t, { businessType: 'modify', step: 'closed' });
    expect(app.status).toBe(8);
    const d = (await api.get('province', `/api/safetyCertificateInfo/get/${app.certificate!.id}`)).json().data;
    expect(d.version).toBe(2);
    expect(await replays(app.staff.userName, app.id)).toMatchObject({ consistent: true });
    expect(await replayCertificate(t.database.db, app.certificate!.id)).toMatchObject({ consistent: true });
  });

  it('rejected at 受理, in another area', async () => {
    const app = await anApplication(t, {
      businessType: 'rename',
      step: 'rejected',
      enterprise: await anEnterprise(t, { area: '3' }),
    });
    expect(app.status).toBe(4);
    expect(await replays('prov_staff', app.id)).toMatchObject({ consistent: true });
  });

  it("fails with the rules' words when they refuse the subject", async () => {
    const cert = await aCertificate(t, { state: '05' });
    await expect(anApplication(t, { businessType: 'modify', step: 'sl', certificate: cert })).rejects.toThrow(
      /the rules refuse \(13\)/,
    );
  });
});
