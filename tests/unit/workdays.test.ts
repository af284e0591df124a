/**
 * China's working-day calendar against references nobody here wrote: the package `holiday-calendar`
 * (a second, independent table of the State Council's arrangements) over every day of 2025 and
 * 2026, and the two notices' own words (国务院办公厅关于2025年／2026年部分节假日安排的通知) written
 * out below; then the running counts against counting day by day, and the years not entered yet.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import hc2025 from 'holiday-calendar/data/CN/2025.json' with { type: 'json' };
import hc2026 from 'holiday-calendar/data/CN/2026.json' with { type: 'json' };
import { addDays, isWeekday } from '../../server/lib/days.js';
import { PUBLISHED_CALENDAR } from '../../server/lib/publishedCalendar.js';
import { WorkCalendar } from '../../server/lib/workCalendar.js';
import {
  addWorkingDays,
  deadlineEstimated,
  latestOverdueAcceptanceDay,
  workingDaysLeft,
} from '../../server/lib/workdays.js';

const published = new WorkCalendar(PUBLISHED_CALENDAR);
const daysOf = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
};
const TWO_YEARS = daysOf('2025-01-01', '2026-12-31');

/**
 * The notices, item by item: each holiday period (放假, both ends included) and the weekend days
 * worked instead (上班).
 */
const NOTICES: { year: number; periods: { name: string; from: string; to: string; worked: string[] }[] }[] = [
  {
    year: 2025,
    periods: [
      { name: '元旦', from: '2025-01-01', to: '2025-01-01', worked: [] }, // 1月1日（周三）放假1天，不调休
      { name: '春节', from: '2025-01-28', to: '2025-02-04', worked: ['2025-01-26', '2025-02-08'] }, // 1月28日至2月4日，共8天；1月26日（周日）、2月8日（周六）上班
      { name: '清明节', from: '2025-04-04', to: '2025-04-06', worked: [] }, // 4月4日至6日，共3天
      { name: '劳动节', from: '2025-05-01', to: '2025-05-05', worked: ['2025-04-27'] }, // 5月1日至5日，共5天；4月27日（周日）上班
      { name: '端午节', from: '2025-05-31', to: '2025-06-02', worked: [] }, // 5月31日至6月2日，共3天
      { name: '国庆节、中秋节', from: '2025-10-01', to: '2025-10-08', worked: ['2025-09-28', '2025-10-11'] }, // 10月1日至8日，共8天；9月28日（周日）、10月11日（周六）上班
    ],
  },
  {
    year: 2026,
    periods: [
      { name: '元旦', from: '2026-01-01', to: '2026-01-03', worked: ['2026-01-04'] }, // 1月1日至3日，共3天；1月4日（周日）上班
      { name: '春节', from: '2026-02-15', to: '2026-02-23', worked: ['2026-02-14', '2026-02-28'] }, // 2月15日至23日，共9天；2月14日（周六）、2月28日（周六）上班
      { name: '清明节', from: '2026-04-04', to: '2026-04-06', worked: [] }, // 4月4日至6日，共3天
      { name: '劳动节', from: '2026-05-01', to: '2026-05-05', worked: ['2026-05-09'] }, // 5月1日至5日，共5天；5月9日（周六）上班
      { name: '端午节', from: '2026-06-19', to: '2026-06-21', worked: [] }, // 6月19日至21日，共3天
      { name: '中秋节', from: '2026-09-25', to: '2026-09-27', worked: [] }, // 9月25日至27日，共3天
      { name: '国庆节', from: '2026-10-01', to: '2026-10-07', worked: ['2026-09-20', '2026-10-10'] }, // 10月1日至7日，共7天；9月20日（周日）、10月10日（周六）上班
    ],
  },
];

