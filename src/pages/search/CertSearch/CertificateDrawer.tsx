/** Certificate detail drawer: the certificate, its holder and enterprise, and every version (GET /safetyCertificateInfo/get/{id}). */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Descriptions, Drawer, Skeleton, Table, Tag } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/components/ProTableKit/format';
import { errorMessage } from '@/services/request';
import { fetchPdf, openPdf, saveBlob, type PdfFile } from '@/services/download';
import { safetyCertificateInfoGet, safetyCertificateInfoPdf } from '@/services/generated/api';
import type { SafetyCertificateInfoGet200 } from '@/services/generated/api.schemas';
import { certStatus } from '@/pages/web/components/format';
import { useWorkflowLabels } from '@/components/ApplicationViewModal/labels';
import PersonalDatum from '@/components/PersonalDatum';

type CertificateDetail = SafetyCertificateInfoGet200['data'];
type CertificateVersion = CertificateDetail['history'][number];

export function useCertLabels() {
  const { t } = useTranslation('cert');
  return {
    category: (code: string, fallback?: string) => t(`category.${code}`, { defaultValue: fallback ?? code }),
    status: (code: string, fallback?: string) => t(`status.${code}`, { defaultValue: fallback ?? code }),
  };
}

export function StatusTag({ code, label }: { code: string; label?: string }) {
  const labels = useCertLabels();
  return <Tag color={certStatus(code).tone}>{labels.status(code, label)}</Tag>;
}

/** Opens the PDF in a new tab, or downloads it when a pop-up blocker refuses. */
export async function showPdf(load: () => Promise<PdfFile>, onBlocked: () => void): Promise<void> {
  const file = await load();
  if (!openPdf(file)) {
    saveBlob(file.blob, file.fileName);
    onBlocked();
  }
}

