/**
 * 继续教育记录 exam/FurtherEducation (menu exam:furtherEducation:list): for each certificate the
 * continuing-education hours counted in its current validity period against the requirement (the
 * same rows and the same requirement as the delay check), and the training records themselves,
 * with filters, Excel export and — for staff the server allows (row.canRemove) — removal after
 * confirmation. ?importId= opens the records of one import.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { App, Button, Progress, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import type { SortOrder } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { selectionLabel } from '@/components/ProTableKit/selectionLabel';
import AuthButton from '@/components/AuthButton';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import { tableRequest, useTablePagination } from '@/components/ProTableKit';
import { dayRange } from '@/components/ProTableKit/search';
import { DATE_FORMAT } from '@/components/ProTableKit/format';
import { downloadFile, withoutEmpty, type FileCall } from '@/services/download';
import { errorMessage } from '@/services/request';
import {
  examFurtherEducationExport,
  examFurtherEducationHours,
  examFurtherEducationHoursExport,
  examFurtherEducationList,
  examFurtherEducationRemove,
} from '@/services/generated/api';
import {
  ExamFurtherEducationHoursSortField,
  ExamFurtherEducationListSortField,
} from '@/services/generated/api.schemas';
import type {
  ExamFurtherEducationHours200RowsItem as HoursRow,
  ExamFurtherEducationHoursParams as HoursParams,
  ExamFurtherEducationList200RowsItem as RecordRow,
  ExamFurtherEducationListParams as RecordParams,
} from '@/services/generated/api.schemas';
import ActionLink from '@/components/ActionLink';

const CATEGORIES = ['A', 'B', 'C1', 'C2', 'C3'] as const;
const STATUSES = ['01', '02', '03', '04', '05', '06', '07', '99'] as const;

type HoursFilters = Omit<HoursParams, 'pageNum' | 'pageSize'>;
type RecordFilters = Omit<RecordParams, 'pageNum' | 'pageSize'>;

/** The table's sorter as the list's sortField/sortOrder, for the fields the server sorts on. */
const sortOf = <F extends string>(allowed: Record<string, F>, sort: Record<string, SortOrder>) => {
  const [field, order] = Object.entries(sort ?? {}).find(([, o]) => !!o) ?? [];
  const sortField = (Object.values(allowed) as string[]).includes(field ?? '') ? (field as F) : undefined;
  return { sortField, sortOrder: sortField && (order === 'ascend' || order === 'descend') ? order : undefined };
};

