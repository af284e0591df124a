/** Step 1 of a transfer out of the province: where to and why (the certificate becomes 06 办理转出 when approved). */
import { AutoComplete, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS, type BusinessFormProps } from '../components/types';

export default function OutProvinceForm(_props: BusinessFormProps) {
  const { t } = useTranslation(NS);
  const provinces = t('outProvince.provinces')
    .split(',')
    .map((p) => ({ value: p }));
  return (
    <>
      <Form.Item
        name="targetProvince"
        label={t('field.targetProvince')}
        rules={[
          { required: true, whitespace: true, message: t('rule.targetProvince') },
          { max: 20, message: t('rule.max', { field: t('field.targetProvince'), max: 20 }) },
        ]}
      >
        <AutoComplete options={provinces} filterOption={(input, o) => String(o?.value ?? '').includes(input)}>
          <Input placeholder={t('placeholder.province')} data-testid="wizard-field-targetProvince" />
        </AutoComplete>
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('field.reasonOut')}
        rules={[
          { required: true, whitespace: true, message: t('rule.reasonOut') },
          { max: 200, message: t('rule.max', { field: t('field.reasonOut'), max: 200 }) },
        ]}
      >
        <Input.TextArea rows={3} maxLength={200} showCount data-testid="wizard-field-reason" />
      </Form.Item>
    </>
  );
}
