/**
 * Create or edit a user (a submission the security administrator reviews). Departments come as a
 * tree, roles from userAlternativeRole for the chosen user type (the 三员 roles only for type 00),
 * the enterprise of an enterprise user by search. A new user may be given an initial password;
 * left empty, the server makes one and it is shown once.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Form, Input, Radio, Select, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionModal, useRules, useStatusOptions, useSubmit } from '@/components/AdminKit';
import { systemRoleUserAlternativeRole, systemUserEnterpriseOptions, systemUserSave, systemUserUpdateV2 } from '@/services/generated/api';
import type { DeptOptionNode as DeptNode, SystemRoleUserAlternativeRole200, SystemUserSaveBody } from '@/services/generated/api.schemas';
import { SYS_USER as NS } from '../namespaces';
import type { SysUserRow, UserTypeOption } from './types';

type RoleOption = SystemRoleUserAlternativeRole200['data'][number];

export interface UserFormModalProps {
  open: boolean;
  /** The user being edited; null to create one. */
  editing: SysUserRow | null;
  userTypes: UserTypeOption[];
  depts: DeptNode[];
  onClose: () => void;
  onSaved: () => void;
}

interface TreeNode { title: string; value: number; disabled: boolean; children: TreeNode[] }
type TreeData = TreeNode[];
const toTree = (nodes: DeptNode[]): TreeData => nodes.map((n) => ({ title: n.label, value: n.id, disabled: n.disabled, children: toTree(n.children) }));

