/**
 * /credit/punishment: recording, changing and removing punishments under four-eyes review, and what
 * an approval does in its own transaction — 暂扣 makes the certificate 02 and delay answer 9, 吊销 07
 * and 撤销 03 with a ban that refuses a new certificate; removal and change undo it; rejection
 * changes nothing. Scope by area, bad input named by field, attached files scoped to the punishment.
 */
import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { readXlsx } from '../helpers/xlsx.js';
import { chinaAt, runNamed } from '../helpers/jobs.js';
import {
  certificate,
  certificateHistory,
  enterprise,
  person,
  punishment,
  punishmentCertificate,
  sysRecordReview,
  sysUser,
} from '../../server/db/schema.js';
import { caseIdNo, type CaseKey } from '../../server/demo/businessCases.js';
import { addDays, addYears, chinaDate } from '../../server/lib/days.js';

let t: TestApp;
const USERS = ['gz_sl', 'gz_sh', 'gz_cs', 'sz_staff', 'province', 'ent_gz', 'admin'] as const;
const api = apiSuite({
  users: USERS,
  ready: (app) => {
    t = app;
  },
});
const { get, post } = api;
const db = () => t.database.db;
const today = () => chinaDate(t.clock.now());

async function caseCert(entIndex: number, key: CaseKey) {
  const [p] = await db()
    .select()
    .from(person)
    .where(eq(person.idNo, caseIdNo(entIndex, key, today())));
  const [c] = await db()
    .select()
    .from(certificate)
    .where(eq(certificate.personId, p!.id))
    .orderBy(asc(certificate.id))
    .limit(1);
  return c!;
}
const certOf = async (id: number) => (await db().select().from(certificate).where(eq(certificate.id, id)))[0]!;
/** The versions punishments replaced (the case certificates may have older ones of their own). */
const historyOf = (id: number) =>
  db()
    .select()
    .from(certificateHistory)
    .where(and(eq(certificateHistory.certificateId, id), eq(certificateHistory.reason, 'punishment')))
    .orderBy(asc(certificateHistory.id));
const rowOf = async (id: number) => (await db().select().from(punishment).where(eq(punishment.id, id)))[0];

let docSeq = 0;
const body = (certificateIds: number[], over: Record<string, unknown> = {}) => {
  docSeq += 1;
  return {
    type: '暂扣',
    docNo: `测罚〔2026〕${docSeq}号`,
    violateType: 'duty_failure',
    reason: '未依法履行安全生产管理职责',
    startDate: addDays(today(), -1),
    endDate: addDays(today(), 90),
    certificateIds,
    ...over,
  };
};

