/**
 * The province's calendar, whatever zone the machine is in (npm test runs this step with TZ set to
 * a zone far from China): the China day of an instant turns at 16:00 UTC, list filters cover whole
 * China days, and impossible dates are refused.
 */
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addYears,
  chinaDate,
  chinaDateTime,
  chinaDayEnd,
  chinaDayStart,
  daysBetween,
  isCalendarDay,
} from '../../server/lib/days.js';
import { criticalInstants } from '../helpers/clock.js';

describe('China days', () => {
  it('turns at 16:00 UTC: 15:59 UTC is still the same day in China, 16:01 UTC the next', () => {
    const { beforeChinaMidnight, afterChinaMidnight, utcLateEvening } = criticalInstants(
      new Date('2026-11-23T09:00:00Z'),
    );
    expect(chinaDate(beforeChinaMidnight)).toBe('2026-11-23');
    expect(chinaDate(afterChinaMidnight)).toBe('2026-11-24');
    expect(chinaDate(utcLateEvening)).toBe('2026-11-24');
    expect(chinaDateTime(beforeChinaMidnight)).toBe('2026-11-23 23:59:00');
    expect(chinaDateTime(afterChinaMidnight)).toBe('2026-11-24 00:01:00');
  });

  it("bounds a China day by its first instant and the next day's first instant", () => {
    expect(chinaDayStart('2026-11-24').toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(chinaDayEnd('2026-11-24').toISOString()).toBe('2026-11-24T16:00:00.000Z');
    // New Year and a leap day cross months and years the same way.
    expect(chinaDayStart('2027-01-01').toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(chinaDayEnd('2028-02-29').toISOString()).toBe('2028-02-29T16:00:00.000Z');
  });

  it("does calendar arithmetic on days without reading the machine's zone", () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addYears('2028-02-29', 3)).toBe('2031-03-01');
    expect(daysBetween('2026-11-23', '2027-02-21')).toBe(90);
  });

  it('knows a real calendar day from an impossible one', () => {
    expect(isCalendarDay('2026-11-23')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '9999-99-99', '2026-13-01', '2026-11-31', '2026-1-1', '20261123', ''])
      expect(isCalendarDay(bad), bad).toBe(false);
  });
});
