/** What a call's answer looks like on screen: the server's message, and a failure on the form field it names. */
import { useCallback, useState } from 'react';
import { App, type FormInstance } from 'antd';
import { errorMessage, toApiError } from '@/services/request';
import { useKitText } from './text';

/**
 * Shows a failed call: the server's message, and the error on the form field it names when the form
 * has that field (a field it lacks, such as an id, is left to the message alone).
 */
export function useServerError() {
  const { message } = App.useApp();
  const t = useKitText();
  return useCallback(
    (err: unknown, form?: FormInstance) => {
      const e = toApiError(err);
      const msg = errorMessage(err, t('admin.failed'));
      if (form && e.field) {
        const name = e.field.split('.');
        if (form.getFieldInstance(name) !== undefined || form.getFieldValue(name) !== undefined)
          form.setFields([{ name, errors: [msg] }]);
      }
      void message.error(msg);
    },
    [message, t],
  );
}

type Done = 'done' | 'removed' | 'saved' | 'submitted';

/** Runs a call (remove, switch, unlock…): the server's message (else `done`'s words), then `after`; a failure says why. */
export function useAction(after: () => void, done: Done = 'done') {
  const { message } = App.useApp();
  const showError = useServerError();
  const t = useKitText();
  return useCallback(
    async (call: () => Promise<{ msg?: string }>) => {
      try {
        const res = await call();
        void message.success(res.msg || t(`admin.${done}`));
        after();
      } catch (err) {
        showError(err);
      }
    },
    [message, after, showError, t, done],
  );
}

/** A remove call with the success message and a reload. */
export const useRemove = (reload: () => void) => useAction(reload, 'removed');

/**
 * The submit of a modal form: busy while the call runs, the server's message and `after` on success
 * (no message with `done` null: the caller shows the answer itself), the error on the form field it
 * names on failure (the modal stays open).
 */
export function useSubmit(after: () => void, done: Done | null = 'done') {
  const { message } = App.useApp();
  const showError = useServerError();
  const t = useKitText();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <R extends { msg?: string }>(call: () => Promise<R>, form?: FormInstance): Promise<R | undefined> => {
      setBusy(true);
      try {
        const res = await call();
        if (done) void message.success(res.msg || t(`admin.${done}`));
        after();
        return res;
      } catch (err) {
        showError(err, form);
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [message, after, showError, t, done],
  );
  return { busy, run };
}
