/**
 * 准考证打印 (exam:printPermit:*): pick a batch whose tickets print now, then print one ticket or the
 * whole batch as one PDF (the centre: every candidate; an enterprise: its own; a person: their own).
 */
import { useState } from 'react';
import { Alert, App, Button, Card, Space } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import AuthButton from '@/components/AuthButton';
import { AdminTable, RowLink, useListPage } from '@/components/AdminKit';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import { errorMessage } from '@/services/request';
import { examSignList } from '@/services/generated/api';
import type { ExamBatch, ExamSignup } from '@/services/generated/api.schemas';
import BatchPicker from '../components/BatchPicker';
import { batchTicketsUrl, fetchPdf, openOrSave, savePdf, ticketUrl } from '../components/pdf';
import type { FileCall } from '@/services/download';
import { NS } from '../components/text';

type Query = { keyword?: string; batchId?: number };

export default function ExamPrintPermit() {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const [batch, setBatch] = useState<ExamBatch | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // The batch travels as a table param: choosing another one reloads the table.
  const list = useListPage<ExamSignup, Query>((q) => examSignList({ ...q, batchId: q.batchId, status: 'accepted' }));

  const get = async (key: string, url: FileCall, open: boolean) => {
    setBusy(key);
    try {
      const file = await fetchPdf(url);
      if (!open) savePdf(file);
      else if (!openOrSave(file)) void message.info(t('print.popupBlocked'));
    } catch (err) {
      void message.error(errorMessage(err, t('print.failed')));
    } finally {
      setBusy(null);
    }
  };

  const columns: ProColumns<ExamSignup>[] = [
    {
      title: t('sign.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { 'data-testid': 'search-keyword' },
    },
    { title: t('sign.ticketNo'), dataIndex: 'ticketNo', width: 140, search: false },
    { title: t('sign.seatNo'), dataIndex: 'seatNo', width: 90, search: false },
    { title: t('sign.name'), dataIndex: 'name', width: 100, search: false },
    { title: t('sign.idNo'), dataIndex: 'idNo', width: 180, search: false },
    { title: t('sign.enterprise'), dataIndex: 'enterpriseName', ellipsis: true, search: false },
    {
      title: t('sign.actions'),
      valueType: 'option',
      width: 160,
      render: (_d, r) =>
        r.actions.includes('print')
          ? [
              <RowLink
                key="print"
                testId="ticket-print"
                disabled={busy !== null}
                onClick={() => void get(`p${r.id}`, ticketUrl(r.id), true)}
              >
                {t('print.print')}
              </RowLink>,
              <RowLink
                key="download"
                testId="ticket-download"
                disabled={busy !== null}
                onClick={() => void get(`d${r.id}`, ticketUrl(r.id), false)}
              >
                {t('print.download')}
              </RowLink>,
            ]
          : [],
    },
  ];

  return (
    <PageHeaderWrapper title={t('print.title')} description={t('print.desc')}>
      <Card style={{ marginBottom: 16 }}>
        <Space wrap>
          <span>{t('print.batch')}</span>
          <BatchPicker
            value={batch?.id ?? null}
            offer={(b) => b.events.includes('PRINT_TICKET')}
            onChange={(_id, b) => setBatch(b)}
            onLoaded={(all) => {
              if (!batch && all[0]) setBatch(all[0]);
            }}
            testId="print-batch"
          />
        </Space>
      </Card>
      {batch ? (
        <AdminTable<ExamSignup, Query>
          rowKey="id"
          testId="ticket-table"
          list={list}
          columns={columns}
          params={{ batchId: batch.id }}
          headerTitle={`${batch.batchNo} ${batch.name}`}
          toolBar={[
            <AuthButton key="all" perm="exam:printPermit:print">
              <Space>
                <Button
                  type="primary"
                  icon={<PrinterOutlined />}
                  loading={busy === 'all'}
                  onClick={() => void get('all', batchTicketsUrl(batch.id), true)}
                  data-testid="ticket-print-all"
                >
                  {t('print.printAll')}
                </Button>
                <Button
                  icon={<DownloadOutlined />}
                  loading={busy === 'allDownload'}
                  onClick={() => void get('allDownload', batchTicketsUrl(batch.id), false)}
                  data-testid="ticket-download-all"
                >
                  {t('print.downloadAll')}
                </Button>
              </Space>
            </AuthButton>,
          ]}
        />
      ) : (
        <Alert type="info" showIcon message={t('print.noBatch')} />
      )}
    </PageHeaderWrapper>
  );
}
