/**
 * The page of an all-or-nothing Excel import (ExamImport, EducationImport): download the template,
 * upload a filled .xlsx (busy state while the server reads and checks every row), then either the
 * summary of what was written, or the per-row report of a refused file — nothing written — as a
 * table and as a downloadable Excel. Below, the history of past imports (server paging, filters,
 * Excel export). The server decides everything; the page shows its answers.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Space,
  Spin,
  Steps,
  Table,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import { DownloadOutlined, FileExcelOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import AuthButton from '@/components/AuthButton';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import { tableRequest, useTablePagination } from '@/components/ProTableKit';
import { dateRangeColumn } from '@/components/ProTableKit/search';
import { formatDateTime } from '@/components/ProTableKit/format';
import { downloadFile, saveBlob, withoutEmpty, type FileCall } from '@/services/download';
import {
  examEducationImportExport,
  examEducationImportImportTemplate,
  examExamImportExport,
  examExamImportImportTemplate,
} from '@/services/generated/api';
import { errorMessage, toApiError, type ListResult } from '@/services/request';

export interface ImportIssue {
  rowNumber: number;
  field: string;
  msg: string;
}

export interface ImportSummary {
  importId: number | null;
  fileName: string;
  rows: number;
  written: number;
  unchanged: number;
  previous: { id: number; createdAt: string } | null;
}

export interface ImportHistoryRow {
  id: number;
  fileName: string;
  rows: number;
  written: number;
  unchanged: number;
  createdBy: string | null;
  createdAt: string;
}

export interface HistoryQuery {
  pageNum: number;
  pageSize: number;
  fileName?: string;
  beginTime?: string;
  endTime?: string;
}

export interface DataImportProps {
  kind: 'exam' | 'education';
  /** The permission entity: exam:<entity>:import / list. */
  entity: 'examImport' | 'educationImport';
  upload(file: File): Promise<{ msg: string; data: ImportSummary }>;
  report(body: { fileName?: string; issues: ImportIssue[] }): Promise<Blob>;
  history(query: HistoryQuery): Promise<ListResult<ImportHistoryRow>>;
  /** More to do after a successful import (e.g. open the records it wrote). */
  afterSuccess?: (summary: ImportSummary) => ReactNode;
  /** The server's limits, said before the upload. */
  limits: { megabytes: number; rows: number };
}

type Outcome =
  | { kind: 'idle' }
  | { kind: 'done'; msg: string; summary: ImportSummary }
  | { kind: 'refused'; msg: string; forbidden: boolean; issues: ImportIssue[]; fileName: string }
  | { kind: 'failed'; msg: string };

const isIssue = (r: unknown): r is ImportIssue =>
  !!r &&
  typeof r === 'object' &&
  typeof (r as ImportIssue).rowNumber === 'number' &&
  typeof (r as ImportIssue).msg === 'string';

/** Seconds since `since` (null: not running), ticking once a second. */
function useElapsed(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}

/** The file operations of each import: its template and its history export. */
const FILES: Record<DataImportProps['entity'], { template: FileCall; exportHistory: (q: object) => FileCall }> = {
  examImport: {
    template: (o) => examExamImportImportTemplate(o),
    exportHistory: (q) => (o) => examExamImportExport(withoutEmpty(q), o),
  },
  educationImport: {
    template: (o) => examEducationImportImportTemplate(o),
    exportHistory: (q) => (o) => examEducationImportExport(withoutEmpty(q), o),
  },
};

