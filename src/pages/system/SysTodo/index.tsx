/**
 * More to-dos (/system/sysTodo): GET /system/sysTodo/list as a ProTable. The address may narrow it
 * to a kind (`?kind=confirm`: the workbench's count of confirmations opens it so), shown as a tag
 * that clears it.
 */
import { useRef } from 'react';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Tag } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import { systemSysTodoList } from '@/services/generated/api';
import type { SystemSysTodoList200 } from '@/services/generated/api.schemas';
import { tableRequest, useTablePagination } from '@/components/ProTableKit';
import { formatDateTime } from '@/components/ProTableKit/format';
import ActionLink from '@/components/ActionLink';

type Todo = SystemSysTodoList200['rows'][number];
const KINDS = ['confirm', 'review'] as const;

export default function SysTodo() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const actionRef = useRef<ActionType>(null);
  const pagination = useTablePagination();
  const [params, setParams] = useSearchParams();
  const kind = KINDS.find((k) => k === params.get('kind'));
  const columns: ProColumns<Todo>[] = [
    { title: t('todos.mc'), dataIndex: 'mc', ellipsis: true },
    { title: t('todos.createdAt'), dataIndex: 'createdAt', width: 180, renderText: (v: string) => formatDateTime(v) },
    {
      title: t('todos.action'),
      valueType: 'option',
      width: 100,
      render: (_d, r) =>
        r.url && r.url.startsWith('/')
          ? [
              <ActionLink key="go" onClick={() => navigate(r.url!)} data-testid="todo-handle">
                {t('todos.handle')}
              </ActionLink>,
            ]
          : [],
    },
  ];
  return (
    <PageHeaderWrapper title={t('route.sysTodo')}>
      <ProTable<Todo>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        search={false}
        params={{ kind }}
        request={tableRequest((q) => systemSysTodoList({ ...q, kind }), actionRef)}
        headerTitle={
          kind ? (
            <Tag closable onClose={() => setParams({})} data-testid="todo-filter">
              {t(`todos.kind.${kind}`)}
            </Tag>
          ) : undefined
        }
        pagination={pagination}
        options={{ density: false, setting: false, reload: true }}
        data-testid="todo-table"
      />
    </PageHeaderWrapper>
  );
}
