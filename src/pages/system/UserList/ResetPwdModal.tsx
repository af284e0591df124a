/** Reset a user's password: a given one (policy checked by the server) or a random one shown once; the user must change it at next sign-in. */
import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, toApiError } from '@/services/request';
import { resetUserPwd, type SysUserRow } from '@/services/systemUser';
import { NS } from './shared/ns';

export default function ResetPwdModal({ user, onClose }: { user: SysUserRow | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ password?: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!user?.userId) return;
    const { password } = await form.validateFields();
    setBusy(true);
    try {
      const res = await resetUserPwd({ userId: user.userId, password: password || undefined });
      void message.success(res.msg || t('common.done'));
      if (res.data.password) {
        modal.success({
          title: t('user.resetDoneTitle'),
          content: (
            <>
              <Typography.Paragraph>{t('user.resetDoneText')}</Typography.Paragraph>
              <Typography.Text code copyable data-testid="reset-password-value">
                {res.data.password}
              </Typography.Text>
            </>
          ),
        });
      }
      onClose();
    } catch (err) {
      const e = toApiError(err);
      if (e.field === 'password') form.setFields([{ name: 'password', errors: [e.msg] }]);
      void message.error(errorMessage(err, t('common.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!user}
      title={t('user.resetPwdTitle', { name: user?.userName ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'reset-pwd-submit' } as ButtonProps}
    >
      <Alert type="warning" showIcon message={t('user.resetPwdHint')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="password" label={t('user.newPassword')} extra={t('user.passwordHint')}>
          <Input.Password autoComplete="new-password" data-testid="reset-pwd-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
