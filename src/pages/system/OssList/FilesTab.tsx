/** Stored files: search, paging, upload (PDF/JPG/PNG), download, delete one or several after confirmation. */
import { useState, type Key } from 'react';
import { App, Button, Popconfirm, Space, Tag, Upload } from 'antd';
import { DeleteOutlined, FileImageOutlined, FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { selectionLabel } from '@/components/ProTableKit/selectionLabel';
import AuthButton from '@/components/AuthButton';
import {
  AdminTable,
  RemoveLink,
  RowLink,
  dateRangeColumn,
  useAction,
  useAdminColumns,
  useKitText,
  useListPage,
  useServerError,
} from '@/components/AdminKit';
import { ExportButton } from '@/components/ExcelButtons';
import { downloadFile } from '@/services/download';
import { fileDownload, systemOssExport, systemOssList, systemOssRemove } from '@/services/generated/api';
import type { SystemOssList200, SystemOssListParams } from '@/services/generated/api.schemas';
import { acceptedName, DEFAULT_MAX_UPLOAD_MB, UPLOAD_ACCEPT, uploadFile } from '@/services/upload';
import { SYS_DATA } from '../namespaces';
import { formatSize } from './format';
import ActionLink from '@/components/ActionLink';

type OssFile = SystemOssList200['rows'][number];
type Query = Omit<SystemOssListParams, 'pageNum' | 'pageSize'>;
const removeOss = (ids: number[]) => systemOssRemove({ ids: ids.join(',') });

export default function FilesTab() {
  const { t } = useTranslation(SYS_DATA);
  const { t: tc } = useTranslation('common');
  const kt = useKitText();
  const { message } = App.useApp();
  const showError = useServerError();
  const cols = useAdminColumns<OssFile>();
  const [selected, setSelected] = useState<Key[]>([]);
  const [uploading, setUploading] = useState(false);
  // What was selected is gone or changed after any reload.
  const list = useListPage<OssFile, Query>(systemOssList, () => setSelected([]));
  const act = useAction(list.reload);

  const download = async (r: OssFile) => {
    try {
      await downloadFile((o) => fileDownload(r.id, undefined, o), r.originalName);
    } catch (err) {
      showError(err);
    }
  };

  const upload = async (file: File) => {
    if (!acceptedName(file.name)) {
      void message.error(t('oss.typeRefused'));
      return;
    }
    // The size limit is the server's (sys.upload.maxSizeMb may differ from the default): its 400 names it.
    setUploading(true);
    try {
      const res = await uploadFile(file);
      void message.success(res.msg || t('oss.uploaded'));
      list.reload();
    } catch (err) {
      showError(err);
    } finally {
      setUploading(false);
    }
  };

  const columns: ProColumns<OssFile>[] = [
    {
      title: t('oss.originalName'),
      dataIndex: 'originalName',
      ellipsis: true,
      fieldProps: { 'data-testid': 'search-originalName' },
      render: (_d, r) => (
        <Space size={6}>
          {r.mimeType === 'application/pdf' ? (
            <FilePdfOutlined style={{ color: '#cf1322' }} />
          ) : (
            <FileImageOutlined style={{ color: '#1677ff' }} />
          )}
          <ActionLink onClick={() => void download(r)} data-testid="file-download-name">
            {r.originalName}
          </ActionLink>
        </Space>
      ),
    },
    { title: t('oss.fileName'), dataIndex: 'fileName', ellipsis: true, hideInTable: true },
    { title: t('oss.fileSuffix'), dataIndex: 'fileSuffix', width: 90 },
    { title: t('oss.size'), dataIndex: 'size', width: 110, search: false, render: (_d, r) => formatSize(r.size) },
    {
      title: t('oss.service'),
      dataIndex: 'service',
      width: 110,
      render: (_d, r) => (
        <Tag color={r.service === 'local' ? 'default' : 'geekblue'}>
          {r.service === 'local' ? t('oss.local') : r.service}
        </Tag>
      ),
    },
    {
      title: t('oss.ownerRef'),
      dataIndex: 'ownerRef',
      width: 150,
      search: false,
      render: (_d, r) => r.ownerRef ?? '-',
    },
    {
      title: t('oss.createdBy'),
      dataIndex: 'createdByName',
      width: 110,
      search: false,
      render: (_d, r) => r.createdByName ?? '-',
    },
    cols.createdAt(),
    dateRangeColumn<OssFile>(kt('admin.createdAt')),
    cols.action(120, (r) => [
      <RowLink key="download" onClick={() => void download(r)} testId="file-download">
        {t('oss.download')}
      </RowLink>,
      <RemoveLink
        key="remove"
        perm="system:oss:remove"
        title={t('oss.removeConfirm', { name: r.originalName })}
        onConfirm={() => act(() => removeOss([r.id]))}
      />,
    ]),
  ];

  return (
    <AdminTable<OssFile, Query>
      list={list}
      rowKey="id"
      columns={columns}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => setSelected(keys),
        getCheckboxProps: (r) => selectionLabel(tc('a11y.selectRow', { name: r.originalName })),
      }}
      tableAlertRender={false}
      testId="oss-table"
      toolBar={[
        selected.length ? (
          <AuthButton key="batch" perm="system:oss:remove">
            <Popconfirm
              title={t('oss.removeManyConfirm', { count: selected.length })}
              okText={kt('admin.ok')}
              cancelText={kt('admin.cancel')}
              onConfirm={() => act(() => removeOss(selected.map(Number)))}
            >
              <Button danger icon={<DeleteOutlined />} data-testid="oss-remove-many">
                {t('oss.removeMany', { count: selected.length })}
              </Button>
            </Popconfirm>
          </AuthButton>
        ) : null,
        <AuthButton key="upload" perm="system:oss:add">
          <Upload
            accept={UPLOAD_ACCEPT}
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={uploading} data-testid="oss-upload">
              {t('oss.upload')}
            </Button>
          </Upload>
        </AuthButton>,
        <ExportButton
          key="export"
          exportCall={systemOssExport}
          params={list.lastQuery}
          fileName={t('oss.title')}
          perm="system:oss:list"
        />,
      ]}
      headerTitle={
        <span style={{ color: 'rgba(0,0,0,0.65)', fontSize: 13 }}>
          {t('oss.uploadHint', { mb: DEFAULT_MAX_UPLOAD_MB })}
        </span>
      }
    />
  );
}
