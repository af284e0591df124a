/**
 * Time moves certificates (DOMAIN.md validity, 暂扣): the expiry job at 00:05 China time turns a
 * certificate whose last valid day was yesterday into 05 失效 once, with its version kept; a delay
 * filed in time is still decided and revives it; a draft's applicant is told once. Suspension
 * periods move certificates 01 → 02 on their first day and back the day after their last.
 * The server clock is moved to the instants that matter (China time), whatever the suite's instant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, gt, inArray, like, lt, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { chinaAt, runNamed } from '../helpers/jobs.js';
import {
  application, certificate, certificateHistory, enterprise, jobRun, person, punishment, punishmentCertificate, suspensionRecheck, sysMsgInfo, sysOperLog, sysUser,
} from '../../server/db/schema.js';
import { addDays, addYears, chinaDate } from '../../server/lib/days.js';
import { effectiveStatusSql, effectiveStatuses, timedExceptions, type TimedExceptions } from '../../server/modules/certificate/effective-status.js';

let t: TestApp;
let today: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  today = chinaDate(t.clock.now());
  const [top] = await db().select({ id: sql<number>`coalesce(max(${certificateHistory.id}), 0)` }).from(certificateHistory);
  keptBefore = Number(top!.id);
});
afterAll(async () => { await t.close(); });

const certOf = async (id: number) => (await db().select().from(certificate).where(eq(certificate.id, id)))[0]!;
const userOf = async (userName: string) => (await db().select().from(sysUser).where(eq(sysUser.userName, userName)))[0]!;
/** The versions kept since this file started (the demo kept some of its own before). */
let keptBefore = 0;
const historyOf = (id: number) => db().select().from(certificateHistory)
  .where(and(eq(certificateHistory.certificateId, id), gt(certificateHistory.id, keptBefore))).orderBy(asc(certificateHistory.id));

/** A valid certificate of the enterprise of `entUser` with no open application and no punishment of its holder. */
async function quietCertificate(entUser: string, skip: number[] = []) {
  const ent = (await userOf(entUser)).enterpriseId!;
  const rows = await db().select().from(certificate).where(and(eq(certificate.enterpriseId, ent), eq(certificate.status, '01'))).orderBy(asc(certificate.id));
  const busy = new Set((await db().select({ id: application.certificateId }).from(application)
    .where(inArray(application.status, [0, 1, 2, 3]))).map((r) => r.id));
  const punished = new Set((await db().select({ id: punishment.personId }).from(punishment)).map((r) => r.id));
  const cert = rows.find((c) => !busy.has(c.id) && !skip.includes(c.id) && !punished.has(c.personId));
  if (!cert) throw new Error(`no quiet certificate at ${entUser}'s enterprise`);
  return cert;
}

