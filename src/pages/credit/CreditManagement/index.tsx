/**
 * 处罚管理 (SPEC 2 CreditManagement, menu credit:punishment:list): the punishments of the caller's
 * area with filters and Excel export, a detail drawer, recording and changing through a form with
 * the select-certificates dialog and attachments previewed in the page, and the four-eyes review
 * tabs (全部 / 待审核) as for users and roles. What the caller may do on each row is the server's
 * answer (canEdit, canRemove, pending.canReview, pending.canCancel).
 */
import { useState } from 'react';
import { Space, Tag, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  CheckStatusTag,
  EditLink,
  RemoveLink,
  ReviewLink,
  ReviewTabsPage,
  RowLink,
  dateRangeColumn,
  useAction,
  useAdminColumns,
  useReviewedList,
  type ReviewCalls,
} from '@/components/AdminKit';
import { formatDateTime } from '@/components/ProTableKit/format';
import {
  creditPunishmentAudit,
  creditPunishmentCancelcommit,
  creditPunishmentExport,
  creditPunishmentList,
  creditPunishmentRemove,
  creditPunishmentReview,
} from '@/services/generated/api';
import PunishmentDrawer from './PunishmentDrawer';
import PunishmentForm from './PunishmentForm';
import {
  NS,
  PUNISHMENT_TYPES,
  REVIEW_STATES,
  STATE_COLOR,
  TYPE_COLOR,
  type Filters,
  type PunishmentRow,
} from './types';
import ActionLink from '@/components/ActionLink';

const review: ReviewCalls = {
  load: (reviewId) => creditPunishmentReview(reviewId),
  // Decisions answer {code, msg} only.
  decide: (detail, approved, comment) =>
    creditPunishmentAudit({ reviewId: detail.reviewId, approved, comment: comment || undefined }).then((r) => ({
      ...r,
      data: null,
    })),
  withdraw: (detail) => creditPunishmentCancelcommit({ reviewId: detail.reviewId }).then((r) => ({ ...r, data: null })),
};

const PAGE = {
  testId: 'punishment-table',
  scroll: { x: 1600 },
  add: { perm: 'credit:punishment:add', testId: 'punishment-add' },
  exportTo: { call: creditPunishmentExport, perm: 'credit:punishment:export' },
} as const;

