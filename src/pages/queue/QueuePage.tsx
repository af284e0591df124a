/**
 * One queue page for every business type and view (/queue/:businessType/:view) and for the two
 * printing queues (/print/waitPrint, /print/printed): a ProTable over GET /workflow/queue/{queue}
 * (pages of up to 100 rows), a search form (keyword, date range YYYY-MM-DD) kept per queue, and the
 * view modal, whose WorkflowActions do the rest. In a reviewer's queue, rows are selected and decided
 * together (BulkDecision: the decisions every selected row allows), and a decision in the view modal
 * opens the next waiting item (keys A, R, N). The configuration comes from the component string
 * (pageRegistry) or, failing that, from the URL.
 */
import { useCallback, useRef, useState, type ComponentType } from 'react';
import { App, Result, Tag } from 'antd';
import { ProTable, type ActionType, type ProColumns, type ProFormInstance } from '@ant-design/pro-components';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import ApplicationViewModal from '@/components/ApplicationViewModal';
import WorkflowActions from '@/components/WorkflowActions';
import DeadlineText from '@/components/ApplicationViewModal/DeadlineText';
import { useWorkflowLabels } from '@/components/ApplicationViewModal/labels';
import { tableRequest } from '@/components/ProTableKit';
import { useKeptListState } from '@/components/ProTableKit/keptState';
import { selectionLabel } from '@/components/ProTableKit/selectionLabel';
import { dateRangeColumn } from '@/components/ProTableKit/search';
import { formatDateTime } from '@/components/ProTableKit/format';

const DATE_MINUTE_FORMAT = 'YYYY-MM-DD HH:mm';
import { BUSINESS_ROUTES } from '@machines/businessTypes';
import { BULK_EVENTS, listQueue, type QueueRow } from '@/services/workflow';
import { resolveQueueComponent, resolveQueuePath, type QueuePageConfig } from './config';
import ActionLink from '@/components/ActionLink';
import BulkDecision from './BulkDecision';

/** A row a reviewer can decide now (and so select, and be taken to next). */
const decidable = (r: Pick<QueueRow, 'allowedEvents'>) =>
  r.allowedEvents.some((e) => (BULK_EVENTS as readonly string[]).includes(e));

interface SearchParams {
  queue?: string;
  businessType?: string;
  keyword?: string;
  beginTime?: string;
  endTime?: string;
}

const STATUS_COLOR: Record<number, string> = {
  0: 'purple',
  1: 'default',
  2: 'blue',
  3: 'processing',
  4: 'red',
  8: 'green',
};

