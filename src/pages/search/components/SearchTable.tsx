/**
 * The table of every search page: server paging and sorting, the filters of the address (drill-down)
 * and of the form, a total that says 约 N 条 when the server estimated it, and the Excel export of
 * the last search.
 */
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Space, Tag, Typography } from 'antd';
import { ProTable, type ActionType, type ProColumns, type ProTableProps } from '@ant-design/pro-components';
import type { SortOrder } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { ExportButton, type ExportButtonProps } from '@/components/ExcelButtons';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, shouldStepBack } from '@/components/ProTableKit';
import { searchOnly } from '@/components/ProTableKit/search';
import type { DrillFilters } from './drill';

/** What a search list call answers. */
export interface SearchAnswer<T> {
  code: number;
  rows: T[];
  total: number;
  totalExact?: boolean;
}

export type SearchQuery = Record<string, unknown> & {
  pageNum: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
};

export interface SearchTableProps<T extends Record<string, unknown>> {
  columns: ProColumns<T>[];
  fetch: (q: SearchQuery) => Promise<SearchAnswer<T>>;
  drill: DrillFilters;
  /** Words of the hidden filters' tags (key → text). */
  hiddenLabel?: (key: string, value: string) => string;
  exportTo?: { call: ExportButtonProps['exportCall']; perm: string; fileName: string };
  testId: string;
  rowKey?: string;
  scrollX?: number;
  toolBar?: ReactNode[];
  tableProps?: Partial<ProTableProps<T, Record<string, unknown>>>;
}

export default function SearchTable<T extends Record<string, unknown>>({
  columns,
  fetch,
  drill,
  hiddenLabel,
  exportTo,
  testId,
  rowKey = 'id',
  scrollX = 1400,
  toolBar = [],
  tableProps,
}: SearchTableProps<T>) {
  const { t } = useTranslation('search');
  const actionRef = useRef<ActionType>(null);
  const [estimated, setEstimated] = useState(false);
  const [lastQuery, setLastQuery] = useState<Record<string, unknown>>({});
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;
  const hidden = drill.hidden;

  const pagination = useMemo(
    () => ({
      defaultPageSize: DEFAULT_PAGE_SIZE,
      pageSizeOptions: PAGE_SIZE_OPTIONS,
      showSizeChanger: true,
      showTotal: (total: number) => (
        <span data-testid={`${testId}-total`} data-estimated={estimated ? '1' : '0'}>
          {estimated
            ? t('total.estimated', { total: total.toLocaleString() })
            : t('total.exact', { total, count: total })}
        </span>
      ),
    }),
    [estimated, t, testId],
  );

  const request = async (
    params: Record<string, unknown> & { current?: number; pageSize?: number },
    sort: Record<string, SortOrder>,
  ) => {
    const { current, pageSize, ...rest } = params;
    const [field, order] = Object.entries(sort ?? {}).find(([, o]) => !!o) ?? [];
    const pageNum = current ?? 1;
    const query: SearchQuery = {
      ...searchOnly(rest),
      ...hidden,
      pageNum,
      pageSize: pageSize ?? DEFAULT_PAGE_SIZE,
      ...(field && (order === 'ascend' || order === 'descend') ? { sortField: field, sortOrder: order } : {}),
    };
    setLastQuery(searchOnly({ ...rest, ...hidden }));
    const res = await fetchRef.current(query);
    const total = Number(res.total ?? 0);
    setEstimated(res.totalExact === false);
    if (shouldStepBack(res.rows ?? [], pageNum, total))
      window.setTimeout(() => actionRef.current?.setPageInfo?.({ current: pageNum - 1 }), 0);
    return { data: res.rows ?? [], total, success: res.code === 0 };
  };

  const tags = Object.entries(hidden);
  return (
    <ProTable<T, Record<string, unknown>>
      rowKey={rowKey}
      actionRef={actionRef}
      columns={columns}
      request={request}
      params={hidden}
      form={{ initialValues: drill.initialValues }}
      pagination={pagination}
      dateFormatter="string"
      search={{ labelWidth: 'auto', defaultCollapsed: !drill.any }}
      options={{ density: false, setting: false, reload: true }}
      scroll={{ x: scrollX }}
      headerTitle={
        tags.length ? (
          <Space wrap data-testid={`${testId}-drill`}>
            <Typography.Text type="secondary">{t('drill.filters')}</Typography.Text>
            {tags.map(([k, v]) => (
              <Tag key={k} closable onClose={() => drill.remove(k)} data-testid={`drill-${k}`}>
                {hiddenLabel ? hiddenLabel(k, v) : `${k}: ${v}`}
              </Tag>
            ))}
          </Space>
        ) : undefined
      }
      toolBarRender={() => [
        ...toolBar,
        exportTo ? (
          <ExportButton
            key="export"
            exportCall={exportTo.call}
            params={lastQuery}
            fileName={exportTo.fileName}
            perm={exportTo.perm}
          />
        ) : null,
      ]}
      {...tableProps}
      {...({ 'data-testid': testId } as Record<string, unknown>)}
    />
  );
}
