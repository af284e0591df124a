/**
 * 系统管理 → 工作日历 end to end: who may open it; the years as the package ships them and the first
 * year it does not; that year announced from 1 November on the job page and the province's
 * workbench; a deadline that reaches into it marked as counted Monday–Friday; the year imported
 * from Excel (template, refusals naming rows, nothing half-written), exported and imported back,
 * entered day by day and confirmed; a day corrected. Applications in flight follow the calendar as
 * it is now: their deadlines, days left and the overdue filter move with every change (README
 * "Working days"). Every change is in the operation log.
 *
 * The unknown year is the one after the package's last, and the clock is 7 December before it, so
 * the suite means the same once a release of the package ships today's next year.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, desc, eq } from 'drizzle-orm';
import { apiSuite } from '../helpers/api.js';
import type { TestApp } from '../helpers/app.js';
import { readXlsx } from '../helpers/xlsx.js';
import { runNamed } from '../helpers/jobs.js';
import {
  application,
  statRefresh,
  sysMsgInfo,
  sysOperLog,
  sysUser,
  workCalendarDay,
  workCalendarYear,
} from '../../server/db/schema.js';
import { addDays, isWeekday } from '../../server/lib/days.js';
import { PUBLISHED_CALENDAR } from '../../server/lib/publishedCalendar.js';
import { WorkCalendar } from '../../server/lib/workCalendar.js';

const Y = Math.max(...PUBLISHED_CALENDAR.years) + 1;
const LAST = Y - 1;
const chinaAt = (day: string, hhmm = '10:00') => new Date(`${day}T${hhmm}:00+08:00`);
const TODAY = `${LAST}-12-07`;
const NOW = chinaAt(TODAY);
const published = new WorkCalendar(PUBLISHED_CALENDAR);

let t: TestApp;
const api = apiSuite({
  users: ['admin', 'province', 'gz_sl', 'secadmin'],
  ready: (app) => {
    t = app;
    app.clock.set(NOW);
  },
});
const db = () => t.database.db;

/** Counting day by day: the package's table for its years, `off`/`worked` for the year entered, Monday–Friday otherwise. */
function countDays(
  from: string,
  n: number,
  off: ReadonlySet<string> = new Set(),
  worked: ReadonlySet<string> = new Set(),
) {
  const working = (d: string) =>
    off.has(d)
      ? false
      : worked.has(d)
        ? true
        : PUBLISHED_CALENDAR.years.has(Number(d.slice(0, 4)))
          ? published.isWorkingDay(d)
          : isWeekday(d);
  let d = from;
  for (let left = n; left > 0; ) {
    d = addDays(d, 1);
    if (working(d)) left -= 1;
  }
  return d;
}

/** A plausible arrangement of year Y: 元旦 on its first three weekdays, 春节 on five February weekdays, a Saturday worked. */
const weekdaysOf = (from: string, n: number) => {
  const out: string[] = [];
  for (let d = from; out.length < n; d = addDays(d, 1)) if (isWeekday(d)) out.push(d);
  return out;
};
const NEW_YEAR = weekdaysOf(`${Y}-01-01`, 3);
const SPRING = weekdaysOf(`${Y}-02-08`, 5);
const SATURDAY = (() => {
  let d = `${Y}-02-01`;
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 6) d = addDays(d, 1);
  return d;
})();
const OFF = new Set([...NEW_YEAR, ...SPRING]);
const WORKED = new Set([SATURDAY]);

async function xlsx(rows: Array<Array<string | number | Date>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
function importYear(user: string, bytes: Buffer, query: string, name = 'calendar.xlsx') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return api.token(user).then((token) =>
    t.call(token, {
      method: 'POST',
      url: `/api/system/calendar/importData?${query}`,
      payload: form as unknown as object,
    }),
  );
}
const HEAD = ['日期', '安排', '名称', '备注'];
const yearTable = () => [
  HEAD,
  ...NEW_YEAR.map((d) => [d, '放假', '元旦', '']),
  ...SPRING.map((d) => [d, '放假', '春节', '']),
  [SATURDAY, '上班', '春节', '调休'],
];

