/** 操作日志: read-only list (search, paging, 总共 N 条记录), detail modal and export. Logs are never edited or deleted. */
import { useMemo, useState } from 'react';
import { Descriptions, Modal, Tag } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { ListPage, RowLink, dateRangeColumn, useAdminColumns, useListPage } from '@/components/AdminKit';
import { formatDateTime } from '@/components/ProTableKit/format';
import { systemOperlogExport, systemOperlogList } from '@/services/generated/api';
import type { SystemOperlogList200, SystemOperlogListParams } from '@/services/generated/api.schemas';
import { SYS_ADMIN } from '../namespaces';

type OperLog = SystemOperlogList200['rows'][number];
type Search = Omit<SystemOperlogListParams, 'pageNum' | 'pageSize'>;

/** Pretty JSON when the parameters are JSON, else the text. */
function pretty(text: string | null): string {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The page's fixed wiring: row key, test id and 导出. */
const PAGE = {
  rowKey: 'operId',
  testId: 'operlog-table',
  exportTo: { call: systemOperlogExport, perm: 'system:operlog:export' },
} as const;

export default function OperLogList() {
  const { t } = useTranslation(SYS_ADMIN);
  const cols = useAdminColumns<OperLog>();
  const list = useListPage<OperLog, Search>(systemOperlogList);
  const [viewing, setViewing] = useState<OperLog | null>(null);
  // The server stores each module's Chinese title; a title from an older version is shown as stored.
  const moduleName = (title: string) => t(`log.titles.${title}`, { defaultValue: title });
  const actionName = (action: string) => t(`log.actions.${action}`, { defaultValue: action });
  // The filter picks a module by its name in the user's language and sends the stored title.
  const moduleOptions = useMemo(() => {
    const titles = t('log.titles', { returnObjects: true }) as Record<string, string>;
    return Object.fromEntries(Object.entries(titles).map(([title, name]) => [title, { text: name }]));
  }, [t]);

  const columns: ProColumns<OperLog>[] = [
    { title: t('log.operId'), dataIndex: 'operId', width: 90, search: false },
    {
      title: t('log.title'),
      dataIndex: 'title',
      valueType: 'select',
      valueEnum: moduleOptions,
      fieldProps: { showSearch: true, optionFilterProp: 'label', 'data-testid': 'search-title' },
      render: (_d, r) => moduleName(r.title),
    },
    {
      title: t('log.action'),
      dataIndex: 'action',
      width: 100,
      search: false,
      render: (_d, r) => <Tag>{actionName(r.action)}</Tag>,
    },
    { title: t('log.requestMethod'), dataIndex: 'requestMethod', width: 90, search: false },
    { title: t('log.operName'), dataIndex: 'operName', width: 120, fieldProps: { 'data-testid': 'search-operName' } },
    { title: t('log.operIp'), dataIndex: 'operIp', width: 130, search: false },
    cols.outcome(t('log.status')),
    { title: t('log.durationMs'), dataIndex: 'durationMs', width: 100, search: false },
    {
      title: t('log.operTime'),
      dataIndex: 'operTime',
      width: 170,
      search: false,
      render: (_d, r) => formatDateTime(r.operTime),
    },
    dateRangeColumn<OperLog>(t('log.operTime')),
    cols.action(80, (r) => [
      <RowLink key="view" onClick={() => setViewing(r)} testId="row-view">
        {t('common.view')}
      </RowLink>,
    ]),
  ];

  return (
    <ListPage<OperLog, Search>
      {...PAGE}
      title={t('log.operTitle')}
      notice={t('log.retention')}
      list={list}
      columns={columns}
    >
      <Modal
        open={!!viewing}
        title={t('log.detail')}
        footer={null}
        width={760}
        onCancel={() => setViewing(null)}
        destroyOnHidden
      >
        {viewing && (
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('log.title')}>{moduleName(viewing.title)}</Descriptions.Item>
            <Descriptions.Item label={t('log.action')}>{actionName(viewing.action)}</Descriptions.Item>
            <Descriptions.Item label={t('log.operName')}>{viewing.operName}</Descriptions.Item>
            <Descriptions.Item label={t('log.operIp')}>{viewing.operIp}</Descriptions.Item>
            <Descriptions.Item label={t('log.operUrl')} span={2}>
              {viewing.requestMethod} {viewing.operUrl}
            </Descriptions.Item>
            <Descriptions.Item label={t('log.operParam')} span={2}>
              <pre
                style={{
                  whiteSpace: 'pre-wrap',
                  wordBreak: 'break-all',
                  maxHeight: 260,
                  overflow: 'auto',
                  margin: 0,
                  fontSize: 12,
                  background: '#fafafa',
                  padding: 8,
                }}
              >
                {pretty(viewing.operParam)}
              </pre>
            </Descriptions.Item>
            <Descriptions.Item label={t('log.status')}>
              <Tag color={viewing.success ? 'green' : 'red'}>
                {viewing.success ? t('log.success') : t('log.failure')} ({viewing.httpStatus})
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('log.durationMs')}>{viewing.durationMs}</Descriptions.Item>
            {viewing.errorMsg && (
              <Descriptions.Item label={t('log.errorMsg')} span={2}>
                {viewing.errorMsg}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('log.operTime')} span={2}>
              {formatDateTime(viewing.operTime)}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
    </ListPage>
  );
}
