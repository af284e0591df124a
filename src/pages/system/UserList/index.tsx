/**
 * 用户管理 (SPEC 2 UserList): search, list with the pending review of each user, create/edit (a
 * submission for review), enable switch, reset password, delete (a reviewed deletion), export,
 * import with template; the 待审核 tab is where the security administrator approves or rejects,
 * reading the diff.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import AuthButton from '@/components/AuthButton';
import { ExportButton, ImportButton } from '@/components/ExcelButtons';
import { tableRequest, useTablePagination } from '@/components/ProTableKit';
import { formatDateTime } from '@/components/ProTableKit/format';
import { useAccess } from '@/app/useAccess';
import { errorMessage } from '@/services/request';
import {
  changeUserStatus, getUser, getUserReview, listUsersV2, loadDeptTree, loadUserTypes, removeUsers, userNewCheck, userUpdateCheck,
  USER_EXPORT_URL, USER_IMPORT_URL, USER_TEMPLATE_URL, type DeptNode, type ReviewDetail, type SysUserRow, type UserQuery, type UserType,
} from '@/services/systemUser';
import CheckStatusTag from './shared/CheckStatusTag';
import ReviewModal from './shared/ReviewModal';
import StatusSwitch from './shared/StatusSwitch';
import { dateRangeColumn } from './shared/dateRange';
import { NS } from './shared/ns';
import ResetPwdModal from './ResetPwdModal';
import UserFormModal from './UserFormModal';

type Tab = 'all' | 'pending';
type Filters = Omit<UserQuery, 'pageNum' | 'pageSize'>;
interface TreeNode { title: string; value: number; children: TreeNode[] }
type TreeData = TreeNode[];
const toTree = (nodes: DeptNode[]): TreeData => nodes.map((n) => ({ title: n.label, value: n.id, children: toTree(n.children) }));

const decideUser = (detail: ReviewDetail, approved: boolean, comment: string) =>
  (detail.change === 'create' ? userNewCheck : userUpdateCheck)({ reviewId: detail.reviewId, approved, comment: comment || undefined });

export default function UserList() {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const access = useAccess();
  const actionRef = useRef<ActionType>(null);
  const pagination = useTablePagination();
  const [tab, setTab] = useState<Tab>('all');
  const [userTypes, setUserTypes] = useState<{ value: UserType; label: string }[]>([]);
  const [depts, setDepts] = useState<DeptNode[]>([]);
  const [editing, setEditing] = useState<SysUserRow | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [resetting, setResetting] = useState<SysUserRow | null>(null);
  const [reviewId, setReviewId] = useState<number | null>(null);
  const [lastQuery, setLastQuery] = useState<Record<string, unknown>>({});

  useEffect(() => {
    void loadUserTypes().then((r) => setUserTypes(r.data)).catch(() => undefined);
    void loadDeptTree().then((r) => setDepts(r.data)).catch(() => undefined);
  }, []);

  const reload = useCallback(() => void actionRef.current?.reload(), []);
  // The list shows phones masked; the form edits the real record (the server logs that view).
  const openEdit = useCallback(async (row: SysUserRow) => {
    try {
      const res = await getUser(row.userId!);
      setEditing(res.data);
      setFormOpen(true);
    } catch (err) {
      void message.error(errorMessage(err, t('common.failed')));
    }
  }, [message, t]);
  const request = useMemo(
    () =>
      tableRequest<SysUserRow, Filters>((q) => {
        const { pageNum: _p, pageSize: _s, ...filters } = q;
        setLastQuery(filters);
        return listUsersV2({ ...q, pending: tab === 'pending' ? '1' : undefined });
      }, actionRef),
    [tab],
  );

  const remove = async (row: SysUserRow) => {
    try {
      const res = await removeUsers([row.userId!]);
      void message.success(res.msg || t('common.submitted'));
      reload();
    } catch (err) {
      void message.error(errorMessage(err, t('common.failed')));
    }
  };

  const typeEnum = Object.fromEntries(userTypes.map((u) => [u.value, { text: `${u.value} ${u.label}` }]));
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
    { title: t('user.userType'), dataIndex: 'userType', valueType: 'select', valueEnum: typeEnum, width: 130, render: (_d, r) => r.userTypeLabel },
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
    {
      title: t('common.status'),
      dataIndex: 'status',
      width: 100,
      valueType: 'select',
      valueEnum: { '1': { text: t('common.statusNormal') }, '0': { text: t('common.statusDisabled') } },
      render: (_d, r) =>
        r.userId === null || !access.hasButton('system:user:edit') ? (
          <Tag color={r.status === '1' ? 'success' : 'default'}>{r.status === '1' ? t('common.statusNormal') : t('common.statusDisabled')}</Tag>
        ) : (
          <StatusSwitch
            status={r.status}
            name={r.userName}
            disableText={t('common.confirmDisableUser', { name: r.userName })}
            onChange={(status) => changeUserStatus({ userId: r.userId!, status })}
            onDone={reload}
            testId={`user-status-${r.userName}`}
          />
        ),
    },
    {
      title: t('user.checkStatus'),
      dataIndex: 'checkStatus',
      width: 130,
      valueType: 'select',
      valueEnum: { '0': { text: t('checkStatus.0') }, '2': { text: t('checkStatus.2') } },
      render: (_d, r) => <CheckStatusTag checkStatus={r.checkStatus} pending={r.pending} />,
    },
    { title: t('common.createdAt'), dataIndex: 'createdAt', width: 170, search: false, render: (_d, r) => formatDateTime(r.createdAt) || '-' },
    dateRangeColumn<SysUserRow>(t('common.dateRange')),
    {
      title: t('common.action'),
      valueType: 'option',
      width: 230,
      fixed: 'right',
      render: (_d, r) => {
        const waiting = !!r.pending;
        const links = [];
        if (waiting) {
          links.push(
            <a key="review" onClick={() => setReviewId(r.pending!.reviewId)} data-testid={`user-review-${r.userName}`}>
              {access.hasButton('system:user:audit') ? t('review.button') : t('common.view')}
            </a>,
          );
        }
        if (r.userId !== null) {
          links.push(
            <AuthButton key="edit" perm="system:user:edit">
              <Tooltip title={waiting ? t('checkStatus.2') : undefined}>
                <Typography.Link disabled={waiting} onClick={() => void openEdit(r)} data-testid={`user-edit-${r.userName}`}>
                  {t('common.edit')}
                </Typography.Link>
              </Tooltip>
            </AuthButton>,
            <AuthButton key="reset" perm="system:user:resetPwd">
              <a onClick={() => setResetting(r)} data-testid={`user-reset-${r.userName}`}>
                {t('user.resetPwd')}
              </a>
            </AuthButton>,
            <AuthButton key="remove" perm="system:user:remove">
              <Popconfirm title={t('user.deleteConfirm', { name: r.userName })} onConfirm={() => void remove(r)} disabled={waiting}>
                <Typography.Link type="danger" disabled={waiting} data-testid={`user-remove-${r.userName}`}>
                  {t('common.delete')}
                </Typography.Link>
              </Popconfirm>
            </AuthButton>,
          );
        }
        return links;
      },
    },
  ];

  return (
    <PageHeaderWrapper
      title={t('user.title')}
      tabs={[
        { key: 'all', label: <span data-testid="tab-all">{t('common.allTab')}</span> },
        { key: 'pending', label: <span data-testid="tab-pending">{t('common.pendingTab')}</span> },
      ]}
      activeTab={tab}
      onTabChange={(k) => setTab(k as Tab)}
    >
      <ProTable<SysUserRow, Filters>
        key={tab}
        rowKey="key"
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={pagination}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: 1300 }}
        options={{ density: false, setting: false, reload: true }}
        data-testid="user-table"
        toolBarRender={() => [
          <AuthButton key="add" perm="system:user:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => { setEditing(null); setFormOpen(true); }} data-testid="user-add">
              {t('common.add')}
            </Button>
          </AuthButton>,
          <ImportButton key="import" templateUrl={USER_TEMPLATE_URL} importUrl={USER_IMPORT_URL} perm="system:user:import" onDone={reload} templateName="用户导入模板.xlsx" />,
          <ExportButton key="export" url={USER_EXPORT_URL} params={lastQuery} fileName={t('user.title')} perm="system:user:export" />,
        ]}
      />
      <UserFormModal open={formOpen} editing={editing} userTypes={userTypes} depts={depts} onClose={() => setFormOpen(false)} onSaved={reload} />
      <ResetPwdModal user={resetting} onClose={() => setResetting(null)} />
      <ReviewModal reviewId={reviewId} load={getUserReview} decide={decideUser} onClose={() => setReviewId(null)} onDone={reload} />
    </PageHeaderWrapper>
  );
}
