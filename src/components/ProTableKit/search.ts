/** List search helpers shared by the admin pages (SPEC 3 list request: beginTime/endTime). */
import type { ProColumns } from '@ant-design/pro-components';
import { DATE_FORMAT } from './format';

/** Search-only date-range column mapped to beginTime/endTime (SPEC 3 list request). */
export function dateRangeColumn<T>(title: string): ProColumns<T> {
  return {
    title,
    dataIndex: 'dateRange',
    valueType: 'dateRange',
    hideInTable: true,
    fieldProps: { format: DATE_FORMAT, 'data-testid': 'search-dateRange' },
    search: {
      transform: (value: unknown) => {
        const [b, e] = Array.isArray(value) ? value : [];
        return { beginTime: b ? String(b).slice(0, 10) : undefined, endTime: e ? String(e).slice(0, 10) : undefined };
      },
    },
  };
}

/** The search params without paging and empty values (what an export needs). */
export function searchOnly(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).filter(([k, v]) => !['current', 'pageSize', 'pageNum', '_timestamp'].includes(k) && v !== undefined && v !== null && v !== ''),
  );
}