describe('the published calendar (chinese-days) against the references', () => {
  it('covers 2025 and 2026 and no later year', () => {
    expect(PUBLISHED_CALENDAR.years.has(2025)).toBe(true);
    expect(PUBLISHED_CALENDAR.years.has(2026)).toBe(true);
    expect([...PUBLISHED_CALENDAR.years].filter((y) => y > 2026)).toEqual([]);
    expect(PUBLISHED_CALENDAR.source).toMatch(/^chinese-days \d+\.\d+\.\d+$/);
  });

  it('agrees with holiday-calendar on every day of 2025 and 2026', () => {
    const reference = new Map<string, boolean>();
    for (const entry of [...hc2025.dates, ...hc2026.dates]) {
      if (entry.type === 'public_holiday') reference.set(entry.date, false);
      else if (entry.type === 'transfer_workday') reference.set(entry.date, true);
      else throw new Error(`unknown type ${entry.type} on ${entry.date}`);
    }
    const disagreements = TWO_YEARS.filter((d) => published.isWorkingDay(d) !== (reference.get(d) ?? isWeekday(d)));
    expect(disagreements).toEqual([]);
    // The 48 days Monday–Friday gets wrong: 37 weekday holidays, 11 weekend days worked.
    const offWeekdays = TWO_YEARS.filter((d) => isWeekday(d) && !published.isWorkingDay(d));
    const workedWeekends = TWO_YEARS.filter((d) => !isWeekday(d) && published.isWorkingDay(d));
    expect([offWeekdays.length, workedWeekends.length]).toEqual([37, 11]);
  });

  it('agrees with the notices of 2025 and 2026, day by day', () => {
    const off = new Set<string>();
    const worked = new Set<string>();
    for (const notice of NOTICES) {
      for (const p of notice.periods) {
        daysOf(p.from, p.to).forEach((d) => off.add(d));
        p.worked.forEach((d) => worked.add(d));
      }
    }
    const expected = (d: string) => worked.has(d) || (isWeekday(d) && !off.has(d));
    expect(TWO_YEARS.filter((d) => published.isWorkingDay(d) !== expected(d))).toEqual([]);
    // Every worked day of the notices is a weekend day, and named after its holiday.
    for (const d of worked) expect(isWeekday(d), d).toBe(false);
    expect(published.nameOf('2026-10-10')).toBe('国庆节');
    expect(published.nameOf('2026-02-16')).toBe('春节');
  });
});

