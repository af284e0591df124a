/**
 * The whole case for whoever decides on an application (GET /workflow/{id}/case): every material
 * with a preview in the page, the certificate before and after, the rule facts the server saw at
 * SUBMIT and sees now, the holder's certificates and other open applications. The server chooses
 * what the caller may see; this component only lays it out.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Empty, List, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, EyeOutlined, FileImageOutlined, FilePdfOutlined, FileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/services/request';
import { fetchFile, saveBlob } from '@/services/download';
import { fileDownload, workflowCase } from '@/services/generated/api';
import type { RevealOffer, WorkflowCase200Data, WorkflowCase200DataMaterialsItem } from '@/services/generated/api.schemas';
import PersonalDatum from '@/components/PersonalDatum';
import { useWorkflowLabels } from '@/components/ApplicationViewModal/labels';
import { formatDateTime } from '@/components/ProTableKit/format';

type CaseData = WorkflowCase200Data;
type Material = WorkflowCase200DataMaterialsItem;
type Facts = Record<string, unknown>;

/** Fact keys that are row ids, not something a reviewer weighs. */
const HIDDEN_FACTS = new Set(['certificateId', 'personId', 'enterpriseId', 'businessType', 'today', 'target']);

const sizeText = (bytes: number) => (bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
const previewable = (m: Material) => m.mimeType === 'application/pdf' || m.mimeType.startsWith('image/');

function MaterialIcon({ mimeType }: { mimeType: string }) {
  if (mimeType === 'application/pdf') return <FilePdfOutlined style={{ fontSize: 20, color: '#cf1322' }} />;
  if (mimeType.startsWith('image/')) return <FileImageOutlined style={{ fontSize: 20, color: '#1677ff' }} />;
  return <FileOutlined style={{ fontSize: 20 }} />;
}

/** Materials with a preview beside the list: a PDF in a frame, an image as it is. */
function Materials({ items }: { items: Material[] }) {
  const { t } = useTranslation('workflow');
  const [shown, setShown] = useState<{ material: Material; href: string } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => {
    if (shown) URL.revokeObjectURL(shown.href);
  }, [shown]);

  const open = async (m: Material, save: boolean) => {
    setBusy(m.ossId);
    setError(null);
    try {
      const { blob } = await fetchFile((o) => fileDownload(m.ossId, undefined, o), m.originalName);
      if (save) saveBlob(blob, m.originalName);
      else setShown({ material: m, href: URL.createObjectURL(blob) });
    } catch (err) {
      setError(errorMessage(err, t('case.fileFailed')));
    } finally {
      setBusy(null);
    }
  };

  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('case.noMaterials')} />;
  return (
    <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
      <List
        style={{ flex: '1 1 280px' }}
        size="small"
        bordered
        dataSource={items}
        data-testid="case-materials"
        renderItem={(m) => (
          <List.Item
            actions={[
              previewable(m) ? (
                <Button key="view" size="small" type="link" icon={<EyeOutlined />} loading={busy === m.ossId} onClick={() => void open(m, false)} data-testid="case-material-preview">
                  {t('case.preview')}
                </Button>
              ) : null,
              <Button key="save" size="small" type="link" icon={<DownloadOutlined />} aria-label={t('case.download', { name: m.originalName })} onClick={() => void open(m, true)} />,
            ]}
          >
            <List.Item.Meta avatar={<MaterialIcon mimeType={m.mimeType} />} title={m.originalName} description={sizeText(m.size)} />
          </List.Item>
        )}
      />
      <div style={{ flex: '2 1 420px', minHeight: shown ? 460 : 0 }}>
        {error && <Alert type="error" showIcon message={error} />}
        {shown && shown.material.mimeType === 'application/pdf' && (
          <iframe title={shown.material.originalName} src={shown.href} style={{ width: '100%', height: 460, border: '1px solid #f0f0f0' }} data-testid="case-material-frame" />
        )}
        {shown && shown.material.mimeType.startsWith('image/') && (
          <img src={shown.href} alt={shown.material.originalName} style={{ maxWidth: '100%', maxHeight: 460 }} data-testid="case-material-image" />
        )}
      </div>
    </div>
  );
}

