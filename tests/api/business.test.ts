/**
 * Every business type from the enterprise's first click to the changed certificate, through the
 * HTTP API as the demo users, with the exact resulting certificate fields; the rules' refusals.
 */
import { describe, expect, it } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { BUSINESS_ROUTES, routeSteps, type BusinessType, type Step } from '../../machines/businessTypes.js';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import {
  application,
  certificate,
  certificateHistory,
  employmentRecord,
  enterprise,
  nationalOutbox,
  person,
  sysUser,
} from '../../server/db/schema.js';
import { caseIdNo, type CaseKey } from '../../server/demo/businessCases.js';
import { addDays, addYears, chinaDate } from '../../server/lib/days.js';
import { statutoryExpiryOf } from '../../machines/certificate.machine.js';

let t: TestApp;
let today: string;
const tokens = new Map<string, string>();
apiSuite({
  ready: async (app) => {
    t = app;
    today = chinaDate(t.clock.now());
  },
});

const as = async (user: string) => {
  if (!tokens.has(user)) tokens.set(user, await t.login(user));
  return tokens.get(user)!;
};
const db = () => t.database.db;
const GZ: Record<Step, string> = { sl: 'gz_sl', cb: 'gz_cb', cs: 'gz_cs', sh: 'gz_sh', sp: 'gz_sp', bj: 'gz_bj' };
const SZ: Record<Step, string> = {
  sl: 'sz_staff',
  cb: 'sz_staff',
  cs: 'sz_staff',
  sh: 'sz_staff',
  sp: 'sz_staff',
  bj: 'sz_staff',
};
const PROV: Record<Step, string> = {
  sl: 'prov_staff',
  cb: 'prov_staff',
  cs: 'prov_staff',
  sh: 'prov_staff',
  sp: 'prov_staff',
  bj: 'prov_staff',
};
const BASE: Record<BusinessType, string> = {
  newCert: '/api/apply/newCert',
  delay: '/api/apply/delay',
  inner: '/api/apply/inner',
  inProvince: '/api/apply/inProvince',
  outProvince: '/api/apply/outProvince',
  modify: '/api/apply/modify',
  revocation: '/api/certificate/revocation',
  personRevocation: '/api/apply/personRevocation',
  rename: '/api/apply/rename',
};

async function casePerson(entIndex: number, key: CaseKey) {
  const [p] = await db()
    .select()
    .from(person)
    .where(eq(person.idNo, caseIdNo(entIndex, key, today)));
  if (!p) throw new Error(`case ${key} not seeded`);
  return p;
}
async function caseCert(entIndex: number, key: CaseKey) {
  const p = await casePerson(entIndex, key);
  // Live: valid, or suspended (the delay case 9 carries an approved 暂扣).
  const [c] = await db()
    .select()
    .from(certificate)
    .where(and(eq(certificate.personId, p.id), inArray(certificate.status, ['01', '02'])))
    .orderBy(certificate.id)
    .limit(1);
  return c!;
}
async function certOf(id: number) {
  const [c] = await db().select().from(certificate).where(eq(certificate.id, id));
  return c!;
}
async function userOf(userName: string) {
  const [u] = await db().select().from(sysUser).where(eq(sysUser.userName, userName));
  return u!;
}