export default function CertificateDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('cert');
  const { message } = App.useApp();
  const labels = useCertLabels();
  const workflow = useWorkflowLabels();
  const [detail, setDetail] = useState<CertificateDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);

  useEffect(() => {
    if (id === null) return;
    let live = true;
    setDetail(null);
    setError(null);
    safetyCertificateInfoGet(id)
      .then((res) => live && setDetail(res.data))
      .catch((err: unknown) => live && setError(errorMessage(err, t('detail.loadFailed'))));
    return () => {
      live = false;
    };
  }, [id, t]);

  const preview = async () => {
    if (id === null) return;
    setPreviewing(true);
    try {
      await showPdf(
        () => fetchPdf((o) => safetyCertificateInfoPdf(id, o)),
        () => void message.info(t('print.popupBlocked')),
      );
    } catch (err) {
      void message.error(errorMessage(err, t('detail.loadFailed')));
    } finally {
      setPreviewing(false);
    }
  };

  const d = detail;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={760}
      title={t('detail.title')}
      destroyOnHidden
      data-testid="cert-drawer"
      extra={
        <Button
          icon={<FilePdfOutlined />}
          loading={previewing}
          disabled={!d}
          onClick={() => void preview()}
          data-testid="cert-drawer-preview"
        >
          {t('detail.previewPdf')}
        </Button>
      }
    >
      {error && <Alert type="error" showIcon message={error} />}
      {!d && !error && <Skeleton active paragraph={{ rows: 10 }} />}
      {d && (
        <>
          <Descriptions
            title={t('detail.basic')}
            bordered
            size="small"
            column={2}
            items={[
              {
                key: 'certNo',
                label: t('field.certNo'),
                children: <strong data-testid="cert-drawer-certNo">{d.certNo}</strong>,
                span: 2,
              },
              {
                key: 'category',
                label: t('field.category'),
                children: labels.category(d.category, d.categoryLabel),
                span: 2,
              },
              {
                key: 'status',
                label: t('field.status'),
                children: <StatusTag code={d.status} label={d.statusLabel} />,
              },
              { key: 'version', label: t('field.version'), children: d.versionLabel },
              { key: 'issueDate', label: t('field.issueDate'), children: d.issueDate },
              { key: 'expiryDate', label: t('field.expiryDate'), children: d.expiryDate },
              { key: 'position', label: t('field.position'), children: d.positionLabel },
              { key: 'issuingAuthority', label: t('field.issuingAuthority'), children: d.issuingAuthority },
              { key: 'printCount', label: t('field.printCount'), children: d.printCount },
              {
                key: 'printedVersion',
                label: t('field.printedVersion'),
                children:
                  d.printedVersion === null
                    ? t('detail.never')
                    : `${String(d.printedVersion).padStart(3, '0')} · ${formatDateTime(d.printedAt)}`,
              },
            ]}
          />
          <Descriptions
            style={{ marginTop: 20 }}
            title={t('detail.holder')}
            bordered
            size="small"
            column={2}
            items={[
              { key: 'name', label: t('field.name'), children: d.holder.name },
              { key: 'sex', label: t('field.sex'), children: d.holder.sexLabel },
              {
                key: 'idNo',
                label: t('field.idNo'),
                children: (
                  <PersonalDatum
                    datum="idNo"
                    value={d.holder.idNo}
                    offer={d.holder.personalData}
                    testId="cert-drawer-idNo"
                  />
                ),
              },
              {
                key: 'birthDate',
                label: t('field.birthDate'),
                children: (
                  <PersonalDatum
                    datum="birthDate"
                    value={d.holder.birthDate}
                    offer={d.holder.personalData}
                    testId="cert-drawer-birthDate"
                  />
                ),
              },
              { key: 'education', label: t('field.education'), children: d.holder.educationLabel || '-' },
              { key: 'title', label: t('field.title'), children: d.holder.titleLabel || '-' },
            ]}
          />
          <Descriptions
            style={{ marginTop: 20 }}
            title={t('detail.enterprise')}
            bordered
            size="small"
            column={2}
            items={[
              { key: 'name', label: t('field.enterpriseName'), children: d.enterprise.name, span: 2 },
              { key: 'creditCode', label: t('field.creditCode'), children: d.enterprise.creditCode },
              { key: 'legal', label: t('field.legalRepresentative'), children: d.enterprise.legalRepresentative },
              { key: 'address', label: t('field.address'), children: d.enterprise.address, span: 2 },
            ]}
          />
          <h4 style={{ marginTop: 20 }}>{t('detail.versions')}</h4>
          <Table<CertificateVersion>
            size="small"
            rowKey={(r) => `${r.version}-${r.changedAt ?? 'current'}`}
            pagination={false}
            dataSource={d.history}
            data-testid="cert-versions"
            columns={[
              {
                title: t('field.version'),
                dataIndex: 'versionLabel',
                width: 150,
                render: (v: string, r) => (r.current ? <Tag color="blue">{`${v} · ${t('detail.current')}`}</Tag> : v),
              },
              { title: t('field.name'), dataIndex: 'name', width: 90 },
              { title: t('field.enterpriseName'), dataIndex: 'enterpriseName', ellipsis: true },
              {
                title: t('field.validity'),
                key: 'validity',
                width: 190,
                render: (_v, r) => `${r.issueDate || '-'} ~ ${r.expiryDate || '-'}`,
              },
              {
                title: t('field.status'),
                dataIndex: 'status',
                width: 90,
                render: (v: string, r) => (v ? <StatusTag code={v} label={r.statusLabel} /> : '-'),
              },
              {
                title: t('detail.replacedBy'),
                dataIndex: 'reasonLabel',
                width: 100,
                render: (v: string | null, r) => (r.reason ? workflow.business(r.reason, v) : '-'),
              },
              {
                title: t('detail.changedAt'),
                dataIndex: 'changedAt',
                width: 150,
                render: (v: string | null) => formatDateTime(v) || '-',
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
