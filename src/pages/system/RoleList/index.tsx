/**
 * 角色管理 (SPEC 2 RoleList): list with each role's pending review, create/edit with the menu
 * permission tree (a reviewed submission), data scope, enable switch, delete (a reviewed
 * deletion), export; 待审核 tab for the security administrator (diff, approve/reject), and the
 * submitter's withdraw (cancel-commit) in the same window. Who may review or withdraw, and which
 * roles are the three duty roles, is the server's answer on each row.
 */
import { useEffect, useState } from 'react';
import { Space, Tag } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  EditLink,
  RemoveLink,
  ReviewLink,
  ReviewTabsPage,
  RowLink,
  StatusCell,
  dateRangeColumn,
  useAction,
  useAdminColumns,
  useCheckStatusColumn,
  useReviewedList,
} from '@/components/AdminKit';
import { useAccess } from '@/app/useAccess';
import type { ReviewDetail } from '@/components/AdminKit';
import {
  systemRoleCancelcommit,
  systemRoleDeletecheck,
  systemRoleExport,
  systemRoleList,
  systemRoleMenuTree,
  systemRoleNewcheck,
  systemRoleRemoveV2,
  systemRoleReview,
  systemRoleStatus,
  systemRoleUpdatecheck,
  systemUserDeptTree,
} from '@/services/generated/api';
import type {
  DeptOptionNode as DeptNode,
  MenuOptionNode as MenuNode,
  SystemRoleListParams,
} from '@/services/generated/api.schemas';
import { SYS_USER as NS } from '../namespaces';
import DataScopeModal from './DataScopeModal';
import RoleFormModal from './RoleFormModal';
import type { SysRoleRow } from './types';
type Filters = Omit<SystemRoleListParams, 'pageNum' | 'pageSize' | 'pending'>;

const CHECK_CODES = ['0', '2', '3'] as const;
const CHECKS = { create: systemRoleNewcheck, update: systemRoleUpdatecheck, delete: systemRoleDeletecheck } as const;
const review = {
  load: systemRoleReview,
  decide: (detail: ReviewDetail, approved: boolean, comment: string) =>
    CHECKS[detail.change]({ reviewId: detail.reviewId, approved, comment: comment || undefined }),
  withdraw: (detail: ReviewDetail) => systemRoleCancelcommit({ reviewId: detail.reviewId }),
};

/** The page's fixed wiring: test id, width, 新增 and 导出. */
const PAGE = {
  testId: 'role-table',
  scroll: { x: 1200 },
  add: { perm: 'system:role:add', testId: 'role-add' },
  exportTo: { call: systemRoleExport, perm: 'system:role:export' },
} as const;

export default function RoleList() {
  const { t } = useTranslation(NS);
  const access = useAccess();
  const cols = useAdminColumns<SysRoleRow>();
  const checkColumn = useCheckStatusColumn<SysRoleRow>(t('user.checkStatus'), CHECK_CODES);
  const list = useReviewedList<SysRoleRow, Filters>((q, pendingOnly) =>
    systemRoleList({ ...q, pending: pendingOnly ? '1' : undefined }),
  );
  // A delete is a submission for review: the fallback words say so.
  const remove = useAction(list.reload, 'submitted');
  const [menus, setMenus] = useState<MenuNode[]>([]);
  const [depts, setDepts] = useState<DeptNode[]>([]);
  const [editing, setEditing] = useState<SysRoleRow | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [scoping, setScoping] = useState<SysRoleRow | null>(null);

  useEffect(() => {
    void systemRoleMenuTree()
      .then((r) => setMenus(r.data))
      .catch(() => undefined);
    void systemUserDeptTree()
      .then((r) => setDepts(r.data))
      .catch(() => undefined);
  }, []);

  const columns: ProColumns<SysRoleRow>[] = [
    {
      title: t('role.roleName'),
      dataIndex: 'roleName',
      fieldProps: { 'data-testid': 'search-roleName' },
      render: (_d, r) => (
        <Space size={4}>
          <span data-testid="cell-roleName">{r.roleName}</span>
          {r.dutyRole && <Tag color="gold">{t('role.dutyRole')}</Tag>}
        </Space>
      ),
    },
    { title: t('role.roleKey'), dataIndex: 'roleKey', fieldProps: { 'data-testid': 'search-roleKey' } },
    { title: t('role.roleSort'), dataIndex: 'roleSort', width: 90, search: false },
    {
      title: t('role.dataScope'),
      dataIndex: 'dataScope',
      search: false,
      render: (_d, r) => t(`role.dataScopes.${r.dataScope}`),
    },
    { title: t('role.userCount'), dataIndex: 'userCount', width: 80, search: false },
    cols.status({
      // The three duty roles are never disabled (the server refuses it too).
      render: (_d, r) => (
        <StatusCell
          editable={r.roleId !== null && !r.dutyRole && access.hasButton('system:role:edit')}
          enabled={r.enabled}
          name={r.roleName}
          onDone={list.reload}
          disableText={t('common.confirmDisableRole', { name: r.roleName })}
          onChange={(status) => systemRoleStatus({ roleId: r.roleId!, status })}
          testId={`role-status-${r.roleKey}`}
        />
      ),
    }),
    checkColumn,
    cols.createdAt(),
    dateRangeColumn<SysRoleRow>(t('common.dateRange')),
    cols.action(
      240,
      (r) => {
        const waiting = !!r.pending;
        const links = r.pending
          ? [
              <ReviewLink
                key="review"
                pending={r.pending}
                onOpen={list.openReview}
                testId={`role-review-${r.roleKey}`}
              />,
            ]
          : [];
        if (r.roleId === null) return links;
        links.push(
          <EditLink
            key="edit"
            perm="system:role:edit"
            disabled={waiting}
            onClick={() => {
              setEditing(r);
              setFormOpen(true);
            }}
            testId={`role-edit-${r.roleKey}`}
          />,
        );
        if (r.dutyRole) return links;
        return [
          ...links,
          <RowLink
            key="scope"
            perm="system:role:edit"
            disabled={waiting}
            onClick={() => setScoping(r)}
            testId={`role-scope-${r.roleKey}`}
          >
            {t('role.dataScopeButton')}
          </RowLink>,
          <RemoveLink
            key="remove"
            perm="system:role:remove"
            title={t('role.deleteConfirm', { name: r.roleName })}
            disabled={waiting}
            onConfirm={() => remove(() => systemRoleRemoveV2({ ids: String(r.roleId!) }))}
            testId={`role-remove-${r.roleKey}`}
          />,
        ];
      },
      { fixed: 'right' },
    ),
  ];

  return (
    <ReviewTabsPage<SysRoleRow, Filters>
      {...PAGE}
      title={t('role.title')}
      list={list}
      review={review}
      columns={columns}
      onAdd={() => {
        setEditing(null);
        setFormOpen(true);
      }}
    >
      <RoleFormModal
        open={formOpen}
        editing={editing}
        menus={menus}
        depts={depts}
        onClose={() => setFormOpen(false)}
        onSaved={list.reload}
      />
      <DataScopeModal role={scoping} depts={depts} onClose={() => setScoping(null)} onSaved={list.reload} />
    </ReviewTabsPage>
  );
}
