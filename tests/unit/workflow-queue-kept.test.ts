// @vitest-environment jsdom
/** A queue as its reviewer left it (filters and page size per queue), and what several selected rows may do together. */
import { beforeEach, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import {
  keepListState,
  keptFilters,
  QUEUE_PAGE_SIZE_OPTIONS,
  readKeptListState,
} from '@/components/ProTableKit/keptState';
import { commonDecisions } from '@/pages/queue/BulkDecision';

beforeEach(() => localStorage.clear());

describe('kept list state', () => {
  it('keeps filters and page size per list, under the pro__ namespace', () => {
    expect(readKeptListState('queue/WaitAcceptNewCert')).toEqual({ filters: {}, pageSize: 10 });
    keepListState('queue/WaitAcceptNewCert', { filters: { keyword: '广州' } });
    keepListState('queue/WaitAcceptNewCert', { pageSize: 100 });
    keepListState('queue/WaitAcceptDelay', { filters: { keyword: '深圳' } });
    expect(readKeptListState('queue/WaitAcceptNewCert')).toEqual({ filters: { keyword: '广州' }, pageSize: 100 });
    expect(readKeptListState('queue/WaitAcceptDelay')).toEqual({ filters: { keyword: '深圳' }, pageSize: 10 });
    expect(Object.keys(localStorage).every((k) => k.startsWith('pro__listState:'))).toBe(true);
  });

  it('offers pages up to 100 and ignores a kept size it does not offer', () => {
    expect(QUEUE_PAGE_SIZE_OPTIONS.slice(0, 3)).toEqual([10, 20, 30]);
    expect(Math.max(...QUEUE_PAGE_SIZE_OPTIONS)).toBe(100);
    localStorage.setItem('pro__listState:x', JSON.stringify({ value: { filters: {}, pageSize: 5000 }, expire: null }));
    expect(readKeptListState('x').pageSize).toBe(10);
  });

  it('keeps a picked day as that day, whatever the browser zone, and leaves empty fields out', () => {
    const picked = [dayjs('2026-03-01T00:00:00'), dayjs('2026-03-31T00:00:00')];
    expect(keptFilters({ keyword: '', dateRange: picked, other: undefined, empty: [] })).toEqual({
      dateRange: ['2026-03-01', '2026-03-31'],
    });
  });
});

describe('deciding selected rows together', () => {
  it("offers only the decisions every selected row allows, in the buttons' order", () => {
    expect(
      commonDecisions([
        { allowedEvents: ['RETURN', 'AGREE', 'DISAGREE'] },
        { allowedEvents: ['AGREE', 'RETURN', 'WITHDRAW'] },
      ]),
    ).toEqual(['AGREE', 'RETURN']);
    expect(commonDecisions([{ allowedEvents: ['AGREE'] }, { allowedEvents: ['WITHDRAW'] }])).toEqual([]);
    expect(commonDecisions([])).toEqual([]);
  });
});
