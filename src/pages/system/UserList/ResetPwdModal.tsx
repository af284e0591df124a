/**
 * Reset a user's password. The server issues a one-time password: sent to the user's phone when
 * there is one (the administrator never sees it), otherwise shown here once to hand over. The user
 * must change it at the next sign-in; no administrator chooses another user's password.
 */
import { Alert, App, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionModal, useSubmit } from '@/components/AdminKit';
import { systemUserResetPwd } from '@/services/generated/api';
import type { SysUserRow } from './types';
import { SYS_USER as NS } from '../namespaces';

export default function ResetPwdModal({ user, onClose }: { user: SysUserRow | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { modal } = App.useApp();
  // The answer is shown in a window of its own (the password once, or where it was sent), not as a toast.
  const { busy, run } = useSubmit(onClose, null);

  const submit = async () => {
    if (!user?.userId) return;
    const res = await run(() => systemUserResetPwd({ userId: user.userId! }));
    if (!res) return;
    const content = res.data.password ? (
      <>
        <Typography.Paragraph>{t('user.resetDoneText')}</Typography.Paragraph>
        <Typography.Text code copyable data-testid="reset-password-value">
          {res.data.password}
        </Typography.Text>
      </>
    ) : (
      <span data-testid="reset-password-sent">{t('user.resetSent', { phone: res.data.sentTo ?? '' })}</span>
    );
    modal.success({ title: t('user.resetDoneTitle'), content });
  };

  return (
    <ActionModal
      open={!!user}
      title={t('user.resetPwdTitle', { name: user?.userName ?? '' })}
      onClose={onClose}
      onOk={submit}
      busy={busy}
      okTestId="reset-pwd-submit"
    >
      <Alert type="warning" showIcon message={t('user.resetPwdHint')} />
    </ActionModal>
  );
}