export default function CreditManagement() {
  const { t } = useTranslation(NS);
  const cols = useAdminColumns<PunishmentRow>();
  const list = useReviewedList<PunishmentRow, Filters>((q, pendingOnly) =>
    creditPunishmentList({ ...q, pending: pendingOnly ? '1' : undefined }),
  );
  // Removing a punishment in force is a submission for review: the server's words say which happened.
  const remove = useAction(list.reload, 'submitted');
  const [viewing, setViewing] = useState<number | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<PunishmentRow | null>(null);

  const columns: ProColumns<PunishmentRow>[] = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      width: 100,
      fixed: 'left',
      fieldProps: { 'data-testid': 'search-name' },
      render: (_d, r) => (
        <ActionLink onClick={() => setViewing(r.id)} data-testid="cell-name">
          {r.name}
        </ActionLink>
      ),
    },
    { title: t('field.idNo'), dataIndex: 'idNo', width: 170, fieldProps: { 'data-testid': 'search-idNo' } },
    {
      title: t('field.type'),
      dataIndex: 'type',
      width: 120,
      valueType: 'select',
      valueEnum: Object.fromEntries(PUNISHMENT_TYPES.map((type) => [type, { text: t(`type.${type}`) }])),
      fieldProps: { 'data-testid': 'search-type' },
      render: (_d, r) => (
        <Tag color={TYPE_COLOR[r.type]} data-testid="cell-type">
          {t(`type.${r.type}`)}
        </Tag>
      ),
    },
    {
      title: t('field.reviewState'),
      dataIndex: 'reviewState',
      width: 170,
      valueType: 'select',
      valueEnum: Object.fromEntries(REVIEW_STATES.map((s) => [s, { text: t(`reviewState.${s}`) }])),
      render: (_d, r) => (
        <Space size={4} wrap>
          <Tag color={STATE_COLOR[r.reviewState]} data-testid="cell-reviewState">
            {t(`reviewState.${r.reviewState}`)}
          </Tag>
          {r.inForce && <Tag color="red">{t('inForce')}</Tag>}
          <CheckStatusTag checkStatus={r.checkStatus} pending={r.pending} />
        </Space>
      ),
    },
    {
      title: t('field.docNo'),
      dataIndex: 'docNo',
      width: 190,
      ellipsis: true,
      fieldProps: { 'data-testid': 'search-docNo' },
      render: (_d, r) => <span data-testid="cell-docNo">{r.docNo}</span>,
    },
    { title: t('field.violateType'), dataIndex: 'violateTypeName', width: 180, ellipsis: true, search: false },
    {
      title: t('field.period'),
      dataIndex: 'startDate',
      width: 200,
      search: false,
      render: (_d, r) => (
        <Space direction="vertical" size={0}>
          <span>{r.endDate ? `${r.startDate} ~ ${r.endDate}` : r.startDate}</span>
          {r.banUntil && (
            <Typography.Text type="secondary">
              {t('field.banUntil')} {r.banUntil}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('field.certificates'),
      dataIndex: 'certificates',
      width: 260,
      search: false,
      render: (_d, r) => (
        <Space direction="vertical" size={2}>
          {r.certificates.map((c) => (
            <span key={c.id} data-testid="cell-certificate">
              {c.certNo} <Tag style={{ marginInlineStart: 4 }}>{c.statusLabel}</Tag>
            </span>
          ))}
        </Space>
      ),
    },
    {
      title: t('field.certNo'),
      dataIndex: 'certNo',
      hideInTable: true,
      fieldProps: { 'data-testid': 'search-certNo' },
    },
    { title: t('field.createdBy'), dataIndex: 'createdByName', width: 100, search: false },
    cols.createdAt({ title: t('field.createdAt'), render: (_d, r) => formatDateTime(r.createdAt) }),
    dateRangeColumn<PunishmentRow>(t('field.startRange')),
    cols.action(
      220,
      (r) =>
        [
          <RowLink
            key="view"
            perm="credit:punishment:query"
            onClick={() => setViewing(r.id)}
            testId={`punishment-view-${r.id}`}
          >
            {t('action.view')}
          </RowLink>,
          r.pending ? (
            <ReviewLink
              key="review"
              pending={r.pending}
              onOpen={list.openReview}
              testId={`punishment-review-${r.id}`}
            />
          ) : null,
          r.canEdit ? (
            <EditLink
              key="edit"
              perm="credit:punishment:edit"
              onClick={() => {
                setEditing(r);
                setFormOpen(true);
              }}
              testId={`punishment-edit-${r.id}`}
            />
          ) : null,
          r.canRemove ? (
            <RemoveLink
              key="remove"
              perm="credit:punishment:remove"
              title={t('action.removeConfirm', { docNo: r.docNo })}
              onConfirm={() => remove(() => creditPunishmentRemove({ ids: String(r.id) }))}
              testId={`punishment-remove-${r.id}`}
            />
          ) : null,
        ].filter((x) => x !== null),
      { fixed: 'right' },
    ),
  ];

  return (
    <ReviewTabsPage<PunishmentRow, Filters>
      {...PAGE}
      title={t('title')}
      list={list}
      review={review}
      columns={columns}
      add={{ ...PAGE.add, label: t('action.add') }}
      onAdd={() => {
        setEditing(null);
        setFormOpen(true);
      }}
    >
      <PunishmentForm
        open={formOpen}
        editing={editing}
        onClose={() => setFormOpen(false)}
        onSaved={() => {
          setFormOpen(false);
          list.reload();
        }}
      />
      <PunishmentDrawer
        id={viewing}
        onClose={() => setViewing(null)}
        onReview={(reviewId) => list.openReview(reviewId)}
      />
    </ReviewTabsPage>
  );
}
