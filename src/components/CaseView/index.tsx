/**
 * The whole case for whoever decides on an application (GET /workflow/{id}/case): every material
 * with a preview in the page, the certificate before and after, the rule facts the server saw at
 * SUBMIT and sees now, the holder's certificates and other open applications. "Why" is one ordered
 * list: each rule the server checked, its answer and the facts behind it in words (issue #47 item 3);
 * missing materials are a warning above everything. The server chooses what the caller may see and
 * says every answer; this component only lays it out.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Collapse, Descriptions, Empty, List, Skeleton, Space, Table, Tag, Typography } from 'antd';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  DownloadOutlined,
  ExclamationCircleFilled,
  EyeOutlined,
  FileImageOutlined,
  FilePdfOutlined,
  FileOutlined,
  InfoCircleFilled,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/services/request';
import { fetchFile, saveBlob } from '@/services/download';
import { fileDownload, workflowCase } from '@/services/generated/api';
import type {
  RevealOffer,
  WorkflowCase200Data,
  WorkflowCase200DataMaterialsItem,
  WorkflowCase200DataWhyChecksItem,
  WorkflowCase200DataWhyChecksItemFactsItem,
} from '@/services/generated/api.schemas';
import PersonalDatum from '@/components/PersonalDatum';
import { useWorkflowLabels } from '@/components/ApplicationViewModal/labels';
import { formatDateTime } from '@/components/ProTableKit/format';

export type CaseData = WorkflowCase200Data;
type Material = WorkflowCase200DataMaterialsItem;
type RuleCheck = WorkflowCase200DataWhyChecksItem;
type Fact = WorkflowCase200DataWhyChecksItemFactsItem;

const sizeText = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
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

  useEffect(
    () => () => {
      if (shown) URL.revokeObjectURL(shown.href);
    },
    [shown],
  );

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
                <Button
                  key="view"
                  size="small"
                  type="link"
                  icon={<EyeOutlined />}
                  loading={busy === m.ossId}
                  onClick={() => void open(m, false)}
                  data-testid="case-material-preview"
                >
                  {t('case.preview')}
                </Button>
              ) : null,
              <Button
                key="save"
                size="small"
                type="link"
                icon={<DownloadOutlined />}
                aria-label={t('case.download', { name: m.originalName })}
                onClick={() => void open(m, true)}
              />,
            ]}
          >
            <List.Item.Meta
              avatar={<MaterialIcon mimeType={m.mimeType} />}
              title={m.originalName}
              description={sizeText(m.size)}
            />
          </List.Item>
        )}
      />
      <div style={{ flex: '2 1 420px', minHeight: shown ? 460 : 0 }}>
        {error && <Alert type="error" showIcon message={error} />}
        {shown && shown.material.mimeType === 'application/pdf' && (
          <iframe
            title={shown.material.originalName}
            src={shown.href}
            style={{ width: '100%', height: 460, border: '1px solid #f0f0f0' }}
            data-testid="case-material-frame"
          />
        )}
        {shown && shown.material.mimeType.startsWith('image/') && (
          <img
            src={shown.href}
            alt={shown.material.originalName}
            style={{ maxWidth: '100%', maxHeight: 460 }}
            data-testid="case-material-image"
          />
        )}
      </div>
    </div>
  );
}

/** How each verdict looks: an icon in its colour and the word for screen readers. */
const VERDICT_LOOK: Record<RuleCheck['verdict'], { icon: typeof CheckCircleFilled; color: string }> = {
  pass: { icon: CheckCircleFilled, color: '#389e0d' },
  fail: { icon: CloseCircleFilled, color: '#cf1322' },
  warn: { icon: ExclamationCircleFilled, color: '#ad6800' },
  info: { icon: InfoCircleFilled, color: '#595959' },
};

function FactList({ facts, testId, offer }: { facts: Fact[]; testId?: string; offer: RevealOffer | null }) {
  if (facts.length === 0) return null;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2 }}
      data-testid={testId}
      items={facts.map((f, i) => ({
        key: `${i}`,
        label: f.label,
        // The identity number comes masked; a reviewer reveals it by a click (logged).
        children:
          f.kind === 'idNo' ? (
            <PersonalDatum datum="idNo" value={f.value} offer={offer} testId={`${testId ?? 'case-fact'}-idNo`} />
          ) : (
            f.value
          ),
      }))}
    />
  );
}

