/** Columns every administration list has: 操作, 创建时间, the 状态 filter and a log row's outcome, in the kit's words. */

/** The outcome codes a log search sends ('0' success, '1' failure). */
export const OUTCOME_CODE = { success: '0', failure: '1' } as const;
import { useMemo, type ReactNode } from 'react';
import { Badge } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { formatDateTime } from '@/components/ProTableKit/format';
import { useStatusEnum } from './status';
import { useKitText } from './text';

export function useAdminColumns<T>() {
  const t = useKitText();
  const statusEnum = useStatusEnum();
  return useMemo(
    () => ({
      /** The 操作 column: the row's links. */
      action: (width: number, render: (row: T) => ReactNode[], extra: Partial<ProColumns<T>> = {}): ProColumns<T> => ({
        title: t('admin.action'),
        valueType: 'option',
        width,
        render: (_d, r) => render(r),
        ...extra,
      }),
      /** 创建时间 as shown (not a search field: the date range is). */
      createdAt: (extra: Partial<ProColumns<T>> = {}): ProColumns<T> => ({
        title: t('admin.createdAt'),
        dataIndex: 'createdAt',
        width: 170,
        search: false,
        render: (_d, r) => formatDateTime((r as { createdAt?: string | null }).createdAt) || '-',
        ...extra,
      }),
      /** 状态 as a search filter (正常/停用); `render` draws the cell from the row's `enabled`. */
      status: (extra: Partial<ProColumns<T>> = {}): ProColumns<T> => ({
        title: t('admin.status'),
        dataIndex: 'status',
        width: 100,
        valueType: 'select',
        valueEnum: statusEnum,
        ...extra,
      }),
      /** 成功/失败 of a log row: filtered by code, drawn from the row's `success`. */
      outcome: (title: string): ProColumns<T> => ({
        title,
        dataIndex: 'status',
        width: 100,
        valueType: 'select',
        valueEnum: {
          [OUTCOME_CODE.success]: { text: t('admin.success') },
          [OUTCOME_CODE.failure]: { text: t('admin.failure') },
        },
        render: (_d, r) => <OutcomeBadge success={(r as { success: boolean }).success} />,
      }),
    }),
    [t, statusEnum],
  );
}

export function OutcomeBadge({ success, suffix }: { success: boolean; suffix?: string }) {
  const t = useKitText();
  return (
    <Badge
      status={success ? 'success' : 'error'}
      text={`${success ? t('admin.success') : t('admin.failure')}${suffix ?? ''}`}
    />
  );
}
