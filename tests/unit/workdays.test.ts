import { describe, expect, it } from 'vitest';
import { addWorkingDays, workingDaysLeft } from '../../server/lib/workdays.js';

describe('working-day deadlines', () => {
  it('skips weekends: 20 working days after Friday 2026-11-20 is Friday 2026-12-18', () => {
    expect(addWorkingDays(new Date('2026-11-20T02:00:00Z'), 20)).toBe('2026-12-18');
  });
  it('counts from the China date (UTC+8), not the UTC date', () => {
    // 2026-11-20 20:00 UTC is already Saturday 21st in China.
    expect(addWorkingDays(new Date('2026-11-20T20:00:00Z'), 1)).toBe('2026-11-23');
  });
  it('tells the working days left, zero on the day and negative when overdue', () => {
    expect(workingDaysLeft(new Date('2026-11-20T02:00:00Z'), '2026-11-27')).toBe(5);
    expect(workingDaysLeft(new Date('2026-11-27T02:00:00Z'), '2026-11-27')).toBe(0);
    expect(workingDaysLeft(new Date('2026-11-30T02:00:00Z'), '2026-11-27')).toBe(-1);
  });
});
