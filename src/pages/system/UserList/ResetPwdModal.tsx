/**
 * Reset a user's password. The server issues a one-time password: sent to the user's phone when
 * there is one (the administrator never sees it), otherwise shown here once to hand over. The user
 * must change it at the next sign-in; no administrator chooses another user's password.
 */
import { useState } from 'react';
import { Alert, App, Modal, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/services/request';
import { resetUserPwd, type SysUserRow } from '@/services/systemUser';
import { NS } from './shared/ns';

export default function ResetPwdModal({ user, onClose }: { user: SysUserRow | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!user?.userId) return;
    setBusy(true);
    try {
      const res = await resetUserPwd({ userId: user.userId });
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
      } else {
        modal.success({ title: t('user.resetDoneTitle'), content: <span data-testid="reset-password-sent">{t('user.resetSent', { phone: res.data.sentTo ?? '' })}</span> });
      }
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
      title={t('user.resetPwdTitle', { name: user?.userName ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'reset-pwd-submit' } as ButtonProps}
    >
      <Alert type="warning" showIcon message={t('user.resetPwdHint')} />
    </Modal>
  );
}
