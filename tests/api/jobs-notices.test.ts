/**
 * Who is told what by the clock, once: delay-window reminders at the window's opening (90 days), 30
 * and 7 days before expiry to the enterprise's users and the holder; a warning to the enterprise
 * when a certificate expired without a delay; statutory deadlines — 3 working days left to the
 * step's staff, overdue to the provincial administrators.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { chinaAt, runNamed } from '../helpers/jobs.js';
import {
  application,
  certificate,
  noticeSent,
  sysConfig,
  sysMsgInfo,
  sysRole,
  sysUser,
  sysUserRole,
} from '../../server/db/schema.js';
import { addDays, chinaDate } from '../../server/lib/days.js';
import { addWorkingDays, workingDaysLeft } from '../../server/lib/workdays.js';
import type { WorkCalendar } from '../../server/lib/workCalendar.js';
import { readWorkCalendar } from '../../server/lib/calendar/inForce.js';

let t: TestApp;
let today: string;
const db = () => t.database.db;

apiSuite({
  ready: async (app) => {
    t = app;
    today = chinaDate(t.clock.now());
    t.clock.set(chinaAt(today, '08:00'));
  },
});

const userOf = async (userName: string) =>
  (await db().select().from(sysUser).where(eq(sysUser.userName, userName)))[0]!;
const certOfHolder = async (userName: string) => {
  const u = await userOf(userName);
  const [c] = await db()
    .select()
    .from(certificate)
    .where(and(eq(certificate.personId, u.personId!), eq(certificate.status, '01')))
    .limit(1);
  return c!;
};
/** Messages about something (its number in the text), as [user, type] pairs. */
const messagesAbout = async (text: string) =>
  (
    await db()
      .select()
      .from(sysMsgInfo)
      .where(like(sysMsgInfo.nr, `%${text}%`))
      .orderBy(sysMsgInfo.id)
  ).map((m) => ({ userId: m.userId, type: m.msgType, bt: m.bt, sender: m.senderName }));
const noticesOf = async (ref: string) =>
  (await db().select().from(noticeSent).where(eq(noticeSent.ref, ref))).map((n) => n.kind).sort();

describe('delay-window reminders', () => {
  it('tells the enterprise users and the holder at 90, 30 and 7 days before expiry, once per threshold', async () => {
    const cert = await certOfHolder('person2');
    const holder = await userOf('person2');
    const entUsers = (
      await db()
        .select()
        .from(sysUser)
        .where(and(eq(sysUser.enterpriseId, cert.enterpriseId), eq(sysUser.userType, '03'), eq(sysUser.status, '1')))
    ).map((u) => u.userId);
    expect(entUsers).toContain((await userOf('ent_gz')).userId);
    const everyone = [...entUsers, holder.userId].sort();

    for (const [days, kind] of [
      [90, 'delay90'],
      [30, 'delay30'],
      [7, 'delay7'],
    ] as const) {
      await db()
        .update(certificate)
        .set({ expiryDate: addDays(today, days) })
        .where(eq(certificate.id, cert.id));
      const before = (await messagesAbout(cert.certNo)).length;
      const run = await runNamed(t, 'delayReminder');
      expect(run.detail[kind]).toBeGreaterThanOrEqual(1);
      const sent = (await messagesAbout(cert.certNo)).slice(before);
      expect(sent.map((m) => m.userId).sort()).toEqual(everyone);
      expect(
        sent.every((m) => m.type === 'systemType' && m.sender === '系统' && m.bt.includes(addDays(today, days))),
      ).toBe(true);
      // The same day again, or the next: nothing new for this threshold.
      await runNamed(t, 'delayReminder');
      expect((await messagesAbout(cert.certNo)).length).toBe(before + everyone.length);
    }
    expect(await noticesOf(`certificate:${cert.id}`)).toEqual(['delay30', 'delay7', 'delay90']);
  });

  it('a certificate first seen close to its expiry gets the nearest reminder only; one whose delay is filed gets none', async () => {
    const late = await certOfHolder('person_gz1');
    await db()
      .update(certificate)
      .set({ expiryDate: addDays(today, 5) })
      .where(eq(certificate.id, late.id));
    const filed = await certOfHolder('person_gz2');
    await db()
      .update(certificate)
      .set({ expiryDate: addDays(today, 20) })
      .where(eq(certificate.id, filed.id));
    const ent = await userOf('ent_gz');
    await db()
      .insert(application)
      .values({
        applyNo: `YQTEST${filed.id}`,
        businessType: 'delay',
        applicantUserId: ent.userId,
        enterpriseId: filed.enterpriseId,
        personId: filed.personId,
        certificateId: filed.id,
        area: '1',
        status: 2,
        step: 'sl',
        snapshot: {},
        payload: {},
      });
    await runNamed(t, 'delayReminder');
    expect(await noticesOf(`certificate:${late.id}`)).toEqual(['delay7']);
    expect(await noticesOf(`certificate:${filed.id}`)).toEqual([]);
    expect(await messagesAbout(filed.certNo)).toEqual([]);
  });

  it('warns the enterprise once about a certificate that expired without a delay (not the holder, not an old one)', async () => {
    const cert = await certOfHolder('person_gz3');
    await db()
      .update(certificate)
      .set({ status: '05', expiryDate: addDays(today, -1) })
      .where(eq(certificate.id, cert.id));
    const old = await certOfHolder('person_gz4');
    await db()
      .update(certificate)
      .set({ status: '05', expiryDate: addDays(today, -45) })
      .where(eq(certificate.id, old.id));
    const run = await runNamed(t, 'delayReminder');
    expect(run.detail.expiredNoDelay).toBeGreaterThanOrEqual(1);
    const warned = await messagesAbout(cert.certNo);
    const entUsers = (
      await db()
        .select()
        .from(sysUser)
        .where(and(eq(sysUser.enterpriseId, cert.enterpriseId), eq(sysUser.userType, '03')))
    ).map((u) => u.userId);
    expect(warned.map((m) => m.userId).sort()).toEqual(entUsers.sort());
    expect(warned.every((m) => m.type === 'warnType')).toBe(true);
    expect(await messagesAbout(old.certNo)).toEqual([]);
    await runNamed(t, 'delayReminder');
    expect(await messagesAbout(cert.certNo)).toHaveLength(warned.length);
  });
});