async function submit(user: string, payload: object) {
  const res = await post(user, '/api/credit/punishment/save', payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { punishmentId: number; reviewId: number; checkStatus: string };
}
async function audit(user: string, reviewId: number, approved = true, comment = '同意') {
  const res = await post(user, '/api/credit/punishment/audit', { reviewId, approved, comment });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function delayAnswer(user: string, certificateId: number) {
  const res = await get(
    user,
    `/api/applyCertification/checkDataByApplyId?businessType=delay&certificateId=${certificateId}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { code: number; errorMsg: string | null };
}
async function listRow(user: string, id: number) {
  const res = await get(user, `/api/credit/punishment/list?pageSize=500`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().rows as { id: number }[]).find((r) => r.id === id) as
    | (Record<string, unknown> & { pending: Record<string, unknown> | null })
    | undefined;
}

describe('暂扣: recorded, reviewed by a second officer, then in force', () => {
  it('is pending until approved; the submitter cannot review it; the approval makes the certificate 02 and delay answer 9', async () => {
    const cert = await caseCert(0, 'delayOk1');
    expect(cert.status).toBe('01');
    expect((await delayAnswer('ent_gz', cert.id)).code).toBe(0);

    const s = await submit('gz_sl', body([cert.id]));
    expect(s.checkStatus).toBe('0');
    expect(await rowOf(s.punishmentId)).toMatchObject({
      reviewState: 'pending',
      type: '暂扣',
      personId: cert.personId,
      certificateId: null,
    });
    expect(
      await db().select().from(punishmentCertificate).where(eq(punishmentCertificate.punishmentId, s.punishmentId)),
    ).toEqual([{ punishmentId: s.punishmentId, certificateId: cert.id }]);
    // Nothing is in force yet.
    expect(await certOf(cert.id)).toEqual(cert);
    expect((await delayAnswer('ent_gz', cert.id)).code).toBe(0);

    // The rows say who may do what now.
    const mine = await listRow('gz_sl', s.punishmentId);
    expect(mine).toMatchObject({
      reviewState: 'pending',
      checkStatus: '0',
      canEdit: false,
      canRemove: false,
      pending: { canReview: false, canCancel: true },
    });
    const theirs = await listRow('gz_sh', s.punishmentId);
    expect(theirs).toMatchObject({ pending: { canReview: true, canCancel: false } });

    const own = await post('gz_sl', '/api/credit/punishment/audit', { reviewId: s.reviewId, approved: true });
    expect(own.statusCode).toBe(403);
    expect(own.json().msg).toContain('四眼原则');
    expect(await certOf(cert.id)).toEqual(cert);

    await audit('gz_sh', s.reviewId);
    expect(await rowOf(s.punishmentId)).toMatchObject({ reviewState: 'approved' });
    const after = await certOf(cert.id);
    // A status move of the certificate machine: the version (and the printed certificate) stay, the period is the 暂扣's.
    expect(after).toMatchObject({
      status: '02',
      version: cert.version,
      certNo: cert.certNo,
      queryCode: cert.queryCode,
      expiryDate: cert.expiryDate,
      suspendedFrom: addDays(today(), -1),
      suspendedTo: addDays(today(), 90),
    });
    const kept = await historyOf(cert.id);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      version: cert.version,
      reason: 'punishment',
      applicationId: null,
      event: 'SUSPEND',
      punishmentId: s.punishmentId,
    });
    expect(kept[0]!.data).toMatchObject({
      status: '01',
      version: cert.version,
      cause: { punishmentId: s.punishmentId, type: '暂扣', change: 'create' },
    });

    const answer = await delayAnswer('ent_gz', cert.id);
    expect(answer.code).toBe(9);
    expect(answer.errorMsg).toContain('暂扣');

    // The certificate search shows it suspended, and the detail names the punishment in the versions.
    const found = await get('gz_sl', `/api/safetyCertificateInfo/list?certNo=${encodeURIComponent(cert.certNo)}`);
    expect(found.json().rows[0]).toMatchObject({ status: '02', statusLabel: '暂扣' });
    const detail = (await get('gz_sl', `/api/safetyCertificateInfo/get/${cert.id}`)).json().data;
    expect(detail.history[1]).toMatchObject({ version: cert.version, reason: 'punishment', status: '01' });
    expect(detail.history[1].reasonLabel).toContain('暂扣');
  });

  it('a rejection changes nothing and needs a comment', async () => {
    const cert = await caseCert(0, 'delayWindow');
    const s = await submit('gz_sl', body([cert.id]));
    const silent = await post('gz_sh', '/api/credit/punishment/audit', { reviewId: s.reviewId, approved: false });
    expect(silent.statusCode).toBe(400);
    expect(silent.json().field).toBe('comment');
    await audit('gz_sh', s.reviewId, false, '暂扣期限与处罚决定书不一致');
    expect(await rowOf(s.punishmentId)).toMatchObject({ reviewState: 'rejected' });
    expect(await certOf(cert.id)).toEqual(cert);
    expect(await historyOf(cert.id)).toHaveLength(0);
    // Decided once: a second decision is refused.
    expect(
      (await post('province', '/api/credit/punishment/audit', { reviewId: s.reviewId, approved: true })).statusCode,
    ).toBe(409);
    // A rejected punishment (never in force) is corrected and submitted again, or removed at once.
    const row = await listRow('gz_sl', s.punishmentId);
    expect(row).toMatchObject({ reviewState: 'rejected', canEdit: true, canRemove: true, pending: null });
    const detail = (await get('gz_sl', `/api/credit/punishment/get/${s.punishmentId}`)).json().data;
    expect(detail.decisions[0]).toMatchObject({
      state: 'rejected',
      comment: '暂扣期限与处罚决定书不一致',
      reviewerName: 'gz_sh',
    });
    const removed = await post('gz_sl', `/api/credit/punishment/remove?ids=${s.punishmentId}`);
    expect(removed.json()).toMatchObject({ code: 0, data: [{ punishmentId: s.punishmentId, reviewId: null }] });
    expect(await rowOf(s.punishmentId)).toBeUndefined();
    expect(await certOf(cert.id)).toEqual(cert);
  });

  it('the submitter may withdraw a new punishment; nobody else may', async () => {
    const cert = await caseCert(0, 'delayReg');
    const s = await submit('gz_sl', body([cert.id], { type: '警告', endDate: null }));
    expect((await post('gz_sh', '/api/credit/punishment/cancel-commit', { reviewId: s.reviewId })).statusCode).toBe(
      403,
    );
    const ok = await post('gz_sl', '/api/credit/punishment/cancel-commit', { reviewId: s.reviewId });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await rowOf(s.punishmentId)).toMatchObject({ reviewState: 'withdrawn' });
    expect(
      (await post('gz_sh', '/api/credit/punishment/audit', { reviewId: s.reviewId, approved: true })).statusCode,
    ).toBe(409);
    // Corrected and submitted again: waits for review as a new punishment.
    const again = await post('gz_sl', '/api/credit/punishment/update', {
      id: s.punishmentId,
      ...body([cert.id], { type: '警告', endDate: null, reason: '改正后的事由' }),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.checkStatus).toBe('0');
    expect(await rowOf(s.punishmentId)).toMatchObject({ reviewState: 'pending', reason: '改正后的事由' });
    await audit('gz_cs', again.json().data.reviewId);
    expect(await rowOf(s.punishmentId)).toMatchObject({ reviewState: 'approved' });
    // 警告 leaves the certificate as it is.
    expect(await certOf(cert.id)).toEqual(cert);
  });
});

describe('吊销 and 撤销 end the certificates and ban a new certificate', () => {
  it('吊销 → 07 with a one-year ban (false materials): NewCertificate for the person is refused with the reason; removal restores both', async () => {
    const cert = await caseCert(0, 'delayOk2');
    const s = await submit(
      'gz_sl',
      body([cert.id], {
        type: '吊销',
        violateType: 'false_material',
        reason: '提供虚假继续教育证明',
        startDate: today(),
        endDate: null,
      }),
    );
    await audit('gz_sh', s.reviewId);
    expect(await rowOf(s.punishmentId)).toMatchObject({ banYears: 1, banUntil: addYears(today(), 1) });
    expect(await certOf(cert.id)).toMatchObject({ status: '07', version: cert.version });

    const pre = await get(
      'ent_gz',
      `/api/applyCertification/checkDataByApplyId?businessType=newCert&personId=${cert.personId}&category=C3&position=08`,
    );
    expect(pre.json().code).toBe(16);
    expect(pre.json().errorMsg).toContain('提供虚假继续教育证明');
    expect(pre.json().errorMsg).toContain('禁止考核');
    const saved = await post('ent_gz', '/api/apply/newCert/save', {
      personId: cert.personId,
      payload: { category: 'C3', position: '08' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await post('ent_gz', `/api/apply/newCert/submit?id=${saved.json().data.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 16 });
    expect(refused.json().msg).toContain('吊销');
    await post('ent_gz', '/api/apply/newCert/remove', { ids: [saved.json().data.id] });

    // Removing it is reviewed too; approved, the certificate is valid again and the ban is gone.
    const rm = await post('gz_sl', `/api/credit/punishment/remove?ids=${s.punishmentId}`);
    expect(rm.json().data[0].checkStatus).toBe('3');
    expect(await certOf(cert.id)).toMatchObject({ status: '07' });
    expect(await listRow('gz_sl', s.punishmentId)).toMatchObject({
      checkStatus: '3',
      canEdit: false,
      canRemove: false,
    });
    await audit('gz_sh', rm.json().data[0].reviewId);
    expect(await rowOf(s.punishmentId)).toBeUndefined();
    expect(await certOf(cert.id)).toMatchObject({ status: '01', version: cert.version });
    const versions = await historyOf(cert.id);
    expect(versions.map((h) => [h.event, (h.data as { status: string }).status])).toEqual([
      ['REVOKE', '01'],
      ['LIFT_PENALTY', '07'],
    ]);
    const again = await get(
      'ent_gz',
      `/api/applyCertification/checkDataByApplyId?businessType=newCert&personId=${cert.personId}&category=C3&position=08`,
    );
    expect(again.json().code).not.toBe(16);
  });

  it('撤销 → 03 with a three-year ban (fraud or bribery); the ban years follow the violate type', async () => {
    const cert = await caseCert(0, 'delayOk3');
    const wrong = await post(
      'gz_sl',
      '/api/credit/punishment/save',
      body([cert.id], { type: '撤销', violateType: 'fraud_bribery', banYears: 1, endDate: null }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('banYears');
    const unstated = await post(
      'gz_sl',
      '/api/credit/punishment/save',
      body([cert.id], { type: '撤销', violateType: 'accident_liability', endDate: null }),
    );
    expect(unstated.json().field).toBe('banYears');
    const s = await submit('gz_sl', body([cert.id], { type: '撤销', violateType: 'fraud_bribery', endDate: null }));
    await audit('province', s.reviewId);
    expect(await rowOf(s.punishmentId)).toMatchObject({ banYears: 3 });
    expect(await certOf(cert.id)).toMatchObject({ status: '03', version: cert.version });
    const pre = await get(
      'ent_gz',
      `/api/applyCertification/checkDataByApplyId?businessType=newCert&personId=${cert.personId}&category=B&position=07`,
    );
    expect(pre.json().code).toBe(16);
    // An ended certificate cannot be suspended or revoked again.
    const twice = await post('gz_sl', '/api/credit/punishment/save', body([cert.id]));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().field).toBe('certificateIds');
  });
});

