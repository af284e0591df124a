/**
 * Time moves certificates (DOMAIN.md validity, 暂扣), through the certificate machine's one writer:
 * the expiry job at 00:05 China time turns a certificate whose last valid day was yesterday into 05
 * 失效 once, with a history row; a delay filed in time is still decided and revives it; a draft's
 * applicant is told once. Suspension periods move certificates 01 → 02 on their first day and back
 * the day after their last. The server clock is moved to the instants that matter (China time) —
 * the certificates' dates are never edited behind the machine's back.
 */
import { describe, expect, it } from 'vitest';
import { and, asc, desc, eq, gt, inArray, like, lt, sql } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { chinaAt, runNamed } from '../helpers/jobs.js';
import {
  application,
  certificate,
  certificateHistory,
  enterprise,
  jobRun,
  person,
  punishment,
  punishmentCertificate,
  sysMsgInfo,
  sysOperLog,
  sysUser,
} from '../../server/db/schema.js';
import { addDays, chinaDate } from '../../server/lib/days.js';
import { delayedValidityOf } from '../../machines/certificate.machine.js';
import { replayCertificate } from '../../server/modules/certificate/history.js';

let t: TestApp;
let today: string;
const db = () => t.database.db;

apiSuite({
  ready: async (app) => {
    t = app;
    today = chinaDate(t.clock.now());
    const [top] = await db()
      .select({ id: sql<number>`coalesce(max(${certificateHistory.id}), 0)` })
      .from(certificateHistory);
    keptBefore = Number(top!.id);
  },
});

const certOf = async (id: number) => (await db().select().from(certificate).where(eq(certificate.id, id)))[0]!;
const userOf = async (userName: string) =>
  (await db().select().from(sysUser).where(eq(sysUser.userName, userName)))[0]!;
/** The versions kept since this file started (the demo kept some of its own before). */
let keptBefore = 0;
const historyOf = (id: number) =>
  db()
    .select()
    .from(certificateHistory)
    .where(and(eq(certificateHistory.certificateId, id), gt(certificateHistory.id, keptBefore)))
    .orderBy(asc(certificateHistory.id));

/**
 * A valid certificate of the enterprise of `entUser` with no open application and no punishment of
 * its holder, ending its validity after `after` (default: today), the soonest first.
 */
async function quietCertificate(entUser: string, skip: number[] = [], after = today) {
  const ent = (await userOf(entUser)).enterpriseId!;
  const rows = await db()
    .select()
    .from(certificate)
    .where(and(eq(certificate.enterpriseId, ent), eq(certificate.status, '01'), gt(certificate.expiryDate, after)))
    .orderBy(asc(certificate.expiryDate), asc(certificate.id));
  const busy = new Set(
    (
      await db()
        .select({ id: application.certificateId })
        .from(application)
        .where(inArray(application.status, [0, 1, 2, 3]))
    ).map((r) => r.id),
  );
  const punished = new Set((await db().select({ id: punishment.personId }).from(punishment)).map((r) => r.id));
  const cert = rows.find((c) => !busy.has(c.id) && !skip.includes(c.id) && !punished.has(c.personId));
  if (!cert) throw new Error(`no quiet certificate at ${entUser}'s enterprise`);
  return cert;
}

