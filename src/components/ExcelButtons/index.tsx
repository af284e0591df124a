/**
 * Excel buttons shared by every list: ExportButton downloads the list (with the current search
 * filters) as .xlsx; ImportButton opens a modal to fetch the template, upload a filled .xlsx
 * (multipart field `file`) and read the answer: the imported count, or the per-row error report
 * (400 with data: {rowNumber, field, msg}[]), in which case nothing was written.
 */
import { useState } from 'react';
import { Alert, App, Button, Modal, Space, Table, Upload, type UploadFile } from 'antd';
import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import AuthButton from '@/components/AuthButton';
import { downloadFile, type FileCall } from '@/services/download';
import type { SystemUserImportData400DataItem } from '@/services/generated/api.schemas';
import type { ApiCallOptions } from '@/services/generated/mutator';
import { errorMessage, toApiError } from '@/services/request';

/** One bad row of an import, as the server reports it (the 400 answer's data). */
export type ImportRowError = SystemUserImportData400DataItem;

/** Parses the `data` of a failed import into row errors (empty when it is not a row report). */
export function rowErrorsOf(data: unknown): ImportRowError[] {
  if (!Array.isArray(data)) return [];
  return data.filter(
    (r): r is ImportRowError =>
      !!r &&
      typeof r === 'object' &&
      typeof (r as ImportRowError).rowNumber === 'number' &&
      typeof (r as ImportRowError).msg === 'string',
  );
}

/** The imported count from a success answer: data as a number, or data.count / data.imported. */
export function importedCountOf(data: unknown): number | null {
  if (typeof data === 'number') return data;
  if (data && typeof data === 'object') {
    const d = data as { count?: unknown; imported?: unknown; total?: unknown };
    for (const v of [d.count, d.imported, d.total]) if (typeof v === 'number') return v;
  }
  return null;
}

export interface ExportButtonProps {
  /**
   * The export operation of the generated client, e.g. `systemConfigExport`. Declared as a method
   * on purpose: the list's last search is the untyped values of a ProTable form, so each export's
   * own query type is accepted for it (the server checks the query and names a bad field); the
   * operation itself, and so its path, comes from the generated client.
   */
  exportCall(params: Record<string, unknown>, options: ApiCallOptions): Promise<Blob>;
  /** The list's current search filters (paging is ignored by the server). */
  params?: Record<string, unknown>;
  /** Name used when the server sends none. */
  fileName?: string;
  /** Button permission key (e.g. system:config:export); shown to everyone when omitted. */
  perm?: string;
}

