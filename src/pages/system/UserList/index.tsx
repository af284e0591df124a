/**
 * 用户管理 (SPEC 2 UserList): search, list with the pending review of each user, create/edit (a
 * submission for review), enable switch, reset password, delete (a reviewed deletion), export,
 * import with template; the 待审核 tab is where the security administrator approves or rejects,
 * reading the diff.
 */
import { useCallback, useEffect, useState } from 'react';
import { Space, Tag, Tooltip, Typography } from 'antd';
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
  useAdminColumns,
  useAction,
  useCheckStatusColumn,
  useKitText,
  useReviewedList,
  useServerError,
} from '@/components/AdminKit';
import { ImportButton } from '@/components/ExcelButtons';
import { useAccess } from '@/app/useAccess';
import type { ReviewDetail, ReviewWarningCode } from '@/components/AdminKit';
import {
  systemUserDeptTree,
  systemUserExport,
  systemUserGet,
  systemUserImportData,
  systemUserImportTemplate,
  systemUserListV2,
  systemUserLoadUserTypes,
  systemUserNewcheck,
  systemUserRemove,
  systemUserReview,
  systemUserStatus,
  systemUserUpdatecheck,
} from '@/services/generated/api';
import type { DeptOptionNode as DeptNode, SystemUserListV2Params } from '@/services/generated/api.schemas';
import { SYS_USER as NS } from '../namespaces';
import ResetPwdModal from './ResetPwdModal';
import UserFormModal from './UserFormModal';
import type { SysUserDetail, SysUserRow, UserTypeOption } from './types';
type Filters = Omit<SystemUserListV2Params, 'pageNum' | 'pageSize' | 'pending'>;
interface TreeNode {
  title: string;
  value: number;
  children: TreeNode[];
}
const toTree = (nodes: DeptNode[]): TreeNode[] =>
  nodes.map((n) => ({ title: n.label, value: n.id, children: toTree(n.children) }));

const CHECK_CODES = ['0', '2'] as const;
const review = {
  load: systemUserReview,
  decide: (detail: ReviewDetail, approved: boolean, comment: string, acknowledged: ReviewWarningCode[]) =>
    detail.change === 'create'
      ? systemUserNewcheck({ reviewId: detail.reviewId, approved, comment: comment || undefined })
      : systemUserUpdatecheck({
          reviewId: detail.reviewId,
          approved,
          comment: comment || undefined,
          acknowledged: approved ? acknowledged : undefined,
        }),
};

/** The page's fixed wiring: test id, width, 新增 and 导出. */
const PAGE = {
  testId: 'user-table',
  scroll: { x: 1300 },
  add: { perm: 'system:user:add', testId: 'user-add' },
  exportTo: { call: systemUserExport, perm: 'system:user:export' },
} as const;

