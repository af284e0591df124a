/**
 * The client shows every instant in China time, whatever the browser's zone: a message written at
 * 16:01 UTC reads 00:01 of the next day, as the province's staff see it.
 */
import { describe, expect, it } from 'vitest';
import { chinaToday, formatDateTime } from '@/components/ProTableKit/format';
import { displayValue } from '@/pages/web/components/format';

describe('client dates', () => {
  it('formats instants in Asia/Shanghai', () => {
    expect(formatDateTime('2026-11-23T16:01:00.000Z')).toBe('2026-11-24 00:01:00');
    expect(formatDateTime('2026-11-23T15:59:00Z', 'YYYY-MM-DD')).toBe('2026-11-23');
    expect(formatDateTime(new Date('2026-11-23T23:59:00Z'))).toBe('2026-11-24 07:59:00');
    expect(chinaToday(new Date('2026-11-23T16:01:00Z'))).toBe('2026-11-24');
  });

  it('shows a bare calendar day as it is, and text that is no date as text', () => {
    expect(formatDateTime('2029-01-09')).toBe('2029-01-09 00:00:00');
    expect(formatDateTime('2029-01-09', 'YYYY-MM-DD')).toBe('2029-01-09');
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDateTime(null)).toBe('');
  });

  it('public pages show the China day of an instant and days unchanged', () => {
    expect(displayValue('2026-11-23T16:01:00Z')).toBe('2026-11-24');
    expect(displayValue('2026-11-23T16:01:00Z', true)).toBe('2026-11-24 00:01:00');
    expect(displayValue('2029-01-09')).toBe('2029-01-09');
  });
});
