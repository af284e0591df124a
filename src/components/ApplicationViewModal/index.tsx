/**
 * View modal of one application: its fields, the statechart of its route with the history, and
 * the actions the calling user may take now. Loads GET /workflow/{id} when opened; after an
 * action (or a 409) it reloads and tells the parent to reload its queue — or, in a reviewer's queue
 * (`onDecided`), hands over to the parent, which opens the next waiting item. With `shortcuts`, A and
 * R decide (WorkflowActions) and N moves on to the next item without deciding.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Descriptions, Divider, Modal, Skeleton, Tabs, Tag, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorMessage, isUnauthorized } from '@/services/request';
import { workflowGet } from '@/services/generated/api';
import { detailAfter, type ApplicationDetail, type TransitionAnswer } from '@/services/workflow';
import { formatDateTime } from '@/components/ProTableKit/format';
import StatechartView from '@/components/StatechartView';
import CaseView, { CaseWarnings, useCase } from '@/components/CaseView';
import WorkflowActions, { KEY_STYLE, typingIn } from '@/components/WorkflowActions';
import DeadlineText from './DeadlineText';
import { useWorkflowLabels } from './labels';
import type { BusinessType } from '@machines/businessTypes';
import { usePayloadText } from '@/components/dict';

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
  /** a decision was taken: the parent moves on (the next waiting item); without it the modal shows the application as it now is */
  onDecided?: (answer: TransitionAnswer) => void;
  /** the next waiting item without deciding this one (button 下一件, key N) */
  onNext?: () => void;
  /** decision keys (A, R, N) and their hint: a reviewer's queue */
  shortcuts?: boolean;
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

