/**
 * /workflow/case/:id — the reviewer's case as a page of its own (opened from the queue's dialog):
 * the application, its materials, before/after, rule checks, the holder's certificates and the
 * statechart with its history. What the caller may see is the server's answer.
 */
import { useEffect, useState } from 'react';
import { Alert, Card, Skeleton } from 'antd';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import CaseView from '@/components/CaseView';
import StatechartView from '@/components/StatechartView';
import { useWorkflowLabels } from '@/components/ApplicationViewModal/labels';
import { errorMessage } from '@/services/request';
import { workflowGet } from '@/services/generated/api';
import type { ApplicationDetail } from '@/services/workflow';

export default function CasePage() {
  const { t } = useTranslation('workflow');
  const labels = useWorkflowLabels();
  const id = Number(useParams().id);
  const [detail, setDetail] = useState<ApplicationDetail | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    if (!Number.isSafeInteger(id) || id <= 0) {
      setError(t('case.loadFailed'));
      return;
    }
    workflowGet(id)
      .then((res) => live && setDetail(res.data))
      .catch((err: unknown) => live && setError(errorMessage(err, t('case.loadFailed'))));
    return () => {
      live = false;
    };
  }, [id, t]);

  if (error) return <Alert type="error" showIcon message={error} />;
  if (!detail) return <Skeleton active paragraph={{ rows: 10 }} />;
  return (
    <PageHeaderWrapper
      title={t('case.pageTitle', { applyNo: detail.applyNo })}
      description={`${labels.business(detail.businessType, detail.businessLabel)} · ${labels.status(detail.status, detail.statusLabel)}`}
    >
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <CaseView id={detail.id} />
      </Card>
      <Card variant="borderless">
        <StatechartView
          stateValue={detail.stateValue}
          route={detail.route}
          history={detail.history}
          outcome={detail.outcome}
        />
      </Card>
    </PageHeaderWrapper>
  );
}
