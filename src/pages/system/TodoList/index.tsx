/** 待办管理: every user's to-dos (search, paging, 总共 N 条记录), export, delete with confirmation (single and selected rows). */
import { useState } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import AuthButton from '@/components/AuthButton';
import { ExportButton } from '@/components/ExcelButtons';
import { formatDateTime } from '@/components/ProTableKit/format';
import { listAllTodos, removeTodos, TODO_EXPORT_URL, type AdminTodo, type AdminTodoQuery } from '@/services/systemTodo';
import { dateRangeColumn, NS, RemoveLink, useListPage, useRemove } from '../PositionList/adminKit';

type Search = Omit<AdminTodoQuery, 'pageNum' | 'pageSize'>;

export default function TodoList() {
  const { t } = useTranslation(NS);
  const { actionRef, pagination, request, lastQuery, reload } = useListPage<AdminTodo, Search>(listAllTodos);
  const [selected, setSelected] = useState<number[]>([]);
  const remove = useRemove(() => {
    setSelected([]);
    reload();
  });

  const statusEnum = { '0': { text: t('todo.open'), status: 'Processing' }, '1': { text: t('todo.done'), status: 'Success' } };
  const columns: ProColumns<AdminTodo>[] = [
    { title: t('todo.id'), dataIndex: 'id', width: 90, search: false },
    { title: t('todo.mc'), dataIndex: 'mc', ellipsis: true, fieldProps: { 'data-testid': 'search-mc' } },
    {
      title: t('todo.user'),
      dataIndex: 'userName',
      width: 170,
      fieldProps: { placeholder: t('todo.userPlaceholder') },
      render: (_d, r) => (r.userName ? `${r.nickName ?? ''}（${r.userName}）` : '-'),
    },
    { title: t('common.status'), dataIndex: 'status', width: 100, valueType: 'select', valueEnum: statusEnum },
    { title: t('todo.url'), dataIndex: 'url', ellipsis: true, search: false },
    { title: t('common.createdAt'), dataIndex: 'createdAt', width: 170, search: false, render: (_d, r) => formatDateTime(r.createdAt) },
    dateRangeColumn<AdminTodo>(t('common.createdAt')),
    {
      title: t('common.action'),
      valueType: 'option',
      width: 90,
      render: (_d, r) => [<RemoveLink key="remove" perm="system:todo:remove" onConfirm={() => remove(() => removeTodos([r.id]))} />],
    },
  ];

  return (
    <PageHeaderWrapper title={t('todo.title')}>
      <ProTable<AdminTodo, Search>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={pagination}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        tableAlertRender={false}
        data-testid="todo-table"
        toolBarRender={() => [
          <AuthButton key="batch" perm="system:todo:remove">
            <Popconfirm
              title={t('common.removeSelectedConfirm', { count: selected.length })}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              disabled={selected.length === 0}
              onConfirm={() => remove(() => removeTodos(selected))}
            >
              <Button danger disabled={selected.length === 0} data-testid="todo-remove-selected">
                <Space size={4}>
                  {t('common.removeSelected')}
                  {selected.length > 0 ? `(${selected.length})` : ''}
                </Space>
              </Button>
            </Popconfirm>
          </AuthButton>,
          <ExportButton key="export" url={TODO_EXPORT_URL} params={lastQuery} fileName={t('todo.title')} perm="system:todo:list" />,
        ]}
      />
    </PageHeaderWrapper>
  );
}
