/**
 * The business part of the view modal: the comment that sent the application back, its subject,
 * the form in words and the materials (downloadable), from {base}/get/{id}.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Descriptions, Skeleton, Space } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { BusinessType } from '@machines/businessTypes';
import { getBusiness, type BusinessDetail } from '@/services/business';
import { downloadFile } from '@/services/download';
import { fileDownload } from '@/services/generated/api';
import { errorMessage, isUnauthorized } from '@/services/request';
import { fieldLabelKey, PAYLOAD_FIELDS } from './logic';
import { NS } from './types';
import { usePayloadText } from '@/components/dict';
import ActionLink from '@/components/ActionLink';
import PersonalDatum from '@/components/PersonalDatum';

export default function BusinessViewExtra({ type, id, version }: { type: BusinessType; id: number; version: number }) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const [detail, setDetail] = useState<BusinessDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const show = usePayloadText(type);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the version changes after every event: read the detail again
  useEffect(() => {
    let live = true;
    getBusiness(type, id)
      .then((res) => live && setDetail(res.data))
      .catch((err: unknown) => live && !isUnauthorized(err) && setError(errorMessage(err, t('view.loadFailed'))));
    return () => {
      live = false;
    };
  }, [type, id, version, t]);

  if (error) return <Alert type="error" showIcon message={error} style={{ marginTop: 12 }} />;
  if (!detail) return <Skeleton active paragraph={{ rows: 3 }} />;

  const payload = detail.payload ?? {};
  const keys = PAYLOAD_FIELDS[type].filter(
    (k) => k !== 'materials' && payload[k] !== undefined && payload[k] !== null && payload[k] !== '',
  );

  return (
    <div style={{ marginTop: 12 }} data-testid="business-view-extra">
      {detail.lastComment ? (
        <Alert
          type="warning"
          showIcon
          message={t('list.lastComment')}
          description={detail.lastComment}
          style={{ marginBottom: 12 }}
          data-testid="business-view-comment"
        />
      ) : null}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, lg: 3 }}
        title={<span style={{ fontSize: 14 }}>{t('view.business')}</span>}
        items={[
          ...(detail.person
            ? [
                { key: 'name', label: t('subject.name'), children: detail.person.name },
                {
                  key: 'idNo',
                  label: t('subject.idNo'),
                  children: (
                    <PersonalDatum
                      datum="idNo"
                      value={detail.person.idNo}
                      offer={detail.person.personalData}
                      testId="business-view-idNo"
                    />
                  ),
                },
              ]
            : []),
          ...(detail.certificate
            ? [
                { key: 'certNo', label: t('subject.certNo'), children: detail.certificate.certNo },
                {
                  key: 'expiryDate',
                  label: t('subject.expiryDate'),
                  children: <span data-testid="business-view-expiry">{detail.certificate.expiryDate}</span>,
                },
              ]
            : []),
          ...(detail.enterprise && !detail.person
            ? [{ key: 'enterprise', label: t('subject.enterprise'), children: detail.enterprise.name }]
            : []),
          ...keys.map((k) => ({ key: k, label: t(fieldLabelKey(type, k)), children: show(k, payload[k]) })),
          {
            key: 'materials',
            label: t('field.materials'),
            span: 3,
            children: detail.materials.length ? (
              <Space wrap>
                {detail.materials.map((m) => (
                  <ActionLink
                    key={m.ossId}
                    onClick={() =>
                      void downloadFile((o) => fileDownload(m.ossId, undefined, o), m.originalName).catch(
                        (err: unknown) => message.error(errorMessage(err, t('materials.downloadFailed'))),
                      )
                    }
                  >
                    <PaperClipOutlined /> {m.originalName}
                  </ActionLink>
                ))}
              </Space>
            ) : (
              t('summary.noMaterials')
            ),
          },
        ]}
      />
    </div>
  );
}
