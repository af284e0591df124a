/** One certificate in detail (GET /safetyCertificateInfo/get/{id}): holder, enterprise, validity, status. */
import { useEffect, useState } from 'react';
import { Alert, Skeleton, Tag } from 'antd';
import { ProDescriptions } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { safetyCertificateInfoGet } from '@/services/generated/api';
import type { SafetyCertificateInfoGet200 } from '@/services/generated/api.schemas';
import { errorMessage, isUnauthorized } from '@/services/request';
import { NS } from './types';
import { certStatus, type StatusTone } from '@/pages/web/components/format';

type CertificateDetail = SafetyCertificateInfoGet200['data'];

/** antd Tag colours of the status tones (presentation only: the tone comes from the status code's table). */
const TONE_COLOR: Record<StatusTone, string> = {
  success: 'green',
  warning: 'orange',
  error: 'red',
  processing: 'blue',
  default: 'default',
};

export default function CertificateDetailView({ certificateId }: { certificateId: number | null }) {
  const { t } = useTranslation(NS);
  const [detail, setDetail] = useState<CertificateDetail | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setDetail(null);
    setError(null);
    if (certificateId === null) return;
    safetyCertificateInfoGet(certificateId)
      .then((res) => live && setDetail(res.data))
      .catch((err: unknown) => {
        if (live && !isUnauthorized(err)) setError(errorMessage(err, t('certDetail.loadFailed')));
      });
    return () => {
      live = false;
    };
  }, [certificateId, t]);

  if (certificateId === null) return <Alert type="info" showIcon message={t('certDetail.none')} />;
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!detail) return <Skeleton active paragraph={{ rows: 5 }} />;
  return (
    <ProDescriptions<CertificateDetail>
      column={{ xs: 1, sm: 2 }}
      bordered
      size="small"
      dataSource={detail}
      data-testid="certificate-detail"
      columns={[
        { title: t('subject.certNo'), dataIndex: 'certNo' },
        { title: t('subject.category'), dataIndex: 'categoryLabel' },
        { title: t('subject.name'), dataIndex: 'name' },
        { title: t('subject.idNo'), dataIndex: 'idNo' },
        { title: t('subject.sex'), dataIndex: 'sexLabel' },
        { title: t('certDetail.position'), dataIndex: 'positionLabel' },
        { title: t('subject.enterpriseName'), dataIndex: 'enterpriseName', span: 2 },
        { title: t('certDetail.issueDate'), dataIndex: 'issueDate' },
        { title: t('subject.expiryDate'), dataIndex: 'expiryDate' },
        {
          title: t('subject.status'),
          dataIndex: 'statusLabel',
          render: (_d, r) => <Tag color={TONE_COLOR[certStatus(r.status).tone]}>{r.statusLabel}</Tag>,
        },
        { title: t('certDetail.version'), dataIndex: 'versionLabel' },
        { title: t('certDetail.issuingAuthority'), dataIndex: 'issuingAuthority', span: 2 },
      ]}
    />
  );
}
