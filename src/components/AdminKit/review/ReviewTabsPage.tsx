/**
 * The four-eyes lists (users, roles, punishments): 全部 / 待审核 tabs over one table, each row's link to its
 * pending submission worded by what the server says this caller may do (canReview, canCancel), and
 * the review window.
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

import type { ParamsType, ProColumns } from '@ant-design/pro-components';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import type { ListResult } from '@/services/request';
import type { CheckStatus, PendingInfo } from './types';
import { AdminTable, useListPage, type AdminTableProps, type Paged } from '../list';
import { toolBarOf, type ToolBarProps } from '../ListPage';
import { useKitText } from '../text';
import CheckStatusTag from './CheckStatusTag';
import ReviewModal, { type ReviewDetail } from './ReviewModal';
import ActionLink from '@/components/ActionLink';
import type { ReviewWarningCode } from './EffectPanel';

export type ReviewTab = 'all' | 'pending';

/** A positive whole number from the address, or null. */
const idParam = (v: string | null): number | null => (v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null);

/**
 * The list wiring of a reviewed list: `fetch` is told whether only rows waiting for review are
 * wanted. The address may open the 待审核 tab (`?tab=pending`, the workbench's count) and one
 * submission's review (`?review=<id>`, a reviewer's to-do).
 */
export function useReviewedList<T, Q extends object>(
  fetch: (q: Paged<Q>, pendingOnly: boolean) => Promise<ListResult<T>>,
) {
  const [params] = useSearchParams();
  const [tab, setTab] = useState<ReviewTab>(
    params.get('tab') === 'pending' || idParam(params.get('review')) ? 'pending' : 'all',
  );
  const list = useListPage<T, Q>((q) => fetch(q, tab === 'pending'));
  const [reviewId, setReviewId] = useState<number | null>(() => idParam(params.get('review')));
  const closeReview = useCallback(() => setReviewId(null), []);
  return { ...list, tab, setTab, reviewId, openReview: setReviewId, closeReview };
}

export type ReviewedList<T, Q extends object> = ReturnType<typeof useReviewedList<T, Q>>;

/** The row's link to its pending submission: 审核 for a reviewer, 查看/撤回 for a submitter who may withdraw, else 查看. */
export function ReviewLink({
  pending,
  onOpen,
  testId,
}: {
  pending: PendingInfo;
  onOpen: (reviewId: number) => void;
  testId: string;
}) {
  const t = useKitText();
  const text = pending.canReview
    ? t('admin.review.button')
    : pending.canCancel
      ? `${t('admin.review.view')}/${t('admin.review.withdraw')}`
      : t('admin.review.view');
  return (
    <ActionLink onClick={() => onOpen(pending.reviewId)} data-testid={testId}>
      {text}
    </ActionLink>
  );
}

/** The 审核状态 column: filter by checkStatus (users know 0 and 2; roles also 3), the tag of the pending submission. */
export function useCheckStatusColumn<T extends { checkStatus: CheckStatus | null; pending?: PendingInfo | null }>(
  title: string,
  codes: readonly CheckStatus[],
): ProColumns<T> {
  const t = useKitText();
  return useMemo(
    () => ({
      title,
      dataIndex: 'checkStatus',
      width: 130,
      valueType: 'select',
      valueEnum: Object.fromEntries(codes.map((c) => [c, { text: t(`admin.checkStatus.${c}`) }])),
      render: (_d, r) => <CheckStatusTag checkStatus={r.checkStatus} pending={r.pending} />,
    }),
    [title, codes, t],
  );
}

export interface ReviewCalls {
  load(reviewId: number): Promise<{ data: ReviewDetail }>;
  decide(
    detail: ReviewDetail,
    approved: boolean,
    comment: string,
    acknowledged: ReviewWarningCode[],
  ): Promise<{ msg?: string }>;
  withdraw?(detail: ReviewDetail): Promise<{ msg?: string }>;
}

export type ReviewTabsPageProps<T extends ParamsType, Q extends ParamsType> = Omit<
  AdminTableProps<T, Q>,
  'list' | 'rowKey' | 'toolBar' | 'title'
> &
  ToolBarProps & {
    title: string;
    list: ReviewedList<T, Q>;
    review: ReviewCalls;
    /** The page's own modals (editor, …). */
    children?: ReactNode;
  };

export default function ReviewTabsPage<T extends ParamsType, Q extends ParamsType>({
  title,
  list,
  review,
  add,
  onAdd,
  tools,
  exportTo,
  children,
  ...table
}: ReviewTabsPageProps<T, Q>) {
  const t = useKitText();
  return (
    <PageHeaderWrapper
      title={title}
      tabs={[
        { key: 'all', label: <span data-testid="tab-all">{t('admin.allTab')}</span> },
        { key: 'pending', label: <span data-testid="tab-pending">{t('admin.pendingTab')}</span> },
      ]}
      activeTab={list.tab}
      onTabChange={(k) => list.setTab(k as ReviewTab)}
    >
      <AdminTable<T, Q>
        key={list.tab}
        list={list}
        rowKey="key"
        toolBar={toolBarOf({ add, onAdd, tools, exportTo }, list.lastQuery, title)}
        {...table}
      />
      {children}
      <ReviewModal
        reviewId={list.reviewId}
        load={review.load}
        decide={review.decide}
        withdraw={review.withdraw}
        onClose={list.closeReview}
        onDone={list.reload}
      />
    </PageHeaderWrapper>
  );
}
