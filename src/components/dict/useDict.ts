/**
 * Dictionary types (GET /system/dict/data/type), loaded once per type and shared by every page that
 * asks; values are strings because payloads and rows carry the codes as strings ('08', '0').
 */
import { useEffect, useMemo, useState } from 'react';
import { systemDictDataType } from '@/services/generated/api';

export interface DictOptionItem {
  value: string;
  label: string;
}

/** A dictionary as a ProTable valueEnum. */
export type DictEnum = Record<string, { text: string }>;

const cache = new Map<string, Promise<DictOptionItem[]>>();

function load(dictType: string): Promise<DictOptionItem[]> {
  let p = cache.get(dictType);
  if (!p) {
    p = systemDictDataType({ dictType })
      .then((r) =>
        Array.isArray(r?.data) ? r.data.map((d) => ({ value: String(d.dictValue), label: d.dictLabel })) : [],
      )
      .catch(() => {
        // a failed load is retried by the next page that asks
        cache.delete(dictType);
        return [];
      });
    cache.set(dictType, p);
  }
  return p;
}

function useOptions(dictType: string): DictOptionItem[] {
  const [options, setOptions] = useState<DictOptionItem[]>([]);
  useEffect(() => {
    let live = true;
    void load(dictType).then((list) => live && setOptions(list));
    return () => {
      live = false;
    };
  }, [dictType]);
  return options;
}

/** The options of a dictionary and a label lookup (the code itself when unknown). */
export function useDict(dictType: string) {
  const options = useOptions(dictType);
  return useMemo(() => {
    const byValue = new Map(options.map((o) => [o.value, o.label]));
    return {
      options,
      label: (v: unknown) => (v === null || v === undefined || v === '' ? '' : (byValue.get(String(v)) ?? String(v))),
    };
  }, [options]);
}

/** A dictionary as a valueEnum; `fallback` shows until it arrives (and stays if the call fails). */
export function useDictEnum(dictType: string, fallback: DictEnum = {}): DictEnum {
  const options = useOptions(dictType);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fallback is a literal made anew at each render; only the loaded options change the enum
  return useMemo(
    () => (options.length ? Object.fromEntries(options.map((o) => [o.value, { text: o.label }])) : fallback),
    [options],
  );
}

/** Select options from a valueEnum. */
export const enumOptions = (e: DictEnum) => Object.entries(e).map(([value, v]) => ({ value, label: v.text }));
