/** Step 1 of a new certificate: the applicant as the rules saw them (exam, age, work years) and what is applied for. */
import { Descriptions, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS, type BusinessFormProps } from '../components/types';
import { useDict } from '@/components/dict';

export default function NewCertForm({ form, subject, facts }: BusinessFormProps) {
  const { t } = useTranslation(NS);
  const position = useDict('ministerial_position');
  const category = Form.useWatch('category', form) as string | undefined;
  const chosenPosition = Form.useWatch('position', form) as string | undefined;
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2 }}
      style={{ marginBottom: 16 }}
      items={[
        { key: 'name', label: t('subject.name'), children: subject?.name ?? '-' },
        { key: 'idNo', label: t('subject.idNo'), children: subject?.idNo ?? '-' },
        { key: 'age', label: t('subject.age'), children: subject?.age ?? '-' },
        {
          key: 'workYears',
          label: t('facts.workYears'),
          children: facts?.workYears !== undefined ? String(facts.workYears) : '-',
        },
        {
          key: 'category',
          label: t('field.category'),
          children: category ? t(`category.${category}`, { defaultValue: category }) : '-',
        },
        { key: 'position', label: t('field.position'), children: position.label(chosenPosition) || '-' },
      ]}
    />
  );
}
