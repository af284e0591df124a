/** Dictionary types (sys_dict_data) as ProTable valueEnums and select options. */
import { useEffect, useState } from 'react';
import { systemDictDataType } from '@/services/generated/api';

export type DictEnum = Record<string, { text: string }>;

/** Options of a dictionary type as a valueEnum (values as strings); `fallback` shows until it arrives (and stays if the call fails). */
export function useDict(dictType: string, fallback: DictEnum = {}): DictEnum {
  const [value, setValue] = useState<DictEnum>(fallback);
  useEffect(() => {
    let alive = true;
    systemDictDataType({ dictType })
      .then((res) => {
        if (!alive || !Array.isArray(res.data)) return;
        setValue(Object.fromEntries(res.data.map((d) => [String(d.dictValue), { text: d.dictLabel }])));
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [dictType]);
  return value;
}

/** Select options from a valueEnum. */
export const enumOptions = (e: DictEnum) => Object.entries(e).map(([value, v]) => ({ value, label: v.text }));
