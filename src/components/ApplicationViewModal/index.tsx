/**
 * View modal of one application: its fields, the statechart of its route with the history, and
 * the actions the calling user may take now. Loads GET /workflow/{id} when opened; after an
 * action (or a 409) it reloads and tells the parent to reload its queue.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Descriptions, Divider, Modal, Skeleton, Tabs, Tag, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorMessage, isUnauthorized } from '@/services/request';
import { workflowGet } from '@/services/generated/api';
import { detailAfter, type ApplicationDetail, type TransitionAnswer } from '@/services/workflow';
import { formatDateTime } from '@/components/ProTableKit/format';
import StatechartView from '@/components/StatechartView';
import CaseView from '@/components/CaseView';
import WorkflowActions from '@/components/WorkflowActions';
import DeadlineText from './DeadlineText';
import { useWorkflowLabels } from './labels';

export interface ApplicationViewModalProps {
  /** the application to show; null closes the modal */
  id: number | null;
  onClose: () => void;
  /** the application changed (an event was sent or found stale): reload the list */
  onChanged?: () => void;
  /** hide the action buttons (read-only views) */
  readOnly?: boolean;
  /** the application's content in the caller's words, instead of the generic payload list */
  renderPayload?: (detail: ApplicationDetail) => ReactNode;
}

const PRIMITIVE = new Set(['string', 'number', 'boolean']);
/** Payload keys that are bookkeeping, not application content. */
const HIDDEN_PAYLOAD_KEYS = new Set(['demo', 'id', 'version']);

/** Payload entries that can be shown as text (nested objects and long arrays are skipped). */
export function payloadEntries(payload: Record<string, unknown> | null | undefined): [string, string][] {
  if (!payload || typeof payload !== 'object') return [];
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(payload)) {
    if (v === null || v === undefined || v === '' || HIDDEN_PAYLOAD_KEYS.has(k) || k.startsWith('_')) continue;
    // Materials are file ids: their count here, the files themselves in the case view.
    if (k === 'materials' && Array.isArray(v)) {
      out.push([k, String(v.length)]);
      continue;
    }
    if (PRIMITIVE.has(typeof v)) out.push([k, String(v)]);
    else if (Array.isArray(v) && v.every((x) => PRIMITIVE.has(typeof x))) out.push([k, v.join('、')]);
  }
  return out;
}

