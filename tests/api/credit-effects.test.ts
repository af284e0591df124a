/**
 * What an approved punishment's removal undoes, when several punishments touch one certificate,
 * and rows from before punishment_certificate (punishment.certificate_id) still counting.
 */
import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { certificate, certificateHistory, punishment } from '../../server/db/schema.js';
import { aCertificate } from '../helpers/builders.js';
import { addDays, addYears, chinaDate } from '../../server/lib/days.js';
import { replayCertificate } from '../../server/modules/certificate/history.js';
import { runNamed } from '../helpers/jobs.js';

let t: TestApp;
const api = apiSuite({
  users: ['gz_sl', 'gz_sh'],
  ready: (app) => {
    t = app;
  },
});
const db = () => t.database.db;
const today = () => chinaDate(t.clock.now());

/**
 * A valid certificate of a Guangzhou enterprise of its own, in its delay window with its hours
 * done, so that delay answers 0 until a punishment says 9; with the enterprise's account.
 */
async function delayable() {
  const built = await aCertificate(t, {
    validFrom: addDays(addYears(today(), -3), 60),
    educationHours: 'required',
  });
  const [row] = await db().select().from(certificate).where(eq(certificate.id, built.id));
  return { ...row!, applicant: built.enterprise.user.userName };
}
const certOf = async (id: number) => (await db().select().from(certificate).where(eq(certificate.id, id)))[0]!;
const punished = (id: number) =>
  db()
    .select()
    .from(certificateHistory)
    .where(and(eq(certificateHistory.certificateId, id), eq(certificateHistory.reason, 'punishment')))
    .orderBy(asc(certificateHistory.id));

