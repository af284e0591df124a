/** 行政区划 filter: Guangdong's cities and their counties (GET /system/districts/list2); the value is one code. */
import { useEffect, useMemo, useState } from 'react';
import { Cascader } from 'antd';
import { useTranslation } from 'react-i18next';
import { systemDistrictsList2 } from '@/services/generated/api';
import type { DistrictNode } from '@/services/generated/api.schemas';

interface Option {
  value: string;
  label: string;
  children?: Option[];
}

const PROVINCE = '440000';

/** The cascader's options: cities, each with its counties (the province node itself is left out). */
export function districtOptions(tree: DistrictNode[]): Option[] {
  const top = tree.length === 1 && tree[0]!.code === PROVINCE ? (tree[0]!.children ?? []) : tree;
  const toOption = (n: DistrictNode): Option => ({
    value: n.code,
    label: n.name,
    children: n.children?.length ? n.children.map(toOption) : undefined,
  });
  return top.map(toOption);
}

/** The path [city, county] of a code within the options. */
export function pathOf(options: Option[], code: string | undefined): string[] | undefined {
  if (!code) return undefined;
  for (const city of options) {
    if (city.value === code) return [city.value];
    const county = city.children?.find((c) => c.value === code);
    if (county) return [city.value, county.value];
  }
  return undefined;
}

let cache: Promise<DistrictNode[]> | null = null;
const loadTree = () =>
  (cache ??= systemDistrictsList2()
    .then((r) => r.data ?? [])
    .catch(() => {
      cache = null;
      return [];
    }));

export function useDistrictOptions(): Option[] {
  const [tree, setTree] = useState<DistrictNode[]>([]);
  useEffect(() => {
    let alive = true;
    void loadTree().then((t) => alive && setTree(t));
    return () => {
      alive = false;
    };
  }, []);
  return useMemo(() => districtOptions(tree), [tree]);
}

/**
 * A form control: value and onChange carry the chosen code (a city or a county). The id the form
 * item gives reaches the input, so the item's label names it; outside a labelled item the control
 * names itself (所在地区).
 */
export default function DistrictCascader({
  id,
  value,
  onChange,
  testId = 'search-district',
}: {
  id?: string;
  value?: string;
  onChange?: (code: string | undefined) => void;
  testId?: string;
}) {
  const { t } = useTranslation('search');
  const options = useDistrictOptions();
  return (
    <Cascader
      id={id}
      aria-label={t('field.district')}
      options={options}
      value={pathOf(options, value)}
      changeOnSelect
      allowClear
      showSearch
      placeholder={t('field.districtPlaceholder')}
      onChange={(path) => onChange?.(path && path.length ? String(path[path.length - 1]) : undefined)}
      data-testid={testId}
    />
  );
}
