/**
 * Shared pieces of the administration list pages of this area (config, logs, messages, notices,
 * to-dos, persons and the catalog pages): the creation-date search column (beginTime/endTime
 * YYYY-MM-DD), a list hook that remembers the last search for the Excel export, server errors
 * shown on the field they name, dictionary options, and the delete confirmation link.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { App, Popconfirm, type FormInstance } from 'antd';
import { ModalForm, type ActionType, type ProFormInstance } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import AuthButton from '@/components/AuthButton';
import { tableRequest, useTablePagination } from '@/components/ProTableKit';
import { errorMessage, toApiError, type ListResult } from '@/services/request';
import { getDictOptions } from '@/services/systemPerson';

export const NS = 'sysAdmin';

import { searchOnly } from '@/components/ProTableKit/search';

export { dateRangeColumn, searchOnly } from '@/components/ProTableKit/search';

/**
 * ProTable wiring for one list: actionRef, SPEC 9 pagination, the request adapter and the last
 * search (for the export button).
 */
export function useListPage<T, Q extends object>(fetch: (q: Q & { pageNum: number; pageSize: number }) => Promise<ListResult<T>>) {
  const actionRef = useRef<ActionType>(null);
  const pagination = useTablePagination();
  const [lastQuery, setLastQuery] = useState<Record<string, unknown>>({});
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;
  const request = useMemo(
    () =>
      tableRequest<T, Q>((q) => {
        setLastQuery(searchOnly(q as Record<string, unknown>));
        return fetchRef.current(q);
      }, actionRef),
    [],
  );
  const reload = useCallback(() => void actionRef.current?.reload(), []);
  return { actionRef, pagination, request, lastQuery, reload };
}

/**
 * Shows a failed save: the message, and the error on the form field the server named
 * (`field`, e.g. configKey or extra.url) when the form has it.
 */
export function useServerError() {
  const { message } = App.useApp();
  const { t } = useTranslation(NS);
  return useCallback(
    (err: unknown, form?: FormInstance) => {
      const e = toApiError(err);
      const msg = errorMessage(err, t('common.failed'));
      if (form && e.field) {
        const name = e.field.split('.');
        try {
          // a name the form does not have is only stored, never shown: harmless
          form.setFields([{ name, errors: [msg] }]);
        } catch {
          /* the message below still speaks */
        }
      }
      void message.error(msg);
    },
    [message, t],
  );
}

export type DictEnum = Record<string, { text: string }>;

/** Options of a dictionary type as a ProTable valueEnum (values as strings). */
/** `fallback` shows until the dictionary arrives (and stays if the call fails). */
export function useDict(dictType: string, fallback: DictEnum = {}): DictEnum {
  const [value, setValue] = useState<DictEnum>(fallback);
  useEffect(() => {
    let alive = true;
    getDictOptions(dictType)
      .then((res) => {
        if (!alive || !Array.isArray(res.data)) return;
        setValue(Object.fromEntries(res.data.map((d) => [String(d.dictValue), { text: d.dictLabel }])));
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [dictType]);
  return value;
}

/** Select options from a valueEnum. */
export const enumOptions = (e: DictEnum) => Object.entries(e).map(([value, v]) => ({ value, label: v.text }));

/** A delete link with its confirmation, shown only with the permission. */
export function RemoveLink({ perm, onConfirm, title, testId = 'row-remove' }: { perm?: string; onConfirm: () => Promise<void>; title?: ReactNode; testId?: string }) {
  const { t } = useTranslation(NS);
  const link = (
    <Popconfirm title={title ?? t('common.removeConfirm')} okText={t('common.ok')} cancelText={t('common.cancel')} onConfirm={onConfirm}>
      <a style={{ color: '#ff4d4f' }} data-testid={testId}>
        {t('common.remove')}
      </a>
    </Popconfirm>
  );
  return perm ? <AuthButton perm={perm}>{link}</AuthButton> : link;
}

/** Runs a remove call with the success/failure message and a reload. */
export function useRemove(reload: () => void) {
  const { message } = App.useApp();
  const { t } = useTranslation(NS);
  return useCallback(
    async (call: () => Promise<{ msg?: string }>) => {
      try {
        const res = await call();
        void message.success(res.msg || t('common.removed'));
        reload();
      } catch (err) {
        void message.error(errorMessage(err, t('common.failed')));
      }
    },
    [message, reload, t],
  );
}

/** Required-field rule whose message names the field. */
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

/**
 * Create/edit modal of a list page: a fresh form per opening (initialValues), the server's
 * message on success, and on failure the error on the field it names.
 */
export function EditorModal<V extends Record<string, unknown>>({
  title,
  open,
  onClose,
  initialValues,
  onSubmit,
  onSaved,
  children,
  width = 600,
  testId = 'editor-modal',
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
