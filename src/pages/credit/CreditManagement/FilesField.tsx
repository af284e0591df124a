/** The attachments of a punishment: upload (PDF, JPG, PNG through /file/upload), preview in the page, remove from the form. */
import { useState } from 'react';
import { App, Button, List, Space, Upload } from 'antd';
import { EyeOutlined, FilePdfOutlined, FileImageOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/services/request';
import { acceptedName, UPLOAD_ACCEPT, uploadFile } from '@/services/upload';
import FilePreview from './FilePreview';
import { NS, type AttachedFile } from './types';
import ActionLink from '@/components/ActionLink';

const MAX_FILES = 10;

export default function FilesField({
  value = [],
  onChange,
}: {
  value?: AttachedFile[];
  onChange?: (files: AttachedFile[]) => void;
}) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [previewing, setPreviewing] = useState<AttachedFile | null>(null);

  const add = async (file: File) => {
    if (!acceptedName(file.name)) {
      void message.error(t('form.badFile'));
      return;
    }
    if (value.length >= MAX_FILES) {
      void message.error(t('form.tooManyFiles'));
      return;
    }
    setBusy(true);
    try {
      const res = await uploadFile(file, 'punishment');
      onChange?.([
        ...value,
        { ossId: res.data.ossId, originalName: res.data.originalName, mimeType: res.data.mimeType },
      ]);
    } catch (err) {
      void message.error(errorMessage(err, t('form.uploadFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Upload
        accept={UPLOAD_ACCEPT}
        showUploadList={false}
        multiple
        beforeUpload={(file) => {
          void add(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid="punishment-upload">
          {t('action.upload')}
        </Button>
      </Upload>
      {value.length > 0 && (
        <List
          size="small"
          bordered
          dataSource={value}
          data-testid="punishment-files"
          renderItem={(f) => (
            <List.Item
              actions={[
                <ActionLink key="preview" onClick={() => setPreviewing(f)} data-testid="file-preview-link">
                  <EyeOutlined /> {t('action.preview')}
                </ActionLink>,
                <ActionLink key="remove" onClick={() => onChange?.(value.filter((x) => x.ossId !== f.ossId))}>
                  {t('action.removeFile')}
                </ActionLink>,
              ]}
            >
              <Space>
                {f.mimeType === 'application/pdf' ? <FilePdfOutlined /> : <FileImageOutlined />}
                <span data-testid="file-name">{f.originalName}</span>
              </Space>
            </List.Item>
          )}
        />
      )}
      <FilePreview file={previewing} onClose={() => setPreviewing(null)} />
    </Space>
  );
}
