/**
 * Create/edit modal of a list page (ProForm): a fresh form per opening (initialValues), the server's
 * message on success, and on failure the error on the field it names (the modal stays open).
 */
import { useRef, type ReactNode } from 'react';
import { App } from 'antd';
import { ModalForm, type ProFormInstance } from '@ant-design/pro-components';
import { useServerError } from './feedback';
import { useKitText } from './text';

export interface EditorModalProps<V> {
  title: ReactNode;
  /** Open or closed, and how to close it (a useEditor state). */
  editor: { open: boolean; close: () => void };
  initialValues: Partial<V>;
  onSubmit: (values: V) => Promise<{ msg?: string }>;
  onSaved: () => void;
  children: ReactNode;
  width?: number;
  testId?: string;
}

export default function EditorModal<V extends Record<string, unknown>>({
  title,
  editor,
  initialValues,
  onSubmit,
  onSaved,
  children,
  width = 640,
  testId = 'editor-modal',
}: EditorModalProps<V>) {
  const { open, close } = editor;
  const t = useKitText();
  const { message } = App.useApp();
  const showError = useServerError();
  const formRef = useRef<ProFormInstance<V>>(undefined);
  return (
    <ModalForm<V>
      key={open ? 'open' : 'closed'}
      title={title}
      open={open}
      formRef={formRef}
      initialValues={initialValues}
      onOpenChange={(v) => {
        if (!v) close();
      }}
      onFinish={async (values) => {
        try {
          const res = await onSubmit(values);
          void message.success(res.msg || t('admin.saved'));
          close();
          onSaved();
          return true;
        } catch (err) {
          showError(err, formRef.current);
          return false;
        }
      }}
      modalProps={{ destroyOnHidden: true, maskClosable: false, 'data-testid': testId } as Record<string, unknown>}
      width={width}
      layout="horizontal"
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 17 }}
      submitter={{ searchConfig: { submitText: t('admin.ok'), resetText: t('admin.cancel') } }}
    >
      {children}
    </ModalForm>
  );
}
