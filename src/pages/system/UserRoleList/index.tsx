/** 用户角色 (SPEC 2 user roles): users with their roles; 分配角色 submits a role change for review (userAuthorize). */
import { useEffect, useState } from 'react';
import { Alert, Select, Space, Tag } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  ActionModal,
  CheckStatusTag,
  ListPage,
  RowLink,
  useAdminColumns,
  useListPage,
  useSubmit,
} from '@/components/AdminKit';
import {
  systemRoleAll,
  systemRoleUserAlternativeRole,
  systemUserUserAuthorize,
  systemUserUserRoleMnglist,
} from '@/services/generated/api';
import type {
  SystemRoleAll200,
  SystemUserUserRoleMnglist200,
  SystemUserUserRoleMnglistParams,
} from '@/services/generated/api.schemas';
import { SYS_USER as NS } from '../namespaces';

type SysUserRow = SystemUserUserRoleMnglist200['rows'][number];
type RoleOption = SystemRoleAll200['data'][number];
type Filters = Omit<SystemUserUserRoleMnglistParams, 'pageNum' | 'pageSize'>;

function AssignModal({
  user,
  onClose,
  onSaved,
}: {
  user: SysUserRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(NS);
  const [options, setOptions] = useState<RoleOption[]>([]);
  const [value, setValue] = useState<number[]>([]);
  const { busy, run } = useSubmit(() => {
    onSaved();
    onClose();
  }, 'submitted');

  useEffect(() => {
    if (!user?.userId) return;
    setValue(user.roleIds);
    void systemRoleUserAlternativeRole({ userId: user.userId })
      .then((r) => setOptions(r.data))
      .catch(() => setOptions([]));
  }, [user]);

  const submit = async () => {
    if (user?.userId) await run(() => systemUserUserAuthorize({ userId: user.userId!, roleIds: value }));
  };

  return (
    <ActionModal
      open={!!user}
      title={t('userRole.assignTitle', { name: user ? `${user.nickName}（${user.userName}）` : '' })}
      onClose={onClose}
      onOk={submit}
      busy={busy}
      okDisabled={value.length === 0}
      okTestId="assign-submit"
    >
      <Alert type="info" showIcon message={t('userRole.separationHint')} style={{ marginBottom: 16 }} />
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        value={value}
        onChange={setValue}
        optionFilterProp="label"
        options={options.map((r) => ({
          value: r.roleId,
          label: r.dutyRole ? `${r.roleName}（${t('role.dutyRole')}）` : r.roleName,
        }))}
        data-testid="assign-roles"
      />
    </ActionModal>
  );
}

export default function UserRoleList() {
  const { t } = useTranslation(NS);
  const cols = useAdminColumns<SysUserRow>();
  const list = useListPage<SysUserRow, Filters>(systemUserUserRoleMnglist);
  const [roles, setRoles] = useState<RoleOption[]>([]);
  const [assigning, setAssigning] = useState<SysUserRow | null>(null);

  useEffect(() => {
    void systemRoleAll()
      .then((r) => setRoles(r.data))
      .catch(() => undefined);
  }, []);

  const columns: ProColumns<SysUserRow>[] = [
    { title: t('user.userName'), dataIndex: 'userName', fieldProps: { 'data-testid': 'search-userName' } },
    { title: t('user.nickName'), dataIndex: 'nickName' },
    { title: t('user.userType'), dataIndex: 'userType', search: false, render: (_d, r) => r.userTypeLabel },
    {
      title: t('user.dept'),
      dataIndex: 'deptName',
      search: false,
      render: (_d, r) => r.deptName ?? r.enterpriseName ?? '-',
    },
    {
      title: t('userRole.filterRole'),
      dataIndex: 'roleId',
      valueType: 'select',
      fieldProps: {
        options: roles.map((r) => ({ value: r.roleId, label: r.roleName })),
        showSearch: true,
        optionFilterProp: 'label',
      },
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
    {
      title: t('user.checkStatus'),
      dataIndex: 'checkStatus',
      search: false,
      width: 130,
      render: (_d, r) => <CheckStatusTag checkStatus={r.checkStatus} pending={r.pending} />,
    },
    cols.action(120, (r) => [
      <RowLink
        key="assign"
        perm="system:userRole:edit"
        disabled={!!r.pending}
        onClick={() => setAssigning(r)}
        testId={`assign-${r.userName}`}
      >
        {t('userRole.assign')}
      </RowLink>,
    ]),
  ];

  return (
    <ListPage<SysUserRow, Filters>
      title={t('userRole.title')}
      list={list}
      rowKey="key"
      columns={columns}
      testId="user-role-table"
    >
      <AssignModal user={assigning} onClose={() => setAssigning(null)} onSaved={list.reload} />
    </ListPage>
  );
}
