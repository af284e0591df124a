/** 部门管理: the department tree with each one's data-scope area and staff count; add, edit, delete (with confirmation). */
import { useState } from 'react';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import {
  AddButton,
  AdminTable,
  AreaTag,
  EditLink,
  RemoveLink,
  RowLink,
  useAction,
  useAdminColumns,
  useAreaEnum,
  useEditor,
  useTreeTable,
} from '@/components/AdminKit';
import { ExportButton } from '@/components/ExcelButtons';
import { systemDeptExport, systemDeptList, systemDeptRemove } from '@/services/generated/api';
import type { DeptNode as SysDept, SystemDeptListParams } from '@/services/generated/api.schemas';
import { SYS_DATA } from '../namespaces';
import DeptEditor from './DeptEditor';

type DeptQuery = Omit<SystemDeptListParams, '_t' | 't'>;

export default function DeptList() {
  const { t } = useTranslation(SYS_DATA);
  const cols = useAdminColumns<SysDept>();
  const areaEnum = useAreaEnum();
  const tree = useTreeTable<SysDept>((d) => d.deptId);
  const act = useAction(tree.reload);
  const [query, setQuery] = useState<DeptQuery>({});
  const editor = useEditor<SysDept, number>();

  const columns: ProColumns<SysDept>[] = [
    { title: t('dept.deptName'), dataIndex: 'deptName', width: 280, fieldProps: { 'data-testid': 'search-deptName' } },
    {
      title: t('dept.area'),
      dataIndex: 'area',
      width: 160,
      valueType: 'select',
      valueEnum: areaEnum,
      render: (_d, r) => <AreaTag area={r.area} />,
    },
    { title: t('dept.leader'), dataIndex: 'leader', width: 100, search: false },
    { title: t('dept.phone'), dataIndex: 'phone', width: 140, search: false },
    { title: t('dept.userCount'), dataIndex: 'userCount', width: 90, search: false },
    { title: t('dept.orderNum'), dataIndex: 'orderNum', width: 80, search: false },
    cols.status({ title: t('dept.status'), width: 90 }),
    cols.createdAt(),
    cols.action(170, (r) => [
      <RowLink key="add" perm="system:dept:add" onClick={() => editor.create(r.deptId)} testId="row-add-child">
        {t('common.addChild')}
      </RowLink>,
      <EditLink key="edit" perm="system:dept:edit" onClick={() => editor.edit(r, r.parentId)} />,
      r.parentId !== 0 ? (
        <RemoveLink
          key="remove"
          perm="system:dept:remove"
          title={t('dept.removeConfirm', { name: r.deptName })}
          onConfirm={() => act(() => systemDeptRemove(r.deptId))}
        />
      ) : null,
    ]),
  ];

  return (
    <PageHeaderWrapper title={t('dept.title')} description={t('dept.description')}>
      <AdminTable<SysDept, DeptQuery>
        rowKey="deptId"
        actionRef={tree.actionRef}
        columns={columns}
        pagination={false}
        expandable={tree.expandable}
        request={async ({ deptName, status, area }) => {
          setQuery({ deptName, status, area });
          // The time stamp keeps a cache from answering an old tree (SPEC 7).
          const res = await systemDeptList({ deptName, status, area, _t: Date.now() });
          const data = res.data ?? [];
          tree.loaded(data, true);
          return { data, success: res.code === 0 };
        }}
        testId="dept-table"
        toolBar={[
          ...tree.toggles,
          <AddButton
            key="add"
            perm="system:dept:add"
            onClick={() => editor.create(tree.rows[0]?.deptId ?? 0)}
            testId="dept-add"
          />,
          <ExportButton
            key="export"
            exportCall={systemDeptExport}
            params={{ ...query }}
            fileName={t('dept.title')}
            perm="system:dept:list"
          />,
        ]}
      />
      <DeptEditor editor={editor} depts={tree.rows} onSaved={tree.reload} />
    </PageHeaderWrapper>
  );
}
