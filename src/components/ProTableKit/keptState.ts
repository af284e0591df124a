/**
 * A work list as its user left it: the search form's values and the page size, kept per list in the
 * browser (pro__listState:<key>, SPEC 3's namespace). A reviewer who leaves a queue for a case and
 * comes back, or signs in the next morning, finds her filters and her 100 rows a page again. Work
 * lists offer pages of up to 100 rows (QUEUE_PAGE_SIZE_OPTIONS); the default stays SPEC 9's 10.
 */
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { storage } from '@/utils/storage';
import { DEFAULT_PAGE_SIZE } from './index';

/** Page sizes of the lists people work through (queues, sign-ups): SPEC 9's three and two larger ones. */
export const QUEUE_PAGE_SIZE_OPTIONS = [10, 20, 30, 50, 100];

export interface KeptListState {
  filters: Record<string, unknown>;
  pageSize: number;
}

const keyOf = (list: string) => `listState:${list}`;

/** What was kept for a list (nothing kept: no filters, the default page size). */
export function readKeptListState(list: string): KeptListState {
  const kept = storage.get<Partial<KeptListState>>(keyOf(list));
  const pageSize = Number(kept?.pageSize);
  return {
    filters: kept?.filters && typeof kept.filters === 'object' ? kept.filters : {},
    pageSize: QUEUE_PAGE_SIZE_OPTIONS.includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** Keeps part of a list's state (the rest stays as it was). */
export function keepListState(list: string, change: Partial<KeptListState>): void {
  storage.set(keyOf(list), { ...readKeptListState(list), ...change });
}

const isDate = (v: unknown): v is { format: (f: string) => string } =>
  typeof v === 'object' && v !== null && typeof (v as { format?: unknown }).format === 'function';
/** A date as the day the user picked (YYYY-MM-DD), not as an instant that another zone reads as another day. */
const keptValue = (v: unknown): unknown =>
  isDate(v) ? v.format('YYYY-MM-DD') : Array.isArray(v) ? v.map(keptValue) : v;

/** Form values as they can be kept: empty ones left out, dates (dayjs) as their day. */
export function keptFilters(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = JSON.parse(JSON.stringify(keptValue(v))) as unknown;
  }
  return out;
}

/**
 * ProTable props of a kept list: the form starts from the kept filters, a search or a reset keeps
 * the form's values, the pagination starts from the kept page size and keeps a new one.
 */
export function useKeptListState(list: string, overrides: Record<string, unknown> = {}) {
  const { t } = useTranslation('common');
  // Read once per list: the form's initial values must not change under it.
  const initial = useMemo(() => readKeptListState(list), [list]);
  const overridesRef = useRef(overrides);
  const initialValues = useMemo(() => ({ ...initial.filters, ...overridesRef.current }), [initial]);
  const keepFilters = useCallback(
    (values: Record<string, unknown>) => keepListState(list, { filters: keptFilters(values) }),
    [list],
  );
  const pagination = useMemo(
    () => ({
      defaultPageSize: initial.pageSize,
      pageSizeOptions: QUEUE_PAGE_SIZE_OPTIONS,
      showSizeChanger: true,
      showTotal: (total: number) => t('table.total', { total, count: total }),
      onShowSizeChange: (_current: number, size: number) => keepListState(list, { pageSize: size }),
    }),
    [initial.pageSize, list, t],
  );
  return { initialValues, keepFilters, pagination };
}