export default function DataImport({ kind, entity, upload, report, history, afterSuccess, limits }: DataImportProps) {
  const { t } = useTranslation('imports');
  const { message } = App.useApp();
  const [file, setFile] = useState<UploadFile | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [busy, setBusy] = useState<'template' | 'report' | 'export' | null>(null);
  const elapsed = useElapsed(startedAt);
  const actionRef = useRef<ActionType>(null);
  const pagination = useTablePagination();
  const filters = useRef<Omit<HistoryQuery, 'pageNum' | 'pageSize'>>({});

  const template = async () => {
    setBusy('template');
    try {
      await downloadFile(FILES[entity].template, `${t(`${kind}.title`)}.xlsx`);
    } catch (err) {
      void message.error(errorMessage(err, t('upload.templateFailed')));
    } finally {
      setBusy(null);
    }
  };

  const start = async () => {
    const raw = file?.originFileObj;
    if (!raw) {
      void message.warning(t('upload.choose'));
      return;
    }
    setOutcome({ kind: 'idle' });
    setStartedAt(Date.now());
    try {
      const res = await upload(raw);
      setOutcome({ kind: 'done', msg: res.msg, summary: res.data });
      void actionRef.current?.reload();
    } catch (err) {
      const e = toApiError(err);
      const issues = Array.isArray(e.data) ? e.data.filter(isIssue) : [];
      if (issues.length)
        setOutcome({ kind: 'refused', msg: e.msg, forbidden: e.status === 403, issues, fileName: raw.name });
      else setOutcome({ kind: 'failed', msg: e.msg || t('result.failed') });
    } finally {
      setStartedAt(null);
    }
  };

  const downloadReport = async (fileName: string, issues: ImportIssue[]) => {
    setBusy('report');
    try {
      saveBlob(
        await report({ fileName, issues }),
        `${fileName.replace(/\.xlsx$/i, '')}_${t('report.fileSuffix')}.xlsx`,
      );
    } catch (err) {
      void message.error(errorMessage(err, t('report.failed')));
    } finally {
      setBusy(null);
    }
  };

  const exportHistory = async () => {
    setBusy('export');
    try {
      await downloadFile(FILES[entity].exportHistory(filters.current), `${t('history.title')}.xlsx`);
    } catch (err) {
      void message.error(errorMessage(err, t('history.exportFailed')));
    } finally {
      setBusy(null);
    }
  };

  const running = startedAt !== null;
  const columns: ProColumns<ImportHistoryRow>[] = [
    { title: t('history.id'), dataIndex: 'id', width: 90, search: false },
    {
      title: t('history.fileName'),
      dataIndex: 'fileName',
      ellipsis: true,
      fieldProps: { 'data-testid': 'import-history-fileName' },
    },
    { title: t('history.rows'), dataIndex: 'rows', width: 110, search: false },
    {
      title: t(kind === 'exam' ? 'history.writtenExam' : 'history.written'),
      dataIndex: 'written',
      width: 110,
      search: false,
    },
    { title: t('history.unchanged'), dataIndex: 'unchanged', width: 110, search: false },
    { title: t('history.createdBy'), dataIndex: 'createdBy', width: 120, search: false },
    {
      title: t('history.createdAt'),
      dataIndex: 'createdAt',
      width: 180,
      search: false,
      render: (_d, r) => formatDateTime(r.createdAt),
    },
    dateRangeColumn<ImportHistoryRow>(t('history.range'), 'range'),
  ];
  const request = tableRequest<ImportHistoryRow, Omit<HistoryQuery, 'pageNum' | 'pageSize'>>((q) => {
    const { pageNum, pageSize, ...rest } = q;
    filters.current = rest;
    return history({ ...rest, pageNum, pageSize });
  }, actionRef);

  return (
    <PageHeaderWrapper title={t(`${kind}.title`)} description={t(`${kind}.desc`)}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card title={t('steps.title')} data-testid="import-card">
          <Steps
            direction="horizontal"
            size="small"
            current={outcome.kind === 'done' ? 3 : file ? 2 : 0}
            items={[
              { title: t('steps.template'), description: t('steps.templateHint') },
              { title: t('steps.fill'), description: t('steps.fillHint') },
              { title: t('steps.upload'), description: t('steps.uploadHint') },
            ]}
            style={{ marginBottom: 16 }}
          />
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Typography.Text type="secondary">{t(`${kind}.fillHint`)}</Typography.Text>
            <AuthButton perm={`exam:${entity}:import`}>
              <Button
                icon={<DownloadOutlined />}
                loading={busy === 'template'}
                onClick={() => void template()}
                data-testid="import-template"
              >
                {t('upload.template')}
              </Button>
            </AuthButton>
            <AuthButton
              perm={`exam:${entity}:import`}
              fallback={<Alert type="info" showIcon message={t('upload.noPermission')} />}
            >
              <div data-testid="import-file">
                <Upload.Dragger
                  accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  maxCount={1}
                  disabled={running}
                  fileList={file ? [file] : []}
                  beforeUpload={() => false}
                  onChange={({ fileList }) => {
                    setFile(fileList.length ? fileList[fileList.length - 1]! : null);
                    setOutcome({ kind: 'idle' });
                  }}
                >
                  <p className="ant-upload-drag-icon">
                    <InboxOutlined />
                  </p>
                  <p className="ant-upload-text">{t('upload.drag')}</p>
                  <p className="ant-upload-hint">
                    {t('upload.limits', { mb: limits.megabytes, rows: limits.rows.toLocaleString() })}
                  </p>
                </Upload.Dragger>
              </div>
              <Space>
                <Button
                  type="primary"
                  icon={<UploadOutlined />}
                  loading={running}
                  disabled={!file}
                  onClick={() => void start()}
                  data-testid="import-start"
                >
                  {t('upload.start')}
                </Button>
              </Space>
            </AuthButton>
            {running && (
              <Alert
                type="info"
                showIcon
                icon={<Spin size="small" />}
                message={t('upload.working', { seconds: elapsed })}
                data-testid="import-working"
              />
            )}
            {outcome.kind === 'done' && (
              <Alert
                type="success"
                showIcon
                data-testid="import-success"
                message={outcome.summary.written > 0 ? t('result.okTitle') : t('result.nothingNew')}
                description={
                  <Space direction="vertical" style={{ width: '100%' }}>
                    <Typography.Text>{outcome.msg}</Typography.Text>
                    <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} bordered>
                      <Descriptions.Item label={t('result.file')}>{outcome.summary.fileName}</Descriptions.Item>
                      <Descriptions.Item label={t('result.rows')}>{outcome.summary.rows}</Descriptions.Item>
                      <Descriptions.Item label={t(kind === 'exam' ? 'result.writtenExam' : 'result.written')}>
                        <span data-testid="import-written">{outcome.summary.written}</span>
                      </Descriptions.Item>
                      <Descriptions.Item label={t('result.unchanged')}>{outcome.summary.unchanged}</Descriptions.Item>
                    </Descriptions>
                    {afterSuccess?.(outcome.summary)}
                  </Space>
                }
              />
            )}
            {outcome.kind === 'failed' && (
              <Alert
                type="error"
                showIcon
                message={t('result.failed')}
                description={outcome.msg}
                data-testid="import-failed"
              />
            )}
            {outcome.kind === 'refused' && (
              <div data-testid="import-refused">
                <Alert
                  type="error"
                  showIcon
                  message={outcome.msg}
                  description={t(outcome.forbidden ? 'result.forbiddenDesc' : 'result.refusedDesc')}
                  action={
                    <Button
                      icon={<FileExcelOutlined />}
                      loading={busy === 'report'}
                      onClick={() => void downloadReport(outcome.fileName, outcome.issues)}
                      data-testid="import-report-download"
                    >
                      {t('report.download')}
                    </Button>
                  }
                  style={{ marginBottom: 12 }}
                />
                <Table<ImportIssue>
                  size="small"
                  rowKey={(r) => `${r.rowNumber}\u0000${r.field}\u0000${r.msg}`}
                  dataSource={outcome.issues}
                  pagination={outcome.issues.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                  data-testid="import-report"
                  columns={[
                    { title: t('report.rowNumber'), dataIndex: 'rowNumber', width: 90 },
                    { title: t('report.field'), dataIndex: 'field', width: 160 },
                    { title: t('report.msg'), dataIndex: 'msg' },
                  ]}
                />
              </div>
            )}
          </Space>
        </Card>
        <ProTable<ImportHistoryRow, Omit<HistoryQuery, 'pageNum' | 'pageSize'>>
          headerTitle={t('history.title')}
          rowKey="id"
          actionRef={actionRef}
          columns={columns}
          request={request}
          pagination={pagination}
          dateFormatter="string"
          search={{ labelWidth: 'auto', defaultCollapsed: true }}
          options={{ density: false, setting: false, reload: true }}
          toolBarRender={() => [
            <Button
              key="export"
              icon={<DownloadOutlined />}
              loading={busy === 'export'}
              onClick={() => void exportHistory()}
              data-testid="import-history-export"
            >
              {t('history.export')}
            </Button>,
          ]}
          data-testid="import-history"
        />
      </Space>
    </PageHeaderWrapper>
  );
}
