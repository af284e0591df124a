/** The jobs: schedule, state, last run, failures, next run, and what the administrator may do with each now. */
import { useRef } from 'react';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { ConfirmLink, OutcomeBadge, RowLink, useAdminColumns } from '@/components/AdminKit';
import { formatDateTime } from '@/components/ProTableKit/format';
import { systemJobList } from '@/services/generated/api';
import type { SystemJobList200RowsItem as JobRow } from '@/services/generated/api.schemas';
import { durationText, scheduleText, useJobText } from './text';

export type { JobRow };

export interface JobsTableProps {
  actionRef: React.RefObject<ActionType | null>;
  onRun: (row: JobRow) => void;
  onPause: (row: JobRow) => void;
  onResume: (row: JobRow) => void;
  onShowRuns: (row: JobRow) => void;
  onLoaded: (rows: JobRow[]) => void;
}

export default function JobsTable({ actionRef, onRun, onPause, onResume, onShowRuns, onLoaded }: JobsTableProps) {
  const t = useJobText();
  const cols = useAdminColumns<JobRow>();
  const loaded = useRef(onLoaded);
  loaded.current = onLoaded;
  const name = (r: JobRow) => t(`names.${r.job}`);
  const columns: ProColumns<JobRow>[] = [
    {
      title: t('columns.job'),
      dataIndex: 'job',
      width: 260,
      render: (_d, r) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong data-testid={`job-${r.job}`}>
            {name(r)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`descriptions.${r.job}`)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('columns.schedule'),
      dataIndex: 'cron',
      width: 150,
      render: (_d, r) => (
        <Tooltip title={`cron: ${r.cron} (${r.timezone})`}>
          <span>{scheduleText(t, r.cron)}</span>
        </Tooltip>
      ),
    },
    {
      title: t('columns.state'),
      dataIndex: 'paused',
      width: 100,
      render: (_d, r) =>
        r.paused ? (
          <Tag color="orange">{t('state.paused')}</Tag>
        ) : r.lastRun?.running ? (
          <Tag color="processing">{t('state.running')}</Tag>
        ) : (
          <Tag color="green">{t('state.active')}</Tag>
        ),
    },
    {
      title: t('columns.lastRun'),
      dataIndex: 'lastRun',
      width: 250,
      render: (_d, r) => {
        const run = r.lastRun;
        if (!run) return <Typography.Text type="secondary">{t('result.never')}</Typography.Text>;
        return (
          <Space direction="vertical" size={0} data-testid={`last-run-${r.job}`}>
            <span>
              {formatDateTime(run.startedAt)}（{t(`trigger.${run.trigger}`)}）
            </span>
            <span>
              {run.running ? (
                <Tag color="processing">{t('result.running')}</Tag>
              ) : (
                <OutcomeBadge success={run.ok === true} />
              )}
              <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                {t('columns.durationRows', { duration: durationText(t, run.durationMs), rows: run.rows })}
              </Typography.Text>
            </span>
          </Space>
        );
      },
    },
    {
      title: t('columns.failures'),
      dataIndex: 'failuresRecent',
      width: 200,
      render: (_d, r) =>
        r.lastFailure ? (
          <Space direction="vertical" size={0}>
            <span>{t('columns.failureCount', { n: r.failuresRecent })}</span>
            <Tooltip title={`${formatDateTime(r.lastFailure.startedAt)} ${r.lastFailure.error ?? ''}`}>
              <Typography.Text type="danger" ellipsis style={{ maxWidth: 180 }}>
                {r.lastFailure.error}
              </Typography.Text>
            </Tooltip>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('columns.noFailure')}</Typography.Text>
        ),
    },
    {
      title: t('columns.nextRun'),
      dataIndex: 'nextRunAt',
      width: 170,
      render: (_d, r) =>
        r.nextRunAt ? (
          formatDateTime(r.nextRunAt)
        ) : (
          <Typography.Text type="secondary">{t('state.paused')}</Typography.Text>
        ),
    },
    cols.action(230, (r) => [
      r.canRun ? (
        <ConfirmLink
          key="run"
          danger={false}
          title={t('confirm.run', { name: name(r) })}
          onConfirm={() => onRun(r)}
          testId={`run-${r.job}`}
        >
          {t('actions.run')}
        </ConfirmLink>
      ) : null,
      r.canPause ? (
        <ConfirmLink
          key="pause"
          title={t('confirm.pause', { name: name(r) })}
          onConfirm={() => onPause(r)}
          testId={`pause-${r.job}`}
        >
          {t('actions.pause')}
        </ConfirmLink>
      ) : null,
      r.canResume ? (
        <ConfirmLink
          key="resume"
          danger={false}
          title={t('confirm.resume', { name: name(r) })}
          onConfirm={() => onResume(r)}
          testId={`resume-${r.job}`}
        >
          {t('actions.resume')}
        </ConfirmLink>
      ) : null,
      <RowLink key="runs" onClick={() => onShowRuns(r)} testId={`runs-${r.job}`}>
        {t('actions.runs')}
      </RowLink>,
    ]),
  ];
  return (
    <ProTable<JobRow>
      actionRef={actionRef}
      rowKey="job"
      search={false}
      pagination={false}
      options={{ density: false, setting: false, reload: true }}
      columns={columns}
      scroll={{ x: 1300 }}
      request={async () => {
        const res = await systemJobList({ pageNum: 1, pageSize: 50 });
        loaded.current(res.rows);
        return { data: res.rows, total: res.total, success: res.code === 0 };
      }}
      {...({ 'data-testid': 'jobs-table' } as Record<string, unknown>)}
    />
  );
}