/** Every rule the server checked, in its order: the verdict, the rule, its answer, the facts behind it. */
function RuleList({ checks, offer }: { checks: RuleCheck[]; offer: RevealOffer | null }) {
  const { t } = useTranslation('workflow');
  // The holder's facts (the first check naming the ID number) are the case's facts now.
  const holderCheck = checks.findIndex((c) => c.facts.some((f) => f.kind === 'idNo'));
  return (
    <List
      size="small"
      bordered
      dataSource={checks}
      data-testid="case-why"
      renderItem={(c, i) => {
        const look = VERDICT_LOOK[c.verdict];
        const Icon = look.icon;
        return (
          <List.Item data-testid="case-why-item" data-verdict={c.verdict} data-key={c.key}>
            <List.Item.Meta
              avatar={
                <Icon
                  style={{ color: look.color, fontSize: 18 }}
                  aria-label={t(`case.verdict.${c.verdict}`)}
                  role="img"
                />
              }
              title={c.title}
              description={
                <>
                  <Typography.Paragraph
                    style={{
                      marginBottom: c.facts.length ? 4 : 0,
                      color: c.verdict === 'fail' ? look.color : undefined,
                    }}
                  >
                    {c.answer}
                  </Typography.Paragraph>
                  <FactList facts={c.facts} offer={offer} testId={i === holderCheck ? 'case-facts-now' : undefined} />
                </>
              }
            />
          </List.Item>
        );
      }}
    />
  );
}

/** The warnings every reviewer must read before deciding (the server's words). */
export function CaseWarnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }} data-testid="case-warnings">
      {warnings.map((w) => (
        <Alert key={w} type="warning" showIcon message={w} />
      ))}
    </Space>
  );
}

/** The case of an application, asked of the server once per id. */
export function useCase(id: number | null) {
  const { t } = useTranslation('workflow');
  const [data, setData] = useState<CaseData | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setData(null);
    setError(null);
    if (id === null) return undefined;
    workflowCase(id)
      .then((res) => live && setData(res.data))
      .catch((err: unknown) => live && setError(errorMessage(err, t('case.loadFailed'))));
    return () => {
      live = false;
    };
  }, [id, t]);
  return { data, error };
}

/** The case view; with `loaded` it shows a case already asked for (the view modal asks once for its warnings and this tab). */
export default function CaseView({
  id,
  loaded,
}: {
  id: number;
  loaded?: { data: CaseData | null; error: string | null };
}) {
  const { t } = useTranslation('workflow');
  const labels = useWorkflowLabels();
  const own = useCase(loaded ? null : id);
  const { data, error } = loaded ?? own;

  if (error) return <Alert type="error" showIcon message={error} />;
  if (!data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const verdict = data.why.verdict;
  const submitted = data.checks.submitted;

  return (
    <Space direction="vertical" size={20} style={{ width: '100%' }} data-testid="case-view">
      <CaseWarnings warnings={data.why.warnings} />
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
              {
                title: t('case.after'),
                dataIndex: 'after',
                render: (v: string | null, r) => (
                  <Typography.Text strong={r.before !== r.after}>{v ?? '-'}</Typography.Text>
                ),
              },
            ]}
          />
        )}
      </section>

      <section>
        <Typography.Title level={5}>{t('case.checks')}</Typography.Title>
        <Typography.Paragraph>
          <strong>{t('case.checkNow')}</strong>{' '}
          <Tag color={verdict.code === 0 ? 'green' : 'red'} data-testid="case-check-now">
            {verdict.message}
          </Tag>
        </Typography.Paragraph>
        <RuleList checks={data.why.checks} offer={data.personalData} />
        <Collapse
          ghost
          size="small"
          style={{ marginTop: 8 }}
          items={[
            {
              key: 'submitted',
              label: submitted
                ? t('case.checkSubmittedAt', { at: formatDateTime(submitted.at) })
                : t('case.noSubmittedCheck'),
              collapsible: submitted ? undefined : 'disabled',
              children: submitted ? (
                <FactList facts={submitted.words} testId="case-facts-submitted" offer={data.personalData} />
              ) : null,
            },
          ]}
        />
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
              <Tag
                key={a.id}
              >{`${a.applyNo} · ${labels.business(a.businessType, a.businessLabel)} · ${labels.status(a.status, '')}`}</Tag>
            ))}
          </Typography.Paragraph>
        )}
      </section>
    </Space>
  );
}
