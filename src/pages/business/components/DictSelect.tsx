/** A select over a dictionary (codes as strings), for the business forms. */
import { Select, type SelectProps } from 'antd';
import { useDict } from '@/components/dict';

export default function DictSelect({ dictType, ...rest }: { dictType: string } & Omit<SelectProps<string>, 'options'>) {
  const { options } = useDict(dictType);
  return <Select<string> allowClear showSearch optionFilterProp="label" {...rest} options={options} />;
}