async function call(user: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.call(await as(user), {
    method,
    url,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}
async function okCall(user: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await call(user, method, url, payload);
  expect(res.statusCode, `${user} ${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
}
async function event(user: string, id: number, type: string, comment = '材料齐全，符合要求，同意') {
  const d = (await okCall(user, 'GET', `/api/workflow/${id}`)).data;
  return (await okCall(user, 'POST', `/api/workflow/${id}/events`, { type, version: d.version, comment })).data;
}

/** save → precheck → submit → (holder confirms) → every step agrees; answers the closed detail. */
async function carry(
  type: BusinessType,
  applicant: string,
  body: { personId?: number; certificateId?: number; payload: Record<string, unknown> },
  staff: Record<Step, string>,
  holder?: string,
) {
  const saved = (await okCall(applicant, 'POST', `${BASE[type]}/save`, body)).data;
  expect(saved).toMatchObject({ status: 1, businessType: type });
  const check = await okCall(applicant, 'GET', `/api/applyCertification/checkDataByApplyId?applyId=${saved.id}`);
  expect(check, JSON.stringify(check)).toMatchObject({ code: 0, errorMsg: null });
  expect(check.data).not.toBeNull();
  let d = (await okCall(applicant, 'POST', `${BASE[type]}/submit?id=${saved.id}`)).data;
  if (holder) {
    expect(d.status).toBe(0);
    d = await event(holder, saved.id, 'CONFIRM', '本人确认');
  }
  expect(d.status).toBe(2);
  for (const step of routeSteps(BUSINESS_ROUTES[type].middleSteps)) d = await event(staff[step], saved.id, 'AGREE');
  expect(d).toMatchObject({ status: 8, outcome: 'approved' });
  const [row] = await db().select().from(application).where(eq(application.id, saved.id));
  return row!;
}

describe('each business type, applied for and carried to a changed certificate', () => {
  it('newCert: ent_gz applies for an exam passer; 办结 issues the next C3 number of the year, valid 3 years, in the print queue', async () => {
    const p = await casePerson(0, 'newC3b');
    const picks = (await okCall('ent_gz', 'GET', `/api/apply/newCert/candidates?keyword=${encodeURIComponent(p.name)}`))
      .data;
    expect(picks.map((c: { personId: number }) => c.personId)).toContain(p.id);
    const pre = await okCall(
      'ent_gz',
      'GET',
      `/api/applyCertification/checkDataByApplyId?businessType=newCert&personId=${p.id}&category=C3&position=08`,
    );
    expect(pre.code).toBe(0);
    const year = Number(today.slice(0, 4));
    const before = await db().select({ certNo: certificate.certNo }).from(certificate);
    const maxSeq = Math.max(
      0,
      ...before
        .map((c) => c.certNo)
        .filter((n) => n.startsWith(`粤建安C3（${year}）`))
        .map((n) => Number(n.slice(-7))),
    );
    const app = await carry('newCert', 'ent_gz', { personId: p.id, payload: { category: 'C3', position: '08' } }, GZ);
    const cert = await certOf(app.certificateId!);
    const ent = (await userOf('ent_gz')).enterpriseId;
    expect(cert).toMatchObject({
      certNo: `粤建安C3（${year}）${String(maxSeq + 1).padStart(7, '0')}`,
      category: 'C3',
      personId: p.id,
      enterpriseId: ent,
      position: '08',
      issueDate: today,
      validFrom: today,
      expiryDate: addDays(addYears(today, 3), -1),
      status: '01',
      version: 1,
      issuingAuthority: '广东省住房和城乡建设厅',
      printCount: 0,
    });
    expect(cert.queryCode).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const queue = (await okCall('gz_bj', 'GET', `/api/workflow/queue/printWait?keyword=${app.applyNo}`)).rows;
    expect(queue.map((r: { id: number }) => r.id)).toEqual([app.id]);
  });

  it('delay: ent_gz applies for person1, person1 confirms, 受理/初审/审核/办结 agree; expiry +3 years, version +1, old version kept', async () => {
    const p1 = await userOf('person1');
    const [cert] = await db()
      .select()
      .from(certificate)
      .where(and(eq(certificate.personId, p1.personId!), eq(certificate.status, '01')));
    // The wizard shows the new expiry from the pre-check: the date 办结 then writes.
    const pre = await okCall(
      'ent_gz',
      'GET',
      `/api/applyCertification/checkDataByApplyId?businessType=delay&certificateId=${cert!.id}`,
    );
    expect(pre.data.newExpiryDate).toBe(addYears(cert!.expiryDate, 3));
    // The validity the delay gives starts the day after the old one ends (the wizard's last step shows both ends).
    expect(pre.data.newValidFrom).toBe(addDays(cert!.expiryDate, 1));
    const app = await carry('delay', 'ent_gz', { certificateId: cert!.id, payload: {} }, GZ, 'person1');
    const after = await certOf(cert!.id);
    expect(after).toMatchObject({
      // 发证日期 is the day of the approval; the new validity starts the day after the old end.
      certNo: cert!.certNo,
      expiryDate: addYears(cert!.expiryDate, 3),
      validFrom: addDays(cert!.expiryDate, 1),
      issueDate: today,
      version: cert!.version + 1,
      status: '01',
    });
    expect(after.queryCode).not.toBe(cert!.queryCode);
    const history = await db()
      .select()
      .from(certificateHistory)
      .where(and(eq(certificateHistory.certificateId, cert!.id), eq(certificateHistory.applicationId, app.id)));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ version: cert!.version, reason: 'delay', applicationId: app.id });
    expect((history[0]!.data as { expiryDate: string }).expiryDate).toBe(cert!.expiryDate);
  });

  it('inner: ent_gz takes over a holder who moved from another enterprise; the certificate moves, number and expiry kept', async () => {
    const cert = await caseCert(0, 'innerC');
    const ent = (await userOf('ent_gz')).enterpriseId!;
    expect(cert.enterpriseId).not.toBe(ent);
    await carry('inner', 'ent_gz', { certificateId: cert.id, payload: {} }, GZ);
    const after = await certOf(cert.id);
    expect(after).toMatchObject({
      certNo: cert.certNo,
      expiryDate: cert.expiryDate,
      enterpriseId: ent,
      version: cert.version + 1,
      status: '01',
    });
    const open = await db().select().from(employmentRecord).where(eq(employmentRecord.personId, cert.personId));
    expect(open.filter((r) => r.endDate === null).every((r) => r.enterpriseId === ent)).toBe(true);
  });

  it("inProvince: a new 粤 C3 certificate keeps the other province's expiry (an unclassified C becomes C3)", async () => {
    const p = await casePerson(0, 'inProvC');
    const start = addDays(today, -595);
    const expiry = statutoryExpiryOf(start);
    // A validity of another length than the statutory one is refused, naming the field.
    const odd = (
      await okCall('ent_gz', 'POST', `${BASE.inProvince}/save`, {
        personId: p.id,
        payload: {
          originalCertNo: '湘建安C（2024）0012345',
          originalProvince: '湖南省',
          category: 'C',
          issueDate: start,
          expiryDate: addDays(expiry, 1),
          position: '08',
        },
      })
    ).data;
    const refused = await call('ent_gz', 'POST', `${BASE.inProvince}/submit?id=${odd.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 20, field: 'expiryDate' });
    await okCall('ent_gz', 'POST', `${BASE.inProvince}/remove`, { ids: [odd.id] });
    const app = await carry(
      'inProvince',
      'ent_gz',
      {
        personId: p.id,
        payload: {
          originalCertNo: '湘建安C（2024）0012345',
          originalProvince: '湖南省',
          category: 'C',
          issueDate: start,
          expiryDate: expiry,
          position: '08',
        },
      },
      GZ,
    );
    const cert = await certOf(app.certificateId!);
    expect(cert).toMatchObject({
      category: 'C3',
      personId: p.id,
      validFrom: start,
      expiryDate: expiry,
      issueDate: today,
      status: '01',
      version: 1,
    });
    expect(cert.certNo).toMatch(new RegExp(`^粤建安C3（${today.slice(0, 4)}）\\d{7}$`));
  });

  it('outProvince: status 06 办理转出 and an outbox record for the national platform', async () => {
    const cert = await caseCert(0, 'delayOk2');
    const app = await carry(
      'outProvince',
      'ent_gz',
      { certificateId: cert.id, payload: { targetProvince: '湖南省', reason: '调往湖南省企业任职' } },
      GZ,
    );
    expect(await certOf(cert.id)).toMatchObject({ status: '06', version: cert.version });
    const out = await db().select().from(nationalOutbox).where(eq(nationalOutbox.applicationId, app.id));
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ kind: 'transferOut', certificateId: cert.id, sentAt: null });
    expect(out[0]!.payload).toMatchObject({ certNo: cert.certNo, targetProvince: '湖南省' });
  });

  it("modify: the holder's name and the certificate's position change, version +1", async () => {
    const cert = await caseCert(0, 'delayOk1');
    await carry(
      'modify',
      'ent_gz',
      { certificateId: cert.id, payload: { name: '胡建新生', position: '99', reason: '身份证姓名变更' } },
      GZ,
    );
    expect(await certOf(cert.id)).toMatchObject({
      position: '99',
      version: cert.version + 1,
      certNo: cert.certNo,
      expiryDate: cert.expiryDate,
    });
    const [p] = await db().select().from(person).where(eq(person.id, cert.personId));
    expect(p!.name).toBe('胡建新生');
  });

  it('revocation by the enterprise: status 04', async () => {
    const cert = await caseCert(0, 'delayWindow');
    await carry('revocation', 'ent_gz', { certificateId: cert.id, payload: { reason: '1', remark: '已离职' } }, GZ);
    expect(await certOf(cert.id)).toMatchObject({ status: '04', version: cert.version });
  });

  it('revocation by the person: person2 withdraws nothing pending first (ent_gz deletes its draft), then revokes their own B', async () => {
    const p2 = await userOf('person2');
    const [cert] = await db()
      .select()
      .from(certificate)
      .where(and(eq(certificate.personId, p2.personId!), eq(certificate.status, '01')));
    // The demo's change of this certificate waits for person2: person2 declines it, ent_gz deletes the returned draft.
    const pending = await db()
      .select()
      .from(application)
      .where(and(eq(application.certificateId, cert!.id), inArray(application.status, [0, 1, 2, 3])));
    for (const a of pending) {
      if (a.status === 0) await event('person2', a.id, 'DECLINE', '信息有误，不同意变更');
      const removed = await okCall('ent_gz', 'POST', `${BASE[a.businessType as BusinessType]}/remove?ids=${a.id}`);
      expect(removed.data.removed).toBe(1);
    }
    await carry('personRevocation', 'person2', { certificateId: cert!.id, payload: { reason: '4' } }, GZ);
    expect(await certOf(cert!.id)).toMatchObject({ status: '04' });
  });

  it('rename: ent_prov renames; the enterprise and every valid certificate of it get a new version in one go', async () => {
    const entId = (await userOf('ent_prov')).enterpriseId!;
    // The demo's rename waiting for 受理 comes back (WITHDRAW) and goes (DELETE): one rename at a time.
    const pending = await db()
      .select()
      .from(application)
      .where(
        and(eq(application.enterpriseId, entId), eq(application.businessType, 'rename'), eq(application.status, 2)),
      );
    expect(pending.length).toBeGreaterThan(0);
    // While one is in progress the page is told not to offer 申请, with the rule's words.
    expect((await okCall('ent_prov', 'GET', `${BASE.rename}/applicable`)).data).toEqual({
      allowed: false,
      code: 4,
      msg: '本企业有同类业务正在办理',
    });
    // The other businesses are checked on the person or certificate chosen in the wizard.
    expect((await okCall('ent_prov', 'GET', `${BASE.delay}/applicable`)).data).toEqual({
      allowed: true,
      code: 0,
      msg: null,
    });
    for (const a of pending) {
      await event('ent_prov', a.id, 'WITHDRAW', '名称有误，撤回');
      await okCall('ent_prov', 'POST', `${BASE.rename}/remove?ids=${a.id}`);
    }
    expect((await okCall('ent_prov', 'GET', `${BASE.rename}/applicable`)).data).toEqual({
      allowed: true,
      code: 0,
      msg: null,
    });
    const valid = await db()
      .select()
      .from(certificate)
      .where(and(eq(certificate.enterpriseId, entId), eq(certificate.status, '01')));
    expect(valid.length).toBeGreaterThan(0);
    const app = await carry('rename', 'ent_prov', { payload: { newName: '广东粤安建设工程集团有限公司' } }, PROV);
    const [ent] = await db().select().from(enterprise).where(eq(enterprise.id, entId));
    expect(ent!.name).toBe('广东粤安建设工程集团有限公司');
    for (const c of valid) expect((await certOf(c.id)).version).toBe(c.version + 1);
    const kept = await db().select().from(certificateHistory).where(eq(certificateHistory.applicationId, app.id));
    expect(kept).toHaveLength(valid.length);
  });

  it('a denied application changes no certificate', async () => {
    const cert = await caseCert(1, 'delayDemo4');
    const before = await certOf(cert.id);
    const saved = (
      await okCall('ent_sz', 'POST', `${BASE.modify}/save`, {
        certificateId: cert.id,
        payload: { title: '03', reason: '职称晋升' },
      })
    ).data;
    const pending = await db()
      .select()
      .from(application)
      .where(and(eq(application.certificateId, cert.id), inArray(application.status, [0, 2, 3])));
    if (pending.length) return; // the demo already uses this certificate: nothing to show here
    await okCall('ent_sz', 'POST', `${BASE.modify}/submit?id=${saved.id}`);
    await event(SZ.sl, saved.id, 'AGREE');
    await event(SZ.sh, saved.id, 'DISAGREE', '职称证书与人社部门信息不符');
    const closed = await event(SZ.bj, saved.id, 'AGREE');
    expect(closed).toMatchObject({ status: 8, outcome: 'denied' });
    expect(await certOf(cert.id)).toEqual(before);
  });
});