type Row = {
  id: number;
  applyNo: string;
  deadline: string | null;
  deadlineEstimated: boolean;
  daysLeft: number | null;
  overdue: boolean;
};
const workRow = async (applyNo: string, filter = '') => {
  const res = await api.get('province', `/api/search/work/list?applyNo=${applyNo}${filter}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().rows as Row[]).find((r) => r.applyNo === applyNo);
};

async function inReview(applyNo: string, acceptedAt: Date) {
  const [ent] = await db().select().from(sysUser).where(eq(sysUser.userName, 'ent_gz'));
  await db().insert(application).values({
    applyNo,
    businessType: 'newCert',
    applicantUserId: ent!.userId,
    enterpriseId: ent!.enterpriseId,
    area: '1',
    status: 3,
    step: 'cs',
    snapshot: {},
    payload: {},
    submittedAt: acceptedAt,
    acceptedAt,
  });
}

/** The acceptance day whose 20-day deadline leaves `left` working days on NOW's day. */
function acceptedLeaving(left: number): string {
  for (let d = addDays(TODAY, -1); d > `${LAST}-09-01`; d = addDays(d, -1)) {
    if (published.workingDaysBetween(TODAY, published.addWorkingDays(d, 20)) === left) return d;
  }
  throw new Error(`no acceptance leaves ${left}`);
}
const LATE_DAY = acceptedLeaving(-1);

beforeAll(async () => {
  await inReview('CALTEST0001', chinaAt(`${LAST}-12-04`));
  await inReview('CALTEST0002', chinaAt(LATE_DAY, '23:30'));
});

describe('who may open the working-day calendar', () => {
  it("is the system administrator's page: others get 403", async () => {
    expect((await api.get('admin', '/api/system/calendar/years')).statusCode).toBe(200);
    for (const user of ['province', 'gz_sl', 'secadmin']) {
      expect((await api.get(user, '/api/system/calendar/years')).statusCode, user).toBe(403);
      expect(
        (await api.post(user, '/api/system/calendar/save', { day: `${Y}-01-04`, working: false })).statusCode,
        user,
      ).toBe(403);
    }
  });
});

describe('the years', () => {
  it("shows the package's years as published and the next one as unknown, announced from 1 November", async () => {
    const data = (await api.get('admin', '/api/system/calendar/years')).json().data;
    expect(data.today).toBe(TODAY);
    expect(data.source).toBe(PUBLISHED_CALENDAR.source);
    expect(data.missingYear).toBe(Y);
    const byYear = new Map((data.years as Array<{ year: number; daysOff: number }>).map((y) => [y.year, y]));
    expect(byYear.get(LAST)).toMatchObject({
      state: 'published',
      source: PUBLISHED_CALENDAR.source,
      canImport: false,
      canConfirm: false,
      entered: 0,
    });
    expect(byYear.get(Y)).toMatchObject({
      state: 'unknown',
      source: null,
      canImport: true,
      canConfirm: true,
      daysOff: 0,
    });
    // The package's own year: its days off on weekdays and its weekend days worked, as the page lists them.
    const off = (await api.get('admin', `/api/system/calendar/list?year=${LAST}&kind=off&pageSize=100`)).json();
    expect(
      off.rows.every(
        (r: { working: boolean; entered: boolean; packageWorking: boolean }) =>
          !r.working && !r.entered && r.packageWorking === false,
      ),
    ).toBe(true);
    expect(off.total).toBe(byYear.get(LAST)!.daysOff);
  });

  it("says so on the job page and the province's workbench, not on a centre's", async () => {
    expect((await api.get('admin', '/api/system/job/status')).json().data.calendar).toEqual({ missingYear: Y });
    expect((await api.get('province', '/api/workbench/summary')).json().data.calendarMissingYear).toBe(Y);
    expect((await api.get('admin', '/api/workbench/summary')).json().data.calendarMissingYear).toBe(Y);
    expect((await api.get('gz_sl', '/api/workbench/summary')).json().data.calendarMissingYear).toBeNull();
  });

  it('says nothing on 31 October', async () => {
    t.clock.set(chinaAt(`${LAST}-10-31`));
    try {
      for (const user of ['admin', 'province']) delete api.tokens[user];
      expect((await api.get('admin', '/api/system/job/status')).json().data.calendar).toEqual({ missingYear: null });
      expect((await api.get('province', '/api/workbench/summary')).json().data.calendarMissingYear).toBeNull();
    } finally {
      t.clock.set(NOW);
      for (const user of ['admin', 'province']) delete api.tokens[user];
    }
  });
});

describe('a year imported from Excel', () => {
  it('offers a template with the columns', async () => {
    const res = await api.get('admin', '/api/system/calendar/importTemplate');
    expect(res.statusCode).toBe(200);
    expect((await readXlsx(res.rawPayload)).headers).toEqual(['日期*', '安排*', '名称', '备注']);
  });

  it('refuses a year the package ships, and a file with bad rows, naming each, writing nothing', async () => {
    const pkg = await importYear('admin', await xlsx(yearTable()), `year=${LAST}`);
    expect(pkg.statusCode).toBe(400);
    expect(pkg.json().field).toBe('year');
    const bad = await importYear(
      'admin',
      await xlsx([
        HEAD,
        [NEW_YEAR[0]!, '放假', '元旦', ''],
        [`${Y}-02-30`, '放假', '', ''],
        [NEW_YEAR[1]!, '上班', '', ''],
        [NEW_YEAR[0]!, '放假', '', ''],
        [`${LAST}-12-31`, '放假', '', ''],
        [SATURDAY, '休假吧', '', ''],
      ]),
      `year=${Y}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.map((e: { rowNumber: number; field: string }) => `${e.rowNumber}:${e.field}`)).toEqual([
      '3:day',
      '4:kind',
      '5:day',
      '6:day',
      '7:kind',
    ]);
    expect(await db().select().from(workCalendarDay)).toEqual([]);
    expect(await db().select().from(workCalendarYear)).toEqual([]);
    const missing = await importYear(
      'admin',
      await xlsx([
        ['日期', '名称'],
        [NEW_YEAR[0]!, '元旦'],
      ]),
      `year=${Y}`,
    );
    expect([missing.statusCode, missing.json().field]).toEqual([400, 'file']);
  });

  it('marks a deadline that reaches into the unknown year, then follows the imported year: its deadline moves and is no longer estimated', async () => {
    const before = (await workRow('CALTEST0001'))!;
    expect(before).toMatchObject({ deadline: countDays(`${LAST}-12-04`, 20), deadlineEstimated: true });
    expect(before.deadline! >= `${Y}-01-01`).toBe(true);

    const res = await importYear(
      'admin',
      await xlsx(yearTable()),
      `year=${Y}&notice=${encodeURIComponent(`国办发明电〔${LAST}〕9号`)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ daysOff: 8, daysWorked: 1 });

    const after = (await workRow('CALTEST0001'))!;
    expect(after).toMatchObject({ deadline: countDays(`${LAST}-12-04`, 20, OFF, WORKED), deadlineEstimated: false });
    expect(after.deadline! > before.deadline!).toBe(true);
    const data = (await api.get('admin', '/api/system/calendar/years')).json().data;
    expect(data.missingYear).toBeNull();
    expect(data.years.find((y: { year: number }) => y.year === Y)).toMatchObject({
      state: 'confirmed',
      notice: `国办发明电〔${LAST}〕9号`,
      confirmedBy: 'admin',
      daysOff: 8,
      daysWorked: 1,
      canRevoke: true,
      canImport: true,
    });
    expect((await api.get('province', '/api/workbench/summary')).json().data.calendarMissingYear).toBeNull();
  });

  it('exports the year as the import reads it, and takes the export back', async () => {
    const res = await api.get('admin', `/api/system/calendar/export?year=${Y}`);
    expect(res.statusCode).toBe(200);
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet.headers.slice(0, 4)).toEqual(HEAD);
    expect(sheet.rows.map((r) => `${String(r[0])} ${String(r[1])} ${String(r[2])}`)).toEqual(
      [...OFF, ...WORKED]
        .sort()
        .map((d) => `${d} ${WORKED.has(d) ? '上班' : '放假'} ${NEW_YEAR.includes(d) ? '元旦' : '春节'}`),
    );
    const again = await importYear('admin', res.rawPayload, `year=${Y}`);
    expect(again.statusCode, again.body).toBe(200);
    expect((await workRow('CALTEST0001'))!.deadline).toBe(countDays(`${LAST}-12-04`, 20, OFF, WORKED));
  });
});

describe('a day corrected, with applications in flight', () => {
  it('moves the deadline, the days left and the overdue filter of an application in flight, and back when the day is restored', async () => {
    const late = (await workRow('CALTEST0002'))!;
    expect(late).toMatchObject({ daysLeft: -1, overdue: true, deadlineEstimated: false });
    expect(await workRow('CALTEST0002', '&overdue=1')).toBeDefined();
    // The first working day after its acceptance is declared a day off.
    const day = published.addWorkingDays(LATE_DAY, 1);
    const saved = await api.post('admin', '/api/system/calendar/save', {
      day,
      working: false,
      name: '更正',
      remark: '测试更正',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const moved = (await workRow('CALTEST0002'))!;
    expect(moved).toMatchObject({ deadline: countDays(LATE_DAY, 20, new Set([day])), daysLeft: 0, overdue: false });
    expect(await workRow('CALTEST0002', '&overdue=1')).toBeUndefined();
    expect(await workRow('CALTEST0002', '&overdue=0')).toBeDefined();
    const listed = (await api.get('admin', `/api/system/calendar/list?year=${LAST}&kind=entered`)).json().rows;
    expect(listed).toEqual([
      expect.objectContaining({
        day,
        working: false,
        entered: true,
        packageWorking: true,
        differs: true,
        remark: '测试更正',
        updatedBy: 'admin',
      }),
    ]);

    expect((await api.post('admin', `/api/system/calendar/remove?day=${day}`)).statusCode).toBe(200);
    expect(await workRow('CALTEST0002')).toMatchObject({ deadline: late.deadline, daysLeft: -1, overdue: true });
    const again = await api.post('admin', `/api/system/calendar/remove?day=${day}`);
    expect([again.statusCode, again.json().field]).toEqual([400, 'day']);
  });

  it('recomputes the statistics with the new calendar', async () => {
    const [before] = await db().select().from(statRefresh);
    t.clock.set(new Date(NOW.getTime() + 60_000));
    try {
      expect(
        (await api.post('admin', '/api/system/calendar/save', { day: `${Y}-03-02`, working: true })).statusCode,
      ).toBe(200);
      const [after] = await db().select().from(statRefresh);
      expect(after!.refreshedAt.getTime()).toBeGreaterThan(before!.refreshedAt.getTime());
    } finally {
      t.clock.set(NOW);
      await api.post('admin', `/api/system/calendar/remove?day=${Y}-03-02`);
    }
  });

  it("refuses a day outside the calendar's years or not a day, naming the field", async () => {
    for (const day of ['1999-12-31', `${Y}-02-30`, 'tomorrow']) {
      const res = await api.post('admin', '/api/system/calendar/save', { day, working: false });
      expect([res.statusCode, res.json().field], day).toEqual([400, 'day']);
    }
  });
});

describe('a year entered day by day', () => {
  const NEXT = Y + 1;
  it('is confirmed once it has a weekday off, and taken back', async () => {
    const refused = await api.post('admin', '/api/system/calendar/confirm', { year: NEXT });
    expect([refused.statusCode, refused.json().field]).toEqual([400, 'year']);
    const [first] = weekdaysOf(`${NEXT}-01-01`, 1);
    expect(
      (await api.post('admin', '/api/system/calendar/save', { day: first, working: false, name: '元旦' })).statusCode,
    ).toBe(200);
    expect(
      (await api.post('admin', '/api/system/calendar/confirm', { year: NEXT, notice: '国办发明电' })).statusCode,
    ).toBe(200);
    const twice = await api.post('admin', '/api/system/calendar/confirm', { year: NEXT });
    expect(twice.statusCode).toBe(409);
    const years = (await api.get('admin', `/api/system/calendar/years?year=${NEXT}`)).json().data.years;
    expect(years.find((y: { year: number }) => y.year === NEXT)).toMatchObject({
      state: 'confirmed',
      daysOff: 1,
      canRevoke: true,
    });
    expect((await api.post('admin', `/api/system/calendar/revoke?year=${NEXT}`)).statusCode).toBe(200);
    const back = (await api.get('admin', `/api/system/calendar/years?year=${NEXT}`)).json().data.years;
    expect(back.find((y: { year: number }) => y.year === NEXT)).toMatchObject({
      state: 'unknown',
      entered: 1,
      canConfirm: true,
    });
    // A package year is never confirmed whole.
    expect((await api.post('admin', '/api/system/calendar/confirm', { year: LAST })).json().field).toBe('year');
  });
});

describe('the log and the warnings', () => {
  it('writes every change to the operation log under 工作日历', async () => {
    const rows = await db()
      .select()
      .from(sysOperLog)
      .where(eq(sysOperLog.title, '工作日历'))
      .orderBy(desc(sysOperLog.operId));
    const actions = new Set(rows.filter((r) => r.operName === 'admin' && r.httpStatus === 200).map((r) => r.action));
    for (const action of ['import', 'update', 'delete']) expect(actions, action).toContain(action);
    // The refused attempts of the other accounts are there too.
    expect(rows.filter((r) => r.operName !== 'admin').map((r) => r.httpStatus)).toEqual([403, 403, 403]);
  });

  it('tells the overdue warning with the deadline the calendar gives', async () => {
    await runNamed(t, 'deadlineWarning');
    const messages = await db()
      .select()
      .from(sysMsgInfo)
      .where(and(eq(sysMsgInfo.msgType, 'warnType')));
    const told = messages.find((m) => m.nr.includes('CALTEST0002'));
    expect(told?.nr).toContain(`法定办结期限为 ${(await workRow('CALTEST0002'))!.deadline}，已超期 1 个工作日`);
  });
});
