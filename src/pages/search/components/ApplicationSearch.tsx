/**
 * The application searches: 办件查询 (the centre's view: steps, deadlines, overdue) and 申请查询 (the
 * applicant's view of its own applications of every type). One table, two column sets; the view
 * modal shows an application with the actions the caller may take now.
 */
import { useState } from 'react';
import { Tag } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import ApplicationViewModal from '@/components/ApplicationViewModal';
import DeadlineText from '@/components/ApplicationViewModal/DeadlineText';
import { useDeadlineTexts } from '@/components/ApplicationViewModal/useDeadlines';
import { useWorkflowLabels } from '@/components/ApplicationViewModal/labels';
import { formatDateTime } from '@/components/ProTableKit/format';
import { searchApplyExport, searchApplyList, searchWorkExport, searchWorkList } from '@/services/generated/api';
import type { SearchWorkList200RowsItem as WorkRow, SearchWorkListParams } from '@/services/generated/api.schemas';
import SearchTable, { type SearchQuery } from './SearchTable';
import { useDrillFilters } from './drill';
import { districtColumn } from './columns';
import { dateRangeColumn } from '@/components/ProTableKit/search';
import { AreaTag, useSearchLabels } from './labels';
import ActionLink from '@/components/ActionLink';

const BUSINESS_TYPES = [
  'newCert',
  'delay',
  'inner',
  'inProvince',
  'outProvince',
  'modify',
  'revocation',
  'personRevocation',
  'rename',
] as const;
const APPLY_STATUSES = ['0', '1', '2', '3', '4', '8'] as const;
const STEPS = ['sl', 'cb', 'cs', 'sh', 'sp', 'bj'] as const;

const FORM_FIELDS = [
  'applyNo',
  'businessType',
  'status',
  'step',
  'outcome',
  'enterpriseName',
  'personName',
  'idNo',
  'certNo',
  'area',
  'districtCode',
  'overdue',
  'open',
];
const RANGES = [
  { field: 'submittedRange', from: 'beginTime', to: 'endTime' },
  { field: 'acceptedRange', from: 'acceptedFrom', to: 'acceptedTo' },
  { field: 'closedRange', from: 'closedFrom', to: 'closedTo' },
];