export default function ApplicationViewModal({ id, onClose, onChanged, readOnly, renderPayload }: ApplicationViewModalProps) {
  const { t } = useTranslation('workflow');
  const [detail, setDetail] = useState<ApplicationDetail | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const labels = useWorkflowLabels();

  const load = useCallback(async () => {
    if (id === null || id === undefined) return;
    setLoading(true);
    setError(null);
    try {
      const res = await workflowGet(id);
      setDetail(res.data);
    } catch (err) {
      if (!isUnauthorized(err)) setError(errorMessage(err, t('view.loadFailed')));
    } finally {
      setLoading(false);
    }
  }, [id, t]);

  useEffect(() => {
    setDetail(null);
    if (id !== null && id !== undefined) void load();
  }, [id, load]);

  const changed = (answer?: TransitionAnswer) => {
    if (answer) setDetail((before) => (before ? detailAfter(before, answer) : before));
    void load();
    onChanged?.();
  };

  const extra = payloadEntries(detail?.payload);

  return (
    <Modal
      open={id !== null && id !== undefined}
      title={detail ? t('view.titleWith', { applyNo: detail.applyNo, business: labels.business(detail.businessType, detail.businessLabel) }) : t('view.title')}
      width={1100}
      onCancel={onClose}
      destroyOnHidden
      data-testid="application-view"
      footer={
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
          <div>
            {!readOnly && detail ? (
              <WorkflowActions detail={detail} onDone={(next) => changed(next)} onStale={() => changed()} disabled={loading} />
            ) : null}
            {!readOnly && detail && detail.allowedEvents.length === 0 ? (
              <Typography.Text type="secondary" data-testid="wf-no-actions">
                {t('view.noActions')}
              </Typography.Text>
            ) : null}
          </div>
          <Button onClick={onClose} data-testid="application-view-close">
            {t('view.close')}
          </Button>
        </div>
      }
    >
      {error ? (
        <Alert
          type="error"
          showIcon
          message={error}
          action={
            <Button size="small" onClick={() => void load()}>
              {t('view.retry')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {!detail ? (
        loading ? <Skeleton active paragraph={{ rows: 8 }} /> : null
      ) : (
        <Tabs
          data-testid="application-tabs"
          tabBarExtraContent={
            <a href={`/workflow/case/${detail.id}`} target="_blank" rel="noreferrer" data-testid="case-open-page">
              <ExportOutlined /> {t('case.openPage')}
            </a>
          }
          items={[
            {
              key: 'info',
              label: t('case.tabInfo'),
              children: (
                <>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2, lg: 3 }}
            data-testid="application-fields"
            items={[
              { key: 'applyNo', label: t('field.applyNo'), children: detail.applyNo },
              { key: 'businessLabel', label: t('field.businessLabel'), children: labels.business(detail.businessType, detail.businessLabel) },
              {
                key: 'status',
                label: t('field.statusLabel'),
                children: (
                  <span data-testid="application-status">
                    {detail.outcome ? (
                      <Tag color={detail.outcome === 'approved' ? 'green' : 'red'}>
                        {t('statusWithOutcome', { status: labels.status(detail.status, detail.statusLabel), outcome: t(`outcome.${detail.outcome}`) })}
                      </Tag>
                    ) : labels.status(detail.status, detail.statusLabel)}
                  </span>
                ),
              },
              { key: 'stepLabel', label: t('field.stepLabel'), children: labels.step(detail.step, detail.stepLabel) || '-' },
              { key: 'applicantName', label: t('field.applicantName'), children: detail.applicantName || '-' },
              { key: 'holderName', label: t('field.holderName'), children: detail.holderName || '-' },
              { key: 'certNo', label: t('field.certNo'), children: detail.certNo || '-' },
              { key: 'area', label: t('field.area'), children: detail.area ? t(`area.${detail.area}`, { defaultValue: detail.area }) : '-' },
              { key: 'submittedAt', label: t('field.submittedAt'), children: formatDateTime(detail.submittedAt) || '-' },
              { key: 'acceptedAt', label: t('field.acceptedAt'), children: formatDateTime(detail.acceptedAt) || '-' },
              { key: 'deadline', label: t('field.deadline'), children: <DeadlineText deadline={detail.deadline} daysLeft={detail.daysLeft} estimated={detail.deadlineEstimated} /> },
              { key: 'updatedAt', label: t('field.updatedAt'), children: formatDateTime(detail.updatedAt) || '-' },
            ]}
          />
          {renderPayload ? renderPayload(detail) : extra.length ? (
            <Descriptions
              size="small"
              bordered
              column={{ xs: 1, sm: 2, lg: 3 }}
              style={{ marginTop: 12 }}
              title={<span style={{ fontSize: 14 }}>{t('view.payload')}</span>}
              data-testid="application-payload"
              items={extra.map(([k, v]) => ({ key: k, label: t(`payload.${k}`, { defaultValue: k }), children: v === 'true' ? t('case.yes') : v === 'false' ? t('case.no') : v }))}
            />
          ) : null}
          <Divider style={{ margin: '16px 0' }} />
          <StatechartView stateValue={detail.stateValue} route={detail.route} history={detail.history} outcome={detail.outcome} />
                </>
              ),
            },
            // Mounted only when opened: the case is a second request the reviewer may not need.
            { key: 'case', label: <span data-testid="case-tab">{t('case.tab')}</span>, children: <CaseView id={detail.id} /> },
          ]}
        />
      )}
    </Modal>
  );
}