describe('working-day deadlines', () => {
  it('counts the holidays: 20 working days after 2026-09-28 is 2026-10-30 (Monday–Friday said 2026-10-26)', () => {
    for (const time of ['00:00', '09:30', '23:59']) {
      expect(addWorkingDays(published, new Date(`2026-09-28T${time}:00+08:00`), 20), time).toBe('2026-10-30');
    }
    expect(
      new WorkCalendar({ source: 'none', years: new Set(), days: new Map() }).addWorkingDays('2026-09-28', 20),
    ).toBe('2026-10-26');
  });
  it('skips weekends between holidays: 20 working days after Friday 2026-11-20 is Friday 2026-12-18', () => {
    expect(addWorkingDays(published, new Date('2026-11-20T02:00:00Z'), 20)).toBe('2026-12-18');
  });
  it('counts from the China date (UTC+8), not the UTC date', () => {
    // 2026-11-20 20:00 UTC is already Saturday 21st in China.
    expect(addWorkingDays(published, new Date('2026-11-20T20:00:00Z'), 1)).toBe('2026-11-23');
    // 2026-10-09 16:30 UTC is Saturday 10th in China: a swapped working day, so the next is Monday 12th.
    expect(addWorkingDays(published, new Date('2026-10-09T16:30:00Z'), 1)).toBe('2026-10-12');
  });
  it('tells the working days left, zero on the day and negative when overdue, across a holiday', () => {
    expect(workingDaysLeft(published, new Date('2026-11-20T02:00:00Z'), '2026-11-27')).toBe(5);
    expect(workingDaysLeft(published, new Date('2026-11-27T02:00:00Z'), '2026-11-27')).toBe(0);
    expect(workingDaysLeft(published, new Date('2026-11-30T02:00:00Z'), '2026-11-27')).toBe(-1);
    // 9-30 to 10-09: the National Day week is off, the 8th and 9th are worked.
    expect(workingDaysLeft(published, new Date('2026-09-30T02:00:00Z'), '2026-10-09')).toBe(2);
    expect(workingDaysLeft(published, new Date('2026-10-12T02:00:00Z'), '2026-10-09')).toBe(-2);
  });

  it('counts as counting day by day would, from the running count', () => {
    const corrected = new WorkCalendar(
      PUBLISHED_CALENDAR,
      new Map([
        ['2027-02-10', { working: false, name: '春节' }],
        ['2027-02-20', { working: true, name: '春节' }],
      ]),
      new Set([2027]),
    );
    const day = fc.integer({ min: 0, max: 4_000 }).map((n) => addDays('2020-01-01', n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 60 }), (start, n) => {
        let d = start;
        for (let left = n; left > 0; ) {
          d = addDays(d, 1);
          if (corrected.isWorkingDay(d)) left -= 1;
        }
        expect(corrected.addWorkingDays(start, n)).toBe(d);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(day, day, (a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        let count = 0;
        for (let d = addDays(from, 1); d <= to; d = addDays(d, 1)) if (corrected.isWorkingDay(d)) count += 1;
        expect(corrected.workingDaysBetween(from, to)).toBe(count);
        expect(corrected.workingDaysBetween(to, from)).toBe(0 - count);
      }),
      { numRuns: 300 },
    );
    // Outside the running count's years: day by day, Monday–Friday.
    expect(published.addWorkingDays('2099-12-30', 3)).toBe('2100-01-04');
    expect(published.workingDaysBetween('1999-12-30', '2000-01-04')).toBe(3);
  });

  it("finds the latest overdue acceptance day as the rows' deadlines say, around every holiday", () => {
    for (const today of daysOf('2025-12-15', '2026-11-30').filter((_, i) => i % 3 === 0)) {
      const now = new Date(`${today}T10:00:00+08:00`);
      for (const limit of [5, 20]) {
        const last = latestOverdueAcceptanceDay(published, now, limit);
        for (const accepted of daysOf(addDays(last, -10), addDays(last, 10))) {
          const overdue =
            workingDaysLeft(published, now, addWorkingDays(published, new Date(`${accepted}T12:00:00+08:00`), limit)) <
            0;
          expect(overdue, `${today}: accepted ${accepted}, ${limit} days`).toBe(accepted <= last);
        }
      }
    }
  });
});

describe('a year not entered yet', () => {
  const correction = new Map([['2026-12-31', { working: false, name: '元旦' }]]);

  it('counts Monday–Friday there and marks a deadline that reaches into it', () => {
    // Accepted 2026-12-04: 20 working days reach into 2027.
    const deadline = addWorkingDays(published, new Date('2026-12-04T10:00:00+08:00'), 20);
    expect(deadline).toBe('2027-01-01');
    expect(deadlineEstimated(published, new Date('2026-12-04T10:00:00+08:00'), deadline)).toBe(true);
    expect(
      deadlineEstimated(
        published,
        new Date('2026-12-03T10:00:00+08:00'),
        addWorkingDays(published, new Date('2026-12-03T10:00:00+08:00'), 20),
      ),
    ).toBe(false);
  });

  it('is known once an administrator confirms it, and a correction wins over the package', () => {
    const entered = new WorkCalendar(
      PUBLISHED_CALENDAR,
      new Map([['2027-01-01', { working: false, name: '元旦' }], ...correction]),
      new Set([2027]),
    );
    expect(entered.knowsYear(2027)).toBe(true);
    expect(entered.isWorkingDay('2026-12-31')).toBe(false);
    expect(entered.publishedRule('2026-12-31')).toEqual({ working: true, name: null });
    expect(entered.addWorkingDays('2026-12-04', 20)).toBe('2027-01-05');
    expect(entered.estimated('2026-12-04', '2027-01-05')).toBe(false);
  });

  it('is announced from 1 November, and for the year itself once it has begun', () => {
    expect(published.missingYear('2026-10-31')).toBeNull();
    expect(published.missingYear('2026-11-01')).toBe(2027);
    expect(published.missingYear('2026-12-31')).toBe(2027);
    expect(published.missingYear('2027-03-01')).toBe(2027);
    expect(new WorkCalendar(PUBLISHED_CALENDAR, new Map(), new Set([2027])).missingYear('2026-12-01')).toBeNull();
  });
});