describe('changes of a punishment in force', () => {
  it('the live row stays until the change is approved; shortening a 暂扣 into the past returns the certificate to 01', async () => {
    const cert = await caseCert(0, 'delayHours');
    const s = await submit('gz_sl', body([cert.id]));
    await audit('gz_sh', s.reviewId);
    expect((await certOf(cert.id)).status).toBe('02');
    const same = await post('gz_sl', '/api/credit/punishment/update', {
      id: s.punishmentId,
      ...body([cert.id]),
      docNo: (await rowOf(s.punishmentId))!.docNo,
    });
    expect(same.statusCode).toBe(400);
    const change = await post('gz_sl', '/api/credit/punishment/update', {
      id: s.punishmentId,
      ...body([cert.id], { startDate: addDays(today(), -40), endDate: addDays(today(), -1) }),
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json().data.checkStatus).toBe('2');
    expect(await rowOf(s.punishmentId)).toMatchObject({ endDate: addDays(today(), 90) });
    expect((await certOf(cert.id)).status).toBe('02');
    // One submission at a time.
    expect((await post('gz_sl', `/api/credit/punishment/remove?ids=${s.punishmentId}`)).statusCode).toBe(409);
    const diff = (await get('gz_sh', `/api/credit/punishment/review/${change.json().data.reviewId}`)).json().data;
    expect(diff).toMatchObject({ entity: 'penalty', change: 'update', canReview: true });
    expect(diff.diff.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['startDate', 'endDate', 'docNo']),
    );
    await audit('gz_sh', change.json().data.reviewId);
    expect(await rowOf(s.punishmentId)).toMatchObject({ endDate: addDays(today(), -1) });
    expect(await certOf(cert.id)).toMatchObject({ status: '01', version: cert.version, suspendedFrom: null });
    expect((await delayAnswer('ent_gz', cert.id)).code).not.toBe(9);
  });
});