export default function UserFormModal({ open, editing, userTypes, depts, onClose, onSaved }: UserFormModalProps) {
  const { t } = useTranslation(NS);
  const { modal } = App.useApp();
  const rules = useRules();
  const statusOptions = useStatusOptions();
  const [form] = Form.useForm<SystemUserSaveBody>();
  const userType = Form.useWatch('userType', form);
  const [roles, setRoles] = useState<RoleOption[]>([]);
  const [enterprises, setEnterprises] = useState<{ value: number; label: string }[]>([]);
  const { busy, run } = useSubmit(() => { onSaved(); onClose(); }, 'submitted');
  const treeData = useMemo(() => toTree(depts), [depts]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) {
      form.setFieldsValue({
        userName: editing.userName, nickName: editing.nickName, userType: editing.userType, deptId: editing.deptId, enterpriseId: editing.enterpriseId,
        phone: editing.phone ?? '', email: editing.email ?? '', sex: editing.sex, roleIds: editing.roleIds, remark: editing.remark ?? '',
      });
      if (editing.enterpriseId) {
        void systemUserEnterpriseOptions({ id: editing.enterpriseId }).then((r) => setEnterprises(r.data)).catch(() => undefined);
      }
    } else {
      form.setFieldsValue({ userType: '02', sex: '0', status: '1', roleIds: [] });
    }
  }, [open, editing, form]);

  useEffect(() => {
    if (!open || !userType) return;
    let live = true;
    systemRoleUserAlternativeRole({ userType })
      .then((r) => live && setRoles(r.data))
      .catch(() => live && setRoles([]));
    return () => {
      live = false;
    };
  }, [open, userType]);

  const searchEnterprise = (keyword: string) => {
    if (!keyword.trim()) return;
    void systemUserEnterpriseOptions({ keyword }).then((r) => setEnterprises(r.data)).catch(() => undefined);
  };

  const submit = async () => {
    const values = await form.validateFields();
    const body: SystemUserSaveBody = {
      ...values,
      deptId: values.deptId ?? null,
      enterpriseId: values.userType === '03' ? values.enterpriseId ?? null : null,
      phone: values.phone || null,
      email: values.email || null,
      remark: values.remark || null,
      password: values.password || undefined,
    };
    if (editing?.userId) {
      await run(() => systemUserUpdateV2({ ...body, userId: editing.userId! }), form);
      return;
    }
    const initialPassword = (await run(() => systemUserSave(body), form))?.data.initialPassword;
    if (initialPassword) {
      modal.success({
        title: t('user.initialPasswordTitle'),
        content: (
          <>
            <Typography.Paragraph>{t('user.initialPasswordText')}</Typography.Paragraph>
            <Typography.Text code copyable data-testid="initial-password">
              {initialPassword}
            </Typography.Text>
          </>
        ),
      });
    }
  };

  const req = (field: string) => rules.required(field);
  const choose = (field: string) => rules.required(field, true);
  return (
    <ActionModal
      open={open}
      title={editing ? t('user.editTitle') : t('user.addTitle')}
      onClose={onClose}
      onOk={submit}
      busy={busy}
      width={720}
      okTestId="user-form-submit"
      testId="user-form"
    >
      <Alert type="info" showIcon message={t('user.reviewNote')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
        <Form.Item
          name="userName"
          label={t('user.userName')}
          rules={[...req(t('user.userName')), { pattern: /^[A-Za-z0-9_.@-]{2,30}$/, message: t('user.userNamePattern') }]}
        >
          <Input autoComplete="off" data-testid="form-userName" />
        </Form.Item>
        <Form.Item name="nickName" label={t('user.nickName')} rules={[...req(t('user.nickName')), rules.max(t('user.nickName'), 30)]}>
          <Input data-testid="form-nickName" />
        </Form.Item>
        <Form.Item name="userType" label={t('user.userType')} rules={choose(t('user.userType'))}>
          <Select
            options={userTypes.map((u) => ({ value: u.value, label: u.label }))}
            onChange={() => form.setFieldValue('roleIds', [])}
            data-testid="form-userType"
          />
        </Form.Item>
        <Form.Item
          name="deptId"
          label={t('user.dept')}
          rules={userType === '00' || userType === '02' ? choose(t('user.dept')) : []}
        >
          <TreeSelect treeData={treeData} treeDefaultExpandAll allowClear showSearch treeNodeFilterProp="title" data-testid="form-deptId" />
        </Form.Item>
        {userType === '03' && (
          <Form.Item
            name="enterpriseId"
            label={t('user.enterprise')}
            rules={choose(t('user.enterprise'))}
            style={{ gridColumn: '1 / span 2' }}
          >
            <Select showSearch filterOption={false} onSearch={searchEnterprise} options={enterprises} placeholder={t('user.enterpriseSearch')} data-testid="form-enterpriseId" />
          </Form.Item>
        )}
        <Form.Item name="phone" label={t('user.phone')} rules={[{ pattern: /^(1[3-9]\d{9})?$/, message: t('user.phonePattern') }]}>
          <Input data-testid="form-phone" />
        </Form.Item>
        <Form.Item name="email" label={t('user.email')} rules={[{ type: 'email', message: t('user.emailPattern') }]}>
          <Input data-testid="form-email" />
        </Form.Item>
        <Form.Item name="sex" label={t('user.sex')}>
          <Radio.Group options={(['0', '1', '2'] as const).map((v) => ({ value: v, label: t(`user.sexes.${v}`) }))} />
        </Form.Item>
        {!editing && (
          <Form.Item name="status" label={t('common.status')}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
        )}
        <Form.Item
          name="roleIds"
          label={t('user.roles')}
          rules={[{ ...choose(t('user.roles'))[0], type: 'array', min: 1 }]}
          style={{ gridColumn: '1 / span 2' }}
        >
          <Select
            mode="multiple"
            optionFilterProp="label"
            options={roles.map((r) => ({ value: r.roleId, label: r.dutyRole ? `${r.roleName}（${t('role.dutyRole')}）` : r.roleName }))}
            data-testid="form-roleIds"
          />
        </Form.Item>
        {!editing && (
          <Form.Item name="password" label={t('user.password')} extra={t('user.passwordHint')}>
            <Input.Password autoComplete="new-password" data-testid="form-password" />
          </Form.Item>
        )}
        <Form.Item name="remark" label={t('common.remark')} style={{ gridColumn: '1 / span 2' }} rules={[rules.max(t('common.remark'), 500)]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}
