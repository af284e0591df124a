/**
 * 证书查询 search/CertSearch (menu search:cert:list): the certificates of the caller's scope with
 * filters, a detail drawer with the version history, Excel export of the filtered list and a zip
 * of the selected certificates' PDFs (search:cert:export).
 */
import { useRef, useState } from 'react';
import { App, Button, Space, Tag } from 'antd';
import { DownloadOutlined, FileZipOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import type { SortOrder } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { selectionLabel } from '@/components/ProTableKit/selectionLabel';
import AuthButton from '@/components/AuthButton';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import { tableRequest, useTablePagination } from '@/components/ProTableKit';
import { dayRange } from '@/components/ProTableKit/search';
import { DATE_FORMAT } from '@/components/ProTableKit/format';
import { errorMessage } from '@/services/request';
import { downloadFile, fetchPdf, withoutEmpty } from '@/services/download';
import {
  safetyCertificateInfoExportExcel,
  safetyCertificateInfoExportZip,
  safetyCertificateInfoList,
  safetyCertificateInfoPdf,
} from '@/services/generated/api';
import {
  SafetyCertificateInfoListSortField,
  type SafetyCertificateInfoList200,
  type SafetyCertificateInfoListParams,
} from '@/services/generated/api.schemas';
import CertificateDrawer, { StatusTag, showPdf, useCertLabels } from './CertificateDrawer';
import { useDrillFilters } from '../components/drill';
import ActionLink from '@/components/ActionLink';

/** The server's ceiling for one zip (server/modules/certificate/file-routes.ts ZIP_MAX). */
const ZIP_MAX = 200;
const CATEGORIES = ['A', 'B', 'C1', 'C2', 'C3'] as const;
const STATUSES = ['01', '02', '03', '04', '05', '06', '07', '99'] as const;

type CertificateRow = SafetyCertificateInfoList200['rows'][number];
type SortField = SafetyCertificateInfoListParams['sortField'];
type Filters = Omit<SafetyCertificateInfoListParams, 'pageNum' | 'pageSize' | 'sortField' | 'sortOrder'>;

/** The column the table sorts by, when the server sorts by it. */
const sortFieldOf = (field: string | undefined): SortField =>
  Object.values(SafetyCertificateInfoListSortField).find((f) => f === field);

export default function CertSearch() {
  const { t } = useTranslation('cert');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const labels = useCertLabels();
  const actionRef = useRef<ActionType>(null);
  const tablePagination = useTablePagination();
  // Drill-down from the statistics: filters in the address fill the form, the others ride along as tags.
  const drill = useDrillFilters(
    ['certNo', 'name', 'idNo', 'category', 'status', 'enterpriseName'],
    [
      { field: 'issueRange', from: 'beginTime', to: 'endTime' },
      { field: 'expiryRange', from: 'expiryFrom', to: 'expiryTo' },
    ],
    ['area', 'districtCode', 'enterpriseId', 'personId'],
  );
  // Over millions of certificates the server estimates the total beyond a ceiling: the page says 约 N 条.
  const [estimated, setEstimated] = useState(false);
  const pagination = {
    ...tablePagination,
    showTotal: (total: number) =>
      estimated ? t('search.totalEstimated', { total: total.toLocaleString() }) : tablePagination.showTotal(total),
  };
  const [viewing, setViewing] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState<'excel' | 'zip' | number | null>(null);
  // The filters of the last search: the Excel export takes the same ones.
  const filters = useRef<Filters>({});

  const columns: ProColumns<CertificateRow>[] = [
    {
      title: t('field.certNo'),
      dataIndex: 'certNo',
      width: 200,
      fixed: 'left',
      sorter: true,
      fieldProps: { 'data-testid': 'cert-search-certNo' },
      render: (_d, r) => (
        <ActionLink onClick={() => setViewing(r.id)} data-testid="cert-row-certNo">
          {r.certNo}
        </ActionLink>
      ),
    },
    {
      title: t('field.name'),
      dataIndex: 'name',
      width: 100,
      sorter: true,
      fieldProps: { 'data-testid': 'cert-search-name' },
    },
    { title: t('field.idNo'), dataIndex: 'idNo', width: 180, fieldProps: { 'data-testid': 'cert-search-idNo' } },
    {
      title: t('field.category'),
      dataIndex: 'category',
      width: 220,
      ellipsis: true,
      valueType: 'select',
      valueEnum: Object.fromEntries(CATEGORIES.map((c) => [c, { text: labels.category(c) }])),
      fieldProps: { 'data-testid': 'cert-search-category' },
      render: (_d, r) => labels.category(r.category, r.categoryLabel),
    },
    {
      title: t('field.status'),
      dataIndex: 'status',
      width: 100,
      valueType: 'select',
      sorter: true,
      valueEnum: Object.fromEntries(STATUSES.map((s) => [s, { text: labels.status(s) }])),
      fieldProps: { 'data-testid': 'cert-search-status' },
      render: (_d, r) => <StatusTag code={r.status} label={r.statusLabel} />,
    },
    {
      title: t('field.enterpriseName'),
      dataIndex: 'enterpriseName',
      width: 240,
      ellipsis: true,
      sorter: true,
      fieldProps: { 'data-testid': 'cert-search-enterprise' },
    },
    { title: t('field.position'), dataIndex: 'positionLabel', width: 160, ellipsis: true, search: false },
    { title: t('field.issueDate'), dataIndex: 'issueDate', width: 110, sorter: true, search: false },
    { title: t('field.expiryDate'), dataIndex: 'expiryDate', width: 110, sorter: true, search: false },
    {
      title: t('field.issueRange'),
      dataIndex: 'issueRange',
      valueType: 'dateRange',
      hideInTable: true,
      fieldProps: { format: DATE_FORMAT },
      search: { transform: dayRange('beginTime', 'endTime') },
    },
    {
      title: t('field.expiryRange'),
      dataIndex: 'expiryRange',
      valueType: 'dateRange',
      hideInTable: true,
      fieldProps: { format: DATE_FORMAT },
      search: { transform: dayRange('expiryFrom', 'expiryTo') },
    },
    { title: t('field.version'), dataIndex: 'versionLabel', width: 80, search: false },
    { title: t('field.printCount'), dataIndex: 'printCount', width: 90, search: false, sorter: true },
    {
      title: t('field.actions'),
      valueType: 'option',
      width: 120,
      fixed: 'right',
      render: (_d, r) => [
        <ActionLink key="view" onClick={() => setViewing(r.id)} data-testid="cert-row-view">
          {t('search.view')}
        </ActionLink>,
        <ActionLink key="pdf" onClick={() => void preview(r.id)} data-testid="cert-row-preview">
          {busy === r.id ? '…' : t('search.preview')}
        </ActionLink>,
      ],
    },
  ];

  const preview = async (id: number) => {
    setBusy(id);
    try {
      await showPdf(
        () => fetchPdf((o) => safetyCertificateInfoPdf(id, o)),
        () => void message.info(t('print.popupBlocked')),
      );
    } catch (err) {
      void message.error(errorMessage(err, t('detail.loadFailed')));
    } finally {
      setBusy(null);
    }
  };

  const exportExcel = async () => {
    setBusy('excel');
    try {
      await downloadFile((o) => safetyCertificateInfoExportExcel(withoutEmpty(filters.current), o), '证书列表.xlsx');
    } catch (err) {
      void message.error(errorMessage(err, t('search.exportFailed')));
    } finally {
      setBusy(null);
    }
  };

  const exportZip = async () => {
    if (selected.length === 0) {
      void message.warning(t('search.selectFirst'));
      return;
    }
    if (selected.length > ZIP_MAX) {
      void message.warning(t('search.zipTooMany', { max: ZIP_MAX }));
      return;
    }
    setBusy('zip');
    try {
      await downloadFile((o) => safetyCertificateInfoExportZip({ ids: selected.join(',') }, o), '证书.zip');
    } catch (err) {
      void message.error(errorMessage(err, t('search.exportFailed')));
    } finally {
      setBusy(null);
    }
  };

  const request = tableRequest<CertificateRow, Filters & { sortField?: string; sortOrder?: 'ascend' | 'descend' }>(
    (q) => {
      const { pageNum, pageSize, sortField, sortOrder, ...rest } = q;
      filters.current = { ...rest, ...drill.hidden };
      return safetyCertificateInfoList({
        ...rest,
        ...drill.hidden,
        pageNum,
        pageSize,
        sortField: sortFieldOf(sortField),
        sortOrder,
      }).then((res) => {
        setEstimated((res as { totalExact?: boolean }).totalExact === false);
        return res;
      });
    },
    actionRef,
  );

  return (
    <PageHeaderWrapper title={t('search.title')} description={t('search.desc')}>
      <ProTable<CertificateRow, Filters>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        request={(params, sort: Record<string, SortOrder>) => {
          const [field, order] = Object.entries(sort ?? {}).find(([, o]) => !!o) ?? [];
          return request({
            ...params,
            sortField: field,
            sortOrder: order === 'ascend' || order === 'descend' ? order : undefined,
          });
        }}
        pagination={pagination}
        params={drill.hidden}
        form={{ initialValues: drill.initialValues }}
        headerTitle={
          Object.keys(drill.hidden).length ? (
            <Space wrap>
              {Object.entries(drill.hidden).map(([k, v]) => (
                <Tag key={k} closable onClose={() => drill.remove(k)} data-testid={`drill-${k}`}>
                  {t(`search.drill.${k}`, { value: v })}
                </Tag>
              ))}
            </Space>
          ) : undefined
        }
        dateFormatter="string"
        search={{ labelWidth: 'auto', defaultCollapsed: !drill.any }}
        options={{ density: false, setting: false, reload: true }}
        scroll={{ x: 1700 }}
        locale={{ emptyText: t('search.empty') }}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (r) => selectionLabel(tc('a11y.selectRow', { name: r.certNo })),
        }}
        tableAlertRender={({ selectedRowKeys, onCleanSelected }) => (
          <Space>
            <span data-testid="cert-selected-count">{t('search.selected', { count: selectedRowKeys.length })}</span>
            <ActionLink onClick={onCleanSelected}>{t('search.clearSelection')}</ActionLink>
          </Space>
        )}
        toolBarRender={() => [
          <AuthButton key="excel" perm="search:cert:export">
            <Button
              icon={<DownloadOutlined />}
              loading={busy === 'excel'}
              onClick={() => void exportExcel()}
              data-testid="cert-export-excel"
            >
              {t('search.exportExcel')}
            </Button>
          </AuthButton>,
          <AuthButton key="zip" perm="search:cert:export">
            <Button
              icon={<FileZipOutlined />}
              loading={busy === 'zip'}
              disabled={selected.length === 0}
              onClick={() => void exportZip()}
              data-testid="cert-export-zip"
            >
              {selected.length ? t('search.exportZipCount', { count: selected.length }) : t('search.exportZip')}
            </Button>
          </AuthButton>,
        ]}
        data-testid="cert-table"
      />
      <CertificateDrawer id={viewing} onClose={() => setViewing(null)} />
    </PageHeaderWrapper>
  );
}