function QueueTable({ config }: { config: QueuePageConfig }) {
  const { t } = useTranslation('workflow');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const actionRef = useRef<ActionType>(null);
  const formRef = useRef<ProFormInstance>(undefined);
  const kept = useKeptListState(config.component);
  const [viewing, setViewing] = useState<number | null>(null);
  const [selected, setSelected] = useState<QueueRow[]>([]);
  const labels = useWorkflowLabels();
  const reviewing = config.kind === 'queue';
  // The rows of the page as last loaded, and the items decided from the view modal since it opened.
  const rowsRef = useRef<QueueRow[]>([]);
  const decidedRef = useRef<Set<number>>(new Set());

  /**
   * Opens the first waiting item of the page not yet decided or passed over, at once (the reviewer
   * does not wait for the list), and reloads the list behind it when asked; once the page holds
   * none, the reloaded page's first (the next page's items move up), else says the queue is done.
   */
  const openNext = useCallback(
    async (from: number, reload: boolean) => {
      decidedRef.current.add(from);
      const pick = () => rowsRef.current.find((r) => !decidedRef.current.has(r.id) && decidable(r));
      const next = pick();
      if (next) {
        setViewing(next.id);
        if (reload) void actionRef.current?.reload();
        return;
      }
      if (reload) await actionRef.current?.reload();
      const after = pick();
      if (after) setViewing(after.id);
      else {
        setViewing(null);
        void message.info(t('queue.noneLeft'));
      }
    },
    [message, t],
  );

  const title =
    config.kind === 'print'
      ? t(`print.${config.view}`)
      : `${labels.business(config.businessType, config.businessType ? BUSINESS_ROUTES[config.businessType].label : '')} · ${t(`queue.${config.view}`)}`;

  const columns: ProColumns<QueueRow>[] = [
    {
      title: t('search.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: t('search.keywordPlaceholder'), 'data-testid': 'queue-keyword' },
    },
    dateRangeColumn<QueueRow>(t('search.dateRange')),
    {
      title: t('field.applyNo'),
      dataIndex: 'applyNo',
      search: false,
      width: 160,
      render: (_d, r) => (
        <ActionLink onClick={() => setViewing(r.id)} data-testid="queue-row-applyNo">
          {r.applyNo}
        </ActionLink>
      ),
    },
    // every row of a business queue has the same business: the column only shows in the printing queues
    ...(config.kind === 'print'
      ? [
          {
            title: t('field.businessLabel'),
            dataIndex: 'businessLabel',
            search: false as const,
            width: 150,
            ellipsis: true,
            render: (_d: unknown, r: QueueRow) => labels.business(r.businessType, r.businessLabel),
          },
        ]
      : []),
    { title: t('field.applicantName'), dataIndex: 'applicantName', search: false, ellipsis: true, width: 200 },
    { title: t('field.holderName'), dataIndex: 'holderName', search: false, width: 90, ellipsis: true },
    { title: t('field.certNo'), dataIndex: 'certNo', search: false, ellipsis: true, width: 150 },
    {
      title: t('field.statusLabel'),
      dataIndex: 'statusLabel',
      search: false,
      width: 110,
      render: (_d, r) => (
        <Tag color={STATUS_COLOR[r.status] ?? 'default'}>{labels.status(r.status, r.statusLabel)}</Tag>
      ),
    },
    ...(config.kind === 'print'
      ? []
      : [
          {
            title: t('field.stepLabel'),
            dataIndex: 'stepLabel',
            search: false as const,
            width: 110,
            render: (_d: unknown, r: QueueRow) => labels.step(r.step, r.stepLabel) || '-',
          },
        ]),
    {
      title: t('field.submittedAt'),
      dataIndex: 'submittedAt',
      search: false,
      width: 140,
      render: (_d, r) => formatDateTime(r.submittedAt, DATE_MINUTE_FORMAT) || '-',
    },
    {
      title: t('field.acceptedAt'),
      dataIndex: 'acceptedAt',
      search: false,
      width: 140,
      render: (_d, r) => formatDateTime(r.acceptedAt, DATE_MINUTE_FORMAT) || '-',
    },
    // the printing queues hold closed applications: the closing time instead of a deadline
    config.kind === 'print'
      ? {
          title: t('field.closedAt'),
          dataIndex: 'updatedAt',
          search: false,
          width: 140,
          render: (_d, r) => formatDateTime(r.updatedAt, DATE_MINUTE_FORMAT) || '-',
        }
      : {
          title: t('field.deadline'),
          dataIndex: 'deadline',
          search: false,
          width: 150,
          render: (_d, r) => (
            <DeadlineText block deadline={r.deadline} daysLeft={r.daysLeft} estimated={r.deadlineEstimated} />
          ),
        },
    {
      title: t('field.actions'),
      valueType: 'option',
      // The holder decides in the row (确认 / 退回企业) without opening the case first; reviewers decide in the case view.
      width: config.kind === 'mine' ? 230 : 90,
      fixed: 'right',
      render: (_d, r) => [
        <ActionLink key="view" onClick={() => setViewing(r.id)} data-testid="queue-row-view">
          {t('view.open')}
        </ActionLink>,
        ...(config.kind === 'mine' && r.allowedEvents.length > 0
          ? [
              <WorkflowActions
                key="act"
                size="small"
                detail={r}
                onDone={() => void actionRef.current?.reload()}
                onStale={() => void actionRef.current?.reload()}
              />,
            ]
          : []),
      ],
    },
  ];

  return (
    <PageHeaderWrapper
      title={title}
      description={t(config.kind === 'print' ? `print.${config.view}Desc` : `queue.${config.view}Desc`)}
    >
      <ProTable<QueueRow, SearchParams>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        params={{ queue: config.queue, businessType: config.businessType }}
        request={tableRequest(async ({ pageNum, pageSize, keyword, beginTime, endTime }) => {
          const res = await listQueue(config.queue, {
            businessType: config.businessType,
            pageNum,
            pageSize,
            keyword: keyword?.trim() || undefined,
            beginTime,
            endTime,
          });
          rowsRef.current = res.rows ?? [];
          return res;
        }, actionRef)}
        pagination={kept.pagination}
        formRef={formRef}
        form={{ initialValues: kept.initialValues }}
        onSubmit={() => kept.keepFilters(formRef.current?.getFieldsValue() ?? {})}
        onReset={() => kept.keepFilters({})}
        rowSelection={
          reviewing
            ? {
                selectedRowKeys: selected.map((r) => r.id),
                preserveSelectedRowKeys: false,
                onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
                getCheckboxProps: (r: QueueRow) => ({
                  ...selectionLabel(tc('a11y.selectRow', { name: r.applyNo })),
                  disabled: !decidable(r),
                }),
              }
            : false
        }
        tableAlertRender={false}
        toolBarRender={() =>
          reviewing && selected.length > 0
            ? [
                <BulkDecision
                  key="bulk"
                  rows={selected}
                  onDone={() => {
                    setSelected([]);
                    void actionRef.current?.reload();
                  }}
                />,
              ]
            : []
        }
        dateFormatter="string"
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        options={{ density: false, setting: false, reload: true }}
        scroll={{ x: 1300 }}
        locale={{ emptyText: t('table.empty') }}
        data-testid="queue-table"
      />
      <ApplicationViewModal
        id={viewing}
        onClose={() => {
          setViewing(null);
          decidedRef.current = new Set();
        }}
        onChanged={() => void actionRef.current?.reload()}
        {...(reviewing
          ? {
              shortcuts: true,
              onDecided: () => void openNext(viewing ?? 0, true),
              onNext: () => void openNext(viewing ?? 0, false),
            }
          : {})}
      />
    </PageHeaderWrapper>
  );
}

/** The queue page; without a configuration it reads /queue/:businessType/:view or /print/:view. */
export default function QueuePage({ config }: { config?: QueuePageConfig }) {
  const { pathname } = useLocation();
  const { t } = useTranslation('workflow');
  const resolved = config ?? resolveQueuePath(pathname);
  if (!resolved) return <Result status="404" title={t('queue.unknown')} />;
  return <QueueTable key={resolved.component} config={resolved} />;
}

const bound = new Map<string, ComponentType>();

/** A page component bound to one configuration (what pageRegistry renders for a component string). */
export function queuePageFor(config: QueuePageConfig): ComponentType {
  let C = bound.get(config.component);
  if (!C) {
    const Page = () => <QueuePage config={config} />;
    Page.displayName = `QueuePage(${config.component})`;
    C = Page;
    bound.set(config.component, C);
  }
  return C;
}

/** The bound page of a component string, or undefined when it is not a queue page. */
export function queuePageForComponent(component: string): ComponentType | undefined {
  const config = resolveQueueComponent(component);
  return config ? queuePageFor(config) : undefined;
}
