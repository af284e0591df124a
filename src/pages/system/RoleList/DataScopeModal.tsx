/** 数据权限 of a role (1–5, custom departments for 2): a submission reviewed as an update. */
import { useEffect, useState } from 'react';
import { App, Form, Modal, Select } from 'antd';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/services/request';
import { authDataScope, getRole, type DataScope, type SysRoleRow } from '@/services/systemRole';
import type { DeptNode } from '@/services/systemUser';
import DeptTreeField from './DeptTreeField';
import { NS } from '../UserList/shared/ns';

export default function DataScopeModal({ role, depts, onClose, onSaved }: { role: SysRoleRow | null; depts: DeptNode[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ dataScope: DataScope; deptIds: number[] }>();
  const dataScope = Form.useWatch('dataScope', form);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!role?.roleId) return;
    getRole(role.roleId)
      .then((r) => form.setFieldsValue({ dataScope: r.data.dataScope, deptIds: r.data.deptIds }))
      .catch((err: unknown) => void message.error(errorMessage(err, t('common.loadFailed'))));
  }, [role, form, message, t]);

  const submit = async () => {
    if (!role?.roleId) return;
    const v = await form.validateFields();
    setBusy(true);
    try {
      const res = await authDataScope({ roleId: role.roleId, dataScope: v.dataScope, deptIds: v.dataScope === '2' ? v.deptIds ?? [] : [] });
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
      open={!!role}
      title={t('role.dataScopeTitle', { name: role?.roleName ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'datascope-submit' } as ButtonProps}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="dataScope" label={t('role.dataScope')} rules={[{ required: true }]}>
          <Select options={(['1', '2', '3', '4', '5'] as const).map((v) => ({ value: v, label: t(`role.dataScopes.${v}`) }))} data-testid="datascope-select" />
        </Form.Item>
        {dataScope === '2' && (
          <Form.Item name="deptIds" label={t('role.depts')} rules={[{ required: true, type: 'array', min: 1, message: t('role.deptsRequired') }]}>
            <DeptTreeField depts={depts} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
