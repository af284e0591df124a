/** Codes of the search pages in the interface language: areas, licence states, employment status, certificates. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export const AREAS = ['1', '2', '3'] as const;
export const LICENCE_STATES = ['valid', 'expiring', 'expired', 'none'] as const;
const LICENCE_COLORS: Record<string, string> = { valid: 'green', expiring: 'orange', expired: 'red', none: 'default' };
const AREA_COLORS: Record<string, string> = { 1: 'blue', 2: 'green', 3: 'purple' };

export function useSearchLabels() {
  const { t } = useTranslation('search');
  const enumOf = (prefix: string, codes: readonly string[]) =>
    Object.fromEntries(codes.map((c) => [c, { text: t(`${prefix}.${c}`) }]));
  return {
    t,
    area: (code: string | null | undefined) => (code ? t(`area.${code}`, { defaultValue: code }) : ''),
    areaEnum: enumOf('area', AREAS),
    licenceEnum: enumOf('licence', LICENCE_STATES),
    employEnum: enumOf('employ', ['1', '2', '3']),
    enterpriseStatusEnum: enumOf('enterpriseStatus', ['1', '0']),
    sexEnum: enumOf('sex', ['0', '1']),
    yesNoEnum: enumOf('yesNo', ['1', '0']),
  };
}

export function AreaTag({ area }: { area: string | null | undefined }) {
  const { t } = useTranslation('search');
  if (!area) return <>-</>;
  return <Tag color={AREA_COLORS[area]}>{t(`area.${area}`, { defaultValue: area })}</Tag>;
}

export function LicenceTag({ state }: { state: string }) {
  const { t } = useTranslation('search');
  return (
    <Tag color={LICENCE_COLORS[state]} data-testid="licence-state">
      {t(`licence.${state}`, { defaultValue: state })}
    </Tag>
  );
}
