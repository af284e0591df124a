/** 用户角色 (SPEC 2 user roles): users with their roles; 分配角色 submits a role change for review (userAuthorize). */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Modal, Select, Space, Tag, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import AuthButton from '@/components/AuthButton';
import { tableRequest, useTablePagination } from '@/components/ProTableKit';
import { errorMessage } from '@/services/request';
import { allRoles, alternativeRoles, type RoleOption } from '@/services/systemRole';
import { authorizeUser, listUserRoles, type SysUserRow, type UserType } from '@/services/systemUser';
import CheckStatusTag from '../UserList/shared/CheckStatusTag';
import { NS } from '../UserList/shared/ns';

type Filters = { userName?: string; nickName?: string; userType?: UserType; roleId?: number };

function AssignModal({ user, onClose, onSaved }: { user: SysUserRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const [options, setOptions] = useState<RoleOption[]>([]);
  const [value, setValue] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!user?.userId) return;
    setValue(user.roleIds);
    void alternativeRoles({ userId: user.userId }).then((r) => setOptions(r.data)).catch(() => setOptions([]));
  }, [user]);

  const submit = async () => {
    if (!user?.userId) return;
    setBusy(true);
    try {
      const res = await authorizeUser({ userId: user.userId, roleIds: value });
      void message.success(res.msg || t('common.submitted'));
      onSaved();
      onClose();
    } catch (err) {
      void message.error(errorMessage(err, t('common.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!user}
      title={t('userRole.assignTitle', { name: user ? `${user.nickName}（${user.userName}）` : '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: value.length === 0, 'data-testid': 'assign-submit' } as ButtonProps}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={t('userRole.separationHint')} style={{ marginBottom: 16 }} />
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        value={value}
        onChange={setValue}
        optionFilterProp="label"
        options={options.map((r) => ({ value: r.roleId, label: r.dutyRole ? `${r.roleName}（${t('role.dutyRole')}）` : r.roleName }))}
        data-testid="assign-roles"
      />
    </Modal>
  );
}

export default function UserRoleList() {
  const { t } = useTranslation(NS);
  const actionRef = useRef<ActionType>(null);
  const pagination = useTablePagination();
  const [roles, setRoles] = useState<RoleOption[]>([]);
  const [assigning, setAssigning] = useState<SysUserRow | null>(null);

  useEffect(() => {
    void allRoles().then((r) => setRoles(r.data)).catch(() => undefined);
  }, []);
  const reload = useCallback(() => void actionRef.current?.reload(), []);
  const request = useMemo(() => tableRequest<SysUserRow, Filters>((q) => listUserRoles(q), actionRef), []);

  const columns: ProColumns<SysUserRow>[] = [
    { title: t('user.userName'), dataIndex: 'userName', fieldProps: { 'data-testid': 'search-userName' } },
    { title: t('user.nickName'), dataIndex: 'nickName' },
    { title: t('user.userType'), dataIndex: 'userType', search: false, render: (_d, r) => r.userTypeLabel },
    { title: t('user.dept'), dataIndex: 'deptName', search: false, render: (_d, r) => r.deptName ?? r.enterpriseName ?? '-' },
    {
      title: t('userRole.filterRole'),
      dataIndex: 'roleId',
      valueType: 'select',
      fieldProps: { options: roles.map((r) => ({ value: r.roleId, label: r.roleName })), showSearch: true, optionFilterProp: 'label' },
      render: (_d, r) => (
        <Space size={[0, 4]} wrap>
          {r.roleNames.map((n) => (
            <Tag key={n} color="blue">
              {n}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: t('user.checkStatus'), dataIndex: 'checkStatus', search: false, width: 130, render: (_d, r) => <CheckStatusTag checkStatus={r.checkStatus} pending={r.pending} /> },
    {
      title: t('common.action'),
      valueType: 'option',
      width: 120,
      render: (_d, r) => [
        <AuthButton key="assign" perm="system:userRole:edit">
          <Typography.Link disabled={!!r.pending} onClick={() => setAssigning(r)} data-testid={`assign-${r.userName}`}>
            {t('userRole.assign')}
          </Typography.Link>
        </AuthButton>,
      ],
    },
  ];

  return (
    <PageHeaderWrapper title={t('userRole.title')}>
      <ProTable<SysUserRow, Filters>
        rowKey="key"
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={pagination}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        data-testid="user-role-table"
      />
      <AssignModal user={assigning} onClose={() => setAssigning(null)} onSaved={reload} />
    </PageHeaderWrapper>
  );
}
