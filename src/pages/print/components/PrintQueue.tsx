/**
 * A certificate printing queue (待打印证书 / 已打印证书): the rows of GET /workflow/queue/printWait|printDone
 * joined with their certificate's version and print count (GET /safetyCertificateInfo/printInfo),
 * a print (or reprint) button that opens the counted PDF and refreshes, preview, and Excel export.
 */
import { useRef, useState } from 'react';
import { App, Button, Space, Tag } from 'antd';
import { DownloadOutlined, EyeOutlined, PrinterOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import AuthButton from '@/components/AuthButton';
import ApplicationViewModal from '@/components/ApplicationViewModal';
import { useWorkflowLabels } from '@/components/ApplicationViewModal/labels';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import { tableRequest, useTablePagination } from '@/components/ProTableKit';
import { dateRangeColumn } from '@/components/ProTableKit/search';
import { formatDateTime } from '@/components/ProTableKit/format';
import { errorMessage, type ListResult } from '@/services/request';
import { listQueue, type QueueRow } from '@/services/workflow';
import { downloadFile, fetchPdf, withoutEmpty } from '@/services/download';
import {
  safetyCertificateInfoPdf,
  safetyCertificateInfoPrint,
  safetyCertificateInfoPrintExport,
  safetyCertificateInfoPrintInfo,
} from '@/services/generated/api';
import type { SafetyCertificateInfoPrintInfo200 } from '@/services/generated/api.schemas';
import { showPdf } from '@/pages/search/CertSearch/CertificateDrawer';
import ActionLink from '@/components/ActionLink';

export type PrintQueueName = 'printWait' | 'printDone';
type PrintInfo = SafetyCertificateInfoPrintInfo200['data'][number];
type Row = QueueRow & { info: PrintInfo | null };
interface SearchParams {
  keyword?: string;
  beginTime?: string;
  endTime?: string;
}

const MINUTES = 'YYYY-MM-DD HH:mm';
const pad = (v: number | null | undefined) => (v === null || v === undefined ? '-' : String(v).padStart(3, '0'));

/** Menu keys of each queue (server/db/seed/menus.ts). */
const PERMS: Record<PrintQueueName, { print: string; export: string }> = {
  printWait: { print: 'print:waitPrint:print', export: 'print:waitPrint:export' },
  printDone: { print: 'print:printed:print', export: 'print:printed:export' },
};

async function loadRows(
  queue: PrintQueueName,
  q: SearchParams & { pageNum: number; pageSize: number },
): Promise<ListResult<Row>> {
  const res = await listQueue(queue, { ...q, keyword: q.keyword?.trim() || undefined });
  const ids = (res.rows ?? []).map((r) => r.id);
  const info = ids.length ? (await safetyCertificateInfoPrintInfo({ applicationIds: ids.join(',') })).data : [];
  const byId = new Map(info.map((i) => [i.applicationId, i]));
  return { ...res, rows: (res.rows ?? []).map((r) => ({ ...r, info: byId.get(r.id) ?? null })) };
}

export default function PrintQueue({ queue }: { queue: PrintQueueName }) {
  const { t } = useTranslation('cert');
  const { message, modal } = App.useApp();
  const labels = useWorkflowLabels();
  const actionRef = useRef<ActionType>(null);
  const pagination = useTablePagination();
  const [viewing, setViewing] = useState<number | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const search = useRef<SearchParams>({});
  const done = queue === 'printDone';

  const doPrint = async (row: Row) => {
    setBusy(`print-${row.id}`);
    try {
      const file = await fetchPdf((o) => safetyCertificateInfoPrint({ applicationId: row.id }, o));
      await showPdf(
        async () => file,
        () => void message.info(t('print.popupBlocked')),
      );
      void message.success(t('print.printed', { count: file.printCount ?? '' }));
      void actionRef.current?.reload();
    } catch (err) {
      void message.error(errorMessage(err, t('print.printFailed')));
    } finally {
      setBusy(null);
    }
  };

  const print = (row: Row) => {
    const count = row.info?.printCount ?? 0;
    if (!done) {
      void doPrint(row);
      return;
    }
    modal.confirm({
      title: t('print.reprintConfirmTitle'),
      content: t('print.reprintConfirm', { certNo: row.info?.certNo ?? row.certNo ?? '', count }),
      okText: t('print.ok'),
      cancelText: t('print.cancel'),
      onOk: () => doPrint(row),
    });
  };

  const preview = async (row: Row) => {
    if (!row.info?.certificateId) return;
    const id = row.info.certificateId;
    setBusy(`preview-${row.id}`);
    try {
      await showPdf(
        () => fetchPdf((o) => safetyCertificateInfoPdf(id, o)),
        () => void message.info(t('print.popupBlocked')),
      );
    } catch (err) {
      void message.error(errorMessage(err, t('print.printFailed')));
    } finally {
      setBusy(null);
    }
  };

  const exportExcel = async () => {
    setBusy('export');
    try {
      await downloadFile(
        (o) => safetyCertificateInfoPrintExport({ queue, ...withoutEmpty(search.current) }, o),
        queue === 'printWait' ? '待打印证书.xlsx' : '已打印证书.xlsx',
      );
    } catch (err) {
      void message.error(errorMessage(err, t('search.exportFailed')));
    } finally {
      setBusy(null);
    }
  };

  const columns: ProColumns<Row>[] = [
    {
      title: t('field.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: t('field.keywordPlaceholder'), 'data-testid': 'print-keyword' },
    },
    dateRangeColumn<Row>(t('field.submittedRange')),
    {
      title: t('field.applyNo'),
      dataIndex: 'applyNo',
      search: false,
      width: 170,
      fixed: 'left',
      render: (_d, r) => (
        <ActionLink onClick={() => setViewing(r.id)} data-testid="print-row-applyNo">
          {r.applyNo}
        </ActionLink>
      ),
    },
    {
      title: t('field.business'),
      dataIndex: 'businessLabel',
      search: false,
      width: 110,
      render: (_d, r) => labels.business(r.businessType, r.businessLabel),
    },
    {
      title: t('field.certNo'),
      dataIndex: 'certNo',
      search: false,
      width: 200,
      render: (_d, r) => r.info?.certNo ?? r.certNo ?? <Tag>{t('print.noCertificate')}</Tag>,
    },
    {
      title: t('field.holderName'),
      dataIndex: 'holderName',
      search: false,
      width: 100,
      render: (_d, r) => r.info?.holderName ?? r.holderName ?? '-',
    },
    { title: t('field.applicantName'), dataIndex: 'applicantName', search: false, width: 220, ellipsis: true },
    {
      title: t('field.version'),
      dataIndex: 'certVersion',
      search: false,
      width: 150,
      render: (_d, r) => (
        <Space size={4}>
          <span data-testid="print-row-version">{pad(r.info?.version)}</span>
          {done && r.info && r.info.printedVersion !== null && r.info.printedVersion !== r.info.version && (
            <Tag color="orange">{t('print.newVersion')}</Tag>
          )}
        </Space>
      ),
    },
    {
      title: t('field.printCount'),
      dataIndex: 'printCount',
      search: false,
      width: 90,
      render: (_d, r) => <span data-testid="print-row-count">{r.info?.printCount ?? '-'}</span>,
    },
    {
      title: t('field.printedVersion'),
      dataIndex: 'printedVersion',
      search: false,
      width: 100,
      render: (_d, r) => pad(r.info?.printedVersion),
    },
    {
      title: t('field.closedAt'),
      dataIndex: 'updatedAt',
      search: false,
      width: 140,
      render: (_d, r) => formatDateTime(r.updatedAt, MINUTES) || '-',
    },
    ...(done
      ? [
          {
            title: t('field.printedAt'),
            dataIndex: 'printedAt',
            search: false as const,
            width: 140,
            render: (_d: unknown, r: Row) => formatDateTime(r.info?.applicationPrintedAt, MINUTES) || '-',
          },
        ]
      : []),
    {
      title: t('field.actions'),
      valueType: 'option',
      width: 150,
      fixed: 'right',
      render: (_d, r) => [
        <AuthButton key="print" perm={PERMS[queue].print}>
          <Button
            type="link"
            size="small"
            icon={<PrinterOutlined />}
            disabled={!r.info?.certificateId}
            loading={busy === `print-${r.id}`}
            onClick={() => print(r)}
            data-testid="print-row-print"
          >
            {done ? t('print.reprint') : t('print.print')}
          </Button>
        </AuthButton>,
        <Button
          key="preview"
          type="link"
          size="small"
          icon={<EyeOutlined />}
          disabled={!r.info?.certificateId}
          loading={busy === `preview-${r.id}`}
          onClick={() => void preview(r)}
          data-testid="print-row-preview"
        >
          {t('print.preview')}
        </Button>,
      ],
    },
  ];

  return (
    <PageHeaderWrapper
      title={t(done ? 'print.doneTitle' : 'print.waitTitle')}
      description={t(done ? 'print.doneDesc' : 'print.waitDesc')}
    >
      <ProTable<Row, SearchParams>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        request={tableRequest<Row, SearchParams>((q) => {
          search.current = { keyword: q.keyword, beginTime: q.beginTime, endTime: q.endTime };
          return loadRows(queue, q);
        }, actionRef)}
        pagination={pagination}
        dateFormatter="string"
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        options={{ density: false, setting: false, reload: true }}
        scroll={{ x: 1500 }}
        toolBarRender={() => [
          <AuthButton key="export" perm={PERMS[queue].export}>
            <Button
              icon={<DownloadOutlined />}
              loading={busy === 'export'}
              onClick={() => void exportExcel()}
              data-testid="print-export"
            >
              {t('search.exportExcel')}
            </Button>
          </AuthButton>,
        ]}
        data-testid="print-table"
      />
      <ApplicationViewModal
        id={viewing}
        onClose={() => setViewing(null)}
        onChanged={() => void actionRef.current?.reload()}
        readOnly
      />
    </PageHeaderWrapper>
  );
}