describe('a 暂扣 approved before it begins', () => {
  it('leaves the certificate valid until the 暂扣 job of its first day, suspended until the one after its last, and delay follows', async () => {
    // (delayOk2: its 吊销 above was removed again, so delay would go on.)
    const cert = await caseCert(0, 'delayOk2');
    expect((await delayAnswer('ent_gz', cert.id)).code).toBe(0);
    const start = addDays(today(), 2);
    const end = addDays(today(), 4);
    const s = await submit('gz_sl', body([cert.id], { startDate: start, endDate: end }));
    await audit('gz_sh', s.reviewId);
    expect(await certOf(cert.id)).toEqual(cert);
    const statusRead = async () =>
      (await get('gz_sl', `/api/safetyCertificateInfo/list?certNo=${encodeURIComponent(cert.certNo)}`)).json().rows[0]
        .status;
    // The status filter is the stored status: it agrees with the status shown.
    const filteredAs = async () => {
      const found: string[] = [];
      for (const status of ['01', '02']) {
        if (
          (
            await get(
              'gz_sl',
              `/api/safetyCertificateInfo/list?certNo=${encodeURIComponent(cert.certNo)}&status=${status}`,
            )
          ).json().total === 1
        )
          found.push(status);
      }
      return found.join();
    };
    expect(await statusRead()).toBe('01');
    expect(await filteredAs()).toBe('01');
    const instant = t.clock.now();
    // Sessions end after 30 idle minutes: each jump of the clock signs everyone in again.
    const jumpTo = async (day: string) => {
      t.clock.set(chinaAt(day, '00:01'));
      for (const user of Object.keys(api.tokens)) delete api.tokens[user];
      await runNamed(t, 'suspension');
    };
    try {
      await jumpTo(start);
      expect(await statusRead()).toBe('02');
      expect(await filteredAs()).toBe('02');
      expect((await delayAnswer('ent_gz', cert.id)).code).toBe(9);
      await jumpTo(addDays(end, 1));
      expect(await statusRead()).toBe('01');
      expect(await filteredAs()).toBe('01');
      expect((await delayAnswer('ent_gz', cert.id)).code).toBe(0);
      const moves = await db()
        .select()
        .from(certificateHistory)
        .where(eq(certificateHistory.certificateId, cert.id))
        .orderBy(asc(certificateHistory.id));
      expect(moves.slice(-2).map((h) => [h.event, h.job, h.reason])).toEqual([
        ['SUSPEND', 'suspension', 'suspension'],
        ['RESTORE', 'suspension', 'suspension'],
      ]);
    } finally {
      t.clock.set(instant);
      for (const user of Object.keys(api.tokens)) delete api.tokens[user];
    }
  });
});

