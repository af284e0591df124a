/** Create or edit a role (a submission the security administrator reviews): name, key, order, data scope, menu permissions. */
import { useEffect } from 'react';
import { Alert, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionModal, useRules, useServerError, useStatusOptions, useSubmit } from '@/components/AdminKit';
import { systemRoleGet, systemRoleSave, systemRoleUpdateV2 } from '@/services/generated/api';
import type {
  DeptOptionNode as DeptNode,
  MenuOptionNode as MenuNode,
  SystemRoleSaveBody,
} from '@/services/generated/api.schemas';
import type { SysRoleRow } from './types';
import DeptTreeField from './DeptTreeField';
import MenuTreeField from './MenuTreeField';
import { SYS_USER as NS } from '../namespaces';

export default function RoleFormModal({
  open,
  editing,
  menus,
  depts,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: SysRoleRow | null;
  menus: MenuNode[];
  depts: DeptNode[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(NS);
  const rules = useRules();
  const statusOptions = useStatusOptions();
  const showError = useServerError();
  const [form] = Form.useForm<SystemRoleSaveBody>();
  const dataScope = Form.useWatch('dataScope', form);
  const { busy, run } = useSubmit(() => {
    onSaved();
    onClose();
  }, 'submitted');
  const duty = !!editing?.dutyRole;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!editing?.roleId) {
      form.setFieldsValue({ roleSort: 0, dataScope: '1', status: '1', menuIds: [], deptIds: [] });
      return;
    }
    systemRoleGet(editing.roleId)
      .then(({ data: d }) =>
        form.setFieldsValue({
          roleName: d.roleName,
          roleKey: d.roleKey,
          roleSort: d.roleSort,
          dataScope: d.dataScope,
          remark: d.remark ?? '',
          menuIds: d.menuIds,
          deptIds: d.deptIds,
        }),
      )
      .catch((err: unknown) => showError(err));
  }, [open, editing, form, showError]);

  const submit = async () => {
    const values = await form.validateFields();
    const body: SystemRoleSaveBody = {
      ...values,
      remark: values.remark || null,
      menuIds: values.menuIds ?? [],
      deptIds: values.dataScope === '2' ? (values.deptIds ?? []) : [],
    };
    await run(
      () => (editing?.roleId ? systemRoleUpdateV2({ ...body, roleId: editing.roleId }) : systemRoleSave(body)),
      form,
    );
  };

  return (
    <ActionModal
      open={open}
      title={editing ? t('role.editTitle') : t('role.addTitle')}
      onClose={onClose}
      onOk={submit}
      busy={busy}
      width={760}
      okTestId="role-form-submit"
      testId="role-form"
    >
      {duty ? (
        <Alert type="warning" showIcon message={t('role.dutyHint')} style={{ marginBottom: 16 }} />
      ) : (
        <Alert type="info" showIcon message={t('role.reviewNote')} style={{ marginBottom: 16 }} />
      )}
      <Form form={form} layout="vertical" style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
        <Form.Item
          name="roleName"
          label={t('role.roleName')}
          rules={[...rules.required(t('role.roleName')), rules.max(t('role.roleName'), 30)]}
        >
          <Input data-testid="form-roleName" />
        </Form.Item>
        <Form.Item
          name="roleKey"
          label={t('role.roleKey')}
          rules={[
            ...rules.required(t('role.roleKey')),
            { pattern: /^[A-Za-z][A-Za-z0-9_:-]{1,63}$/, message: t('role.keyPattern') },
          ]}
        >
          <Input disabled={duty} data-testid="form-roleKey" />
        </Form.Item>
        <Form.Item name="roleSort" label={t('role.roleSort')}>
          <InputNumber min={0} max={9999} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="dataScope" label={t('role.dataScope')}>
          <Select
            disabled={duty}
            options={(['1', '2', '3', '4', '5'] as const).map((v) => ({ value: v, label: t(`role.dataScopes.${v}`) }))}
            data-testid="form-dataScope"
          />
        </Form.Item>
        {dataScope === '2' && (
          <Form.Item
            name="deptIds"
            label={t('role.depts')}
            style={{ gridColumn: '1 / span 2' }}
            rules={[{ required: true, type: 'array', min: 1, message: t('role.deptsRequired') }]}
          >
            <DeptTreeField depts={depts} />
          </Form.Item>
        )}
        {!editing && (
          <Form.Item name="status" label={t('common.status')}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
        )}
        <Form.Item
          name="remark"
          label={t('common.remark')}
          style={{ gridColumn: editing ? '1 / span 2' : undefined }}
          rules={[rules.max(t('common.remark'), 500)]}
        >
          <Input.TextArea rows={1} />
        </Form.Item>
        <Form.Item name="menuIds" label={t('role.menus')} style={{ gridColumn: '1 / span 2' }}>
          <MenuTreeField menus={menus} disabled={duty} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}