export default function ApplicationViewModal({
  id,
  onClose,
  onChanged,
  readOnly,
  renderPayload,
  onDecided,
  onNext,
  shortcuts,
}: ApplicationViewModalProps) {
  const { t } = useTranslation('workflow');
  const [detail, setDetail] = useState<ApplicationDetail | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const labels = useWorkflowLabels();
  // The case is asked for with the application: its warnings (missing materials) show to every reviewer above both tabs.
  const caseState = useCase(id ?? null);

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
    if (answer && onDecided) {
      onDecided(answer);
      return;
    }
    if (answer) setDetail((before) => (before ? detailAfter(before, answer) : before));
    void load();
    onChanged?.();
  };

  // N: the next item, as the button; not while typing or while a dialog of the decision is open.
  const nextRef = useRef(onNext);
  nextRef.current = onNext;
  const open = id !== null && id !== undefined;
  useEffect(() => {
    if (!open || !shortcuts) return;
    const onKey = (ke: KeyboardEvent) => {
      if (ke.ctrlKey || ke.metaKey || ke.altKey || ke.repeat || typingIn(ke.target) || ke.key.toUpperCase() !== 'N')
        return;
      if (document.querySelectorAll('.ant-modal-wrap:not([style*="display: none"]) .ant-modal').length > 1) return;
      ke.preventDefault();
      nextRef.current?.();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, shortcuts]);

  const extra = payloadEntries(detail?.payload);
  // Codes in words (职务 08 → 专职安全生产管理人员), as the business page's own view shows them.
  const payloadText = usePayloadText((detail?.businessType ?? 'newCert') as BusinessType);

  return (
    <Modal
      open={id !== null && id !== undefined}
      title={
        detail
          ? t('view.titleWith', {
              applyNo: detail.applyNo,
              business: labels.business(detail.businessType, detail.businessLabel),
            })
          : t('view.title')
      }
      width={1100}
      onCancel={onClose}
      destroyOnHidden
      data-testid="application-view"
      footer={
        <div
          style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}
        >
          <div>
            {!readOnly && detail ? (
              <WorkflowActions
                detail={detail}
                onDone={(next) => changed(next)}
                onStale={() => changed()}
                disabled={loading}
                shortcuts={shortcuts}
              />
            ) : null}
            {!readOnly && detail && detail.allowedEvents.length === 0 ? (
              <Typography.Text type="secondary" data-testid="wf-no-actions">
                {t('view.noActions')}
              </Typography.Text>
            ) : null}
          </div>
          <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
            {shortcuts ? (
              <Typography.Text type="secondary" data-testid="wf-shortcut-hint">
                {t('shortcut.hint')}
              </Typography.Text>
            ) : null}
            {onNext ? (
              <Button
                onClick={onNext}
                data-testid="application-view-next"
                aria-keyshortcuts={shortcuts ? 'N' : undefined}
              >
                {t('view.next')}
                {shortcuts ? (
                  <kbd aria-hidden style={KEY_STYLE}>
                    N
                  </kbd>
                ) : null}
              </Button>
            ) : null}
            <Button onClick={onClose} data-testid="application-view-close">
              {t('view.close')}
            </Button>
          </div>
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
      {detail ? <CaseWarnings warnings={caseState.data?.why.warnings ?? []} /> : null}
      {!detail ? (
        loading ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : null
      ) : (
        <>
          {/* Above the tabs, not in their bar: a tab list may hold only tabs (axe aria-required-children). */}
          <div style={{ textAlign: 'right', marginBottom: -8 }}>
            <a href={`/workflow/case/${detail.id}`} target="_blank" rel="noreferrer" data-testid="case-open-page">
              <ExportOutlined /> {t('case.openPage')}
            </a>
          </div>
          <Tabs
            data-testid="application-tabs"
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
                        {
                          key: 'businessLabel',
                          label: t('field.businessLabel'),
                          children: labels.business(detail.businessType, detail.businessLabel),
                        },
                        {
                          key: 'status',
                          label: t('field.statusLabel'),
                          children: (
                            <span data-testid="application-status">
                              {detail.outcome ? (
                                <Tag color={detail.outcome === 'approved' ? 'green' : 'red'}>
                                  {t('statusWithOutcome', {
                                    status: labels.status(detail.status, detail.statusLabel),
                                    outcome: t(`outcome.${detail.outcome}`),
                                  })}
                                </Tag>
                              ) : (
                                labels.status(detail.status, detail.statusLabel)
                              )}
                            </span>
                          ),
                        },
                        {
                          key: 'stepLabel',
                          label: t('field.stepLabel'),
                          children: labels.step(detail.step, detail.stepLabel) || '-',
                        },
                        {
                          key: 'applicantName',
                          label: t('field.applicantName'),
                          children: detail.applicantName || '-',
                        },
                        { key: 'holderName', label: t('field.holderName'), children: detail.holderName || '-' },
                        { key: 'certNo', label: t('field.certNo'), children: detail.certNo || '-' },
                        {
                          key: 'area',
                          label: t('field.area'),
                          children: detail.area ? t(`area.${detail.area}`, { defaultValue: detail.area }) : '-',
                        },
                        {
                          key: 'submittedAt',
                          label: t('field.submittedAt'),
                          children: formatDateTime(detail.submittedAt) || '-',
                        },
                        {
                          key: 'acceptedAt',
                          label: t('field.acceptedAt'),
                          children: formatDateTime(detail.acceptedAt) || '-',
                        },
                        {
                          key: 'deadline',
                          label: t('field.deadline'),
                          children: (
                            <DeadlineText
                              deadline={detail.deadline}
                              daysLeft={detail.daysLeft}
                              estimated={detail.deadlineEstimated}
                            />
                          ),
                        },
                        {
                          key: 'updatedAt',
                          label: t('field.updatedAt'),
                          children: formatDateTime(detail.updatedAt) || '-',
                        },
                      ]}
                    />
                    {renderPayload ? (
                      renderPayload(detail)
                    ) : extra.length ? (
                      <Descriptions
                        size="small"
                        bordered
                        column={{ xs: 1, sm: 2, lg: 3 }}
                        style={{ marginTop: 12 }}
                        title={<span style={{ fontSize: 14 }}>{t('view.payload')}</span>}
                        data-testid="application-payload"
                        items={extra.map(([k, v]) => ({
                          key: k,
                          label: t(`payload.${k}`, { defaultValue: k }),
                          children: payloadText(k, v === 'true' ? true : v === 'false' ? false : v),
                        }))}
                      />
                    ) : null}
                    <Divider style={{ margin: '16px 0' }} />
                    <StatechartView
                      stateValue={detail.stateValue}
                      route={detail.route}
                      history={detail.history}
                      outcome={detail.outcome}
                    />
                  </>
                ),
              },
              {
                key: 'case',
                label: <span data-testid="case-tab">{t('case.tab')}</span>,
                children: <CaseView id={detail.id} loaded={caseState} />,
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
