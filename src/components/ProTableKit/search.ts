/** List search helpers shared by the admin pages (SPEC 3 list request: beginTime/endTime). */
import type { ProColumns } from '@ant-design/pro-components';
import i18next from 'i18next';
import { DATE_FORMAT } from './format';

/** A date-range picker's value as two day parameters (YYYY-MM-DD), each left out when empty. */
export const dayRange =
  (from: string, to: string) =>
  (value: unknown): Record<string, string | undefined> => {
    const [b, e] = Array.isArray(value) ? value : [];
    return { [from]: b ? String(b).slice(0, 10) : undefined, [to]: e ? String(e).slice(0, 10) : undefined };
  };

/** Search-only date-range column sent as two day parameters (by default beginTime/endTime, SPEC 3 list request). */
export function dateRangeColumn<T>(
  title: string,
  dataIndex = 'dateRange',
  from = 'beginTime',
  to = 'endTime',
): ProColumns<T> {
  return {
    title,
    dataIndex,
    valueType: 'dateRange',
    hideInTable: true,
    // Short words (from / to): the form's own "Please select" is cut to "Plea…" twice in a narrow field.
    fieldProps: {
      format: DATE_FORMAT,
      'data-testid': `search-${dataIndex}`,
      ...(i18next.isInitialized
        ? { placeholder: [i18next.t('common:dateRange.from'), i18next.t('common:dateRange.to')] }
        : {}),
    },
    search: { transform: dayRange(from, to) },
  };
}

/** The search params without paging and empty values (what an export needs). */
export function searchOnly(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).filter(
      ([k, v]) =>
        !['current', 'pageSize', 'pageNum', '_timestamp'].includes(k) && v !== undefined && v !== null && v !== '',
    ),
  );
}
