/** The 创建日期 range column of the search forms: beginTime/endTime as YYYY-MM-DD (SPEC 3). */
import type { ProColumns } from '@ant-design/pro-components';

export function dateRangeColumn<T>(title: string): ProColumns<T> {
  return {
    title,
    dataIndex: 'createdRange',
    valueType: 'dateRange',
    hideInTable: true,
    search: {
      transform: (value: [string, string] | undefined) => (value && value.length === 2 ? { beginTime: value[0], endTime: value[1] } : {}),
    },
  };
}
