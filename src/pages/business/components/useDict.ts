/**
 * Dictionary options for the business forms (GET /system/dict/data/type), loaded once per type and
 * shared; values are strings because the payloads carry the codes as strings ('08', '0').
 */
import { useEffect, useMemo, useState } from 'react';
import { systemDictDataType } from '@/services/generated/api';

export type BusinessDictType =
  | 'ministerial_position'
  | 'ministerial_title_rank'
  | 'ministerial_diploma'
  | 'sys_user_sex'
  | 'cer_type'
  | 'cert_status';

export interface DictOptionItem {
  value: string;
  label: string;
}

const cache = new Map<string, Promise<DictOptionItem[]>>();

function load(dictType: BusinessDictType): Promise<DictOptionItem[]> {
  let p = cache.get(dictType);
  if (!p) {
    p = systemDictDataType({ dictType })
      .then((r) =>
        Array.isArray(r?.data) ? r.data.map((d) => ({ value: String(d.dictValue), label: d.dictLabel })) : [],
      )
      .catch(() => {
        // a failed load is retried by the next form that asks
        cache.delete(dictType);
        return [];
      });
    cache.set(dictType, p);
  }
  return p;
}

/** The options of a dictionary and a label lookup (the code itself when unknown). */
export function useDict(dictType: BusinessDictType) {
  const [options, setOptions] = useState<DictOptionItem[]>([]);
  useEffect(() => {
    let live = true;
    void load(dictType).then((list) => live && setOptions(list));
    return () => {
      live = false;
    };
  }, [dictType]);
  return useMemo(() => {
    const byValue = new Map(options.map((o) => [o.value, o.label]));
    return {
      options,
      label: (v: unknown) => (v === null || v === undefined || v === '' ? '' : (byValue.get(String(v)) ?? String(v))),
    };
  }, [options]);
}
