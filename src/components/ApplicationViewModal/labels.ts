/**
 * Labels of workflow codes in the interface language. The server sends Chinese labels
 * (statusLabel, stepLabel, businessLabel, resultLabel) next to the codes; the client translates
 * the code and falls back to the server's label for a code it does not know.
 */
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type Code = string | number | null | undefined;

/** The server's label of the holder's confirmation (server/workflow/views.ts HOLDER_STEP_LABEL). */
const HOLDER_STEP = '个人确认';

export function useWorkflowLabels() {
  const { t } = useTranslation('workflow');
  const label = useCallback(
    (prefix: string, code: Code, fallback: string | null | undefined) =>
      code === null || code === undefined || code === ''
        ? (fallback ?? '')
        : t(`${prefix}.${code}`, { defaultValue: fallback ?? String(code) }),
    [t],
  );
  return useMemo(
    () => ({
      status: (code: Code, fallback?: string | null) => label('status', code, fallback),
      // A row waiting for the holder has no step code; the server names the state (个人确认) instead.
      step: (code: Code, fallback?: string | null) =>
        code === null || code === undefined || code === ''
          ? fallback === HOLDER_STEP
            ? t('state.personCheck')
            : (fallback ?? '')
          : label('step', code, fallback),
      business: (code: Code, fallback?: string | null) => label('business', code, fallback),
      result: (code: Code, fallback?: string | null) => label('resultCode', code, fallback),
      event: (code: Code, fallback?: string | null) => label('event', code, fallback),
      role: (code: Code, fallback?: string | null) => label('role', code, fallback),
    }),
    [label, t],
  );
}
