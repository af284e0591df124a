/** Row links and toolbar buttons of the administration lists, each shown only with its permission (none named: for everyone on the page). */
import type { ReactNode } from 'react';
import { Button, Popconfirm, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import AuthButton from '@/components/AuthButton';
import { useKitText } from './text';
import ActionLink from '@/components/ActionLink';

export interface RowLinkProps {
  perm?: string;
  onClick: () => void;
  testId?: string;
  disabled?: boolean;
  /** Shown on hover (e.g. why the link is disabled). */
  tooltip?: ReactNode;
  children: ReactNode;
}

/** A row action link. */
export function RowLink({ perm, onClick, testId, disabled, tooltip, children }: RowLinkProps) {
  const link = (
    <ActionLink disabled={disabled} onClick={() => onClick()} data-testid={testId}>
      {children}
    </ActionLink>
  );
  // The tooltip also shows on keyboard focus: a disabled link says why to everyone who reaches it.
  return (
    <AuthButton perm={perm}>
      {tooltip ? (
        <Tooltip title={tooltip} trigger={['hover', 'focus']}>
          {link}
        </Tooltip>
      ) : (
        link
      )}
    </AuthButton>
  );
}

/** The row's 修改 link. */
export function EditLink({
  testId = 'row-edit',
  children,
  ...rest
}: Omit<RowLinkProps, 'children'> & { children?: ReactNode }) {
  const t = useKitText();
  return (
    <RowLink testId={testId} {...rest}>
      {children ?? t('admin.edit')}
    </RowLink>
  );
}

export interface ConfirmLinkProps {
  perm?: string;
  /** The question asked before the call. */
  title: ReactNode;
  onConfirm: () => unknown;
  testId?: string;
  disabled?: boolean;
  /** Red, for what cannot be undone (the default); a plain link otherwise. */
  danger?: boolean;
  children: ReactNode;
}

/** A link behind a confirmation (delete, force offline, switch…). */
export function ConfirmLink({ perm, title, onConfirm, testId, disabled, danger = true, children }: ConfirmLinkProps) {
  const t = useKitText();
  return (
    <AuthButton perm={perm}>
      <Popconfirm
        title={title}
        okText={t('admin.ok')}
        cancelText={t('admin.cancel')}
        onConfirm={() => void onConfirm()}
        disabled={disabled}
      >
        <ActionLink danger={danger} disabled={disabled} data-testid={testId}>
          {children}
        </ActionLink>
      </Popconfirm>
    </AuthButton>
  );
}

/** The row's 删除 link behind a confirmation (by default 确定删除该记录吗？). */
export function RemoveLink({
  title,
  testId = 'row-remove',
  ...rest
}: Omit<ConfirmLinkProps, 'title' | 'children'> & { title?: ReactNode }) {
  const t = useKitText();
  return (
    <ConfirmLink title={title ?? t('admin.removeConfirm')} testId={testId} {...rest}>
      {t('admin.remove')}
    </ConfirmLink>
  );
}

/** The toolbar's primary 新增 button. */
export function AddButton({
  perm,
  onClick,
  testId,
  icon,
  children,
}: {
  perm: string;
  onClick: () => void;
  testId: string;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  const t = useKitText();
  return (
    <AuthButton perm={perm}>
      <Button type="primary" icon={icon ?? <PlusOutlined />} onClick={() => onClick()} data-testid={testId}>
        {children ?? t('admin.add')}
      </Button>
    </AuthButton>
  );
}