describe('scope and permissions', () => {
  it('staff of another area get 403 on a punishment of this area; enterprise users have no credit calls', async () => {
    const cert = await caseCert(0, 'innerC');
    const s = await submit('gz_sl', body([cert.id], { type: '记分', endDate: null }));
    for (const [method, url, payload] of [
      ['GET', `/api/credit/punishment/get/${s.punishmentId}`, undefined],
      ['GET', `/api/credit/punishment/review/${s.reviewId}`, undefined],
      ['POST', '/api/credit/punishment/audit', { reviewId: s.reviewId, approved: true }],
      [
        'POST',
        '/api/credit/punishment/update',
        { id: s.punishmentId, ...body([cert.id], { type: '记分', endDate: null }) },
      ],
      ['POST', `/api/credit/punishment/remove?ids=${s.punishmentId}`, undefined],
    ] as const) {
      const res = await api.as('sz_staff', method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
    }
    expect(await listRow('sz_staff', s.punishmentId)).toBeUndefined();
    expect(await listRow('province', s.punishmentId)).toBeDefined();
    expect((await get('ent_gz', '/api/credit/punishment/list')).statusCode).toBe(403);
    expect((await post('ent_gz', '/api/credit/punishment/save', body([cert.id]))).statusCode).toBe(403);
    expect((await get('admin', '/api/credit/punishment/list')).statusCode).toBe(403);
    expect(await rowOf(s.punishmentId)).toMatchObject({ reviewState: 'pending' });
  });

  it('the certificate picker lists only certificates of the caller’s area, live ones for 暂扣/吊销/撤销', async () => {
    const gz = (await get('gz_sl', '/api/credit/punishment/certificates?pageSize=500')).json();
    expect(gz.total).toBeGreaterThan(0);
    const ids = gz.rows.map((r: { id: number }) => r.id);
    const areas = await db()
      .select({ id: certificate.id, ownership: enterprise.ownership })
      .from(certificate)
      .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId));
    expect(ids.every((id: number) => areas.find((a) => a.id === id)?.ownership === '1')).toBe(true);
    expect(gz.rows.every((r: { idNo: string }) => r.idNo.includes('*'))).toBe(true);
    const live = (
      await get('gz_sl', `/api/credit/punishment/certificates?pageSize=500&type=${encodeURIComponent('暂扣')}`)
    ).json();
    expect(live.rows.every((r: { status: string }) => ['01', '02'].includes(r.status))).toBe(true);
    expect(live.total).toBeLessThan(gz.total);
    const byName = (
      await get('gz_sl', `/api/credit/punishment/certificates?keyword=${encodeURIComponent('胡建新')}`)
    ).json();
    expect(byName.rows.length).toBeGreaterThan(0);
    expect(byName.rows.every((r: { name: string }) => r.name === '胡建新')).toBe(true);
  });
});