describe('statutory deadlines', () => {
  const now = () => t.clock.now();
  /** An acceptance instant that leaves `left` working days of a `limit`-day deadline. */
  function acceptedLeaving(calendar: WorkCalendar, left: number, limit: number): Date {
    for (let back = 0; back < 60; back++) {
      const at = chinaAt(addDays(today, -back), '10:00');
      if (workingDaysLeft(calendar, now(), addWorkingDays(calendar, at, limit)) === left) return at;
    }
    throw new Error(`no acceptance day leaves ${left} of ${limit}`);
  }
  async function inReview(no: string, businessType: string, step: string, acceptedAt: Date) {
    const ent = await userOf('ent_gz');
    const [row] = await db()
      .insert(application)
      .values({
        applyNo: no,
        businessType,
        applicantUserId: ent.userId,
        enterpriseId: ent.enterpriseId,
        area: '1',
        status: 3,
        step,
        snapshot: {},
        payload: {},
        submittedAt: acceptedAt,
        acceptedAt,
      })
      .returning();
    return row!;
  }

  it('warns the staff of the step when 3 working days are left (5-day limit for a modification), once per step', async () => {
    const app = await inReview('XBDEADLINE0001', 'newCert', 'cs', acceptedLeaving(await readWorkCalendar(db()), 3, 20));
    const modify = await inReview(
      'BGDEADLINE0001',
      'modify',
      'sh',
      acceptedLeaving(await readWorkCalendar(db()), 2, 5),
    );
    const early = await inReview(
      'XBDEADLINE0002',
      'newCert',
      'cs',
      acceptedLeaving(await readWorkCalendar(db()), 4, 20),
    );
    await runNamed(t, 'deadlineWarning');
    const warned = await messagesAbout(app.applyNo);
    expect(warned.every((m) => m.type === 'warnType')).toBe(true);
    // gz_cs holds 初审 in Guangzhou; Shenzhen's and the province's staff do not get Guangzhou's items.
    expect(warned.map((m) => m.userId)).toContain((await userOf('gz_cs')).userId);
    expect(warned.map((m) => m.userId)).not.toContain((await userOf('sz_staff')).userId);
    expect(warned.map((m) => m.userId)).not.toContain((await userOf('gz_sh')).userId);
    expect((await messagesAbout(modify.applyNo)).map((m) => m.userId)).toContain((await userOf('gz_sh')).userId);
    expect(await messagesAbout(early.applyNo)).toEqual([]);

    await runNamed(t, 'deadlineWarning');
    expect(await messagesAbout(app.applyNo)).toHaveLength(warned.length);
    // Moved on to 审核 that late: its staff are warned too.
    await db().update(application).set({ step: 'sh' }).where(eq(application.id, app.id));
    await runNamed(t, 'deadlineWarning');
    expect((await messagesAbout(app.applyNo)).slice(warned.length).map((m) => m.userId)).toContain(
      (await userOf('gz_sh')).userId,
    );
  });

  it('reads the time limit from sys_config, as the queues do', async () => {
    await db()
      .update(sysConfig)
      .set({ configValue: '25' })
      .where(eq(sysConfig.configKey, 'biz.review.deadlineWorkingDays'));
    try {
      const app = await inReview(
        'XBDEADLINE0025',
        'newCert',
        'cs',
        acceptedLeaving(await readWorkCalendar(db()), 3, 25),
      );
      await runNamed(t, 'deadlineWarning');
      const warned = await messagesAbout(app.applyNo);
      expect(warned.map((m) => m.userId)).toContain((await userOf('gz_cs')).userId);
      expect(warned[0]!.bt).toBe(`办理时限预警：新办证书 ${app.applyNo}`);
    } finally {
      await db()
        .update(sysConfig)
        .set({ configValue: '20' })
        .where(eq(sysConfig.configKey, 'biz.review.deadlineWorkingDays'));
    }
  });

  it('tells the provincial administrators once when an item is past its deadline', async () => {
    const app = await inReview('XBOVERDUE0001', 'newCert', 'sh', acceptedLeaving(await readWorkCalendar(db()), -2, 20));
    await runNamed(t, 'deadlineWarning');
    const admins = await db()
      .selectDistinct({ userId: sysUser.userId })
      .from(sysUser)
      .innerJoin(sysUserRole, eq(sysUserRole.userId, sysUser.userId))
      .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
      .where(and(eq(sysRole.roleKey, 'adminProvince'), eq(sysUser.status, '1')));
    expect(admins.map((a) => a.userId)).toContain((await userOf('province')).userId);
    const told = await messagesAbout(app.applyNo);
    expect(
      told
        .filter((m) => m.bt.startsWith('已超法定时限'))
        .map((m) => m.userId)
        .sort(),
    ).toEqual(admins.map((a) => a.userId).sort());
    await runNamed(t, 'deadlineWarning');
    expect(await messagesAbout(app.applyNo)).toHaveLength(told.length);
  });
});
