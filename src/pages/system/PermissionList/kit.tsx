/**
 * Shared pieces of this area's administration pages (menus, departments, dictionaries,
 * districts, file storage): the namespace, the create/edit modal that shows the server's error
 * on the field it names, the confirmed delete link, the status and area enums, and the
 * creation-date search column.
 */
import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import { App, Popconfirm, Tag, type FormInstance } from 'antd';
import { ModalForm, type ProFormInstance } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import AuthButton from '@/components/AuthButton';
import { errorMessage, toApiError } from '@/services/request';

export const NS = 'sysData';

/** Shows a failed call: the server's message, and the error on the form field it names. */
export function useServerError() {
  const { message } = App.useApp();
  const { t } = useTranslation(NS);
  return useCallback(
    (err: unknown, form?: FormInstance) => {
      const e = toApiError(err);
      const msg = errorMessage(err, t('common.failed'));
      if (form && e.field) {
        const name = e.field.split('.');
        // A field the form does not have (e.g. ids) is left to the message alone.
        if (form.getFieldInstance(name) !== undefined || form.getFieldValue(name) !== undefined) form.setFields([{ name, errors: [msg] }]);
      }
      void message.error(msg);
    },
    [message, t],
  );
}

/** Runs a call (remove, switch…) with the server's message and a reload after success. */
export function useAction(reload: () => void) {
  const { message } = App.useApp();
  const showError = useServerError();
  const { t } = useTranslation(NS);
  return useCallback(
    async (call: () => Promise<{ msg?: string }>) => {
      try {
        const res = await call();
        void message.success(res.msg || t('common.done'));
        reload();
      } catch (err) {
        showError(err);
      }
    },
    [message, reload, showError, t],
  );
}

/** Required and max-length rules whose messages name the field. */
export function useRules() {
  const { t } = useTranslation(NS);
  return useMemo(
    () => ({
      required: (field: string, select = false) => [{ required: true, message: t(select ? 'common.requiredSelect' : 'common.required', { field }) }],
      max: (field: string, max: number) => ({ max, message: t('common.tooLong', { field, max }) }),
    }),
    [t],
  );
}

/** A delete link behind a confirmation, shown only with the permission. */
export function RemoveLink({ perm, onConfirm, title, testId = 'row-remove' }: { perm: string; onConfirm: () => Promise<void>; title?: ReactNode; testId?: string }) {
  const { t } = useTranslation(NS);
  return (
    <AuthButton perm={perm}>
      <Popconfirm title={title ?? t('common.removeConfirm')} okText={t('common.ok')} cancelText={t('common.cancel')} onConfirm={onConfirm}>
        <a style={{ color: '#ff4d4f' }} data-testid={testId}>
          {t('common.remove')}
        </a>
      </Popconfirm>
    </AuthButton>
  );
}

/**
 * Create/edit modal: a fresh form per opening, the server's message on success, and on failure
 * the error on the field it names (the modal stays open).
 */
export function EditorModal<V extends Record<string, unknown>>({
  title, open, onClose, initialValues, onSubmit, onSaved, children, width = 640, testId = 'editor-modal',
}: {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  initialValues: Partial<V>;
  onSubmit: (values: V) => Promise<{ msg?: string }>;
  onSaved: () => void;
  children: ReactNode;
  width?: number;
  testId?: string;
}) {
  const { t } = useTranslation(NS);
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
        if (!v) onClose();
      }}
      onFinish={async (values) => {
        try {
          const res = await onSubmit(values);
          void message.success(res.msg || t('common.saved'));
          onClose();
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
      submitter={{ searchConfig: { submitText: t('common.ok'), resetText: t('common.cancel') } }}
    >
      {children}
    </ModalForm>
  );
}

/** '1' normal / '0' disabled as a ProTable valueEnum. */
export function useStatusEnum() {
  const { t } = useTranslation(NS);
  return useMemo(
    () => ({
      '1': { text: t('common.statusNormal'), status: 'Success' as const },
      '0': { text: t('common.statusDisabled'), status: 'Default' as const },
    }),
    [t],
  );
}

export const statusOptions = (t: (k: string) => string) => [
  { value: '1', label: t('common.statusNormal') },
  { value: '0', label: t('common.statusDisabled') },
];

/** Areas of SPEC 6 as options. */
export const areaOptions = (t: (k: string) => string) => (['1', '2', '3'] as const).map((a) => ({ value: a, label: t(`common.area${a}`) }));

const AREA_COLORS: Record<string, string> = { '1': 'blue', '2': 'green', '3': 'purple' };

export function AreaTag({ area }: { area: string | null | undefined }) {
  const { t } = useTranslation(NS);
  if (!area) return <span>-</span>;
  return <Tag color={AREA_COLORS[area]}>{t(`common.area${area}`)}</Tag>;
}

export { dateRangeColumn, searchOnly } from '@/components/ProTableKit/search';

/** Every key of a tree (for expand all). */
export function treeKeys<T extends { children?: T[] }>(nodes: readonly T[] | undefined, keyOf: (n: T) => number | string): Array<number | string> {
  return (nodes ?? []).flatMap((n) => (n.children?.length ? [keyOf(n), ...treeKeys(n.children, keyOf)] : []));
}
