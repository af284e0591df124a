/**
 * The normal/disabled status of administration records. What is shown comes from the row's
 * `enabled` (the server's answer); '1'/'0' appear only as the values a form or a filter sends.
 */
import { useMemo, useState } from 'react';
import { App, Switch, Tag } from 'antd';
import { errorMessage } from '@/services/request';
import { useKitText } from './text';

/** The status codes a form or a search filter sends. */
export const STATUS_CODE = { enabled: '1', disabled: '0' } as const;
export type StatusCode = (typeof STATUS_CODE)[keyof typeof STATUS_CODE];

export const statusCode = (enabled: boolean): StatusCode => (enabled ? STATUS_CODE.enabled : STATUS_CODE.disabled);

export function StatusTag({ enabled }: { enabled: boolean }) {
  const t = useKitText();
  return (
    <Tag color={enabled ? 'success' : 'default'}>{enabled ? t('admin.statusNormal') : t('admin.statusDisabled')}</Tag>
  );
}

/** 正常/停用 as a ProTable valueEnum (the search filter). */
export function useStatusEnum() {
  const t = useKitText();
  return useMemo(
    () => ({
      [STATUS_CODE.enabled]: { text: t('admin.statusNormal'), status: 'Success' as const },
      [STATUS_CODE.disabled]: { text: t('admin.statusDisabled'), status: 'Default' as const },
    }),
    [t],
  );
}

/** 正常/停用 as radio or select options of a form. */
export function useStatusOptions() {
  const t = useKitText();
  return useMemo(
    () => [
      { value: STATUS_CODE.enabled, label: t('admin.statusNormal') },
      { value: STATUS_CODE.disabled, label: t('admin.statusDisabled') },
    ],
    [t],
  );
}

export interface StatusSwitchProps {
  enabled: boolean;
  name: string;
  disabled?: boolean;
  /** The confirmation text for disabling (what disabling does to sessions differs by record). */
  disableText: string;
  /** The status call; its answer's msg is shown. */
  onChange: (status: StatusCode) => Promise<{ msg?: string }>;
  onDone: () => void;
  testId?: string;
}

/** Enable/disable switch that asks first and shows the server's answer. */
export function StatusSwitch({ enabled, name, disabled, disableText, onChange, onDone, testId }: StatusSwitchProps) {
  const t = useKitText();
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState(false);
  const toggle = (checked: boolean) => {
    modal.confirm({
      title: t('admin.confirmTitle'),
      content: checked ? t('admin.confirmEnable', { name }) : disableText,
      okText: t('admin.ok'),
      cancelText: t('admin.cancel'),
      onOk: async () => {
        setBusy(true);
        try {
          const res = await onChange(statusCode(checked));
          void message.success(res.msg || t('admin.done'));
          onDone();
        } catch (err) {
          void message.error(errorMessage(err, t('admin.failed')));
        } finally {
          setBusy(false);
        }
      },
    });
  };
  return (
    <Switch
      size="small"
      checked={enabled}
      loading={busy}
      disabled={disabled}
      checkedChildren={t('admin.statusNormal')}
      unCheckedChildren={t('admin.statusDisabled')}
      onChange={toggle}
      data-testid={testId}
    />
  );
}

/** The status cell: a switch for whoever may change it, else the tag. */
export function StatusCell({ editable, ...props }: StatusSwitchProps & { editable: boolean }) {
  return editable ? <StatusSwitch {...props} /> : <StatusTag enabled={props.enabled} />;
}
