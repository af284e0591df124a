/** 部门管理: the department tree with each one's data-scope area and staff count; add, edit, delete (with confirmation). */
import { useCallback, useRef, useState, type Key } from 'react';
import { Button, Tooltip } from 'antd';
import { NodeCollapseOutlined, NodeExpandOutlined, PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import AuthButton from '@/components/AuthButton';
import { ExportButton } from '@/components/ExcelButtons';
import { formatDateTime } from '@/components/ProTableKit/format';
import { listDepts, removeDept, type DeptQuery, type SysDept } from '@/services/systemDept';
import { AreaTag, NS, RemoveLink, treeKeys, useAction, useStatusEnum } from '../PermissionList/kit';
import DeptEditor from './DeptEditor';

export default function DeptList() {
  const { t } = useTranslation(NS);
  const actionRef = useRef<ActionType>(null);
  const [depts, setDepts] = useState<SysDept[]>([]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [query, setQuery] = useState<DeptQuery>({});
  const [editor, setEditor] = useState<{ open: boolean; editing: SysDept | null; parentId: number }>({ open: false, editing: null, parentId: 0 });
  const reload = useCallback(() => void actionRef.current?.reload(), []);
  const act = useAction(reload);
  const statusEnum = useStatusEnum();

  const columns: ProColumns<SysDept>[] = [
    { title: t('dept.deptName'), dataIndex: 'deptName', width: 280, fieldProps: { 'data-testid': 'search-deptName' } },
    {
      title: t('dept.area'),
      dataIndex: 'area',
      width: 160,
      valueType: 'select',
      valueEnum: { '1': { text: t('common.area1') }, '2': { text: t('common.area2') }, '3': { text: t('common.area3') } },
      render: (_d, r) => <AreaTag area={r.area} />,
    },
    { title: t('dept.leader'), dataIndex: 'leader', width: 100, search: false },
    { title: t('dept.phone'), dataIndex: 'phone', width: 140, search: false },
    { title: t('dept.userCount'), dataIndex: 'userCount', width: 90, search: false },
    { title: t('dept.orderNum'), dataIndex: 'orderNum', width: 80, search: false },
    { title: t('dept.status'), dataIndex: 'status', width: 90, valueType: 'select', valueEnum: statusEnum },
    { title: t('common.createdAt'), dataIndex: 'createdAt', width: 170, search: false, render: (_d, r) => formatDateTime(r.createdAt) },
    {
      title: t('common.action'),
      valueType: 'option',
      width: 170,
      render: (_d, r) => [
        <AuthButton key="add" perm="system:dept:add">
          <a onClick={() => setEditor({ open: true, editing: null, parentId: r.deptId })} data-testid="row-add-child">{t('common.addChild')}</a>
        </AuthButton>,
        <AuthButton key="edit" perm="system:dept:edit">
          <a onClick={() => setEditor({ open: true, editing: r, parentId: r.parentId })} data-testid="row-edit">{t('common.edit')}</a>
        </AuthButton>,
        r.parentId !== 0 ? (
          <RemoveLink key="remove" perm="system:dept:remove" title={t('dept.removeConfirm', { name: r.deptName })} onConfirm={() => act(() => removeDept(r.deptId))} />
        ) : null,
      ],
    },
  ];

  return (
    <PageHeaderWrapper title={t('dept.title')} description={t('dept.description')}>
      <ProTable<SysDept, DeptQuery>
        rowKey="deptId"
        actionRef={actionRef}
        columns={columns}
        pagination={false}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys) }}
        request={async ({ deptName, status, area }) => {
          setQuery({ deptName, status, area });
          const res = await listDepts({ deptName, status, area });
          const data = res.data ?? [];
          setDepts(data);
          setExpanded(treeKeys(data, (d) => d.deptId));
          return { data, success: res.code === 0 };
        }}
        data-testid="dept-table"
        toolBarRender={() => [
          <Tooltip key="expand" title={t('common.expandAll')}>
            <Button icon={<NodeExpandOutlined />} onClick={() => setExpanded(treeKeys(depts, (d) => d.deptId))} />
          </Tooltip>,
          <Tooltip key="collapse" title={t('common.collapseAll')}>
            <Button icon={<NodeCollapseOutlined />} onClick={() => setExpanded([])} />
          </Tooltip>,
          <AuthButton key="add" perm="system:dept:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true, editing: null, parentId: depts[0]?.deptId ?? 0 })} data-testid="dept-add">
              {t('common.add')}
            </Button>
          </AuthButton>,
          <ExportButton key="export" url="/system/dept/export" params={{ ...query }} fileName={t('dept.title')} perm="system:dept:list" />,
        ]}
      />
      <DeptEditor
        open={editor.open}
        editing={editor.editing}
        parentId={editor.parentId}
        depts={depts}
        onClose={() => setEditor((e) => ({ ...e, open: false }))}
        onSaved={reload}
      />
    </PageHeaderWrapper>
  );
}