export default function UserList() {
  const { t } = useTranslation(NS);
  const kt = useKitText();
  const access = useAccess();
  const showError = useServerError();
  const cols = useAdminColumns<SysUserRow>();
  const checkColumn = useCheckStatusColumn<SysUserRow>(t('user.checkStatus'), CHECK_CODES);
  const list = useReviewedList<SysUserRow, Filters>((q, pendingOnly) =>
    systemUserListV2({ ...q, pending: pendingOnly ? '1' : undefined }),
  );
  // A delete is a submission for review: the fallback words say so.
  const remove = useAction(list.reload, 'submitted');
  const [userTypes, setUserTypes] = useState<UserTypeOption[]>([]);
  const [depts, setDepts] = useState<DeptNode[]>([]);
  const [editing, setEditing] = useState<SysUserDetail | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [resetting, setResetting] = useState<SysUserRow | null>(null);

  useEffect(() => {
    void systemUserLoadUserTypes()
      .then((r) => setUserTypes(r.data))
      .catch(() => undefined);
    void systemUserDeptTree()
      .then((r) => setDepts(r.data))
      .catch(() => undefined);
  }, []);

  // The form reads the user afresh: the phone masked as listed, with the offer to reveal it (a logged click).
  const openEdit = useCallback(
    async (row: SysUserRow) => {
      try {
        setEditing((await systemUserGet(row.userId!)).data);
        setFormOpen(true);
      } catch (err) {
        showError(err);
      }
    },
    [showError],
  );

  const typeEnum = Object.fromEntries(userTypes.map((u) => [u.value, { text: u.label }]));
  const columns: ProColumns<SysUserRow>[] = [
    {
      title: t('user.userName'),
      dataIndex: 'userName',
      fieldProps: { 'data-testid': 'search-userName' },
      render: (_d, r) => (
        <Tooltip title={r.userId === null ? t('user.pendingNew') : undefined}>
          <Typography.Text type={r.userId === null ? 'success' : undefined} data-testid="cell-userName">
            {r.userName}
          </Typography.Text>
        </Tooltip>
      ),
    },
    { title: t('user.nickName'), dataIndex: 'nickName', fieldProps: { 'data-testid': 'search-nickName' } },
    {
      title: t('user.userType'),
      dataIndex: 'userType',
      valueType: 'select',
      valueEnum: typeEnum,
      width: 130,
      render: (_d, r) => r.userTypeLabel,
    },
    {
      title: t('user.dept'),
      dataIndex: 'deptId',
      valueType: 'treeSelect',
      fieldProps: { treeData: toTree(depts), treeDefaultExpandAll: true, allowClear: true },
      render: (_d, r) => r.deptName ?? r.enterpriseName ?? '-',
      ellipsis: true,
    },
    { title: t('user.phone'), dataIndex: 'phone', width: 130 },
    {
      title: t('user.roles'),
      dataIndex: 'roleNames',
      search: false,
      render: (_d, r) => (
        <Space size={[0, 4]} wrap>
          {r.roleNames.map((n) => (
            <Tag key={n}>{n}</Tag>
          ))}
        </Space>
      ),
    },
    cols.status({
      // A user still waiting for his first approval has no account to switch yet.
      render: (_d, r) => (
        <StatusCell
          editable={r.userId !== null && access.hasButton('system:user:edit')}
          enabled={r.enabled}
          name={r.userName}
          onDone={list.reload}
          disableText={t('common.confirmDisableUser', { name: r.userName })}
          onChange={(status) => systemUserStatus({ userId: r.userId!, status })}
          testId={`user-status-${r.userName}`}
        />
      ),
    }),
    checkColumn,
    cols.createdAt(),
    dateRangeColumn<SysUserRow>(t('common.dateRange')),
    cols.action(
      230,
      (r) => {
        const waiting = !!r.pending;
        const links = r.pending
          ? [
              <ReviewLink
                key="review"
                pending={r.pending}
                onOpen={list.openReview}
                testId={`user-review-${r.userName}`}
              />,
            ]
          : [];
        if (r.userId === null) return links;
        return [
          ...links,
          <EditLink
            key="edit"
            perm="system:user:edit"
            disabled={waiting}
            tooltip={waiting ? kt('admin.checkStatus.2') : undefined}
            onClick={() => void openEdit(r)}
            testId={`user-edit-${r.userName}`}
          />,
          <RowLink
            key="reset"
            perm="system:user:resetPwd"
            onClick={() => setResetting(r)}
            testId={`user-reset-${r.userName}`}
          >
            {t('user.resetPwd')}
          </RowLink>,
          <RemoveLink
            key="remove"
            perm="system:user:remove"
            title={t('user.deleteConfirm', { name: r.userName })}
            disabled={waiting}
            onConfirm={() => remove(() => systemUserRemove({ ids: String(r.userId!) }))}
            testId={`user-remove-${r.userName}`}
          />,
        ];
      },
      { fixed: 'right' },
    ),
  ];

  return (
    <ReviewTabsPage<SysUserRow, Filters>
      {...PAGE}
      title={t('user.title')}
      list={list}
      review={review}
      columns={columns}
      onAdd={() => {
        setEditing(null);
        setFormOpen(true);
      }}
      tools={[
        <ImportButton
          key="import"
          template={systemUserImportTemplate}
          importCall={systemUserImportData}
          perm="system:user:import"
          onDone={list.reload}
          templateName="用户导入模板.xlsx"
        />,
      ]}
    >
      <UserFormModal
        open={formOpen}
        editing={editing}
        userTypes={userTypes}
        depts={depts}
        onClose={() => setFormOpen(false)}
        onSaved={list.reload}
      />
      <ResetPwdModal user={resetting} onClose={() => setResetting(null)} />
    </ReviewTabsPage>
  );
}