describe('delay eligibility: each answer 1–9 from seeded facts, the same on pre-check and on submit', () => {
  const CASES: Array<[number, CaseKey]> = [
    [1, 'delayWindow'],
    [2, 'delayHours'],
    [3, 'delayReg'],
    [5, 'delayAge'],
    [6, 'delayNoEmployment'],
    [7, 'delayEmployer'],
    [8, 'delayConflict'],
    [9, 'delaySuspended'],
  ];
  for (const [code, key] of CASES) {
    it(`code ${code} (${key})`, async () => {
      const cert = await caseCert(2, key);
      const pre = await okCall(
        'ent_prov',
        'GET',
        `/api/applyCertification/checkDataByApplyId?businessType=delay&certificateId=${cert.id}`,
      );
      expect(pre).toMatchObject({ code, data: null });
      expect(pre.errorMsg).toBeTruthy();
      const saved = (await okCall('ent_prov', 'POST', `${BASE.delay}/save`, { certificateId: cert.id, payload: {} }))
        .data;
      const refused = await call('ent_prov', 'POST', `${BASE.delay}/submit?id=${saved.id}`);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code, msg: pre.errorMsg });
      // Nothing moved: still a saved draft at version 0, and the workflow event path refuses the same way.
      const [row] = await db().select().from(application).where(eq(application.id, saved.id));
      expect(row).toMatchObject({ status: 1, version: 0 });
      const viaEngine = await call('ent_prov', 'POST', `/api/workflow/${saved.id}/events`, {
        type: 'SUBMIT',
        version: 0,
      });
      expect(viaEngine.statusCode).toBe(422);
      expect(viaEngine.json().code).toBe(code);
      await okCall('ent_prov', 'POST', `${BASE.delay}/remove`, { ids: [saved.id] });
    });
  }

  it('code 4: another application for the same certificate is in progress', async () => {
    const cert = await caseCert(2, 'delayOk3');
    const first = (
      await okCall('ent_prov', 'POST', `${BASE.modify}/save`, {
        certificateId: cert.id,
        payload: { title: '03', reason: '职称晋升' },
      })
    ).data;
    const pre = await okCall(
      'ent_prov',
      'GET',
      `/api/applyCertification/checkDataByApplyId?businessType=delay&certificateId=${cert.id}`,
    );
    expect(pre).toMatchObject({ code: 4, errorMsg: '该证书有其他业务正在办理' });
    const saved = (await okCall('ent_prov', 'POST', `${BASE.delay}/save`, { certificateId: cert.id, payload: {} }))
      .data;
    const refused = await call('ent_prov', 'POST', `${BASE.delay}/submit?id=${saved.id}`);
    expect(refused.json()).toMatchObject({ code: 4 });
    // Once the other draft is deleted the delay may go on.
    await okCall('ent_prov', 'POST', `${BASE.modify}/remove?ids=${first.id}`);
    const again = await okCall('ent_prov', 'GET', `/api/applyCertification/checkDataByApplyId?applyId=${saved.id}`);
    expect(again.code).toBe(0);
  });

  it('code 0 names the hours counted and the hours required', async () => {
    const cert = await caseCert(1, 'delayOk3');
    const pre = await okCall(
      'ent_sz',
      'GET',
      `/api/applyCertification/checkDataByApplyId?businessType=delay&certificateId=${cert.id}`,
    );
    expect(pre).toMatchObject({
      code: 0,
      errorMsg: null,
      data: { certNo: cert.certNo, educationHours: 88, requiredHours: 72 },
    });
  });
});