export function ExportButton({ exportCall, params, fileName, perm }: ExportButtonProps) {
  const { t } = useTranslation('sysAdmin');
  const { message } = App.useApp();
  const [loading, setLoading] = useState(false);
  const run = async () => {
    setLoading(true);
    try {
      const clean = params
        ? Object.fromEntries(
            Object.entries(params).filter(
              ([k, v]) => v !== undefined && v !== '' && k !== 'current' && k !== 'pageSize',
            ),
          )
        : undefined;
      await downloadFile(
        (o) => exportCall(clean ?? {}, o),
        fileName ? (fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`) : 'export.xlsx',
      );
    } catch (err) {
      void message.error(errorMessage(err, t('excel.exportFailed')));
    } finally {
      setLoading(false);
    }
  };
  const button = (
    <Button icon={<DownloadOutlined />} loading={loading} onClick={() => void run()} data-testid="excel-export">
      {t('excel.export')}
    </Button>
  );
  return perm ? <AuthButton perm={perm}>{button}</AuthButton> : button;
}

export interface ImportButtonProps {
  /** The template download of the generated client, e.g. `systemUserImportTemplate`. */
  template: FileCall;
  /** The import of the generated client (POST multipart, field `file`, given as the `form` option). */
  importCall: (options: ApiCallOptions) => Promise<{ msg?: string; data?: unknown }>;
  perm?: string;
  /** Called after a successful import (e.g. reload the table). */
  onDone?: () => void;
  /** Name of the template when the server sends none. */
  templateName?: string;
}

type ImportState =
  | { kind: 'idle' }
  | { kind: 'ok'; count: number | null; msg?: string }
  | { kind: 'rows'; rows: ImportRowError[]; msg: string }
  | { kind: 'error'; msg: string };

export function ImportButton({ template: templateCall, importCall, perm, onDone, templateName }: ImportButtonProps) {
  const { t } = useTranslation('sysAdmin');
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<UploadFile | null>(null);
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState<ImportState>({ kind: 'idle' });

  const close = () => {
    setOpen(false);
    setFile(null);
    setState({ kind: 'idle' });
  };

  const template = async () => {
    try {
      await downloadFile(templateCall, templateName ?? 'template.xlsx');
    } catch (err) {
      void message.error(errorMessage(err, t('excel.templateFailed')));
    }
  };

  const upload = async () => {
    const raw = file?.originFileObj;
    if (!raw) {
      void message.warning(t('excel.chooseFile'));
      return;
    }
    const form = new FormData();
    form.append('file', raw, raw.name);
    setBusy(true);
    try {
      const res = await importCall({ form });
      setState({ kind: 'ok', count: importedCountOf(res.data), msg: res.msg });
      void message.success(res.msg || t('excel.importOk'));
      onDone?.();
    } catch (err) {
      const e = toApiError(err);
      const rows = rowErrorsOf(e.data);
      if (rows.length) setState({ kind: 'rows', rows, msg: e.msg || t('excel.importRowsFailed') });
      else setState({ kind: 'error', msg: e.msg || t('excel.importFailed') });
    } finally {
      setBusy(false);
    }
  };

  const button = (
    <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="excel-import">
      {t('excel.import')}
    </Button>
  );

  return (
    <>
      {perm ? <AuthButton perm={perm}>{button}</AuthButton> : button}
      <Modal
        open={open}
        title={t('excel.importTitle')}
        onCancel={close}
        destroyOnHidden
        width={640}
        footer={
          <Space>
            <Button onClick={close}>{t('excel.close')}</Button>
            <Button
              type="primary"
              loading={busy}
              disabled={!file}
              onClick={() => void upload()}
              data-testid="excel-import-submit"
            >
              {t('excel.upload')}
            </Button>
          </Space>
        }
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Button
            type="link"
            icon={<DownloadOutlined />}
            onClick={() => void template()}
            style={{ padding: 0 }}
            data-testid="excel-template"
          >
            {t('excel.template')}
          </Button>
          <Upload.Dragger
            accept=".xlsx"
            maxCount={1}
            fileList={file ? [file] : []}
            beforeUpload={() => false}
            onChange={({ fileList }) => {
              setFile(fileList.length ? fileList[fileList.length - 1] : null);
              setState({ kind: 'idle' });
            }}
            data-testid="excel-file"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('excel.dragHint')}</p>
            <p className="ant-upload-hint">{t('excel.onlyXlsx')}</p>
          </Upload.Dragger>
          {state.kind === 'ok' && (
            <Alert
              type="success"
              showIcon
              data-testid="excel-import-ok"
              message={
                state.count !== null
                  ? t('excel.importedCount', { count: state.count })
                  : state.msg || t('excel.importOk')
              }
            />
          )}
          {state.kind === 'error' && (
            <Alert type="error" showIcon message={state.msg} data-testid="excel-import-error" />
          )}
          {state.kind === 'rows' && (
            <>
              <Alert type="error" showIcon message={state.msg} description={t('excel.nothingWritten')} />
              <Table<ImportRowError>
                size="small"
                rowKey={(r) => `${r.rowNumber}-${r.field}-${r.msg}`}
                dataSource={state.rows}
                pagination={state.rows.length > 10 ? { pageSize: 10 } : false}
                data-testid="excel-import-rows"
                columns={[
                  { title: t('excel.rowNumber'), dataIndex: 'rowNumber', width: 90 },
                  { title: t('excel.field'), dataIndex: 'field', width: 160 },
                  { title: t('excel.msg'), dataIndex: 'msg' },
                ]}
              />
            </>
          )}
        </Space>
      </Modal>
    </>
  );
}

export default ExportButton;
