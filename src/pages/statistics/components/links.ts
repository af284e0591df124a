/** The addresses behind the figures: the search pages with the same filters (drill-down). */
import dayjs from 'dayjs';
import { drillUrl } from '@/pages/search/components/drill';
import type { Filters } from './useStatistics';

export const CERT_SEARCH = '/search/certSearch';
export const WORK_SEARCH = '/search/workSearch';

type Params = Record<string, string | number | undefined | null>;

/** Certificates behind a figure of the certificate statistics. */
export function certLink(f: Filters, extra: Params = {}): string {
  return drillUrl(CERT_SEARCH, {
    area: f.area,
    districtCode: f.districtCode,
    category: f.category,
    status: f.status,
    beginTime: f.yearFrom ? `${f.yearFrom}-01-01` : undefined,
    endTime: f.yearTo ? `${f.yearTo}-12-31` : undefined,
    ...extra,
  });
}

/** The last day of a 'YYYY-MM' month. */
export const monthEnd = (month: string) => dayjs(`${month}-01`).endOf('month').format('YYYY-MM-DD');

/** Applications behind a figure of the task statistics. */
export function workLink(f: Filters, extra: Params = {}): string {
  // Application figures are kept per city: a county chosen in the filter counts as its city, so does the list.
  const city = f.districtCode ? `${f.districtCode.slice(0, 4)}00` : undefined;
  return drillUrl(WORK_SEARCH, { area: f.area, districtCode: city, businessType: f.businessType, ...extra });
}

/** Ended applications of a period (closed China days of the months). */
export function endedLink(f: Filters, monthFrom: string, monthTo: string, extra: Params = {}): string {
  return workLink(f, { open: '0', closedFrom: `${monthFrom}-01`, closedTo: monthEnd(monthTo), ...extra });
}

/** The submitted days of an age bucket, counted back from the figures' day. */
export function ageRange(asOfDay: string, bucket: number): { beginTime?: string; endTime?: string } {
  const day = (n: number) => dayjs(asOfDay).subtract(n, 'day').format('YYYY-MM-DD');
  switch (bucket) {
    case 0:
      return { beginTime: day(7), endTime: asOfDay };
    case 1:
      return { beginTime: day(30), endTime: day(8) };
    case 2:
      return { beginTime: day(90), endTime: day(31) };
    case 3:
      return { endTime: day(91) };
    default:
      return {};
  }
}