function useFactText() {
  const { t } = useTranslation('workflow');
  return (key: string, value: unknown): string => {
    if (typeof value === 'boolean') return t(value ? 'case.yes' : 'case.no');
    if (value === null || value === undefined || value === '') return '-';
    if (key === 'educationHours' || key === 'requiredHours') return t('case.hours', { n: value });
    if (key === 'age' || key === 'workYears') return t(`case.unit.${key}`, { n: value });
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
}

function FactsTable({ facts, testId, offer }: { facts: Facts; testId: string; offer: RevealOffer | null }) {
  const { t } = useTranslation('workflow');
  const text = useFactText();
  const entries = Object.entries(facts).filter(([k]) => !HIDDEN_FACTS.has(k));
  if (entries.length === 0) return <Typography.Text type="secondary">{t('case.noFacts')}</Typography.Text>;
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      data-testid={testId}
      items={entries.map(([k, v]) => ({
        key: k,
        label: t(`case.fact.${k}`, { defaultValue: k }),
        // The identity number comes masked; a reviewer reveals it by a click (logged).
        children: k === 'idNo' && typeof v === 'string' ? <PersonalDatum datum="idNo" value={v} offer={offer} testId={`${testId}-idNo`} /> : text(k, v),
      }))}
    />
  );
}

export default function CaseView({ id }: { id: number }) {
  const { t } = useTranslation('workflow');
  const labels = useWorkflowLabels();
  const [data, setData] = useState<CaseData | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setData(null);
    setError(null);
    workflowCase(id)
      .then((res) => live && setData(res.data))
      .catch((err: unknown) => live && setError(errorMessage(err, t('case.loadFailed'))));
    return () => {
      live = false;
    };
  }, [id, t]);

  if (error) return <Alert type="error" showIcon message={error} />;
  if (!data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const now = data.checks.now;
  const submitted = data.checks.submitted;

  return (
    <Space direction="vertical" size={20} style={{ width: '100%' }} data-testid="case-view">
      <section>
        <Typography.Title level={5}>{t('case.materials', { n: data.materials.length })}</Typography.Title>
        <Materials items={data.materials} />
      </section>

      <section>
        <Typography.Title level={5}>{t('case.changes')}</Typography.Title>
        {data.changes.length === 0 ? (
          <Typography.Text type="secondary">{t('case.noChanges')}</Typography.Text>
        ) : (
          <Table
            size="small"
            pagination={false}
            rowKey="field"
            dataSource={data.changes}
            data-testid="case-changes"
            columns={[
              { title: t('case.field'), dataIndex: 'label', width: 160 },
              { title: t('case.before'), dataIndex: 'before', render: (v: string | null) => v ?? '-' },
              { title: t('case.after'), dataIndex: 'after', render: (v: string | null, r) => <Typography.Text strong={r.before !== r.after}>{v ?? '-'}</Typography.Text> },
            ]}
          />
        )}
      </section>

      <section>
        <Typography.Title level={5}>{t('case.checks')}</Typography.Title>
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          <div style={{ flex: '1 1 320px' }}>
            <Typography.Paragraph>
              <strong>{t('case.checkNow')}</strong>{' '}
              <Tag color={now.code === 0 ? 'green' : 'red'} data-testid="case-check-now">{now.message}</Tag>
            </Typography.Paragraph>
            <FactsTable facts={now.facts} testId="case-facts-now" offer={data.personalData} />
          </div>
          <div style={{ flex: '1 1 320px' }}>
            <Typography.Paragraph>
              <strong>{t('case.checkSubmitted')}</strong>{' '}
              {submitted ? <Typography.Text type="secondary">{formatDateTime(submitted.at)}</Typography.Text> : null}
            </Typography.Paragraph>
            {submitted ? <FactsTable facts={submitted.facts} testId="case-facts-submitted" offer={data.personalData} /> : <Typography.Text type="secondary">{t('case.noSubmittedCheck')}</Typography.Text>}
          </div>
        </div>
      </section>

      <section>
        <Typography.Title level={5}>{t('case.certificates')}</Typography.Title>
        <Table
          size="small"
          pagination={false}
          rowKey="id"
          dataSource={data.certificates}
          locale={{ emptyText: t('case.noCertificates') }}
          data-testid="case-certificates"
          columns={[
            { title: t('field.certNo'), dataIndex: 'certNo' },
            { title: t('case.category'), dataIndex: 'categoryLabel' },
            { title: t('case.status'), dataIndex: 'statusLabel', width: 90 },
            { title: t('case.validity'), key: 'validity', render: (_v, r) => `${r.validFrom} ~ ${r.expiryDate}` },
            { title: t('case.enterprise'), dataIndex: 'enterpriseName' },
          ]}
        />
        {data.openApplications.length > 0 && (
          <Typography.Paragraph style={{ marginTop: 12 }} data-testid="case-open-applications">
            {t('case.openApplications')}{' '}
            {data.openApplications.map((a) => (
              <Tag key={a.id}>{`${a.applyNo} · ${labels.business(a.businessType, a.businessLabel)} · ${labels.status(a.status, '')}`}</Tag>
            ))}
          </Typography.Paragraph>
        )}
      </section>
    </Space>
  );
}
