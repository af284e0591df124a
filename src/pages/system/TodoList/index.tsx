/** 待办管理: every user's to-dos (search, paging, 总共 N 条记录), export, delete with confirmation (single and selected rows). */
import { useState } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { selectionLabel } from '@/components/ProTableKit/selectionLabel';
import AuthButton from '@/components/AuthButton';
import {
  ListPage,
  RemoveLink,
  dateRangeColumn,
  useAdminColumns,
  useKitText,
  useListPage,
  useRemove,
} from '@/components/AdminKit';
import { systemSysTodoExport, systemSysTodoListAll, systemSysTodoRemove } from '@/services/generated/api';
import type { SystemSysTodoListAll200, SystemSysTodoListAllParams } from '@/services/generated/api.schemas';
import { SYS_ADMIN } from '../namespaces';

type AdminTodo = SystemSysTodoListAll200['rows'][number];
type Search = Omit<SystemSysTodoListAllParams, 'pageNum' | 'pageSize'>;
const removeTodos = (ids: number[]) => systemSysTodoRemove({ ids: ids.join(',') });

export default function TodoList() {
  const { t } = useTranslation(SYS_ADMIN);
  const { t: tc } = useTranslation('common');
  const kt = useKitText();
  const cols = useAdminColumns<AdminTodo>();
  const [selected, setSelected] = useState<number[]>([]);
  // What was selected is gone or changed after any reload.
  const list = useListPage<AdminTodo, Search>(systemSysTodoListAll, () => setSelected([]));
  const remove = useRemove(list.reload);

  const statusEnum = {
    '0': { text: t('todo.open'), status: 'Processing' },
    '1': { text: t('todo.done'), status: 'Success' },
  };
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
    cols.createdAt(),
    dateRangeColumn<AdminTodo>(t('common.createdAt')),
    cols.action(90, (r) => [
      <RemoveLink key="remove" perm="system:todo:remove" onConfirm={() => remove(() => removeTodos([r.id]))} />,
    ]),
  ];

  return (
    <ListPage<AdminTodo, Search>
      title={t('todo.title')}
      list={list}
      rowKey="id"
      columns={columns}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => setSelected(keys.map(Number)),
        getCheckboxProps: (r) => selectionLabel(tc('a11y.selectRow', { name: r.mc })),
      }}
      tableAlertRender={false}
      testId="todo-table"
      exportTo={{ call: systemSysTodoExport, perm: 'system:todo:list' }}
      tools={[
        <AuthButton key="batch" perm="system:todo:remove">
          <Popconfirm
            title={t('common.removeSelectedConfirm', { count: selected.length })}
            okText={kt('admin.ok')}
            cancelText={kt('admin.cancel')}
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
      ]}
    />
  );
}