let seq = 0;
async function approved(certificateId: number, over: Record<string, unknown> = {}) {
  seq += 1;
  const res = await api.post('gz_sl', '/api/credit/punishment/save', {
    type: '暂扣',
    docNo: `效果〔2026〕${seq}号`,
    violateType: 'absent_post',
    startDate: addDays(today(), -3),
    endDate: addDays(today(), 60),
    certificateIds: [certificateId],
    ...over,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { punishmentId, reviewId } = res.json().data;
  const ok = await api.post('gz_sh', '/api/credit/punishment/audit', { reviewId, approved: true });
  expect(ok.statusCode, ok.body).toBe(200);
  return punishmentId as number;
}
async function removeApproved(punishmentId: number) {
  const res = await api.post('gz_sl', `/api/credit/punishment/remove?ids=${punishmentId}`);
  expect(res.statusCode, res.body).toBe(200);
  const ok = await api.post('gz_sh', '/api/credit/punishment/audit', {
    reviewId: res.json().data[0].reviewId,
    approved: true,
  });
  expect(ok.statusCode, ok.body).toBe(200);
}
const delayCode = async (cert: { id: number; applicant: string }) =>
  (
    await api.get(
      cert.applicant,
      `/api/applyCertification/checkDataByApplyId?businessType=delay&certificateId=${cert.id}`,
    )
  ).json().code as number;

describe('removing an approved 暂扣 early', () => {
  it('returns the certificate to 01 only when nothing else suspends it', async () => {
    const cert = await delayable();
    const first = await approved(cert.id);
    const second = await approved(cert.id, { endDate: addDays(today(), 30) });
    // The second 暂扣 found it suspended already for a period that covers its own: nothing to send.
    expect(await certOf(cert.id)).toMatchObject({
      status: '02',
      version: cert.version,
      suspendedFrom: addDays(today(), -3),
      suspendedTo: addDays(today(), 60),
    });
    expect(await punished(cert.id)).toHaveLength(1);

    await removeApproved(first);
    // The one left is in force: still suspended, for its own period.
    expect(await certOf(cert.id)).toMatchObject({
      status: '02',
      version: cert.version,
      suspendedTo: addDays(today(), 30),
    });
    expect(await delayCode(cert)).toBe(9);

    await removeApproved(second);
    expect(await certOf(cert.id)).toMatchObject({
      status: '01',
      version: cert.version,
      suspendedFrom: null,
      suspendedTo: null,
    });
    const history = await punished(cert.id);
    expect(
      history.map((h) => [
        h.event,
        (h.data as { status: string }).status,
        (h.data as { cause: { change: string } }).cause.change,
        h.actorId !== null,
      ]),
    ).toEqual([
      ['SUSPEND', '01', 'create', true],
      ['SUSPEND', '02', 'delete', true],
      ['RESTORE', '02', 'delete', true],
    ]);
    expect((await replayCertificate(db(), cert.id))?.consistent).toBe(true);
    expect(await delayCode(cert)).toBe(0);
  });

  it('a 吊销 over a 暂扣, then removed, leaves the certificate suspended as before', async () => {
    const cert = await delayable();
    const suspension = await approved(cert.id);
    const revocation = await approved(cert.id, { type: '吊销', violateType: 'false_material', endDate: null });
    expect((await certOf(cert.id)).status).toBe('07');
    await removeApproved(revocation);
    expect(await certOf(cert.id)).toMatchObject({ status: '02', suspendedTo: addDays(today(), 60) });
    await removeApproved(suspension);
    expect(await certOf(cert.id)).toMatchObject({ status: '01', version: cert.version });
    const events = (await punished(cert.id)).map((h) => h.event);
    expect(events).toEqual(['SUSPEND', 'REVOKE', 'LIFT_PENALTY', 'RESTORE']);
    expect((await replayCertificate(db(), cert.id))?.consistent).toBe(true);
  });

  it('a rejected removal changes nothing', async () => {
    const cert = await delayable();
    const id = await approved(cert.id);
    const before = await certOf(cert.id);
    const res = await api.post('gz_sl', `/api/credit/punishment/remove?ids=${id}`);
    const no = await api.post('gz_sh', '/api/credit/punishment/audit', {
      reviewId: res.json().data[0].reviewId,
      approved: false,
      comment: '处罚仍在执行期内',
    });
    expect(no.statusCode).toBe(200);
    expect(await certOf(cert.id)).toEqual(before);
    expect((await db().select().from(punishment).where(eq(punishment.id, id)))[0]).toMatchObject({
      reviewState: 'approved',
    });
  });
});

describe('rows from before punishment_certificate', () => {
  it('an approved 暂扣 naming its certificate in certificate_id suspends it at the 暂扣 job and answers delay 9; a pending one counts for nothing', async () => {
    const cert = await delayable();
    const legacy = {
      personId: cert.personId,
      certificateId: cert.id,
      type: '暂扣',
      docNo: '旧平台〔2025〕1号',
      reason: '旧平台录入',
      startDate: addDays(today(), -10),
      endDate: addDays(today(), 10),
    };
    const [pending] = await db()
      .insert(punishment)
      .values({ ...legacy, reviewState: 'pending' })
      .returning();
    await runNamed(t, 'suspension');
    expect((await certOf(cert.id)).status).toBe('01');
    expect(await delayCode(cert)).toBe(0);
    await db().delete(punishment).where(eq(punishment.id, pending!.id));
    await db()
      .insert(punishment)
      .values({ ...legacy, reviewState: 'approved' });
    // Rows written by the older platform reach the certificate at the next run of the 暂扣 job (00:01).
    await runNamed(t, 'suspension');
    expect(await delayCode(cert)).toBe(9);
    const listed = (
      await api.get('gz_sl', `/api/safetyCertificateInfo/list?certNo=${encodeURIComponent(cert.certNo)}`)
    ).json().rows[0];
    expect(listed).toMatchObject({ status: '02', suspendedFrom: legacy.startDate, suspendedTo: legacy.endDate });
    const rows = (await api.get('gz_sl', `/api/credit/punishment/list?docNo=${encodeURIComponent('旧平台')}`)).json();
    expect(rows.rows[0].certificates.map((c: { id: number }) => c.id)).toEqual([cert.id]);
  });
});
