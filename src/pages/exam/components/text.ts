/** The exam pages' words (namespace `exam`) and the labels of the codes the server sends. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export const NS = 'exam';

const STATE_COLORS: Record<string, string> = {
  draft: 'default',
  open: 'processing',
  closed: 'warning',
  held: 'purple',
  published: 'success',
  cancelled: 'error',
};
const STATUS_COLORS: Record<string, string> = {
  pending: 'processing',
  accepted: 'success',
  refused: 'error',
  withdrawn: 'default',
  cancelled: 'default',
};

/** Labels in the page's language, the server's (Chinese) label when a code is unknown here. */
export function useExamLabels() {
  const { t } = useTranslation(NS);
  return useMemo(
    () => ({
      state: (code: string, fallback?: string) => t(`state.${code}`, { defaultValue: fallback ?? code }),
      stateColor: (code: string) => STATE_COLORS[code] ?? 'default',
      status: (code: string, fallback?: string) => t(`status.${code}`, { defaultValue: fallback ?? code }),
      statusColor: (code: string) => STATUS_COLORS[code] ?? 'default',
      /** 1/0 of attendance and of a part. */
      attended: (v: string | null | undefined) => (v === undefined || v === null ? '-' : t(`result.attended${v}`)),
      part: (v: string | null | undefined) => (v === undefined || v === null ? '-' : t(`result.part${v}`)),
      area: (a: string) => t(`area.${a}`, { defaultValue: a }),
    }),
    [t],
  );
}

export const CATEGORIES = ['A', 'B', 'C1', 'C2', 'C3'] as const;
export const SIGNUP_STATUSES = ['pending', 'accepted', 'refused', 'withdrawn', 'cancelled'] as const;
export const BATCH_STATES = ['draft', 'open', 'closed', 'held', 'published', 'cancelled'] as const;
