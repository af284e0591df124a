/** 数据权限 of a role (1–5, custom departments for 2): a submission reviewed as an update. */
import { useEffect } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionModal, useServerError, useSubmit } from '@/components/AdminKit';
import { systemRoleAuthDataScope, systemRoleGet } from '@/services/generated/api';
import type { DeptOptionNode as DeptNode, SystemRoleAuthDataScopeBody } from '@/services/generated/api.schemas';
import type { SysRoleRow } from './types';
import DeptTreeField from './DeptTreeField';
import { SYS_USER as NS } from '../namespaces';

export default function DataScopeModal({
  role,
  depts,
  onClose,
  onSaved,
}: {
  role: SysRoleRow | null;
  depts: DeptNode[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(NS);
  const showError = useServerError();
  const [form] = Form.useForm<{ dataScope: SystemRoleAuthDataScopeBody['dataScope']; deptIds: number[] }>();
  const dataScope = Form.useWatch('dataScope', form);
  const { busy, run } = useSubmit(() => {
    onSaved();
    onClose();
  }, 'submitted');

  useEffect(() => {
    if (!role?.roleId) return;
    systemRoleGet(role.roleId)
      .then((r) => form.setFieldsValue({ dataScope: r.data.dataScope, deptIds: r.data.deptIds }))
      .catch((err: unknown) => showError(err));
  }, [role, form, showError]);

  const submit = async () => {
    if (!role?.roleId) return;
    const v = await form.validateFields();
    await run(
      () =>
        systemRoleAuthDataScope({
          roleId: role.roleId!,
          dataScope: v.dataScope,
          deptIds: v.dataScope === '2' ? (v.deptIds ?? []) : [],
        }),
      form,
    );
  };

  return (
    <ActionModal
      open={!!role}
      title={t('role.dataScopeTitle', { name: role?.roleName ?? '' })}
      onClose={onClose}
      onOk={submit}
      busy={busy}
      okTestId="datascope-submit"
    >
      <Form form={form} layout="vertical">
        <Form.Item name="dataScope" label={t('role.dataScope')} rules={[{ required: true }]}>
          <Select
            options={(['1', '2', '3', '4', '5'] as const).map((v) => ({ value: v, label: t(`role.dataScopes.${v}`) }))}
            data-testid="datascope-select"
          />
        </Form.Item>
        {dataScope === '2' && (
          <Form.Item
            name="deptIds"
            label={t('role.depts')}
            rules={[{ required: true, type: 'array', min: 1, message: t('role.deptsRequired') }]}
          >
            <DeptTreeField depts={depts} />
          </Form.Item>
        )}
      </Form>
    </ActionModal>
  );
}
