/**
 * Shared ProTable defaults (SPEC 9): default page size 10, options 10/20/30, total text
 * 总共 N 条记录; list answers that come back empty on a page above 1 go back one page (SPEC 7).
 */
import { useMemo, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionType } from '@ant-design/pro-components';
import { toApiError, type ListResult } from '@/services/request';
import { reportListFailure, reportRefusal } from '@/app/refusal';

export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 30];

/** ProTable `pagination` prop with the i18n total text. */
export function useTablePagination() {
  const { t } = useTranslation('common');
  return useMemo(
    () => ({
      defaultPageSize: DEFAULT_PAGE_SIZE,
      pageSizeOptions: PAGE_SIZE_OPTIONS,
      showSizeChanger: true,
      showTotal: (total: number) => t('table.total', { total, count: total }),
    }),
    [t],
  );
}

/** Whether an empty page should step back one page (pageNum above 1). */
export function shouldStepBack(rows: unknown[], pageNum: number, total: number): boolean {
  return rows.length === 0 && pageNum > 1 && total > 0;
}

/**
 * Adapts a list call to ProTable `request`: maps current/pageSize to pageNum/pageSize, steps back
 * one page when a page above 1 comes back empty, and reports a refusal or failure (src/app/refusal).
 */
export function tableRequest<T, Q extends object>(
  fetch: (query: Q & { pageNum: number; pageSize: number }) => Promise<ListResult<T>>,
  actionRef: RefObject<ActionType | undefined | null>,
) {
  return async (params: Q & { current?: number; pageSize?: number }) => {
    const { current, pageSize, ...rest } = params;
    const pageNum = current ?? 1;
    let res: ListResult<T>;
    try {
      res = await fetch({ ...(rest as Q), pageNum, pageSize: pageSize ?? DEFAULT_PAGE_SIZE });
    } catch (err) {
      // A refusal opens the 403 page with its reason; a failure says so; neither reads as "no rows".
      const e = toApiError(err);
      if (e.status === 403) reportRefusal(e.msg);
      else if (e.status !== 401) reportListFailure(e.msg);
      return { data: [], total: 0, success: false };
    }
    const rows = res?.rows ?? [];
    const total = Number(res?.total ?? 0);
    if (shouldStepBack(rows, pageNum, total) || (rows.length === 0 && pageNum > 1)) {
      window.setTimeout(() => {
        actionRef.current?.setPageInfo?.({ current: pageNum - 1 });
      }, 0);
    }
    return { data: rows, total, success: res?.code === 0 || res?.code === undefined };
  };
}
