/** The national platform outbox: each record's state, attempts and last error; retry of the dead ones; Excel export. */
import { Tag, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import {
  AdminTable,
  ConfirmLink,
  dateRangeColumn,
  useAction,
  useAdminColumns,
  useListPage,
} from '@/components/AdminKit';
import { ExportButton } from '@/components/ExcelButtons';
import { formatDateTime } from '@/components/ProTableKit/format';
import { systemJobOutboxExport, systemJobOutboxList, systemJobOutboxRetry } from '@/services/generated/api';
import {
  SystemJobOutboxListKind,
  SystemJobOutboxListState,
  type SystemJobOutboxList200RowsItem as OutboxRow,
  type SystemJobOutboxListParams,
} from '@/services/generated/api.schemas';
import { useJobText } from './text';

type Filters = Omit<SystemJobOutboxListParams, 'pageNum' | 'pageSize'>;
const STATES = Object.values(SystemJobOutboxListState);
const KINDS = Object.values(SystemJobOutboxListKind);
const STATE_COLOR: Record<string, string> = { pending: 'processing', sent: 'success', dead: 'error' };

export const useOutboxList = () => useListPage<OutboxRow, Filters>(systemJobOutboxList);

export default function OutboxTable({
  list,
  onChanged,
}: {
  list: ReturnType<typeof useOutboxList>;
  onChanged: () => void;
}) {
  const t = useJobText();
  const cols = useAdminColumns<OutboxRow>();
  const retry = useAction(() => {
    list.reload();
    onChanged();
  });
  const columns: ProColumns<OutboxRow>[] = [
    { title: t('outbox.id'), dataIndex: 'id', width: 80, search: false },
    {
      title: t('outbox.kind'),
      dataIndex: 'kind',
      width: 110,
      valueType: 'select',
      valueEnum: Object.fromEntries(KINDS.map((k) => [k, { text: t(`outbox.kinds.${k}`) }])),
    },
    {
      title: t('outbox.certNo'),
      dataIndex: 'certNo',
      width: 220,
      search: false,
      render: (_d, r) => r.certNo ?? (r.payload.certNo as string | undefined) ?? '-',
    },
    {
      title: t('outbox.applyNo'),
      dataIndex: 'applyNo',
      width: 170,
      search: false,
      render: (_d, r) => r.applyNo ?? '-',
    },
    {
      title: t('outbox.state'),
      dataIndex: 'state',
      width: 100,
      valueType: 'select',
      valueEnum: Object.fromEntries(STATES.map((s) => [s, { text: t(`outbox.states.${s}`) }])),
      fieldProps: { 'data-testid': 'search-state' },
      render: (_d, r) => <Tag color={STATE_COLOR[r.state]}>{t(`outbox.states.${r.state}`)}</Tag>,
    },
    { title: t('outbox.attempts'), dataIndex: 'attempts', width: 90, search: false },
    {
      title: t('outbox.lastError'),
      dataIndex: 'lastError',
      search: false,
      ellipsis: true,
      render: (_d, r) => (r.lastError ? <Typography.Text type="danger">{r.lastError}</Typography.Text> : '-'),
    },
    {
      title: t('outbox.lastAttemptAt'),
      dataIndex: 'lastAttemptAt',
      width: 170,
      search: false,
      render: (_d, r) => formatDateTime(r.lastAttemptAt) || '-',
    },
    {
      title: t('outbox.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      search: false,
      render: (_d, r) => formatDateTime(r.createdAt),
    },
    {
      title: t('outbox.sentAt'),
      dataIndex: 'sentAt',
      width: 170,
      search: false,
      render: (_d, r) => formatDateTime(r.sentAt) || '-',
    },
    dateRangeColumn<OutboxRow>(t('outbox.createdAt')),
    cols.action(
      90,
      (r) => [
        r.canRetry ? (
          <ConfirmLink
            key="retry"
            danger={false}
            title={t('confirm.retry')}
            onConfirm={() => retry(() => systemJobOutboxRetry(r.id))}
            testId={`retry-${r.id}`}
          >
            {t('actions.retry')}
          </ConfirmLink>
        ) : null,
      ],
      { fixed: 'right' },
    ),
  ];
  return (
    <AdminTable<OutboxRow, Filters>
      list={list}
      rowKey="id"
      testId="outbox-table"
      columns={columns}
      scroll={{ x: 1500 }}
      toolBar={[
        <ExportButton
          key="export"
          exportCall={systemJobOutboxExport}
          params={list.lastQuery}
          fileName={t('outbox.fileName')}
          perm="system:job:export"
        />,
      ]}
    />
  );
}
