import { describe, expect, it } from 'vitest';
import {
  addMonthsToDay,
  isOverAgeLimit,
  lastDayWithinAgeLimit,
  retirementAgeMonths,
  retirementDate,
  type AgeLimitSubject,
} from '@machines/ageLimits';
import { checkDelayEligibility, type DelayFacts } from '@machines/delayEligibility.machine';
import { addDays } from '../../server/lib/days.js';

/**
 * Rows of the tables annexed to the 2024 decision (国务院关于渐进式延迟法定退休年龄的办法, 附件1 男职工,
 * 附件3 原法定退休年龄五十五周岁的女职工), as printed: birth months, the raised age, retirement months.
 * Each row is checked at its first and last birth month.
 */
const OFFICIAL_ROWS: { sex: '0' | '1'; born: [string, string]; age: [number, number]; retires: [string, string] }[] = [
  { sex: '0', born: ['1964-09', '1964-12'], age: [60, 0], retires: ['2024-09', '2024-12'] }, // before the reform
  { sex: '0', born: ['1965-01', '1965-04'], age: [60, 1], retires: ['2025-02', '2025-05'] },
  { sex: '0', born: ['1965-05', '1965-08'], age: [60, 2], retires: ['2025-07', '2025-10'] },
  { sex: '0', born: ['1965-09', '1965-12'], age: [60, 3], retires: ['2025-12', '2026-03'] },
  { sex: '0', born: ['1966-01', '1966-04'], age: [60, 4], retires: ['2026-05', '2026-08'] },
  { sex: '0', born: ['1976-05', '1976-08'], age: [62, 11], retires: ['2039-04', '2039-07'] },
  { sex: '0', born: ['1976-09', '1976-12'], age: [63, 0], retires: ['2039-09', '2039-12'] },
  { sex: '1', born: ['1969-09', '1969-12'], age: [55, 0], retires: ['2024-09', '2024-12'] }, // before the reform
  { sex: '1', born: ['1970-01', '1970-04'], age: [55, 1], retires: ['2025-02', '2025-05'] },
  { sex: '1', born: ['1970-05', '1970-08'], age: [55, 2], retires: ['2025-07', '2025-10'] },
  { sex: '1', born: ['1970-09', '1970-12'], age: [55, 3], retires: ['2025-12', '2026-03'] },
  { sex: '1', born: ['1981-05', '1981-08'], age: [57, 11], retires: ['2039-04', '2039-07'] },
  { sex: '1', born: ['1981-09', '1981-12'], age: [58, 0], retires: ['2039-09', '2039-12'] },
];

describe('statutory retirement age (2024 decision)', () => {
  it.each(OFFICIAL_ROWS)(
    '$sex born $born.0 … $born.1 → $age.0 years $age.1 months, retires $retires.0 … $retires.1',
    (row) => {
      for (const [i, born] of row.born.entries()) {
        const birthDate = `${born}-15`;
        expect(retirementAgeMonths(birthDate, row.sex)).toBe(row.age[0] * 12 + row.age[1]);
        expect(retirementDate(birthDate, row.sex)).toBe(`${row.retires[i]}-15`);
      }
    },
  );

  it('stays at 63 and 58 for everyone born later', () => {
    expect(retirementAgeMonths('1990-06-01', '0')).toBe(63 * 12);
    expect(retirementAgeMonths('1995-06-01', '1')).toBe(58 * 12);
  });

  it('a day the retirement month lacks is its last day (民法典 第二百零二条)', () => {
    expect(retirementDate('1965-07-31', '0')).toBe('2025-09-30'); // 60 years 2 months
    expect(addMonthsToDay('1964-02-29', 65 * 12)).toBe('2029-02-28');
    expect(addMonthsToDay('1964-02-29', 60 * 12)).toBe('2024-02-29');
  });
});

/** Over the limit the day before, on the day and the day after the last day within it. */
const around = (s: AgeLimitSubject, last: string) =>
  [addDays(last, -1), last, addDays(last, 1)].map((day) => isOverAgeLimit(s, day));

describe('age limits to the day, for each category and sex', () => {
  const cases: { name: string; subject: AgeLimitSubject; last: string }[] = [];
  for (const sex of ['0', '1']) {
    cases.push({
      name: `B, sex ${sex}: the 65th birthday`,
      subject: { birthDate: '1961-05-10', sex, category: 'B', isLegalRepresentative: false },
      last: '2026-05-10',
    });
    for (const category of ['C1', 'C2', 'C3']) {
      cases.push({
        name: `${category}, sex ${sex}: the 60th birthday`,
        subject: { birthDate: '1966-05-10', sex, category, isLegalRepresentative: false },
        last: '2026-05-10',
      });
    }
  }
  // The two holders, who passed for up to a year too long when whole years were compared with 60.25 and 55.33.
  cases.push({
    name: 'A, a man born 1965-12-03: 60 years 3 months',
    subject: { birthDate: '1965-12-03', sex: '0', category: 'A', isLegalRepresentative: false },
    last: '2026-03-03',
  });
  cases.push({
    name: 'A, a woman born 1971-03-10: 55 years 4 months',
    subject: { birthDate: '1971-03-10', sex: '1', category: 'A', isLegalRepresentative: false },
    last: '2026-07-10',
  });
  cases.push({
    name: 'A, a man born 1964-06-20 (before the reform): 60',
    subject: { birthDate: '1964-06-20', sex: '0', category: 'A', isLegalRepresentative: false },
    last: '2024-06-20',
  });
  cases.push({
    name: 'A, a woman born 1982-01-31: 58',
    subject: { birthDate: '1982-01-31', sex: '1', category: 'A', isLegalRepresentative: false },
    last: '2040-01-31',
  });

  it.each(cases)('$name: within up to $last, over from the day after', ({ subject, last }) => {
    expect(lastDayWithinAgeLimit(subject)).toBe(last);
    expect(around(subject, last)).toEqual([false, false, true]);
  });

  it('the A 法定代表人 has no limit', () => {
    const rep = { birthDate: '1940-01-01', sex: '0', category: 'A', isLegalRepresentative: true };
    expect(lastDayWithinAgeLimit(rep)).toBeNull();
    expect(isOverAgeLimit(rep, '2026-01-01')).toBe(false);
  });

  it('the delay check (code 5) answers the same on the three days', () => {
    const facts = (today: string, birthDate: string, sex: '0' | '1'): DelayFacts => ({
      today,
      expiryDate: addDays(today, 30),
      category: 'A',
      position: '02',
      isLegalRepresentative: false,
      educationHours: 72,
      requiredHours: 72,
      hasValidConstructorRegAtApplicant: false,
      otherBusinessInProgress: false,
      birthDate,
      sex,
      employedInThreeDatabases: true,
      employerInThreeDatabasesIsApplicant: true,
      conflictingValidCertificate: false,
      suspended: false,
    });
    const codes = (birthDate: string, sex: '0' | '1', last: string) =>
      [addDays(last, -1), last, addDays(last, 1)].map((d) => checkDelayEligibility(facts(d, birthDate, sex)).code);
    expect(codes('1965-12-03', '0', '2026-03-03')).toEqual([0, 0, 5]);
    expect(codes('1971-03-10', '1', '2026-07-10')).toEqual([0, 0, 5]);
  });
});