describe('the other rules and refusals', () => {
  it('new certificate: a failed exam part is refused with rule 10, on pre-check and on submit', async () => {
    const p = await casePerson(0, 'newExamFailed');
    const pre = await okCall(
      'ent_gz',
      'GET',
      `/api/applyCertification/checkDataByApplyId?businessType=newCert&personId=${p.id}&category=C3&position=08`,
    );
    expect(pre.code).toBe(10);
    const saved = (
      await okCall('ent_gz', 'POST', `${BASE.newCert}/save`, {
        personId: p.id,
        payload: { category: 'C3', position: '08' },
      })
    ).data;
    const refused = await call('ent_gz', 'POST', `${BASE.newCert}/submit?id=${saved.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().msg).toBe(pre.errorMsg);
  });

  it('holding rules: a C3 holder cannot bring a C1 from another province (rule 8); an exam passer may apply for B', async () => {
    const cert = await caseCert(1, 'delayOk1');
    const saved = (
      await okCall('ent_sz', 'POST', `${BASE.inProvince}/save`, {
        personId: cert.personId,
        payload: {
          originalCertNo: '湘建安C1（2024）0000077',
          originalProvince: '湖南省',
          category: 'C1',
          issueDate: addDays(today, -300),
          expiryDate: statutoryExpiryOf(addDays(today, -300)),
          position: '08',
        },
      })
    ).data;
    const refused = await call('ent_sz', 'POST', `${BASE.inProvince}/submit?id=${saved.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 8 });
    expect(refused.json().msg).toContain('C1、C2 证书不能与 C3 证书同时持有');
    const b = await casePerson(1, 'newB');
    const ok = await okCall(
      'ent_sz',
      'GET',
      `/api/applyCertification/checkDataByApplyId?businessType=newCert&personId=${b.id}&category=B&position=07`,
    );
    expect(ok.code).toBe(0);
  });

  it("an enterprise cannot apply for another enterprise's person or certificate, nor see its applications", async () => {
    const p = await casePerson(0, 'newC3c');
    expect(
      (
        await call('ent_sz', 'POST', `${BASE.newCert}/save`, {
          personId: p.id,
          payload: { category: 'C3', position: '08' },
        })
      ).statusCode,
    ).toBe(403);
    const cert = await caseCert(0, 'delayDemo3');
    expect(
      (await call('ent_sz', 'POST', `${BASE.delay}/save`, { certificateId: cert.id, payload: {} })).statusCode,
    ).toBe(403);
    const mine = (await okCall('ent_gz', 'GET', `${BASE.newCert}/list?pageSize=30`)).rows;
    expect(mine.length).toBeGreaterThan(0);
    expect((await call('ent_sz', 'GET', `${BASE.newCert}/get/${mine[0].id}`)).statusCode).toBe(403);
    const theirs = (await okCall('ent_sz', 'GET', `${BASE.newCert}/list?pageSize=30`)).rows;
    expect(theirs.some((r: { id: number }) => mine.some((m: { id: number }) => m.id === r.id))).toBe(false);
  });

  it('wrong roles get 403 and write nothing; bad input names the field', async () => {
    const count = async () => (await db().select({ id: application.id }).from(application)).length;
    const n = await count();
    expect((await call('person1', 'POST', `${BASE.newCert}/save`, { personId: 1, payload: {} })).statusCode).toBe(403);
    expect((await call('gz_sl', 'POST', `${BASE.delay}/save`, { certificateId: 1, payload: {} })).statusCode).toBe(403);
    expect(
      (await call('ent_gz', 'POST', `${BASE.personRevocation}/save`, { certificateId: 1, payload: { reason: '4' } }))
        .statusCode,
    ).toBe(403);
    const p = await casePerson(0, 'newC3c');
    const bad = await call('ent_gz', 'POST', `${BASE.newCert}/save`, { personId: p.id, payload: { category: 'D9' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'payload.category', msg: '证书类别不正确（A、B、C1、C2、C3）' });
    const noPerson = await call('ent_gz', 'POST', `${BASE.newCert}/save`, { payload: { category: 'C3' } });
    expect(noPerson.json()).toMatchObject({ field: 'personId' });
    expect(await count()).toBe(n);
  });

  it('a saved draft keeps its form across updates; a submitted one cannot be updated or removed', async () => {
    const p = await casePerson(0, 'newC3d');
    const saved = (
      await okCall('ent_gz', 'POST', `${BASE.newCert}/save`, { personId: p.id, payload: { category: 'C3' } })
    ).data;
    expect(saved.payload).toMatchObject({ category: 'C3' });
    const incomplete = await call('ent_gz', 'POST', `${BASE.newCert}/submit?id=${saved.id}`);
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json()).toMatchObject({ field: 'position', msg: '职务不能为空' });
    const updated = (
      await okCall('ent_gz', 'POST', `${BASE.newCert}/update`, {
        id: saved.id,
        version: saved.version,
        payload: { category: 'C3', position: '08', remark: '补充职务' },
      })
    ).data;
    expect(updated).toMatchObject({
      status: 1,
      version: saved.version + 1,
      payload: { category: 'C3', position: '08', remark: '补充职务' },
    });
    const submitted = (await okCall('ent_gz', 'POST', `${BASE.newCert}/submit`, { id: saved.id })).data;
    expect(submitted.status).toBe(2);
    expect(
      (await call('ent_gz', 'POST', `${BASE.newCert}/update`, { id: saved.id, payload: { remark: 'x' } })).statusCode,
    ).toBe(409);
    expect((await call('ent_gz', 'POST', `${BASE.newCert}/remove?ids=${saved.id}`)).statusCode).toBe(409);
  });

  it('revoke from the certificate detail: saved and submitted at once, or nothing written when refused', async () => {
    const cert = await caseCert(0, 'delayEmployer');
    const d = (await okCall('ent_gz', 'POST', `/api/certificate/revocation/revoke?certificateId=${cert.id}&reason=1`))
      .data;
    expect(d).toMatchObject({ status: 2, businessType: 'revocation', certificateId: cert.id });
    const n = (await db().select({ id: application.id }).from(application)).length;
    const again = await call('ent_gz', 'POST', `/api/certificate/revocation/revoke?certificateId=${cert.id}&reason=1`);
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe(4);
    expect((await db().select({ id: application.id }).from(application)).length).toBe(n);
    const list = (await okCall('ent_gz', 'GET', '/api/certificate/revocation/person/list?pageSize=30')).rows;
    expect(list.length).toBeGreaterThan(0);
  });

  it('step 0 already refuses a subject that is busy, before any form is filled', async () => {
    const cert = await caseCert(2, 'delayOk1');
    const draft = (
      await okCall('ent_prov', 'POST', `${BASE.outProvince}/save`, { certificateId: cert.id, payload: {} })
    ).data;
    for (const type of ['revocation', 'modify', 'delay'] as const) {
      const pre = await okCall(
        'ent_prov',
        'GET',
        `/api/applyCertification/checkDataByApplyId?businessType=${type}&certificateId=${cert.id}`,
      );
      expect(pre, type).toMatchObject({ code: 4, errorMsg: '该证书有其他业务正在办理', data: null });
    }
    await okCall('ent_prov', 'POST', `${BASE.outProvince}/remove?ids=${draft.id}`);
    const free = await okCall(
      'ent_prov',
      'GET',
      `/api/applyCertification/checkDataByApplyId?businessType=revocation&certificateId=${cert.id}`,
    );
    expect(free.code).toBe(0);
  });

  it("the holder's decline returns the draft to the enterprise with the comment", async () => {
    const p1 = await userOf('person1');
    const [cert] = await db()
      .select()
      .from(certificate)
      .where(and(eq(certificate.personId, p1.personId!), eq(certificate.status, '01')));
    const saved = (
      await okCall('ent_gz', 'POST', `${BASE.modify}/save`, {
        certificateId: cert!.id,
        payload: { title: '03', reason: '职称晋升' },
      })
    ).data;
    await okCall('ent_gz', 'POST', `${BASE.modify}/submit?id=${saved.id}`);
    await event('person1', saved.id, 'DECLINE', '本人职称未变更，不同意');
    const rows = (await okCall('ent_gz', 'GET', `${BASE.modify}/list?keyword=${saved.applyNo}`)).rows;
    expect(rows[0]).toMatchObject({ status: 1, lastComment: '本人职称未变更，不同意' });
    await okCall('ent_gz', 'POST', `${BASE.modify}/remove?ids=${saved.id}`);
  });
});

