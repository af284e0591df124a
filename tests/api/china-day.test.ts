/**
 * Dates are China days at every hour. The server's clock is fixed at the three instants where a date
 * computed in the wrong zone goes wrong — 15:59 UTC (23:59 in China), 16:01 UTC (00:01 of the next
 * China day) and 23:59 UTC (07:59 in China) — and at each one what a user reads as "today" must be
 * the China day: rows written now are found by today's filter and not by yesterday's, application
 * numbers carry today, the delay window opens and closes on China days, statutory deadlines count
 * from today, uploads are filed under today. The rest of the API suites run at 15:59 UTC (PGlite)
 * and 16:01 UTC (PostgreSQL) as a whole (scripts/test.ts), so every date they compute is checked
 * on both sides of China's midnight.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { testNow, type TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { criticalInstants } from '../helpers/clock.js';
import { certificate, sysOss, sysUser } from '../../server/db/schema.js';
import { addDays, chinaDate } from '../../server/lib/days.js';
import { addWorkingDays } from '../../server/lib/workdays.js';
import { readWorkCalendar } from '../../server/lib/calendar/inForce.js';

let t: TestApp;
apiSuite({
  ready: (app) => {
    t = app;
  },
});

const instants = Object.entries(criticalInstants(testNow())) as [string, Date][];

interface Row {
  [key: string]: unknown;
}

describe.each(instants)('with the server clock at %s', (_label, instant) => {
  const today = chinaDate(instant);
  const yesterday = addDays(today, -1);
  const tokens: Record<string, string> = {};
  const get = async (user: string, url: string) => {
    const res = await t.call(tokens[user]!, { url });
    expect(res.statusCode, `${user} GET ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const post = async (user: string, url: string, payload?: unknown) => {
    const res = await t.call(tokens[user]!, {
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(res.statusCode, `${user} POST ${url}: ${res.body}`).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t.clock.set(instant);
    // Sessions are stamped by the clock too: sign in afresh at this instant.
    for (const u of ['admin', 'auditor', 'ent_gz', 'gz_sl']) tokens[u] = await t.login(u);
  });

  it(`is ${today} in China`, () => {
    // The instants are chosen so that two of them fall on the next China day of their UTC date.
    expect(today).toBe(new Date(instant.getTime() + 8 * 3_600_000).toISOString().slice(0, 10));
  });

  it("finds what was written now under today's date filter, not under yesterday's or tomorrow's", async () => {
    const title = `日期测试 ${instant.toISOString()}`;
    await post('admin', '/api/system/notice/save', {
      noticeTitle: title,
      noticeType: '1',
      noticeContent: '按中国时间的日期筛选',
      status: '1',
    });
    const q = `/api/system/notice/list?noticeTitle=${encodeURIComponent(title)}`;
    const onDay = await get('admin', `${q}&beginTime=${today}&endTime=${today}`);
    expect(onDay.rows.map((r: Row) => r.noticeTitle)).toEqual([title]);
    expect(onDay.rows[0].createdAt).toBe(instant.toISOString());
    expect((await get('admin', `${q}&endTime=${yesterday}`)).total).toBe(0);
    expect((await get('admin', `${q}&beginTime=${addDays(today, 1)}`)).total).toBe(0);
    // The operation log of that write and the login log of this instant's sign-in, by the same day.
    const ops = await get('auditor', `/api/system/operlog/list?beginTime=${today}&endTime=${today}&pageSize=100`);
    expect(ops.rows.some((r: Row) => r.operTime === instant.toISOString())).toBe(true);
    expect((await get('auditor', `/api/system/operlog/list?beginTime=${addDays(today, 1)}`)).total).toBe(0);
    const logins = await get(
      'auditor',
      `/api/system/logininfor/list?userName=ent_gz&beginTime=${today}&endTime=${today}&pageSize=100`,
    );
    expect(logins.rows.some((r: Row) => r.loginTime === instant.toISOString())).toBe(true);
  });

  it('opens the delay window on the China day 90 days before expiry and closes it after the expiry day', async () => {
    const [person1] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'person1'));
    const [c3] = await t.database.db
      .select()
      .from(certificate)
      .where(
        and(eq(certificate.personId, person1!.personId!), eq(certificate.category, 'C3'), eq(certificate.status, '01')),
      );
    const original = c3!.expiryDate;
    const codeFor = async (expiry: string) => {
      await t.database.db.update(certificate).set({ expiryDate: expiry }).where(eq(certificate.id, c3!.id));
      return (
        await get('ent_gz', `/api/applyCertification/checkDataByApplyId?businessType=delay&certificateId=${c3!.id}`)
      ).code as number;
    };
    try {
      expect(await codeFor(today)).not.toBe(1);
      expect(await codeFor(addDays(today, 90))).not.toBe(1);
      expect(await codeFor(yesterday)).toBe(1);
      expect(await codeFor(addDays(today, 91))).toBe(1);
    } finally {
      await t.database.db.update(certificate).set({ expiryDate: original }).where(eq(certificate.id, c3!.id));
    }
  });

  it("numbers an application with today's China date and lists it under today", async () => {
    const [person1] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'person1'));
    const [c3] = await t.database.db
      .select()
      .from(certificate)
      .where(
        and(eq(certificate.personId, person1!.personId!), eq(certificate.category, 'C3'), eq(certificate.status, '01')),
      );
    const saved = (await post('ent_gz', '/api/apply/delay/save', { certificateId: c3!.id, payload: {} })).data;
    try {
      expect(saved.applyNo).toMatch(new RegExp(`^YQ${today.replace(/-/g, '')}\\d{5}$`));
      const listed = await get('ent_gz', `/api/apply/delay/list?beginTime=${today}&endTime=${today}&pageSize=100`);
      expect(listed.rows.map((r: Row) => r.id)).toContain(saved.id);
      const before = await get('ent_gz', `/api/apply/delay/list?endTime=${yesterday}&pageSize=100`);
      expect(before.rows.map((r: Row) => r.id)).not.toContain(saved.id);
    } finally {
      await post('ent_gz', `/api/apply/delay/remove?ids=${saved.id}`);
    }
  });

  it('counts the statutory deadline of an item accepted now from today', async () => {
    const waiting = await get('gz_sl', '/api/workflow/queue/waitAccept?pageSize=1');
    const item = waiting.rows[0] as { id: number; applyNo: string; businessType: string };
    expect(item).toBeDefined();
    const detail = (await get('gz_sl', `/api/workflow/${item.id}`)).data;
    await post('gz_sl', `/api/workflow/${item.id}/events`, {
      type: 'AGREE',
      version: detail.version,
      comment: '材料齐全，予以受理',
    });
    const accepted = await get('gz_sl', `/api/workflow/queue/accepted?keyword=${item.applyNo}`);
    const row = accepted.rows.find((r: Row) => r.id === item.id) as { deadline: string; daysLeft: number } | undefined;
    expect(row).toBeDefined();
    // 20 working days for a decision, 5 for a modification (sys_config biz.*.deadlineWorkingDays).
    const limit = item.businessType === 'modify' ? 5 : 20;
    expect(row!.deadline).toBe(addWorkingDays(await readWorkCalendar(t.database.db), instant, limit));
    expect(row!.daysLeft).toBe(limit);
  });

  it("files an upload under today's China date", async () => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n% 日期\n%%EOF\n'))], { type: 'application/pdf' }),
      '材料.pdf',
    );
    const res = await t.call(tokens.ent_gz!, {
      method: 'POST',
      url: '/api/file/upload',
      payload: form as unknown as object,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(sysOss).where(eq(sysOss.id, res.json().data.ossId));
    expect(row!.storageKey.startsWith(`${today.replace(/-/g, '/')}/`)).toBe(true);
    expect(row!.createdAt.toISOString()).toBe(instant.toISOString());
  });
});
