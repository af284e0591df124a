/** Step 1 of an inner transfer: where the certificate is now, and the position at this enterprise (optional). */
import { Descriptions, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/store/user';
import DictSelect from '../components/DictSelect';
import { NS, type BusinessFormProps } from '../components/types';

export default function InnerForm({ subject }: BusinessFormProps) {
  const { t } = useTranslation(NS);
  const here = useCurrentUser()?.info.enterpriseInfo?.name ?? '-';
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'certNo', label: t('subject.certNo'), children: subject?.certNo ?? '-' },
          { key: 'name', label: t('subject.name'), children: subject?.name ?? '-' },
          { key: 'from', label: t('inner.from'), children: subject?.enterpriseName ?? '-' },
          { key: 'to', label: t('inner.to'), children: here },
        ]}
      />
      <Form.Item name="position" label={t('field.newPosition')} extra={t('inner.positionHint')}>
        <DictSelect
          dictType="ministerial_position"
          placeholder={t('placeholder.position')}
          data-testid="wizard-field-position"
        />
      </Form.Item>
    </>
  );
}