describe('certificate numbers under concurrent closes', () => {
  it('20 new certificates closing at once get 20 distinct consecutive numbers', async () => {
    const { closeEffects } = await import('../../server/modules/business/effects.js');
    const { createApplication } = await import('../../server/workflow/store.js');
    const ent = await userOf('ent_gz');
    const persons = await db()
      .select({ id: person.id })
      .from(person)
      .where(eq(person.enterpriseId, ent.enterpriseId!))
      .orderBy(desc(person.id))
      .limit(20);
    expect(persons).toHaveLength(20);
    const apps = [];
    for (const p of persons) {
      apps.push(
        await db().transaction((tx) =>
          createApplication(t.app.ctx, tx, {
            businessType: 'newCert',
            applicantUserId: ent.userId,
            enterpriseId: ent.enterpriseId,
            personId: p.id,
            holderUserId: null,
            certificateId: null,
            payload: { category: 'C2', position: '08' },
          }),
        ),
      );
    }
    await Promise.all(apps.map((a) => db().transaction((tx) => closeEffects.newCert(tx, a, t.app.ctx))));
    const issued = await db()
      .select({ certNo: certificate.certNo })
      .from(application)
      .innerJoin(certificate, eq(certificate.id, application.certificateId))
      .where(
        inArray(
          application.id,
          apps.map((a) => a.id),
        ),
      );
    const seqs = issued.map((c) => Number(c.certNo.slice(-7))).sort((a, b) => a - b);
    expect(new Set(seqs).size).toBe(20);
    expect(seqs.at(-1)! - seqs[0]!).toBe(19);
  });
});

describe('application numbers under concurrent saves', () => {
  it('three enterprises saving a rename at the same moment all succeed, with distinct numbers of the day', async () => {
    const saves = await Promise.all(
      ['ent_gz', 'ent_sz', 'ent_prov'].map(async (user) => {
        const ent = await userOf(user);
        // Earlier tests may have left a rename in progress for the enterprise: out of the way.
        await db()
          .update(application)
          .set({ deleted: true })
          .where(and(eq(application.enterpriseId, ent.enterpriseId!), eq(application.businessType, 'rename')));
        return call(user, 'POST', `${BASE.rename}/save`, { payload: { newName: `${user} 更名后的建设有限公司` } });
      }),
    );
    expect(
      saves.map((r) => r.statusCode),
      saves.map((r) => r.body).join('\n'),
    ).toEqual([200, 200, 200]);
    const numbers = saves.map((r) => r.json().data.applyNo as string);
    expect(new Set(numbers).size).toBe(3);
    for (const n of numbers) expect(n).toMatch(new RegExp(`^GM${today.replace(/-/g, '')}\\d{5}$`));
  });
});
