/** Filter columns every search page shares: area (province only narrows; a centre sees its own anyway) and district. */
import type { ProColumns } from '@ant-design/pro-components';
import { DATE_FORMAT } from '@/components/ProTableKit/format';
import DistrictCascader from './DistrictCascader';

export function districtColumn<T>(title: string, dataIndex = 'districtCode'): ProColumns<T> {
  return {
    title,
    dataIndex,
    hideInTable: true,
    renderFormItem: () => <DistrictCascader />,
  };
}

/** A search-only date range sent as two parameters. */
export function rangeColumn<T>(title: string, dataIndex: string, from: string, to: string): ProColumns<T> {
  return {
    title,
    dataIndex,
    valueType: 'dateRange',
    hideInTable: true,
    fieldProps: { format: DATE_FORMAT, 'data-testid': `search-${dataIndex}` },
    search: {
      transform: (value: unknown) => {
        const [b, e] = Array.isArray(value) ? value : [];
        return { [from]: b ? String(b).slice(0, 10) : undefined, [to]: e ? String(e).slice(0, 10) : undefined };
      },
    },
  };
}
