/** Every run of every job: filter by job, result, trigger and day; the error and what the run did; Excel export. */
import type { MutableRefObject } from 'react';
import { Tag, Typography } from 'antd';
import type { ProColumns, ProFormInstance } from '@ant-design/pro-components';
import { AdminTable, OutcomeBadge, dateRangeColumn, useListPage } from '@/components/AdminKit';
import { ExportButton } from '@/components/ExcelButtons';
import { formatDateTime } from '@/components/ProTableKit/format';
import { systemJobRuns, systemJobRunsExport } from '@/services/generated/api';
import {
  SystemJobRunsJob,
  SystemJobRunsTrigger,
  type SystemJobRuns200RowsItem as RunRow,
  type SystemJobRunsParams,
} from '@/services/generated/api.schemas';
import InvariantsDetail, { invariantsOf } from './InvariantsDetail';
import { durationText, useJobText } from './text';

const JOB_NAMES = Object.values(SystemJobRunsJob);
const TRIGGERS = Object.values(SystemJobRunsTrigger);

type Filters = Omit<SystemJobRunsParams, 'pageNum' | 'pageSize'>;

export default function RunsTable({
  formRef,
  list,
}: {
  formRef: MutableRefObject<ProFormInstance | undefined>;
  list: ReturnType<typeof useRunsList>;
}) {
  const t = useJobText();
  const columns: ProColumns<RunRow>[] = [
    { title: t('runs.id'), dataIndex: 'id', width: 80, search: false },
    {
      title: t('columns.job'),
      dataIndex: 'job',
      width: 160,
      valueType: 'select',
      valueEnum: Object.fromEntries(JOB_NAMES.map((j) => [j, { text: t(`names.${j}`) }])),
      fieldProps: { 'data-testid': 'search-job' },
    },
    {
      title: t('runs.trigger'),
      dataIndex: 'trigger',
      width: 100,
      valueType: 'select',
      valueEnum: Object.fromEntries(TRIGGERS.map((k) => [k, { text: t(`trigger.${k}`) }])),
    },
    {
      title: t('runs.startedAt'),
      dataIndex: 'startedAt',
      width: 170,
      search: false,
      render: (_d, r) => formatDateTime(r.startedAt),
    },
    {
      title: t('runs.duration'),
      dataIndex: 'durationMs',
      width: 100,
      search: false,
      render: (_d, r) => durationText(t, r.durationMs),
    },
    {
      title: t('runs.result'),
      dataIndex: 'ok',
      width: 100,
      valueType: 'select',
      valueEnum: { true: { text: t('result.ok') }, false: { text: t('result.failed') } },
      render: (_d, r) =>
        r.running ? <Tag color="processing">{t('result.running')}</Tag> : <OutcomeBadge success={r.ok === true} />,
    },
    { title: t('runs.rows'), dataIndex: 'rows', width: 90, search: false },
    {
      title: t('runs.error'),
      dataIndex: 'error',
      search: false,
      ellipsis: true,
      render: (_d, r) => (r.error ? <Typography.Text type="danger">{r.error}</Typography.Text> : '-'),
    },
    dateRangeColumn<RunRow>(t('runs.startedAt')),
  ];
  return (
    <AdminTable<RunRow, Filters>
      list={list}
      formRef={formRef}
      rowKey="id"
      testId="runs-table"
      columns={columns}
      scroll={{ x: 1100 }}
      toolBar={[
        <ExportButton
          key="export"
          exportCall={systemJobRunsExport}
          params={list.lastQuery}
          fileName={t('runs.fileName')}
          perm="system:job:export"
        />,
      ]}
      expandable={{
        rowExpandable: (r) => !!r.detail,
        expandedRowRender: (r) => {
          // The housekeeping's certificate check is read as words; the rest of a run's detail as it is.
          const invariants = invariantsOf(r.detail);
          return (
            <>
              {invariants && <InvariantsDetail summary={invariants} />}
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{JSON.stringify(r.detail, null, 2)}</pre>
            </>
          );
        },
      }}
    />
  );
}

export const useRunsList = () => useListPage<RunRow, Filters>(systemJobRuns);