// Signed in at the clock's instant (sessions expire by the same clock).
const tokenAt = async (user: string) => t.login(user);
async function okCall(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.call(token, {
    method,
    url,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
}
async function event(user: string, id: number, type: string, comment = '同意') {
  const token = await tokenAt(user);
  const d = (await okCall(token, 'GET', `/api/workflow/${id}`)).data;
  return (await okCall(token, 'POST', `/api/workflow/${id}/events`, { type, version: d.version, comment })).data;
}

describe('certificate expiry at 00:05 China time', () => {
  it('a certificate whose validity ends that day is 01 at 23:59 and 05 after the 00:05 run of the next day, once, with a history row', async () => {
    const cert = await quietCertificate('ent_prov');
    const last = cert.expiryDate;

    t.clock.set(chinaAt(last, '23:59'));
    const late = await runNamed(t, 'certExpiry');
    expect(late.detail).toMatchObject({ today: last });
    expect((await certOf(cert.id)).status).toBe('01');
    expect(await historyOf(cert.id)).toHaveLength(0);

    const next = addDays(last, 1);
    t.clock.set(chinaAt(next, '00:05'));
    const run = await runNamed(t, 'certExpiry');
    expect(run.rows).toBeGreaterThanOrEqual(1);
    expect(run.detail).toMatchObject({ today: next });
    const after = await certOf(cert.id);
    expect(after).toMatchObject({ status: '05', version: cert.version, certNo: cert.certNo, expiryDate: last });
    expect(after.updatedAt.toISOString()).toBe(chinaAt(next, '00:05').toISOString());

    // One history row: the machine's event from the job, the row as it was (with its holder and enterprise), the states around it.
    const kept = await historyOf(cert.id);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      version: cert.version,
      reason: 'expiry',
      applicationId: null,
      event: 'EXPIRE',
      job: 'certExpiry',
      actorId: null,
      eventData: { today: next },
      stateBefore: { value: 'valid' },
      stateAfter: { value: 'expired' },
    });
    const [holder] = await db().select().from(person).where(eq(person.id, cert.personId));
    const [ent] = await db().select().from(enterprise).where(eq(enterprise.id, cert.enterpriseId));
    expect(kept[0]!.data).toEqual({
      ...cert,
      createdAt: cert.createdAt.toISOString(),
      updatedAt: cert.updatedAt.toISOString(),
      printedAt: cert.printedAt?.toISOString() ?? null,
      holderName: holder!.name,
      holderIdNo: holder!.idNo,
      holderSex: holder!.sex,
      holderBirthDate: holder!.birthDate,
      enterpriseName: ent!.name,
      creditCode: ent!.creditCode,
    });
    expect((await replayCertificate(db(), cert.id))?.consistent).toBe(true);

    // The certificate's versions say why this one was replaced.
    const detail = await t.call(await t.login('province'), { url: `/api/safetyCertificateInfo/get/${cert.id}` });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.history[1]).toMatchObject({
      current: false,
      reason: 'expiry',
      reasonLabel: '到期失效',
      status: '01',
    });

    // Again: nothing left to do, nothing changes.
    const again = await runNamed(t, 'certExpiry');
    expect(again.rows).toBe(0);
    expect(await historyOf(cert.id)).toHaveLength(1);
    expect((await certOf(cert.id)).updatedAt.toISOString()).toBe(after.updatedAt.toISOString());
    // No certificate anywhere is still 01 past its validity.
    expect(
      await db()
        .select({ id: certificate.id })
        .from(certificate)
        .where(and(eq(certificate.status, '01'), lt(certificate.expiryDate, next))),
    ).toEqual([]);
  });

  it('records each run in job_run and a changing run in the operation log as the system user', async () => {
    const runs = await db().select().from(jobRun).where(eq(jobRun.job, 'certExpiry')).orderBy(asc(jobRun.id));
    expect(runs.length).toBeGreaterThanOrEqual(3);
    for (const r of runs) {
      expect(r).toMatchObject({ trigger: 'schedule', ok: true, error: null });
      expect(r.finishedAt!.getTime()).toBeGreaterThanOrEqual(r.startedAt.getTime());
    }
    const logged = await db()
      .select()
      .from(sysOperLog)
      .where(eq(sysOperLog.operUrl, 'job:certExpiry'))
      .orderBy(desc(sysOperLog.operId));
    // The run that expired certificates is in the audit trail; the runs that found nothing are not.
    expect(logged.length).toBeGreaterThanOrEqual(1);
    expect(logged[0]).toMatchObject({ title: '证书到期失效', operName: 'system', requestMethod: 'JOB', status: '0' });
    expect(JSON.parse(logged[0]!.operParam!)).toMatchObject({ job: 'certExpiry', trigger: 'schedule' });
    expect(logged.length).toBeLessThan(runs.length);
  });

  it('a delay filed on the last valid day stays with the centre and, approved after the expiry, revives the certificate from the old end date', async () => {
    const p1 = await userOf('person1');
    const [cert] = await db()
      .select()
      .from(certificate)
      .where(and(eq(certificate.personId, p1.personId!), eq(certificate.status, '01'), eq(certificate.category, 'C3')));
    const last = cert!.expiryDate;
    // Its last valid day: the window is still open.
    t.clock.set(chinaAt(last, '10:00'));
    const ent = await tokenAt('ent_gz');
    const saved = (await okCall(ent, 'POST', '/api/apply/delay/save', { certificateId: cert!.id, payload: {} })).data;
    expect((await okCall(ent, 'POST', `/api/apply/delay/submit?id=${saved.id}`)).data.status).toBe(0);
    await event('person1', saved.id, 'CONFIRM', '本人确认');
    await event('gz_sl', saved.id, 'AGREE');

    t.clock.set(chinaAt(addDays(last, 1), '00:05'));
    await runNamed(t, 'certExpiry');
    expect((await certOf(cert!.id)).status).toBe('05');
    const [pending] = await db().select().from(application).where(eq(application.id, saved.id));
    expect(pending).toMatchObject({ status: 3, step: 'cs' });

    t.clock.set(chinaAt(addDays(last, 1), '09:30'));
    for (const user of ['gz_cs', 'gz_sh', 'gz_bj']) await event(user, saved.id, 'AGREE');
    expect(await certOf(cert!.id)).toMatchObject({
      status: '01',
      ...delayedValidityOf(last),
      issueDate: addDays(last, 1),
      version: cert!.version + 1,
    });
    const kept = await historyOf(cert!.id);
    expect(kept.map((h) => [h.event, h.reason, (h.data as { status: string }).status])).toEqual([
      ['EXPIRE', 'expiry', '01'],
      ['DELAY', 'delay', '05'],
    ]);
    // The 办结 reviewer sent the delay.
    expect(kept[1]!.actorId).toBe((await userOf('gz_bj')).userId);
    expect((await replayCertificate(db(), cert!.id))?.consistent).toBe(true);
  });

  it('the applicant of a draft on a certificate that expired is told once that it cannot be submitted', async () => {
    const cert = await quietCertificate('ent_sz');
    t.clock.set(chinaAt(cert.expiryDate, '11:00'));
    const ent = await tokenAt('ent_sz');
    const draft = (await okCall(ent, 'POST', '/api/apply/delay/save', { certificateId: cert.id, payload: {} })).data;
    const applicant = await userOf('ent_sz');
    const told = () =>
      db()
        .select()
        .from(sysMsgInfo)
        .where(and(eq(sysMsgInfo.userId, applicant.userId), like(sysMsgInfo.nr, `%${draft.applyNo}%`)));

    t.clock.set(chinaAt(addDays(cert.expiryDate, 1), '00:05'));
    const run = await runNamed(t, 'certExpiry');
    expect(run.detail.draftsTold).toBeGreaterThanOrEqual(1);
    expect(await told()).toHaveLength(1);
    expect((await told())[0]).toMatchObject({ msgType: 'systemType', senderName: '系统', ckzt: '0' });
    await runNamed(t, 'certExpiry');
    expect(await told()).toHaveLength(1);
    // The draft itself is the applicant's: still there, and its submission is refused by the rules (SPEC 4's code 1).
    const [row] = await db().select().from(application).where(eq(application.id, draft.id));
    expect(row).toMatchObject({ status: 1, deleted: false });
    const refused = await t.call(await tokenAt('ent_sz'), {
      method: 'POST',
      url: `/api/apply/delay/submit?id=${draft.id}`,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe(1);
  });
});

describe('暂扣 periods', () => {
  /** A 暂扣 as the older platform's rows have it (approved, without a review): naming the certificate, through the list, or the whole person. */
  async function suspend(
    certId: number,
    personId: number,
    from: string,
    to: string | null,
    opts: { reviewState?: string; via?: 'column' | 'list' | 'person' } = {},
  ) {
    const via = opts.via ?? 'column';
    const [p] = await db()
      .insert(punishment)
      .values({
        personId,
        certificateId: via === 'column' ? certId : null,
        type: '暂扣',
        docNo: `粤建罚〔测试〕${certId}-${from}-${via}`,
        reason: '未按规定履行安全生产管理职责',
        startDate: from,
        endDate: to,
        reviewState: opts.reviewState ?? 'approved',
      })
      .returning();
    if (via === 'list') await db().insert(punishmentCertificate).values({ punishmentId: p!.id, certificateId: certId });
    return p!;
  }
  const stateOf = async (id: number) => {
    const c = await certOf(id);
    return { status: c.status, from: c.suspendedFrom, to: c.suspendedTo, version: c.version };
  };
  const at = async (day: string) => {
    t.clock.set(chinaAt(day, '00:01'));
    return runNamed(t, 'suspension');
  };

  it('moves 01 → 02 on the first day and 02 → 01 the day after the last, once each, keeping the version; /cert says the period', async () => {
    const cert = await quietCertificate('ent_gz', [], addDays(today, 400));
    const start = addDays(today, 3);
    const end = addDays(today, 5);
    await suspend(cert.id, cert.personId, start, end, { via: 'list' });

    t.clock.set(chinaAt(addDays(today, 2), '23:59'));
    await runNamed(t, 'suspension');
    expect(await stateOf(cert.id)).toEqual({ status: '01', from: null, to: null, version: cert.version });
    const first = await at(start);
    expect(first.detail).toMatchObject({ today: start });
    expect(await stateOf(cert.id)).toEqual({ status: '02', from: start, to: end, version: cert.version });
    expect((await at(start)).detail).toMatchObject({ suspended: 0, restored: 0 });
    const shown = (await t.call(null, { url: `/api/cert/${cert.queryCode}` })).json().data;
    expect(shown).toMatchObject({
      status: '02',
      valid: false,
      suspendedFrom: start,
      suspendedTo: end,
      statusText: `暂扣（${start} 至 ${end}）`,
      validFrom: cert.validFrom,
    });

    await at(end);
    expect((await stateOf(cert.id)).status).toBe('02');
    await at(addDays(end, 1));
    expect(await stateOf(cert.id)).toEqual({ status: '01', from: null, to: null, version: cert.version });
    await at(addDays(end, 1));
    const kept = await historyOf(cert.id);
    expect(
      kept.map((h) => [
        h.event,
        h.job,
        h.version,
        (h.data as { status: string }).status,
        (h.data as { cause: { change: string } }).cause.change,
      ]),
    ).toEqual([
      ['SUSPEND', 'suspension', cert.version, '01', 'periodStart'],
      ['RESTORE', 'suspension', cert.version, '02', 'periodEnd'],
    ]);
    expect((await replayCertificate(db(), cert.id))?.consistent).toBe(true);
  });

  it('keeps 02 for the longer period while another 暂扣 is in force, ignores one not approved, and ends at 05 when the validity ran out meanwhile', async () => {
    const cert = await quietCertificate('ent_gz', [], addDays(today, 30));
    const last = cert.expiryDate;
    const day = addDays(last, -3);
    await suspend(cert.id, cert.personId, day, addDays(day, 1));
    await suspend(cert.id, cert.personId, addDays(day, 1), addDays(day, 5), { via: 'list' });
    const other = await quietCertificate('ent_gz', [cert.id], addDays(day, 30));
    await suspend(other.id, other.personId, day, null, { reviewState: 'pending' });

    await at(day);
    expect(await stateOf(cert.id)).toMatchObject({ status: '02', from: day, to: addDays(day, 1) });
    expect((await stateOf(other.id)).status).toBe('01');
    await at(addDays(day, 1));
    expect(await stateOf(cert.id)).toMatchObject({ status: '02', from: day, to: addDays(day, 5) });
    // The first has ended: the period shown is the one still in force.
    await at(addDays(day, 2));
    expect(await stateOf(cert.id)).toMatchObject({ status: '02', from: addDays(day, 1), to: addDays(day, 5) });
    // The validity ended on `last` (day + 3), during the 暂扣: the day after the 暂扣 it is 05, not 01.
    t.clock.set(chinaAt(addDays(day, 6), '00:05'));
    await runNamed(t, 'certExpiry');
    expect((await stateOf(cert.id)).status).toBe('02');
    await at(addDays(day, 6));
    expect(await stateOf(cert.id)).toMatchObject({ status: '05', from: null, to: null });
    expect((await replayCertificate(db(), cert.id))?.consistent).toBe(true);
  });

  it('finds a 暂扣 by each of the three ways it names certificates: the list, its certificate column, the whole person', async () => {
    const day = addDays(today, 60);
    const listed = await quietCertificate('ent_sz', [], addDays(day, 30));
    await suspend(listed.id, listed.personId, day, addDays(day, 2), { via: 'list' });
    const named = await quietCertificate('ent_sz', [listed.id], addDays(day, 30));
    await suspend(named.id, named.personId, day, addDays(day, 2));
    // A 暂扣 naming no certificate applies to every certificate of its person.
    const [holder] = await db()
      .select({ personId: certificate.personId })
      .from(certificate)
      .where(
        and(
          eq(certificate.status, '01'),
          gt(certificate.expiryDate, addDays(day, 30)),
          sql`not exists (select 1 from ${punishment} p where p.person_id = ${certificate.personId})`,
        ),
      )
      .groupBy(certificate.personId)
      .having(sql`count(*) >= 2`)
      .limit(1);
    const personal = (
      await db()
        .select({ id: certificate.id })
        .from(certificate)
        .where(and(eq(certificate.personId, holder!.personId), eq(certificate.status, '01')))
    ).map((r) => r.id);
    await suspend(personal[0]!, holder!.personId, day, addDays(day, 2), { via: 'person' });

    await at(day);
    for (const id of [listed.id, named.id, ...personal])
      expect(await stateOf(id), `certificate ${id}`).toMatchObject({ status: '02', from: day, to: addDays(day, 2) });
    // The list's status filter is the stored status: it finds them.
    const list = await t.call(await t.login('province'), {
      url: `/api/safetyCertificateInfo/list?pageNum=1&pageSize=500&status=02`,
    });
    const ids = (list.json().rows as { id: number }[]).map((r) => r.id);
    for (const id of [listed.id, named.id, ...personal]) expect(ids).toContain(id);
    await at(addDays(day, 3));
    for (const id of [listed.id, named.id, ...personal])
      expect((await stateOf(id)).status, `certificate ${id}`).toBe('01');
  });
});
