/**
 * 角色管理 (SPEC 2 RoleList): list with each role's pending review, create/edit with the menu
 * permission tree (a reviewed submission), data scope, enable switch, delete (a reviewed
 * deletion), export; 待审核 tab for the security administrator (diff, approve/reject), and the
 * submitter's withdraw (cancel-commit) in the same window.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import AuthButton from '@/components/AuthButton';
import { ExportButton } from '@/components/ExcelButtons';
import { tableRequest, useTablePagination } from '@/components/ProTableKit';
import { formatDateTime } from '@/components/ProTableKit/format';
import { useAccess } from '@/app/useAccess';
import { useCurrentUser } from '@/store/user';
import { errorMessage } from '@/services/request';
import {
  cancelRoleCommit, changeRoleStatus, getRoleReview, listRoles, loadMenuTree, removeRoles, roleDeleteCheck, roleNewCheck, roleUpdateCheck,
  ROLE_EXPORT_URL, type MenuNode, type RoleQuery, type SysRoleRow,
} from '@/services/systemRole';
import { loadDeptTree, type DeptNode, type ReviewDetail } from '@/services/systemUser';
import CheckStatusTag from '../UserList/shared/CheckStatusTag';
import ReviewModal from '../UserList/shared/ReviewModal';
import StatusSwitch from '../UserList/shared/StatusSwitch';
import { dateRangeColumn } from '../UserList/shared/dateRange';
import { NS } from '../UserList/shared/ns';
import DataScopeModal from './DataScopeModal';
import RoleFormModal, { DUTY_ROLE_KEYS } from './RoleFormModal';

type Tab = 'all' | 'pending';
type Filters = Omit<RoleQuery, 'pageNum' | 'pageSize'>;

const CHECKS = { create: roleNewCheck, update: roleUpdateCheck, delete: roleDeleteCheck } as const;
const decideRole = (detail: ReviewDetail, approved: boolean, comment: string) =>
  CHECKS[detail.change]({ reviewId: detail.reviewId, approved, comment: comment || undefined });
const withdrawRole = (detail: ReviewDetail) => cancelRoleCommit(detail.reviewId);

export default function RoleList() {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const access = useAccess();
  const me = useCurrentUser();
  const actionRef = useRef<ActionType>(null);
  const pagination = useTablePagination();
  const [tab, setTab] = useState<Tab>('all');
  const [menus, setMenus] = useState<MenuNode[]>([]);
  const [depts, setDepts] = useState<DeptNode[]>([]);
  const [editing, setEditing] = useState<SysRoleRow | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [scoping, setScoping] = useState<SysRoleRow | null>(null);
  const [reviewId, setReviewId] = useState<number | null>(null);
  const [lastQuery, setLastQuery] = useState<Record<string, unknown>>({});

  useEffect(() => {
    void loadMenuTree().then((r) => setMenus(r.data)).catch(() => undefined);
    void loadDeptTree().then((r) => setDepts(r.data)).catch(() => undefined);
  }, []);

  const reload = useCallback(() => void actionRef.current?.reload(), []);
  const request = useMemo(
    () =>
      tableRequest<SysRoleRow, Filters>((q) => {
        const { pageNum: _p, pageSize: _s, ...filters } = q;
        setLastQuery(filters);
        return listRoles({ ...q, pending: tab === 'pending' ? '1' : undefined });
      }, actionRef),
    [tab],
  );

  const remove = async (row: SysRoleRow) => {
    try {
      const res = await removeRoles([row.roleId!]);
      void message.success(res.msg || t('common.submitted'));
      reload();
    } catch (err) {
      void message.error(errorMessage(err, t('common.failed')));
    }
  };

  const columns: ProColumns<SysRoleRow>[] = [
    {
      title: t('role.roleName'),
      dataIndex: 'roleName',
      fieldProps: { 'data-testid': 'search-roleName' },
      render: (_d, r) => (
        <Space size={4}>
          <span data-testid="cell-roleName">{r.roleName}</span>
          {DUTY_ROLE_KEYS.includes(r.roleKey) && <Tag color="gold">{t('role.dutyRole')}</Tag>}
        </Space>
      ),
    },
    { title: t('role.roleKey'), dataIndex: 'roleKey', fieldProps: { 'data-testid': 'search-roleKey' } },
    { title: t('role.roleSort'), dataIndex: 'roleSort', width: 90, search: false },
    { title: t('role.dataScope'), dataIndex: 'dataScope', search: false, render: (_d, r) => t(`role.dataScopes.${r.dataScope}`) },
    { title: t('role.userCount'), dataIndex: 'userCount', width: 80, search: false },
    {
      title: t('common.status'),
      dataIndex: 'status',
      width: 100,
      valueType: 'select',
      valueEnum: { '1': { text: t('common.statusNormal') }, '0': { text: t('common.statusDisabled') } },
      render: (_d, r) =>
        r.roleId === null || DUTY_ROLE_KEYS.includes(r.roleKey) || !access.hasButton('system:role:edit') ? (
          <Tag color={r.status === '1' ? 'success' : 'default'}>{r.status === '1' ? t('common.statusNormal') : t('common.statusDisabled')}</Tag>
        ) : (
          <StatusSwitch
            status={r.status}
            name={r.roleName}
            disableText={t('common.confirmDisableRole', { name: r.roleName })}
            onChange={(status) => changeRoleStatus({ roleId: r.roleId!, status })}
            onDone={reload}
            testId={`role-status-${r.roleKey}`}
          />
        ),
    },
    {
      title: t('user.checkStatus'),
      dataIndex: 'checkStatus',
      width: 130,
      valueType: 'select',
      valueEnum: { '0': { text: t('checkStatus.0') }, '2': { text: t('checkStatus.2') }, '3': { text: t('checkStatus.3') } },
      render: (_d, r) => <CheckStatusTag checkStatus={r.checkStatus} pending={r.pending} />,
    },
    { title: t('common.createdAt'), dataIndex: 'createdAt', width: 170, search: false, render: (_d, r) => formatDateTime(r.createdAt) || '-' },
    dateRangeColumn<SysRoleRow>(t('common.dateRange')),
    {
      title: t('common.action'),
      valueType: 'option',
      width: 240,
      fixed: 'right',
      render: (_d, r) => {
        const waiting = !!r.pending;
        const links = [];
        if (waiting) {
          const mine = r.pending!.submittedBy === Number(me?.userId);
          links.push(
            <a key="review" onClick={() => setReviewId(r.pending!.reviewId)} data-testid={`role-review-${r.roleKey}`}>
              {access.hasButton('system:role:audit') && !mine ? t('review.button') : mine ? `${t('common.view')}/${t('review.withdraw')}` : t('common.view')}
            </a>,
          );
        }
        if (r.roleId !== null) {
          links.push(
            <AuthButton key="edit" perm="system:role:edit">
              <Typography.Link disabled={waiting} onClick={() => { setEditing(r); setFormOpen(true); }} data-testid={`role-edit-${r.roleKey}`}>
                {t('common.edit')}
              </Typography.Link>
            </AuthButton>,
          );
          if (!DUTY_ROLE_KEYS.includes(r.roleKey)) {
            links.push(
              <AuthButton key="scope" perm="system:role:edit">
                <Typography.Link disabled={waiting} onClick={() => setScoping(r)} data-testid={`role-scope-${r.roleKey}`}>
                  {t('role.dataScopeButton')}
                </Typography.Link>
              </AuthButton>,
              <AuthButton key="remove" perm="system:role:remove">
                <Popconfirm title={t('role.deleteConfirm', { name: r.roleName })} onConfirm={() => void remove(r)} disabled={waiting}>
                  <Typography.Link type="danger" disabled={waiting} data-testid={`role-remove-${r.roleKey}`}>
                    {t('common.delete')}
                  </Typography.Link>
                </Popconfirm>
              </AuthButton>,
            );
          }
        }
        return links;
      },
    },
  ];

  return (
    <PageHeaderWrapper
      title={t('role.title')}
      tabs={[
        { key: 'all', label: <span data-testid="tab-all">{t('common.allTab')}</span> },
        { key: 'pending', label: <span data-testid="tab-pending">{t('common.pendingTab')}</span> },
      ]}
      activeTab={tab}
      onTabChange={(k) => setTab(k as Tab)}
    >
      <ProTable<SysRoleRow, Filters>
        key={tab}
        rowKey="key"
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={pagination}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: 1200 }}
        options={{ density: false, setting: false, reload: true }}
        data-testid="role-table"
        toolBarRender={() => [
          <AuthButton key="add" perm="system:role:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => { setEditing(null); setFormOpen(true); }} data-testid="role-add">
              {t('common.add')}
            </Button>
          </AuthButton>,
          <ExportButton key="export" url={ROLE_EXPORT_URL} params={lastQuery} fileName={t('role.title')} perm="system:role:export" />,
        ]}
      />
      <RoleFormModal open={formOpen} editing={editing} menus={menus} depts={depts} onClose={() => setFormOpen(false)} onSaved={reload} />
      <DataScopeModal role={scoping} depts={depts} onClose={() => setScoping(null)} onSaved={reload} />
      <ReviewModal reviewId={reviewId} load={getRoleReview} decide={decideRole} withdraw={withdrawRole} onClose={() => setReviewId(null)} onDone={reload} />
    </PageHeaderWrapper>
  );
}
