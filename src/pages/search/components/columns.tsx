/** Filter columns every search page shares: area (province only narrows; a centre sees its own anyway) and district. */
import type { ProColumns } from '@ant-design/pro-components';
import DistrictCascader from './DistrictCascader';

export function districtColumn<T>(title: string, dataIndex = 'districtCode'): ProColumns<T> {
  return {
    title,
    dataIndex,
    hideInTable: true,
    renderFormItem: () => <DistrictCascader />,
  };
}
