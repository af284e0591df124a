/** Step 1 of a delay: the certificate, its validity now and after the delay (the server's answer), the continuing-education hours. */
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS, type BusinessFormProps } from '../components/types';

export default function DelayForm({ subject, facts }: BusinessFormProps) {
  const { t } = useTranslation(NS);
  const expiry = (facts?.expiryDate as string | undefined) ?? subject?.expiryDate ?? null;
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2 }}
      style={{ marginBottom: 16 }}
      data-testid="delay-info"
      items={[
        {
          key: 'certNo',
          label: t('subject.certNo'),
          children: (facts?.certNo as string | undefined) ?? subject?.certNo ?? '-',
        },
        { key: 'name', label: t('subject.name'), children: subject?.name ?? '-' },
        { key: 'expiryDate', label: t('subject.expiryDate'), children: expiry ?? '-' },
        {
          key: 'newExpiry',
          label: t('delay.newExpiry'),
          children: (
            <span data-testid="delay-new-expiry">{(facts?.newExpiryDate as string | null | undefined) ?? '-'}</span>
          ),
        },
        {
          key: 'hours',
          label: t('facts.educationHours'),
          children:
            facts?.educationHours !== undefined
              ? t('facts.hoursValue', { hours: facts.educationHours, required: facts.requiredHours ?? '-' })
              : '-',
        },
      ]}
    />
  );
}
