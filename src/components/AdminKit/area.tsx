/** The data-scope areas of SPEC 6 (departments and districts): options, filter enum and tag. */
import { useMemo } from 'react';
import { Tag } from 'antd';
import { useKitText } from './text';

export const AREAS = ['1', '2', '3'] as const;
const AREA_COLORS: Record<string, string> = { '1': 'blue', '2': 'green', '3': 'purple' };

export function useAreaOptions() {
  const t = useKitText();
  return useMemo(() => AREAS.map((a) => ({ value: a, label: t(`admin.area.${a}`) })), [t]);
}

export function useAreaEnum() {
  const t = useKitText();
  return useMemo(() => Object.fromEntries(AREAS.map((a) => [a, { text: t(`admin.area.${a}`) }])), [t]);
}

export function AreaTag({ area }: { area: string | null | undefined }) {
  const t = useKitText();
  if (!area) return <span>-</span>;
  return <Tag color={AREA_COLORS[area]}>{t(`admin.area.${area}`)}</Tag>;
}