// Signed in at the clock's instant (sessions expire by the same clock).
const tokenAt = async (user: string) => t.login(user);
async function okCall(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.call(token, { method, url, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
}
async function event(user: string, id: number, type: string, comment = '同意') {
  const token = await tokenAt(user);
  const d = (await okCall(token, 'GET', `/api/workflow/${id}`)).data;
  return (await okCall(token, 'POST', `/api/workflow/${id}/events`, { type, version: d.version, comment })).data;
}

describe('certificate expiry at 00:05 China time', () => {
  it('a certificate whose validity ends today is 01 at 23:59 and 05 after the 00:05 run of the next day, once, with its version kept', async () => {
    const cert = await quietCertificate('ent_prov');
    await db().update(certificate).set({ expiryDate: today }).where(eq(certificate.id, cert.id));
    const before = await certOf(cert.id);

    t.clock.set(chinaAt(today, '23:59'));
    const late = await runNamed(t, 'certExpiry');
    expect(late.detail).toMatchObject({ today });
    expect((await certOf(cert.id)).status).toBe('01');
    expect(await historyOf(cert.id)).toHaveLength(0);

    const tomorrow = addDays(today, 1);
    t.clock.set(chinaAt(tomorrow, '00:05'));
    const run = await runNamed(t, 'certExpiry');
    expect(run.rows).toBeGreaterThanOrEqual(1);
    expect(run.detail).toMatchObject({ today: tomorrow });
    const after = await certOf(cert.id);
    expect(after).toMatchObject({ status: '05', version: before.version, certNo: before.certNo, expiryDate: today });
    expect(after.updatedAt.toISOString()).toBe(chinaAt(tomorrow, '00:05').toISOString());

    // The replaced version, exactly as the close effects keep one: the row as read, the holder and the enterprise.
    const kept = await historyOf(cert.id);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ version: before.version, reason: 'expiry', applicationId: null });
    const [holder] = await db().select().from(person).where(eq(person.id, before.personId));
    const [ent] = await db().select().from(enterprise).where(eq(enterprise.id, before.enterpriseId));
    expect(kept[0]!.data).toEqual({
      ...before,
      createdAt: before.createdAt.toISOString(), updatedAt: before.updatedAt.toISOString(), printedAt: before.printedAt?.toISOString() ?? null,
      holderName: holder!.name, holderIdNo: holder!.idNo, holderSex: holder!.sex, holderBirthDate: holder!.birthDate,
      enterpriseName: ent!.name, creditCode: ent!.creditCode,
    });

    // The certificate's versions say why this one was replaced.
    const detail = await t.call(await t.login('province'), { url: `/api/safetyCertificateInfo/get/${cert.id}` });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.history[1]).toMatchObject({ current: false, reason: 'expiry', reasonLabel: '到期失效', status: '01' });

    // Again: nothing left to do, nothing changes.
    const again = await runNamed(t, 'certExpiry');
    expect(again.rows).toBe(0);
    expect(await historyOf(cert.id)).toHaveLength(1);
    expect((await certOf(cert.id)).updatedAt.toISOString()).toBe(after.updatedAt.toISOString());
    // No certificate anywhere is still 01 past its validity.
    expect(await db().select({ id: certificate.id }).from(certificate).where(and(eq(certificate.status, '01'), lt(certificate.expiryDate, tomorrow)))).toEqual([]);
  });

  it('records each run in job_run and a changing run in the operation log as the system user', async () => {
    const runs = await db().select().from(jobRun).where(eq(jobRun.job, 'certExpiry')).orderBy(asc(jobRun.id));
    expect(runs.length).toBeGreaterThanOrEqual(3);
    for (const r of runs) {
      expect(r).toMatchObject({ trigger: 'schedule', ok: true, error: null });
      expect(r.finishedAt!.getTime()).toBeGreaterThanOrEqual(r.startedAt.getTime());
    }
    const logged = await db().select().from(sysOperLog).where(eq(sysOperLog.operUrl, 'job:certExpiry')).orderBy(desc(sysOperLog.operId));
    // The run that expired certificates is in the audit trail; the runs that found nothing are not.
    expect(logged.length).toBeGreaterThanOrEqual(1);
    expect(logged[0]).toMatchObject({ title: '证书到期失效', operName: 'system', requestMethod: 'JOB', status: '0' });
    expect(JSON.parse(logged[0]!.operParam!)).toMatchObject({ job: 'certExpiry', trigger: 'schedule' });
    expect(logged.length).toBeLessThan(runs.length);
  });

  it('a delay filed before the expiry stays with the centre and, approved after it, revives the certificate from the old end date', async () => {
    t.clock.set(chinaAt(today, '10:00'));
    const p1 = await userOf('person1');
    const [cert] = await db().select().from(certificate).where(and(eq(certificate.personId, p1.personId!), eq(certificate.status, '01'), eq(certificate.category, 'C3')));
    // Its last valid day is today: the window is still open.
    await db().update(certificate).set({ expiryDate: today }).where(eq(certificate.id, cert!.id));
    const ent = await tokenAt('ent_gz');
    const saved = (await okCall(ent, 'POST', '/api/apply/delay/save', { certificateId: cert!.id, payload: {} })).data;
    expect((await okCall(ent, 'POST', `/api/apply/delay/submit?id=${saved.id}`)).data.status).toBe(0);
    await event('person1', saved.id, 'CONFIRM', '本人确认');
    await event('gz_sl', saved.id, 'AGREE');

    t.clock.set(chinaAt(addDays(today, 1), '00:05'));
    await runNamed(t, 'certExpiry');
    expect((await certOf(cert!.id)).status).toBe('05');
    const [pending] = await db().select().from(application).where(eq(application.id, saved.id));
    expect(pending).toMatchObject({ status: 3, step: 'cs' });

    t.clock.set(chinaAt(addDays(today, 1), '09:30'));
    for (const user of ['gz_cs', 'gz_sh', 'gz_bj']) await event(user, saved.id, 'AGREE');
    expect(await certOf(cert!.id)).toMatchObject({
      status: '01', expiryDate: addYears(today, 3), validFrom: addDays(today, 1), version: cert!.version + 1,
    });
    const kept = await historyOf(cert!.id);
    expect(kept.map((h) => [h.reason, (h.data as { status: string }).status])).toEqual([['expiry', '01'], ['delay', '05']]);
  });

  it('the applicant of a draft on a certificate that expired is told once that it cannot be submitted', async () => {
    t.clock.set(chinaAt(today, '11:00'));
    const cert = await quietCertificate('ent_sz');
    await db().update(certificate).set({ expiryDate: today }).where(eq(certificate.id, cert.id));
    const ent = await tokenAt('ent_sz');
    const draft = (await okCall(ent, 'POST', '/api/apply/delay/save', { certificateId: cert.id, payload: {} })).data;
    const applicant = await userOf('ent_sz');
    const told = () => db().select().from(sysMsgInfo).where(and(eq(sysMsgInfo.userId, applicant.userId), like(sysMsgInfo.nr, `%${draft.applyNo}%`)));

    t.clock.set(chinaAt(addDays(today, 1), '00:05'));
    const run = await runNamed(t, 'certExpiry');
    expect(run.detail.draftsTold).toBeGreaterThanOrEqual(1);
    expect(await told()).toHaveLength(1);
    expect((await told())[0]).toMatchObject({ msgType: 'systemType', senderName: '系统', ckzt: '0' });
    await runNamed(t, 'certExpiry');
    expect(await told()).toHaveLength(1);
    // The draft itself is the applicant's: still there, and its submission is refused by the rules.
    const [row] = await db().select().from(application).where(eq(application.id, draft.id));
    expect(row).toMatchObject({ status: 1, deleted: false });
    const refused = await t.call(await tokenAt('ent_sz'), { method: 'POST', url: `/api/apply/delay/submit?id=${draft.id}` });
    expect(refused.statusCode).toBe(422);
  });
});

