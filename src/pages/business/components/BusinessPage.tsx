/**
 * One business page (SPEC 2 "Enterprise business"): the caller's applications of one type (ProTable
 * over {base}/list, SPEC 9 pagination), 申请 opening the apply wizard, and per row 查看 (the view
 * modal with history, statechart and the workflow actions), and — while saved — 编辑, 提交, 删除.
 */
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { App, Button, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { ExclamationCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { BUSINESS_ROUTES, type ApplyStatusCode, type BusinessType } from '@machines/businessTypes';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import AuthButton from '@/components/AuthButton';
import ApplicationViewModal from '@/components/ApplicationViewModal';
import { useWorkflowLabels } from '@/components/ApplicationViewModal/labels';
import { tableRequest, useTablePagination } from '@/components/ProTableKit';
import { dateRangeColumn } from '@/components/ProTableKit/search';
import { formatDateTime } from '@/components/ProTableKit/format';
import { errorMessage, isUnauthorized } from '@/services/request';
import { applyAllowed, listBusiness, removeBusiness, submitBusiness, type BusinessRow } from '@/services/business';
import ApplyWizard from './ApplyWizard';
import BusinessViewExtra from './BusinessViewExtra';
import { NS, type BusinessFormComponent } from './types';
import { ruleMessage } from './logic';
import ActionLink from '@/components/ActionLink';

interface Filters {
  keyword?: string;
  status?: string;
  beginTime?: string;
  endTime?: string;
}

export interface BusinessPageProps {
  type: BusinessType;
  /** the type's own form (wizard step "form") */
  Form?: BusinessFormComponent;
  /** the type's own step-0 fields */
  SubjectExtra?: BusinessFormComponent;
  /** a second tab next to the applications (revocation: the certificates that may be revoked) */
  extraTab?: { key: string; label: string; render: (reloadApplications: () => void) => ReactNode };
}

const STATUS_COLOR: Record<number, string> = {
  0: 'purple',
  1: 'default',
  2: 'blue',
  3: 'processing',
  4: 'red',
  8: 'green',
};
const STATUSES: ApplyStatusCode[] = [0, 1, 2, 3, 4, 8];

export default function BusinessPage({ type, Form, SubjectExtra, extraTab }: BusinessPageProps) {
  const { t, i18n } = useTranslation(NS);
  const { message } = App.useApp();
  const labels = useWorkflowLabels();
  const pagination = useTablePagination();
  const actionRef = useRef<ActionType>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [wizard, setWizard] = useState<{ open: boolean; editId: number | null }>({ open: false, editId: null });
  const [tab, setTab] = useState('apps');
  const perm = `business:${type}`;

  const reload = useCallback(() => void actionRef.current?.reload(), []);
  const aboutEnterprise = BUSINESS_ROUTES[type].target === 'enterprise';
  // An enterprise-level business (企业更名) may not be open to a new application now (one in
  // progress, the enterprise inactive): the server says so and why; asked whenever the list loads.
  const [refusal, setRefusal] = useState<string | null>(null);
  const askApplicable = useCallback(() => {
    if (!aboutEnterprise) return;
    applyAllowed(type).then(
      ({ data }) =>
        setRefusal(
          data.allowed
            ? null
            : ruleMessage(data.code, data.msg ?? '', i18n.language, (key, fallback) =>
                t(key, { defaultValue: fallback }),
              ),
        ),
      () => setRefusal(null),
    );
  }, [aboutEnterprise, type, i18n.language, t]);
  const request = useMemo(
    () =>
      tableRequest<BusinessRow, Filters>(({ pageNum, pageSize, keyword, status, beginTime, endTime }) => {
        askApplicable();
        return listBusiness(type, {
          pageNum,
          pageSize,
          keyword: keyword?.trim() || undefined,
          status: status === undefined || status === '' ? undefined : Number(status),
          beginTime,
          endTime,
        });
      }, actionRef),
    [type, askApplicable],
  );

  const submitRow = async (r: BusinessRow) => {
    try {
      const res = await submitBusiness(type, r.id, r.version);
      void message.success(res.msg || t('wizard.submitted'));
    } catch (err) {
      // a refusal of the rules (422) names the rule in words
      if (!isUnauthorized(err)) void message.error(errorMessage(err, t('wizard.submitFailed')));
    }
    reload();
  };

  const removeRow = async (r: BusinessRow) => {
    try {
      const res = await removeBusiness(type, [r.id]);
      void message.success(res.msg || t('list.removed'));
    } catch (err) {
      if (!isUnauthorized(err)) void message.error(errorMessage(err, t('list.removeFailed')));
    }
    reload();
  };

  const columns: ProColumns<BusinessRow>[] = [
    {
      title: t('list.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: t('list.keywordPlaceholder'), 'data-testid': 'business-search-keyword' },
    },
    {
      title: t('list.applyNo'),
      dataIndex: 'applyNo',
      search: false,
      width: 160,
      render: (_d, r) => (
        <ActionLink onClick={() => setViewing(r.id)} data-testid="business-row-applyNo">
          {r.applyNo}
        </ActionLink>
      ),
    },
    {
      title: aboutEnterprise ? t('list.enterprise') : t('list.subject'),
      dataIndex: 'holderName',
      search: false,
      width: 220,
      render: (_d, r) =>
        aboutEnterprise ? (
          r.applicantName
        ) : (
          <div>
            <div>{r.holderName ?? '-'}</div>
            {r.certNo ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.certNo}
              </Typography.Text>
            ) : null}
          </div>
        ),
    },
    // A business about the enterprise (更名) has no certificate category to show.
    {
      title: t('list.category'),
      dataIndex: 'category',
      search: false,
      width: 70,
      hideInTable: aboutEnterprise,
      render: (_d, r) => r.category ?? '-',
    },
    {
      title: t('list.status'),
      dataIndex: 'status',
      width: 120,
      valueType: 'select',
      valueEnum: Object.fromEntries(STATUSES.map((s) => [String(s), { text: labels.status(s) }])),
      fieldProps: { 'data-testid': 'business-search-status' },
      render: (_d, r) => (
        <Tag color={STATUS_COLOR[r.status] ?? 'default'} data-testid="business-row-status">
          {labels.status(r.status, r.statusLabel)}
        </Tag>
      ),
    },
    {
      title: t('list.step'),
      dataIndex: 'stepLabel',
      search: false,
      width: 90,
      render: (_d, r) => labels.step(r.step, r.stepLabel) || '-',
    },
    {
      title: t('list.lastComment'),
      dataIndex: 'lastComment',
      search: false,
      width: 220,
      render: (_d, r) =>
        r.lastComment ? (
          <Typography.Text type="danger" strong data-testid="business-row-comment">
            <ExclamationCircleOutlined /> {r.lastComment}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
    {
      title: t('list.submittedAt'),
      dataIndex: 'submittedAt',
      search: false,
      width: 150,
      render: (_d, r) => formatDateTime(r.submittedAt, 'YYYY-MM-DD HH:mm') || '-',
    },
    dateRangeColumn<BusinessRow>(t('list.dateRange')),
    {
      title: t('list.actions'),
      valueType: 'option',
      width: 200,
      fixed: 'right',
      // Exactly the events the server says this user may send now (the row's allowedEvents).
      render: (_d, r) => {
        const may = new Set(r.allowedEvents);
        return [
          <ActionLink key="view" onClick={() => setViewing(r.id)} data-testid="business-row-view">
            {t('list.view')}
          </ActionLink>,
          may.has('SAVE') ? (
            <AuthButton key="edit" perm={`${perm}:edit`}>
              <ActionLink onClick={() => setWizard({ open: true, editId: r.id })} data-testid="business-row-edit">
                {t('list.edit')}
              </ActionLink>
            </AuthButton>
          ) : null,
          may.has('SUBMIT') ? (
            <AuthButton key="submit" perm={`${perm}:edit`}>
              <Popconfirm title={t('list.submitConfirm', { applyNo: r.applyNo })} onConfirm={() => submitRow(r)}>
                <a data-testid="business-row-submit">{t('list.submit')}</a>
              </Popconfirm>
            </AuthButton>
          ) : null,
          may.has('DELETE') ? (
            <AuthButton key="remove" perm={`${perm}:remove`}>
              <Popconfirm
                title={t('list.removeConfirm', { applyNo: r.applyNo })}
                onConfirm={() => removeRow(r)}
                okButtonProps={{ danger: true }}
              >
                <ActionLink danger data-testid="business-row-delete">
                  {t('list.delete')}
                </ActionLink>
              </Popconfirm>
            </AuthButton>
          ) : null,
        ].filter(Boolean);
      },
    },
  ];

  const table = (
    <ProTable<BusinessRow, Filters>
      rowKey="id"
      actionRef={actionRef}
      columns={columns}
      request={request}
      pagination={pagination}
      dateFormatter="string"
      search={{ labelWidth: 'auto', defaultCollapsed: false }}
      options={{ density: false, setting: false, reload: true }}
      scroll={{ x: 1300 }}
      locale={{ emptyText: t('list.empty') }}
      data-testid="business-table"
      toolBarRender={() => [
        <AuthButton key="apply" perm={`${perm}:add`}>
          <Tooltip title={refusal !== null ? t('list.applyBlocked', { reason: refusal }) : undefined}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={refusal !== null}
              onClick={() => setWizard({ open: true, editId: null })}
              data-testid="business-apply"
            >
              {t('list.apply')}
            </Button>
          </Tooltip>
        </AuthButton>,
      ]}
    />
  );

  return (
    <PageHeaderWrapper
      title={t(`title.${type}`)}
      description={t(`desc.${type}`)}
      tabs={
        extraTab
          ? [
              { key: 'apps', label: t('list.tabApplications') },
              { key: extraTab.key, label: extraTab.label },
            ]
          : undefined
      }
      activeTab={tab}
      onTabChange={setTab}
    >
      {tab === 'apps' || !extraTab ? (
        table
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {extraTab.render(reload)}
        </Space>
      )}
      <ApplicationViewModal
        id={viewing}
        onClose={() => setViewing(null)}
        onChanged={reload}
        renderPayload={(d) => <BusinessViewExtra type={type} id={d.id} version={d.version} />}
      />
      <ApplyWizard
        type={type}
        open={wizard.open}
        editId={wizard.editId}
        Form={Form}
        SubjectExtra={SubjectExtra}
        onClose={() => setWizard({ open: false, editId: null })}
        onChanged={reload}
      />
    </PageHeaderWrapper>
  );
}