describe('bad input: 400 naming the field, nothing written', () => {
  const cases: [string, (ids: { own: number; second: number; other: number }) => Record<string, unknown>, string][] = [
    ['暂扣 without an end date', ({ own }) => body([own], { endDate: null }), 'endDate'],
    ['end before start', ({ own }) => body([own], { endDate: addDays(today(), -5) }), 'endDate'],
    ['an unknown certificate', () => body([99_999_999]), 'certificateIds'],
    ['a certificate outside the caller’s area', ({ other }) => body([other]), 'certificateIds'],
    ['no certificate', () => body([]), 'certificateIds'],
    ['certificates of two holders', ({ own, second }) => body([own, second]), 'certificateIds'],
    ['an unknown violate type', ({ own }) => body([own], { violateType: 'no_such_thing' }), 'violateType'],
    ['an unknown type', ({ own }) => body([own], { type: '拘留' }), 'type'],
    ['no document number', ({ own }) => body([own], { docNo: '' }), 'docNo'],
    ['an impossible day', ({ own }) => body([own], { startDate: '2026-02-30' }), 'startDate'],
    ['an unknown file', ({ own }) => body([own], { fileIds: [99_999_999] }), 'fileIds'],
  ];
  for (const [name, make, field] of cases) {
    it(name, async () => {
      const own = await caseCert(0, 'innerA');
      const second = await caseCert(0, 'innerB');
      const other = await caseCert(1, 'delayOk1');
      const before = await db().select().from(punishment);
      const res = await post(
        'gz_sl',
        '/api/credit/punishment/save',
        make({ own: own.id, second: second.id, other: other.id }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe(field);
      expect(await db().select().from(punishment)).toEqual(before);
    });
  }
});

describe('attached files', () => {
  const pdf = Buffer.from('%PDF-1.4\n% 处罚决定书\n%%EOF\n');
  async function upload(user: string, name = '处罚决定书.pdf') {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), name);
    const res = await t.call(await api.token(user), {
      method: 'POST',
      url: '/api/file/upload',
      payload: form as unknown as object,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { ossId: number; url: string };
  }

  it('download follows the punishment’s scope; only one’s own uploads can be attached', async () => {
    const cert = await caseCert(0, 'innerB');
    const file = await upload('gz_sl');
    const foreign = await upload('sz_staff', '别人的文件.pdf');
    const stolen = await post(
      'gz_sl',
      '/api/credit/punishment/save',
      body([cert.id], { type: '警告', endDate: null, fileIds: [foreign.ossId] }),
    );
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().field).toBe('fileIds');

    // Before it is attached only the uploader has it.
    expect((await get('gz_sh', file.url)).statusCode).toBe(403);
    const s = await submit('gz_sl', body([cert.id], { type: '警告', endDate: null, fileIds: [file.ossId] }));
    const reviewer = await get('gz_sh', `${file.url}?inline=1`);
    expect(reviewer.statusCode).toBe(200);
    expect(reviewer.headers['content-type']).toBe('application/pdf');
    expect(reviewer.rawPayload).toEqual(pdf);
    expect((await get('province', file.url)).statusCode).toBe(200);
    expect((await get('sz_staff', file.url)).statusCode).toBe(403);
    expect((await get('ent_gz', file.url)).statusCode).toBe(403);
    const detail = (await get('gz_sh', `/api/credit/punishment/get/${s.punishmentId}`)).json().data;
    expect(detail.files).toEqual([
      expect.objectContaining({
        ossId: file.ossId,
        originalName: '处罚决定书.pdf',
        mimeType: 'application/pdf',
        url: file.url,
      }),
    ]);
    // The officer's detail and the list mask the identity number; the detail offers a logged reveal.
    const [holder] = await db().select().from(person).where(eq(person.id, cert.personId));
    expect(detail.idNo).not.toBe(holder!.idNo);
    expect(detail.personalData).toMatchObject({ source: 'punishment', id: s.punishmentId });
    const revealed = await post('gz_sh', '/api/personalData/idNo/reveal', { source: 'punishment', id: s.punishmentId });
    expect(revealed.json().data.value).toBe(holder!.idNo);
    expect((await listRow('gz_sh', s.punishmentId))!.idNo).not.toBe(holder!.idNo);

    // A file proposed by a pending change is visible to the reviewer too.
    await audit('gz_sh', s.reviewId);
    const second = await upload('gz_sl', '补充材料.pdf');
    const change = await post('gz_sl', '/api/credit/punishment/update', {
      id: s.punishmentId,
      ...body([cert.id], { type: '警告', endDate: null, fileIds: [file.ossId, second.ossId] }),
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await get('gz_sh', second.url)).statusCode).toBe(200);
    expect((await get('sz_staff', second.url)).statusCode).toBe(403);
  });
});

describe('list and export', () => {
  it('filters by type, certificate number, review state and waiting for review; exports the filtered rows', async () => {
    const all = (await get('province', '/api/credit/punishment/list?pageSize=500')).json();
    expect(all.total).toBeGreaterThan(10);
    const seeded = await db().select().from(punishment);
    expect(all.total).toBe(seeded.length);
    const types = new Set(all.rows.map((r: { type: string }) => r.type));
    for (const type of ['警告', '罚款', '暂扣', '吊销', '撤销', '记分']) expect(types.has(type), type).toBe(true);

    const suspensions = (
      await get('province', `/api/credit/punishment/list?pageSize=500&type=${encodeURIComponent('暂扣')}`)
    ).json();
    expect(suspensions.rows.every((r: { type: string }) => r.type === '暂扣')).toBe(true);
    const waiting = (await get('province', '/api/credit/punishment/list?pageSize=500&pending=1')).json();
    const open = await db()
      .select()
      .from(sysRecordReview)
      .where(and(eq(sysRecordReview.entity, 'penalty'), eq(sysRecordReview.state, 'pending')));
    expect(waiting.total).toBe(open.length);
    const approved = (await get('province', '/api/credit/punishment/list?pageSize=500&reviewState=approved')).json();
    expect(approved.rows.every((r: { reviewState: string }) => r.reviewState === 'approved')).toBe(true);
    const one = all.rows[0] as { id: number; certificates: { certNo: string }[] };
    const byCert = (
      await get('province', `/api/credit/punishment/list?certNo=${encodeURIComponent(one.certificates[0]!.certNo)}`)
    ).json();
    expect(byCert.rows.map((r: { id: number }) => r.id)).toContain(one.id);
    expect((await get('province', '/api/credit/punishment/list?reviewState=nope')).json().field).toBe('reviewState');

    const sheet = await get('province', `/api/credit/punishment/export?type=${encodeURIComponent('暂扣')}`);
    expect(sheet.statusCode).toBe(200);
    const { headers, rows } = await readXlsx(sheet.rawPayload);
    expect(headers).toEqual(expect.arrayContaining(['持证人', '处罚类型', '处罚文号', '处罚证书', '审核状态']));
    expect(rows).toHaveLength(suspensions.total);
    expect((await get('gz_sh', '/api/credit/punishment/export')).statusCode).toBe(200);
  });

  it('the demo: each type approved, one waiting per area, the delay case 9 suspended through an approved punishment', async () => {
    const cert = await caseCert(2, 'delaySuspended');
    expect(cert.status).toBe('02');
    const links = await db()
      .select()
      .from(punishmentCertificate)
      .innerJoin(punishment, eq(punishment.id, punishmentCertificate.punishmentId))
      .where(eq(punishmentCertificate.certificateId, cert.id));
    expect(links.map((l) => [l.punishment.type, l.punishment.reviewState])).toEqual([['暂扣', 'approved']]);
    const submitters = await db()
      .select({ name: sysUser.userName })
      .from(sysRecordReview)
      .innerJoin(sysUser, eq(sysUser.userId, sysRecordReview.submittedBy))
      .where(eq(sysRecordReview.entity, 'penalty'));
    expect(new Set(submitters.map((s) => s.name))).toEqual(new Set(['gz_sl', 'sz_staff', 'prov_staff']));
  });
});
