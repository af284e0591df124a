/** The grounds of a revocation (enterprise's and person's): one of REVOCATION_REASONS. */
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { REVOCATION_REASON_CODES } from './logic';
import { NS } from './types';

/** The reason select, shared with the quick revoke from the certificate detail. */
export function ReasonSelect(props: { value?: string; onChange?: (v: string) => void; testId?: string }) {
  const { t } = useTranslation(NS);
  return (
    <Select
      value={props.value}
      onChange={props.onChange}
      placeholder={t('placeholder.reason')}
      options={REVOCATION_REASON_CODES.map((c) => ({ value: c, label: t(`reason.${c}`) }))}
      data-testid={props.testId ?? 'wizard-field-reason'}
    />
  );
}

export default function ReasonForm() {
  const { t } = useTranslation(NS);
  return (
    <Form.Item
      name="reason"
      label={t('field.reasonRevocation')}
      rules={[{ required: true, message: t('rule.reasonRevocation') }]}
    >
      <ReasonSelect />
    </Form.Item>
  );
}