export default function ApplicationSearch({ kind }: { kind: 'work' | 'apply' }) {
  const { t, areaEnum, yesNoEnum } = useSearchLabels();
  const workflow = useWorkflowLabels();
  const drill = useDrillFilters(FORM_FIELDS, RANGES, ['enterpriseId', 'personId']);
  const [viewing, setViewing] = useState<number | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const centre = kind === 'work';
  const deadlines = useDeadlineTexts(centre);
  const enumOf = (codes: readonly string[], label: (c: string) => string) =>
    Object.fromEntries(codes.map((c) => [c, { text: label(c) }]));

  const columns: ProColumns<WorkRow>[] = [
    {
      title: t('field.applyNo'),
      dataIndex: 'applyNo',
      width: 170,
      fixed: 'left',
      sorter: true,
      fieldProps: { 'data-testid': 'search-applyNo', placeholder: t('field.prefixPlaceholder') },
      render: (_d, r) => (
        <ActionLink onClick={() => setViewing(r.id)} data-testid="work-row-applyNo">
          {r.applyNo}
        </ActionLink>
      ),
    },
    {
      title: t('field.businessType'),
      dataIndex: 'businessType',
      width: 140,
      sorter: true,
      valueType: 'select',
      valueEnum: enumOf(BUSINESS_TYPES, (c) => workflow.business(c)),
      fieldProps: { 'data-testid': 'search-businessType' },
      render: (_d, r) => workflow.business(r.businessType, r.businessLabel),
    },
    {
      title: t('field.applicant'),
      dataIndex: 'enterpriseName',
      width: 230,
      ellipsis: true,
      fieldProps: { placeholder: t('field.containsPlaceholder') },
      render: (_d, r) => r.applicantName,
    },
    {
      title: t('field.person'),
      dataIndex: 'personName',
      width: 100,
      fieldProps: { placeholder: t('field.prefixPlaceholder') },
      render: (_d, r) => r.holderName ?? '-',
    },
    {
      title: t('field.idNo'),
      dataIndex: 'idNo',
      hideInTable: true,
      fieldProps: { placeholder: t('field.prefixPlaceholder') },
    },
    {
      title: t('field.certNo'),
      dataIndex: 'certNo',
      width: 200,
      fieldProps: { placeholder: t('field.certNoPlaceholder') },
      render: (_d, r) => r.certNo ?? '-',
    },
    {
      title: t('field.applyStatus'),
      dataIndex: 'status',
      width: 130,
      sorter: true,
      valueType: 'select',
      valueEnum: enumOf(APPLY_STATUSES, (c) => workflow.status(c)),
      fieldProps: { 'data-testid': 'search-status' },
      render: (_d, r) => workflow.status(r.status, r.statusLabel),
    },
    {
      title: t('field.step'),
      dataIndex: 'step',
      width: 90,
      valueType: 'select',
      valueEnum: enumOf(STEPS, (c) => workflow.step(c)),
      render: (_d, r) => (r.step ? workflow.step(r.step, r.stepLabel) : '-'),
    },
    {
      title: t('field.outcome'),
      dataIndex: 'outcome',
      width: 90,
      valueType: 'select',
      valueEnum: { approved: { text: t('outcome.approved') }, denied: { text: t('outcome.denied') } },
      render: (_d, r) => (r.outcome ? t(`outcome.${r.outcome}`) : '-'),
    },
    {
      title: t('field.area'),
      dataIndex: 'area',
      width: 130,
      valueType: 'select',
      valueEnum: areaEnum,
      hideInTable: !centre,
      render: (_d, r) => <AreaTag area={r.area} />,
    },
    districtColumn<WorkRow>(t('field.enterpriseDistrict')),
    {
      title: t('field.submittedAt'),
      dataIndex: 'submittedAt',
      width: 165,
      search: false,
      sorter: true,
      render: (_d, r) => formatDateTime(r.submittedAt),
    },
    dateRangeColumn<WorkRow>(t('field.submittedRange'), 'submittedRange', 'beginTime', 'endTime'),
    {
      title: t('field.acceptedAt'),
      dataIndex: 'acceptedAt',
      width: 165,
      search: false,
      sorter: true,
      hideInTable: !centre,
      render: (_d, r) => formatDateTime(r.acceptedAt),
    },
    dateRangeColumn<WorkRow>(t('field.acceptedRange'), 'acceptedRange', 'acceptedFrom', 'acceptedTo'),
    {
      title: t('field.deadline'),
      dataIndex: 'deadline',
      width: 200,
      search: false,
      hideInTable: !centre,
      render: (_d, r) => (
        <>
          <DeadlineText deadline={r.deadline} daysLeft={r.daysLeft} estimated={r.deadlineEstimated} block />
          {r.overdue ? (
            <Tag color="red" data-testid="work-row-overdue">
              {t('work.overdue')}
            </Tag>
          ) : null}
        </>
      ),
    },
    {
      title: t('field.overdue'),
      dataIndex: 'overdue',
      hideInTable: true,
      valueType: 'select',
      valueEnum: yesNoEnum,
      fieldProps: { 'data-testid': 'search-overdue' },
    },
    {
      title: t('field.open'),
      dataIndex: 'open',
      hideInTable: true,
      valueType: 'select',
      valueEnum: { 1: { text: t('work.openYes') }, 0: { text: t('work.openNo') } },
    },
    {
      title: t('field.closedAt'),
      dataIndex: 'closedAt',
      width: 165,
      search: false,
      sorter: true,
      render: (_d, r) => formatDateTime(r.closedAt),
    },
    dateRangeColumn<WorkRow>(t('field.closedRange'), 'closedRange', 'closedFrom', 'closedTo'),
    {
      title: t('field.actions'),
      valueType: 'option',
      width: 80,
      fixed: 'right',
      render: (_d, r) => [
        <ActionLink key="view" onClick={() => setViewing(r.id)} data-testid="work-row-view">
          {t('action.view')}
        </ActionLink>,
      ],
    },
  ];

  const fetch = centre ? searchWorkList : searchApplyList;
  return (
    <PageHeaderWrapper title={t(`${kind}.title`)} description={t(`${kind}.desc`, deadlines)}>
      <SearchTable<WorkRow>
        key={reloadKey}
        columns={columns}
        fetch={(q: SearchQuery) => fetch(q as SearchWorkListParams)}
        drill={drill}
        hiddenLabel={(k, v) => t(`drill.${k}`, { value: v })}
        exportTo={{
          call: kind === 'work' ? searchWorkExport : searchApplyExport,
          perm: `search:${kind}:export`,
          fileName: t(`${kind}.title`),
        }}
        testId={`${kind}-table`}
        scrollX={2300}
      />
      <ApplicationViewModal
        id={viewing}
        onClose={() => setViewing(null)}
        onChanged={() => setReloadKey((k) => k + 1)}
      />
    </PageHeaderWrapper>
  );
}