export default function FurtherEducation() {
  const { t } = useTranslation(['imports', 'cert']);
  const { t: tc } = useTranslation('common');
  const { message, modal } = App.useApp();
  const pagination = useTablePagination();
  const [params, setParams] = useSearchParams();
  const importId = Number(params.get('importId')) || undefined;
  const [tab, setTab] = useState(importId ? 'records' : 'hours');
  const [certNo, setCertNo] = useState<string | undefined>(undefined);
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const hoursRef = useRef<ActionType>(null);
  const recordsRef = useRef<ActionType>(null);
  const hoursFilters = useRef<HoursFilters>({});
  const recordFilters = useRef<RecordFilters>({});
  const category = (code: string | null | undefined) =>
    code ? t(`cert:category.${code}`, { defaultValue: code }) : '';

  const exportList = async (key: string, call: FileCall, name: string) => {
    setBusy(key);
    try {
      await downloadFile(call, name);
    } catch (err) {
      void message.error(errorMessage(err, t('further.exportFailed')));
    } finally {
      setBusy(null);
    }
  };

  const remove = (rows: RecordRow[]) => {
    modal.confirm({
      title: t('further.removeTitle'),
      content: t('further.removeConfirm', { count: rows.length, hours: rows.reduce((s, r) => s + r.hours, 0) }),
      okText: t('further.remove'),
      okButtonProps: { danger: true, 'data-testid': 'further-remove-ok' },
      onOk: async () => {
        try {
          const res = await examFurtherEducationRemove({ ids: rows.map((r) => r.id).join(',') });
          void message.success(res.msg || t('further.removed'));
          setSelected([]);
          void recordsRef.current?.reload();
          void hoursRef.current?.reload();
        } catch (err) {
          void message.error(errorMessage(err, t('further.removeFailed')));
        }
      },
    });
  };

  const hoursColumns: ProColumns<HoursRow>[] = [
    {
      title: t('further.certNo'),
      dataIndex: 'certNo',
      width: 190,
      sorter: true,
      fieldProps: { 'data-testid': 'further-hours-certNo' },
    },
    { title: t('further.name'), dataIndex: 'name', width: 90, sorter: true },
    { title: t('further.idNo'), dataIndex: 'idNo', width: 170 },
    {
      title: t('further.category'),
      dataIndex: 'category',
      width: 170,
      ellipsis: true,
      valueType: 'select',
      valueEnum: Object.fromEntries(CATEGORIES.map((c) => [c, { text: category(c) }])),
      render: (_d, r) => category(r.category) || r.categoryLabel,
    },
    {
      title: t('further.status'),
      dataIndex: 'status',
      width: 90,
      valueType: 'select',
      hideInTable: true,
      valueEnum: Object.fromEntries(STATUSES.map((s) => [s, { text: t(`cert:status.${s}`, { defaultValue: s }) }])),
    },
    { title: t('further.enterpriseName'), dataIndex: 'enterpriseName', width: 190, ellipsis: true },
    {
      title: t('further.validity'),
      dataIndex: 'expiryDate',
      width: 190,
      sorter: true,
      search: false,
      render: (_d, r) => `${r.validFrom} ~ ${r.expiryDate}`,
    },
    {
      title: t('further.progress'),
      dataIndex: 'hours',
      width: 170,
      search: false,
      render: (_d, r) => (
        <Space direction="vertical" size={0} style={{ width: '100%' }}>
          <Typography.Text data-testid="further-hours-value">
            {t('further.hoursOf', { hours: r.hours, required: r.required })}
          </Typography.Text>
          <Progress
            percent={Math.min(100, Math.round((r.hours / Math.max(r.required, 1)) * 100))}
            size="small"
            status={r.met ? 'success' : 'active'}
            showInfo={false}
            aria-label={t('further.hoursOf', { hours: r.hours, required: r.required })}
          />
        </Space>
      ),
    },
    {
      title: t('further.met'),
      dataIndex: 'met',
      width: 120,
      valueType: 'select',
      valueEnum: { 1: { text: t('further.metYes') }, 0: { text: t('further.metNo') } },
      render: (_d, r) =>
        r.met ? (
          <Tag color="success">{t('further.metYes')}</Tag>
        ) : (
          <Tag color="warning">{t('further.missing', { hours: r.missing })}</Tag>
        ),
    },
    {
      title: t('further.expiryRange'),
      dataIndex: 'expiryRange',
      valueType: 'dateRange',
      hideInTable: true,
      fieldProps: { format: DATE_FORMAT },
      search: { transform: dayRange('expiryFrom', 'expiryTo') },
    },
    {
      title: t('further.actions'),
      valueType: 'option',
      width: 100,
      fixed: 'right',
      render: (_d, r) => [
        <ActionLink
          key="records"
          onClick={() => {
            setCertNo(r.certNo);
            setTab('records');
          }}
          data-testid="further-view-records"
        >
          {t('further.viewRecords')}
        </ActionLink>,
      ],
    },
  ];

  const recordColumns: ProColumns<RecordRow>[] = [
    { title: t('further.name'), dataIndex: 'name', width: 90, sorter: true },
    { title: t('further.idNo'), dataIndex: 'idNo', width: 170 },
    {
      title: t('further.certNo'),
      dataIndex: 'certNo',
      width: 190,
      sorter: true,
      fieldProps: { 'data-testid': 'further-records-certNo' },
    },
    { title: t('further.course'), dataIndex: 'course', width: 200, ellipsis: true, sorter: true },
    { title: t('further.hours'), dataIndex: 'hours', width: 80, sorter: true, search: false },
    {
      title: t('further.period'),
      dataIndex: 'finishedOn',
      width: 200,
      sorter: true,
      search: false,
      render: (_d, r) =>
        r.startedOn && r.startedOn !== r.finishedOn ? `${r.startedOn} ~ ${r.finishedOn}` : r.finishedOn,
    },
    { title: t('further.provider'), dataIndex: 'provider', width: 170, ellipsis: true },
    { title: t('further.enterpriseName'), dataIndex: 'enterpriseName', hideInTable: true },
    {
      title: t('further.counted'),
      dataIndex: 'counted',
      width: 100,
      valueType: 'select',
      valueEnum: { 1: { text: t('further.countedYes') }, 0: { text: t('further.countedNo') } },
      render: (_d, r) =>
        r.counted ? <Tag color="success">{t('further.countedYes')}</Tag> : <Tag>{t('further.countedNo')}</Tag>,
    },
    {
      title: t('further.source'),
      dataIndex: 'importFileName',
      width: 120,
      ellipsis: true,
      search: false,
      render: (_d, r) =>
        r.importId ? (
          <Tooltip title={r.importFileName}>{t('further.sourceImport', { id: r.importId })}</Tooltip>
        ) : (
          t('further.sourceOther')
        ),
    },
    {
      title: t('further.finishedRange'),
      dataIndex: 'finishedRange',
      valueType: 'dateRange',
      hideInTable: true,
      fieldProps: { format: DATE_FORMAT },
      search: { transform: dayRange('beginTime', 'endTime') },
    },
    {
      title: t('further.actions'),
      valueType: 'option',
      width: 80,
      fixed: 'right',
      render: (_d, r) =>
        r.canRemove
          ? [
              <ActionLink
                key="remove"
                style={{ color: '#cf1322' }}
                onClick={() => remove([r])}
                data-testid="further-remove"
              >
                {t('further.remove')}
              </ActionLink>,
            ]
          : [],
    },
  ];

  const hoursRequest = tableRequest<HoursRow, HoursFilters>((q) => {
    const { pageNum, pageSize, ...rest } = q;
    hoursFilters.current = rest;
    return examFurtherEducationHours({ ...rest, pageNum, pageSize });
  }, hoursRef);
  const recordsRequest = tableRequest<RecordRow, RecordFilters>((q) => {
    const { pageNum, pageSize, ...rest } = q;
    const filters = { ...rest, certNo: rest.certNo ?? certNo, importId };
    recordFilters.current = filters;
    return examFurtherEducationList({ ...filters, pageNum, pageSize });
  }, recordsRef);

  // A certificate picked in the hours tab, or the import of the address, narrows the records.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the table's request reads certNo and importId; a change of either reloads it
  useEffect(() => {
    void recordsRef.current?.reload();
  }, [certNo, importId]);

  const clearImport = () => {
    params.delete('importId');
    setParams(params, { replace: true });
  };

  return (
    <PageHeaderWrapper title={t('further.title')} description={t('further.desc')}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'hours',
            label: <span data-testid="further-tab-hours">{t('further.tabHours')}</span>,
            children: (
              <ProTable<HoursRow, HoursFilters>
                rowKey="certificateId"
                actionRef={hoursRef}
                columns={hoursColumns}
                request={(p, sort: Record<string, SortOrder>) =>
                  hoursRequest({ ...p, ...sortOf(ExamFurtherEducationHoursSortField, sort) })
                }
                pagination={pagination}
                dateFormatter="string"
                search={{ labelWidth: 'auto', defaultCollapsed: true }}
                options={{ density: false, setting: false, reload: true }}
                scroll={{ x: 1320 }}
                toolBarRender={() => [
                  <AuthButton key="export" perm="exam:furtherEducation:export">
                    <Button
                      icon={<DownloadOutlined />}
                      loading={busy === 'hours'}
                      data-testid="further-hours-export"
                      onClick={() =>
                        void exportList(
                          'hours',
                          (o) => examFurtherEducationHoursExport(withoutEmpty(hoursFilters.current), o),
                          `${t('further.tabHours')}.xlsx`,
                        )
                      }
                    >
                      {t('further.export')}
                    </Button>
                  </AuthButton>,
                ]}
                data-testid="further-hours"
              />
            ),
          },
          {
            key: 'records',
            label: <span data-testid="further-tab-records">{t('further.tabRecords')}</span>,
            children: (
              <ProTable<RecordRow, RecordFilters>
                rowKey="id"
                actionRef={recordsRef}
                columns={recordColumns}
                request={(p, sort: Record<string, SortOrder>) =>
                  recordsRequest({ ...p, ...sortOf(ExamFurtherEducationListSortField, sort) })
                }
                pagination={pagination}
                dateFormatter="string"
                search={{ labelWidth: 'auto', defaultCollapsed: true }}
                options={{ density: false, setting: false, reload: true }}
                scroll={{ x: 1380 }}
                rowSelection={{
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(Number)),
                  getCheckboxProps: (r) => ({
                    ...selectionLabel(tc('a11y.selectRow', { name: `${r.name} ${r.course}` })),
                    disabled: !r.canRemove,
                  }),
                }}
                tableAlertRender={({ selectedRows, onCleanSelected }) => (
                  <Space>
                    <span>{t('further.selected', { count: selectedRows.length })}</span>
                    <ActionLink onClick={onCleanSelected}>{t('further.clearSelection')}</ActionLink>
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => remove(selectedRows)}
                      data-testid="further-remove-selected"
                    >
                      {t('further.removeSelected')}
                    </Button>
                  </Space>
                )}
                headerTitle={
                  importId || certNo ? (
                    <Space wrap>
                      {importId ? (
                        <Tag closable onClose={clearImport} data-testid="further-import-filter">
                          {t('further.filteredByImport', { id: importId })}
                        </Tag>
                      ) : null}
                      {certNo ? (
                        <Tag closable onClose={() => setCertNo(undefined)}>
                          {t('further.filteredByCert', { certNo })}
                        </Tag>
                      ) : null}
                    </Space>
                  ) : undefined
                }
                toolBarRender={() => [
                  <AuthButton key="export" perm="exam:furtherEducation:export">
                    <Button
                      icon={<DownloadOutlined />}
                      loading={busy === 'records'}
                      data-testid="further-records-export"
                      onClick={() =>
                        void exportList(
                          'records',
                          (o) => examFurtherEducationExport(withoutEmpty(recordFilters.current), o),
                          `${t('further.tabRecords')}.xlsx`,
                        )
                      }
                    >
                      {t('further.export')}
                    </Button>
                  </AuthButton>,
                ]}
                data-testid="further-records"
              />
            ),
          },
        ]}
      />
    </PageHeaderWrapper>
  );
}
