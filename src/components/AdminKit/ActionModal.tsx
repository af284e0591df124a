/** The plain confirm-style modal of the administration pages: OK/Cancel in the kit's words, busy while saving, fresh content per opening. */
import type { ReactNode } from 'react';
import { Modal, type ButtonProps } from 'antd';
import { useKitText } from './text';

export interface ActionModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  onOk: () => void | Promise<unknown>;
  busy?: boolean;
  /** data-testid of the OK button. */
  okTestId?: string;
  okDisabled?: boolean;
  width?: number;
  testId?: string;
  children: ReactNode;
}

export default function ActionModal({
  open,
  title,
  onClose,
  onOk,
  busy,
  okTestId,
  okDisabled,
  width,
  testId,
  children,
}: ActionModalProps) {
  const t = useKitText();
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void onOk()}
      confirmLoading={busy}
      okText={t('admin.ok')}
      cancelText={t('admin.cancel')}
      width={width}
      destroyOnHidden
      okButtonProps={{ disabled: okDisabled, 'data-testid': okTestId } as ButtonProps}
      data-testid={testId}
    >
      {children}
    </Modal>
  );
}
