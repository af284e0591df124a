/** Enable/disable switch that asks first (disabling ends the account's sessions) and shows the server's answer. */
import { useState } from 'react';
import { App, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, type ApiResult } from '@/services/request';
import { NS } from './ns';

export default function StatusSwitch({
  status,
  name,
  disabled,
  disableText,
  onChange,
  onDone,
  testId,
}: {
  status: '0' | '1';
  name: string;
  disabled?: boolean;
  /** The confirmation text for disabling. */
  disableText: string;
  onChange: (status: '0' | '1') => Promise<ApiResult<unknown>>;
  onDone: () => void;
  testId?: string;
}) {
  const { t } = useTranslation(NS);
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState(false);
  const toggle = (checked: boolean) => {
    const next = checked ? '1' : '0';
    modal.confirm({
      title: t('common.confirmTitle'),
      content: next === '1' ? t('common.confirmEnable', { name }) : disableText,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        setBusy(true);
        try {
          const res = await onChange(next);
          void message.success(res.msg || t('common.done'));
          onDone();
        } catch (err) {
          void message.error(errorMessage(err, t('common.failed')));
        } finally {
          setBusy(false);
        }
      },
    });
  };
  return (
    <Switch
      size="small"
      checked={status === '1'}
      loading={busy}
      disabled={disabled}
      checkedChildren={t('common.statusNormal')}
      unCheckedChildren={t('common.statusDisabled')}
      onChange={toggle}
      data-testid={testId}
    />
  );
}