describe('暂扣 periods', () => {
  async function suspend(certId: number, personId: number, from: string, to: string | null, opts: { reviewState?: string; viaList?: boolean } = {}) {
    const [p] = await db().insert(punishment).values({
      personId, certificateId: opts.viaList ? null : certId, type: '暂扣', docNo: `粤建罚〔测试〕${certId}-${from}`, reason: '未按规定履行安全生产管理职责',
      startDate: from, endDate: to, reviewState: opts.reviewState ?? 'approved',
    }).returning();
    if (opts.viaList) await db().insert(punishmentCertificate).values({ punishmentId: p!.id, certificateId: certId });
    return p!;
  }

  /** The certificates stored `stored` whose status on `day` is `is`, by the rule itself (effectiveStatusSql), sorted. */
  const storedAsOn = async (stored: string, is: string, day: string) => (await db().select({ id: certificate.id }).from(certificate)
    .where(and(eq(certificate.status, stored), sql`${effectiveStatusSql(day)} = ${is}`))).map((r) => r.id).sort((a, b) => a - b);
  /** The same as the lists look them up (timedExceptions), sorted. */
  const lookedUpOn = async (kind: keyof TimedExceptions, day: string) => (await timedExceptions(db(), day))[kind].sort((a, b) => a - b);
  /** The suspension job's mark of a 暂扣 holds (it has not changed since). */
  const markHolds = async (id: number, mark: 'writtenSeq' | 'restoredSeq') => {
    const [p] = await db().select({ changeSeq: punishment.changeSeq, mark: punishment[mark] }).from(punishment).where(eq(punishment.id, id));
    return p!.mark === p!.changeSeq;
  };
  /** After each change, the rule and the look-up both find exactly the certificates found so far. */
  const finding = (rule: () => Promise<number[]>, lookup: () => Promise<number[]>) => {
    const found: number[] = [];
    return {
      found,
      async expectFound(id: number, what: string) {
        found.push(id);
        found.sort((a, b) => a - b);
        expect(await rule(), what).toEqual(found);
        expect(await lookup(), what).toEqual(found);
      },
    };
  };

  it('reads a page of certificates as the rule for one reads it (effectiveStatuses against effectiveStatusSql), the three ways a 暂扣 names them', async () => {
    const day = addDays(today, 60);
    const listed = await quietCertificate('ent_gz');
    await suspend(listed.id, listed.personId, day, addDays(day, 2), { viaList: true });
    const named = await quietCertificate('ent_gz', [listed.id]);
    await suspend(named.id, named.personId, addDays(day, 1), null);
    // A 暂扣 naming no certificate applies to every certificate of its person.
    const [holder] = await db().select({ personId: certificate.personId }).from(certificate)
      .where(and(inArray(certificate.status, ['01', '02']), sql`not exists (select 1 from ${punishment} p where p.person_id = ${certificate.personId})`))
      .groupBy(certificate.personId).having(sql`count(*) >= 2`).limit(1);
    await db().insert(punishment).values({
      personId: holder!.personId, certificateId: null, type: '暂扣', docNo: `粤建罚〔测试〕人员-${day}`, reason: '未按规定履行安全生产管理职责',
      startDate: addDays(day, -3), endDate: addDays(day, 3), reviewState: 'approved',
    });
    // Stored 02 with its 暂扣 ended (back to 01 on read), and one a pending 暂扣 names (counts for nothing).
    const ended = await quietCertificate('ent_sz');
    await suspend(ended.id, ended.personId, addDays(day, -20), addDays(day, -10));
    await db().update(certificate).set({ status: '02' }).where(eq(certificate.id, ended.id));
    const pending = await quietCertificate('ent_sz', [ended.id]);
    await suspend(pending.id, pending.personId, addDays(day, -1), null, { reviewState: 'pending' });
    const mine = [listed.id, named.id, ended.id, pending.id,
      ...(await db().select({ id: certificate.id }).from(certificate)
        .where(and(eq(certificate.personId, holder!.personId), inArray(certificate.status, ['01', '02'])))).map((r) => r.id)];
    const timed = (await db().select({ id: certificate.id }).from(certificate).where(inArray(certificate.status, ['01', '02']))).map((r) => r.id);
    for (const d of [addDays(day, -5), day, addDays(day, 1), addDays(day, 3), addDays(day, 4), addDays(day, 9)]) {
      const expected = new Map((await db().select({ id: certificate.id, status: effectiveStatusSql(d) }).from(certificate)
        .where(inArray(certificate.status, ['01', '02']))).map((r) => [r.id, r.status]));
      // Every timed certificate, a page at a time as the lists ask.
      for (let i = 0; i < timed.length; i += 10) {
        const page = timed.slice(i, i + 10);
        const got = await effectiveStatuses(db(), page, d);
        expect(page.map((id) => [id, got.get(id)]), `on ${d}`).toEqual(page.map((id) => [id, expected.get(id)]));
      }
    }
    // Spot checks of the rule itself on the days that matter.
    const on = async (d: string) => effectiveStatuses(db(), mine, d);
    expect((await on(day)).get(listed.id)).toBe('02');
    expect((await on(day)).get(named.id)).toBe('01');
    expect((await on(addDays(day, 1))).get(named.id)).toBe('02');
    expect((await on(addDays(day, 3))).get(listed.id)).toBe('01');
    expect((await on(day)).get(ended.id)).toBe('01');
    expect((await on(day)).get(pending.id)).toBe('01');
    for (const id of mine.slice(4)) {
      expect((await on(day)).get(id), `the person's certificate ${id}`).toBe('02');
      expect((await on(addDays(day, 4))).get(id), `the person's certificate ${id}`).toBe('01');
    }
    // Leave the others' certificates as they were for the tests below.
    await db().update(certificate).set({ status: '01' }).where(eq(certificate.id, ended.id));
  });

  it('moves 01 → 02 on the first day and 02 → 01 the day after the last, once each, keeping versions', async () => {
    const cert = await quietCertificate('ent_gz');
    const start = addDays(today, 3);
    const end = addDays(today, 5);
    await suspend(cert.id, cert.personId, start, end, { viaList: true });

    t.clock.set(chinaAt(addDays(today, 2), '23:59'));
    await runNamed(t, 'suspension');
    expect((await certOf(cert.id)).status).toBe('01');
    t.clock.set(chinaAt(start, '00:01'));
    const first = await runNamed(t, 'suspension');
    expect(first.detail).toMatchObject({ today: start });
    expect((await certOf(cert.id)).status).toBe('02');
    expect((await runNamed(t, 'suspension')).detail).toMatchObject({ suspended: 0 });

    t.clock.set(chinaAt(end, '00:01'));
    await runNamed(t, 'suspension');
    expect((await certOf(cert.id)).status).toBe('02');
    t.clock.set(chinaAt(addDays(end, 1), '00:01'));
    await runNamed(t, 'suspension');
    expect((await certOf(cert.id)).status).toBe('01');
    await runNamed(t, 'suspension');
    // Kept as a punishment's approval keeps them: a new version each time, the period's end in the note.
    const kept = await historyOf(cert.id);
    expect(kept.map((h) => [h.reason, h.version, (h.data as { status: string }).status, (h.data as { cause: { change: string } }).cause.change]))
      .toEqual([['punishment', cert.version, '01', 'periodStart'], ['punishment', cert.version + 1, '02', 'periodEnd']]);
    expect((await certOf(cert.id)).version).toBe(cert.version + 2);
  });

  it('keeps 02 while another 暂扣 is in force, ignores one not approved, and ends at 05 when the validity ran out meanwhile', async () => {
    const cert = await quietCertificate('ent_gz', []);
    const day = addDays(today, 10);
    await suspend(cert.id, cert.personId, day, addDays(day, 1));
    await suspend(cert.id, cert.personId, day, addDays(day, 4));
    const other = await quietCertificate('ent_gz', [cert.id]);
    await suspend(other.id, other.personId, day, null, { reviewState: 'pending' });

    t.clock.set(chinaAt(day, '00:01'));
    await runNamed(t, 'suspension');
    expect((await certOf(cert.id)).status).toBe('02');
    expect((await certOf(other.id)).status).toBe('01');
    t.clock.set(chinaAt(addDays(day, 2), '00:01'));
    await runNamed(t, 'suspension');
    expect((await certOf(cert.id)).status).toBe('02');

    await db().update(certificate).set({ expiryDate: addDays(day, 3) }).where(eq(certificate.id, cert.id));
    t.clock.set(chinaAt(addDays(day, 5), '00:01'));
    await runNamed(t, 'suspension');
    expect((await certOf(cert.id)).status).toBe('05');
  });

  it('writes what every read already shows: after a run no valid or suspended certificate reads otherwise than stored', async () => {
    // A 02 that only a future 暂扣 names (set by the older platform): neither the job nor a read moves it.
    const legacy = await quietCertificate('ent_sz');
    await db().update(certificate).set({ status: '02' }).where(eq(certificate.id, legacy.id));
    const later = addDays(today, 40);
    await suspend(legacy.id, legacy.personId, addDays(later, 10), addDays(later, 12));
    const moving = await quietCertificate('ent_sz', [legacy.id]);
    await suspend(moving.id, moving.personId, later, addDays(later, 2), { viaList: true });
    for (const day of [later, addDays(later, 3)]) {
      t.clock.set(chinaAt(day, '00:01'));
      await runNamed(t, 'suspension');
      const [{ n }] = await db().select({ n: sql<number>`count(*)::int` }).from(certificate)
        .where(and(inArray(certificate.status, ['01', '02']), sql`${certificate.status} <> ${effectiveStatusSql(day)}`));
      expect(n, `certificates whose stored status differs from the read on ${day}`).toBe(0);
    }
    expect((await certOf(legacy.id)).status).toBe('02');
    expect((await certOf(moving.id)).status).toBe('01');
  });
  it('the status filter 02 finds every valid certificate under a 暂扣 in force, also one the job had already written: restored to 01, issued to a suspended person, named later, or under a 暂扣 extended', async () => {
    // Within the password's validity (the list is asked as the province's user on that day).
    const day = addDays(today, 80);
    const storedValidSuspended = () => storedAsOn('01', '02', day);
    const lookedUp = () => lookedUpOn('suspendedValid', day);
    const written = (id: number) => markHolds(id, 'writtenSeq');

    const listed = await quietCertificate('ent_gz');
    const byList = await suspend(listed.id, listed.personId, day, addDays(day, 10), { viaList: true });
    // A 暂扣 of the whole person (names no certificate).
    const [holder] = await db().select({ personId: certificate.personId }).from(certificate)
      .where(and(eq(certificate.status, '01'), sql`not exists (select 1 from ${punishment} p where p.person_id = ${certificate.personId})`))
      .limit(1);
    const holderValid = (await db().select({ id: certificate.id }).from(certificate)
      .where(and(eq(certificate.personId, holder!.personId), eq(certificate.status, '01')))).map((r) => r.id);
    const [wholePerson] = await db().insert(punishment).values({
      personId: holder!.personId, certificateId: null, type: '暂扣', docNo: `粤建罚〔测试〕人员-${day}`, reason: '未按规定履行安全生产管理职责',
      startDate: day, endDate: addDays(day, 10), reviewState: 'approved',
    }).returning();
    // Another by list, that will name one more certificate after the run.
    const first = await quietCertificate('ent_gz', [listed.id]);
    const naming = await suspend(first.id, first.personId, day, addDays(day, 10), { viaList: true });
    // One that ended before the day: the run writes it too (it names nothing that must be 02).
    const extended = await quietCertificate('ent_sz');
    const ended = await suspend(extended.id, extended.personId, addDays(day, -3), addDays(day, -1));
    expect(await storedValidSuspended()).toEqual(expect.arrayContaining([listed.id]));
    expect(await lookedUp()).toEqual(await storedValidSuspended());

    t.clock.set(chinaAt(day, '00:01'));
    await runNamed(t, 'suspension');
    expect(await storedValidSuspended()).toEqual([]);
    expect(await lookedUp()).toEqual([]);
    for (const p of [byList, wholePerson!, naming, ended]) expect(await written(p.id), `punishment ${p.id} written`).toBe(true);

    // What leaves a certificate stored 01 under a written 暂扣 afterwards, each found at once:
    const { found, expectFound } = finding(storedValidSuspended, lookedUp);
    await db().update(certificate).set({ status: '01' }).where(eq(certificate.id, listed.id));
    await expectFound(listed.id, 'set back to 01 (by hand, or any process that writes 01)');
    const [model] = await db().select().from(certificate).where(eq(certificate.personId, holder!.personId)).limit(1);
    const { id: _id, ...rest } = model!;
    const [issued] = await db().insert(certificate).values({ ...rest, status: '01', certNo: `${model!.certNo}-T`, queryCode: `${model!.queryCode}T` }).returning();
    await expectFound(issued!.id, 'issued to the person under the 暂扣 of the whole person');
    const named = await quietCertificate('ent_gz', [listed.id, first.id]);
    await db().insert(punishmentCertificate).values({ punishmentId: naming.id, certificateId: named.id });
    await expectFound(named.id, 'named by a written 暂扣');
    await db().update(punishment).set({ endDate: addDays(day, 5) }).where(eq(punishment.id, ended.id));
    await expectFound(extended.id, 'under a 暂扣 whose period was extended past the day');
    const expected = found;
    // As the list shows them: each found by the status filter, as 暂扣.
    const token = await t.login('province');
    for (const id of expected) {
      const cert = await certOf(id);
      const page = (await okCall(token, 'GET', `/api/safetyCertificateInfo/list?status=02&certNo=${encodeURIComponent(cert.certNo)}`));
      expect(page.rows.map((r: { id: number; status: string }) => [r.id, r.status]), `certificate ${id}`).toEqual([[id, '02']]);
      // …and not by the filter 01, though stored 01 (it takes the stored 01 but those same look-ups).
      const valid = (await okCall(token, 'GET', `/api/safetyCertificateInfo/list?status=01&certNo=${encodeURIComponent(cert.certNo)}`));
      expect([valid.total, valid.rows.length], `certificate ${id} under the filter 01`).toEqual([0, 0]);
    }

    // The next run writes them and the 暂扣 again.
    t.clock.set(chinaAt(day, '00:02'));
    expect((await runNamed(t, 'suspension')).detail).toMatchObject({ suspended: 4 });
    expect(await storedValidSuspended()).toEqual([]);
    expect(await lookedUp()).toEqual([]);
    for (const p of [byList, wholePerson!, naming, ended]) expect(await written(p.id), `punishment ${p.id} written again`).toBe(true);
    for (const id of expected) expect((await certOf(id)).status).toBe('02');
    // Leave the others' certificates as they were for the tests below (stored 01, not under these 暂扣).
    await db().delete(punishmentCertificate).where(inArray(punishmentCertificate.punishmentId, [byList.id, naming.id]));
    await db().delete(punishment).where(inArray(punishment.id, [byList.id, wholePerson!.id, naming.id, ended.id]));
    await db().delete(certificateHistory).where(eq(certificateHistory.certificateId, issued!.id));
    await db().delete(certificate).where(eq(certificate.id, issued!.id));
    await db().update(certificate).set({ status: '01' }).where(inArray(certificate.id, [...holderValid, first.id, ...expected.filter((id) => id !== issued!.id)]));
  });

  it('the status filter 01 finds every suspended certificate no 暂扣 holds any more, also after the job ran: its 暂扣 ended since, the one in force revoked, moved later or unnamed while an older one had ended, or set to 02 by hand', async () => {
    // Within the password's validity (the list is asked as the province's user on that day).
    const day = addDays(today, 70);
    let on = day;
    const storedSuspendedValid = () => storedAsOn('02', '01', on);
    const lookedUp = () => lookedUpOn('restored', on);
    const marked = (id: number) => markHolds(id, 'restoredSeq');
    const quiet: number[] = [];
    const next = async () => { const c = await quietCertificate(quiet.length % 2 ? 'ent_sz' : 'ent_gz', quiet); quiet.push(c.id); return c; };
    const longAgo = (c: { id: number; personId: number }) => suspend(c.id, c.personId, addDays(day, -30), addDays(day, -20));

    // Each held by a 暂扣 in force at the run (most with an older one ended behind it).
    const ending = await next();
    await suspend(ending.id, ending.personId, addDays(day, -5), addDays(day, 1), { viaList: true });
    const revoked = await next();
    const olderOfRevoked = await longAgo(revoked);
    const revoking = await suspend(revoked.id, revoked.personId, addDays(day, -2), addDays(day, 30));
    const deleted = await next();
    await longAgo(deleted);
    const deleting = await suspend(deleted.id, deleted.personId, addDays(day, -2), addDays(day, 30), { viaList: true });
    const moved = await next();
    await longAgo(moved);
    const moving = await suspend(moved.id, moved.personId, addDays(day, -2), addDays(day, 30));
    // Valid at the run, its 暂扣 long over: set to 02 by hand afterwards.
    const byHand = await next();
    await longAgo(byHand);
    // Two persons with two valid certificates each: a 暂扣 naming both of one's that comes to name one
    // only, and a 暂扣 of the other whole person that comes to name one of theirs only.
    const holders = await db().select({ personId: certificate.personId }).from(certificate)
      .where(and(eq(certificate.status, '01'), sql`not exists (select 1 from ${punishment} p where p.person_id = ${certificate.personId})`))
      .groupBy(certificate.personId).having(sql`count(*) >= 2`).orderBy(asc(certificate.personId)).limit(2);
    const twoOf = (personId: number) => db().select().from(certificate)
      .where(and(eq(certificate.personId, personId), eq(certificate.status, '01'))).orderBy(asc(certificate.id)).limit(2);
    const [stillNamed, unnamed] = await twoOf(holders[0]!.personId);
    await longAgo(unnamed!);
    const unnaming = await suspend(stillNamed!.id, stillNamed!.personId, addDays(day, -2), addDays(day, 30), { viaList: true });
    await db().insert(punishmentCertificate).values({ punishmentId: unnaming.id, certificateId: unnamed!.id });
    const [kept, left] = await twoOf(holders[1]!.personId);
    await longAgo(left!);
    const [wholePerson] = await db().insert(punishment).values({
      personId: kept!.personId, certificateId: null, type: '暂扣', docNo: `粤建罚〔测试〕人员-${day}`, reason: '未按规定履行安全生产管理职责',
      startDate: addDays(day, -2), endDate: addDays(day, 30), reviewState: 'approved',
    }).returning();

    t.clock.set(chinaAt(day, '00:01'));
    await runNamed(t, 'suspension');
    for (const c of [ending, revoked, deleted, stillNamed!, unnamed!, moved, kept!, left!]) expect((await certOf(c.id)).status, `certificate ${c.id} suspended`).toBe('02');
    expect(await storedSuspendedValid()).toEqual([]);
    expect(await lookedUp()).toEqual([]);
    expect(await marked(olderOfRevoked.id), 'an ended 暂扣 marked restored').toBe(true);
    // The run's own moves to 02 are noted for the next look; a second run finds nothing to move and clears them.
    t.clock.set(chinaAt(day, '00:02'));
    expect((await runNamed(t, 'suspension')).detail).toMatchObject({ suspended: 0, restored: 0 });
    expect(await db().select().from(suspensionRecheck)).toEqual([]);

    // What leaves a certificate stored 02 with nothing holding it afterwards, each found at once:
    const { found, expectFound } = finding(storedSuspendedValid, lookedUp);
    on = addDays(day, 2);
    await expectFound(ending.id, 'its 暂扣 ended since the run');
    await db().update(punishment).set({ reviewState: 'rejected' }).where(eq(punishment.id, revoking.id));
    await expectFound(revoked.id, 'the 暂扣 in force revoked, an older one ended');
    await db().delete(punishment).where(eq(punishment.id, deleting.id));
    await expectFound(deleted.id, 'the 暂扣 in force deleted, an older one ended');
    await db().delete(punishmentCertificate).where(and(eq(punishmentCertificate.punishmentId, unnaming.id), eq(punishmentCertificate.certificateId, unnamed!.id)));
    await expectFound(unnamed!.id, 'unnamed from the 暂扣 in force, an older one ended');
    await db().update(punishment).set({ startDate: addDays(day, 10) }).where(eq(punishment.id, moving.id));
    await expectFound(moved.id, 'the 暂扣 in force moved later, an older one ended');
    await db().update(certificate).set({ status: '02' }).where(eq(certificate.id, byHand.id));
    await expectFound(byHand.id, 'set to 02 by hand, its 暂扣 long over');
    await db().insert(punishmentCertificate).values({ punishmentId: wholePerson!.id, certificateId: kept!.id });
    await expectFound(left!.id, "the whole person's 暂扣 came to name another of their certificates only");
    const expected = [...found];

    // As the list shows them on that day: each found by the filter 01, as valid, and not by the filter 02.
    t.clock.set(chinaAt(on, '09:00'));
    const token = await t.login('province');
    for (const id of expected) {
      const cert = await certOf(id);
      const valid = await okCall(token, 'GET', `/api/safetyCertificateInfo/list?status=01&certNo=${encodeURIComponent(cert.certNo)}`);
      expect(valid.rows.map((r: { id: number; status: string }) => [r.id, r.status]), `certificate ${id}`).toEqual([[id, '01']]);
      const suspended = await okCall(token, 'GET', `/api/safetyCertificateInfo/list?status=02&certNo=${encodeURIComponent(cert.certNo)}`);
      expect([suspended.total, suspended.rows.length], `certificate ${id} under the filter 02`).toEqual([0, 0]);
    }

    // A person whose 暂扣 of the whole person is long over (the next run marks it restored) is then
    // issued a certificate at 02, as an import may write it.
    const importedTo = await next();
    await db().insert(punishment).values({
      personId: importedTo.personId, certificateId: null, type: '暂扣', docNo: `粤建罚〔测试〕人员-${on}`, reason: '未按规定履行安全生产管理职责',
      startDate: addDays(day, -30), endDate: addDays(day, -20), reviewState: 'approved',
    });

    // The next run restores them, marks the ended 暂扣 and clears the notes it saw.
    t.clock.set(chinaAt(on, '00:01'));
    expect((await runNamed(t, 'suspension')).detail).toMatchObject({ restored: expected.length });
    expect(await storedSuspendedValid()).toEqual([]);
    expect(await lookedUp()).toEqual([]);
    for (const id of expected) {
      const cert = await certOf(id);
      expect(cert.status, `certificate ${id} restored`).toBe(cert.expiryDate < on ? '05' : '01');
    }
    expect(await marked(olderOfRevoked.id)).toBe(true);
    expect(await db().select().from(suspensionRecheck)).toEqual([]);
    const { id: _id, ...copied } = importedTo;
    const [imported] = await db().insert(certificate).values({ ...copied, status: '02', certNo: `${importedTo.certNo}-I`, queryCode: `${importedTo.queryCode}I` }).returning();
    await finding(storedSuspendedValid, lookedUp).expectFound(imported!.id, 'issued at 02 to a person whose 暂扣 is over');
    await db().delete(certificate).where(eq(certificate.id, imported!.id));

    // Leave the others' certificates as they were for the tests below.
    const mine = [...quiet, stillNamed!.id, unnamed!.id, kept!.id, left!.id];
    const theirs = (await db().select({ id: punishment.id }).from(punishment).where(inArray(punishment.personId,
      (await db().select({ id: certificate.personId }).from(certificate).where(inArray(certificate.id, mine))).map((r) => r.id)))).map((r) => r.id);
    await db().delete(punishmentCertificate).where(inArray(punishmentCertificate.punishmentId, theirs));
    await db().delete(punishment).where(inArray(punishment.id, theirs));
    await db().update(certificate).set({ status: '01' }).where(inArray(certificate.id, mine));
  });
});
