/**
 * The last step: what will be submitted — the subject, the form in words (a delay: the validity the
 * certificate will get, the server's figures from the check), the materials — then 提交.
 */
import { Alert, Descriptions, Typography } from 'antd';
import { ProDescriptions } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { BUSINESS_ROUTES, type BusinessType } from '@machines/businessTypes';
import { fieldLabelKey, PAYLOAD_FIELDS, type MaterialItem, type Target } from './logic';
import { NS, type SubjectInfo } from './types';
import { usePayloadText } from '@/components/dict';

interface Props {
  type: BusinessType;
  target: Target;
  subject: SubjectInfo | null;
  enterpriseName: string | null;
  /** the payload as it will be sent (logic.buildPayload) */
  payload: Record<string, unknown>;
  files: MaterialItem[];
  submitError: string | null;
  /** the facts of the server's check (a delay's newValidFrom / newExpiryDate: the validity it will give) */
  facts?: Record<string, unknown> | null;
}

export default function SummaryStep({
  type,
  target,
  subject,
  enterpriseName,
  payload,
  files,
  submitError,
  facts,
}: Props) {
  const { t } = useTranslation(NS);
  const show = usePayloadText(type);

  const subjectData: Record<string, string> =
    target === 'enterprise'
      ? { enterprise: enterpriseName ?? '-' }
      : {
          name: subject?.name ?? '-',
          idNo: subject?.idNo ?? '-',
          ...(target === 'certificate'
            ? { certNo: subject?.certNo ?? '-', expiryDate: subject?.expiryDate ?? '-' }
            : {}),
        };
  const formKeys = PAYLOAD_FIELDS[type].filter(
    (k) =>
      k !== 'materials' &&
      payload[k] !== undefined &&
      payload[k] !== '' &&
      !(payload[k] === false && k !== 'lostReissue'),
  );
  const done = files.filter((f) => !f.status || f.status === 'done');

  return (
    <div data-testid="wizard-summary">
      <ProDescriptions
        title={t('summary.subject')}
        column={{ xs: 1, sm: 2 }}
        size="small"
        bordered
        dataSource={subjectData}
        columns={Object.keys(subjectData).map((k) => ({ title: t(`subject.${k}`), dataIndex: k, key: k }))}
      />
      <ProDescriptions
        title={t('summary.form')}
        column={{ xs: 1, sm: 2 }}
        size="small"
        bordered
        style={{ marginTop: 16 }}
        dataSource={Object.fromEntries(formKeys.map((k) => [k, show(k, payload[k])]))}
        columns={formKeys.map((k) => ({ title: t(fieldLabelKey(type, k)), dataIndex: k, key: k }))}
        data-testid="wizard-summary-form"
      />
      {typeof facts?.newExpiryDate === 'string' ? (
        <Descriptions
          size="small"
          bordered
          column={1}
          style={{ marginTop: formKeys.length ? 12 : 0 }}
          data-testid="wizard-summary-validity"
          items={[
            {
              key: 'validity',
              label: t('summary.newValidity'),
              children: t('summary.validityRange', {
                from: typeof facts.newValidFrom === 'string' ? facts.newValidFrom : '-',
                to: facts.newExpiryDate,
              }),
            },
          ]}
        />
      ) : formKeys.length === 0 ? (
        <Typography.Text type="secondary">{t('summary.noForm')}</Typography.Text>
      ) : null}
      <Descriptions
        title={<span style={{ fontSize: 16 }}>{t('summary.materials')}</span>}
        size="small"
        column={1}
        style={{ marginTop: 16 }}
        items={[
          {
            key: 'files',
            label: t('field.materials'),
            children: done.length ? done.map((f) => f.name).join('、') : t('summary.noMaterials'),
          },
        ]}
      />
      <Alert
        style={{ marginTop: 16 }}
        type="info"
        showIcon
        message={t(BUSINESS_ROUTES[type].personCheck ? 'summary.afterSubmitPersonCheck' : 'summary.afterSubmit')}
      />
      {submitError ? (
        <Alert
          style={{ marginTop: 12 }}
          type="error"
          showIcon
          message={submitError}
          data-testid="wizard-submit-error"
        />
      ) : null}
    </div>
  );
}
