/**
 * Every list's date-range filter (admin lists, queues, business pages, searches, import history)
 * is one column helper: what the picker holds goes to the server as two China days.
 */
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { dateRangeColumn, dayRange } from '../../src/components/ProTableKit/search';

type Transform = (value: unknown) => Record<string, unknown>;
const transformOf = (column: ReturnType<typeof dateRangeColumn>): Transform =>
  (column.search as { transform: Transform }).transform;

describe('dateRangeColumn', () => {
  it('sends beginTime and endTime as days by default (SPEC 3 list request)', () => {
    const column = dateRangeColumn('提交时间');
    expect(column.dataIndex).toBe('dateRange');
    expect(column.hideInTable).toBe(true);
    expect(transformOf(column)(['2026-11-01 00:00:00', '2026-11-24 23:59:59'])).toEqual({
      beginTime: '2026-11-01',
      endTime: '2026-11-24',
    });
  });

  it('names its own field and parameters', () => {
    const column = dateRangeColumn('受理时间', 'acceptedRange', 'acceptedFrom', 'acceptedTo');
    expect(column.dataIndex).toBe('acceptedRange');
    expect((column.fieldProps as Record<string, unknown>)['data-testid']).toBe('search-acceptedRange');
    expect(transformOf(column)(['2026-01-05', '2026-02-05'])).toEqual({
      acceptedFrom: '2026-01-05',
      acceptedTo: '2026-02-05',
    });
  });

  it('leaves out an end that is not chosen, and everything for a cleared picker', () => {
    expect(dayRange('beginTime', 'endTime')(['2026-03-01', null])).toEqual({
      beginTime: '2026-03-01',
      endTime: undefined,
    });
    expect(dayRange('beginTime', 'endTime')(undefined)).toEqual({ beginTime: undefined, endTime: undefined });
  });

  it('names its two ends in short words of the interface language (the form\'s "Please select" is cut in a narrow field)', async () => {
    await i18next.init({
      lng: 'en-US',
      ns: ['common'],
      resources: { 'en-US': { common: { dateRange: { from: 'From', to: 'To' } } } },
    });
    expect((dateRangeColumn('Submitted').fieldProps as Record<string, unknown>).placeholder).toEqual(['From', 'To']);
  });
});
