/** What the pre-check looked at, in words: certificate, validity, hours x / required, age, enterprise. */
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from './types';
import { useDict } from '@/components/dict';

/** Fact keys shown, in this order (others are bookkeeping). */
const SHOWN = [
  'name',
  'idNo',
  'age',
  'certNo',
  'category',
  'position',
  'issueDate',
  'expiryDate',
  'educationHours',
  'workYears',
  'oldName',
  'legalRepresentative',
  'validCertificates',
] as const;

export default function FactsView({ facts }: { facts: Record<string, unknown> | null }) {
  const { t } = useTranslation(NS);
  const position = useDict('ministerial_position');
  if (!facts) return null;
  const items = SHOWN.filter((k) => facts[k] !== undefined && facts[k] !== null && facts[k] !== '').map((k) => {
    let value: string;
    if (k === 'educationHours')
      value = t('facts.hoursValue', { hours: facts.educationHours, required: facts.requiredHours ?? '-' });
    else if (k === 'position') value = position.label(facts.position);
    else if (k === 'age') value = t('facts.ageValue', { age: facts.age });
    else value = String(facts[k]);
    return { key: k, label: t(`facts.${k}`), children: <span data-testid={`wizard-fact-${k}`}>{value}</span> };
  });
  if (items.length === 0) return null;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2 }}
      items={items}
      style={{ marginTop: 12 }}
      data-testid="wizard-facts"
    />
  );
}
