/**
 * Step 1 of a rename: the new name, and when the 法定代表人 changes, the new one and whether the old
 * one's A certificate is revoked in the same application (DOMAIN.md).
 */
import { Descriptions, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/store/user';
import { NS, type BusinessFormProps } from '../components/types';

export default function RenameForm({ facts }: BusinessFormProps) {
  const { t } = useTranslation(NS);
  const current = useCurrentUser()?.info.enterpriseInfo?.name ?? '-';
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'name', label: t('rename.current'), children: (facts?.oldName as string | undefined) ?? current },
          ...(facts?.legalRepresentative
            ? [{ key: 'rep', label: t('facts.legalRepresentative'), children: String(facts.legalRepresentative) }]
            : []),
        ]}
      />
      <Form.Item
        name="newName"
        label={t('field.newEnterpriseName')}
        rules={[
          { required: true, whitespace: true, message: t('rule.newName') },
          { max: 200, message: t('rule.max', { field: t('field.newEnterpriseName'), max: 200 }) },
        ]}
      >
        <Input data-testid="wizard-field-newName" />
      </Form.Item>
      <Form.Item
        name="newLegalRepresentative"
        label={t('field.newLegalRepresentative')}
        extra={t('rename.repHint')}
        rules={[{ max: 64, message: t('rule.max', { field: t('field.newLegalRepresentative'), max: 64 }) }]}
      >
        <Input data-testid="wizard-field-newLegalRepresentative" />
      </Form.Item>
      <Form.Item name="revokeOldLegalRepA" label={t('field.revokeOldLegalRepA')} valuePropName="checked">
        <Switch data-testid="wizard-field-revokeOldLegalRepA" />
      </Form.Item>
    </>
  );
}
