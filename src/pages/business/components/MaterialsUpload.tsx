/**
 * The application materials (PDF/JPG/PNG, ≤ 10 MB each, at most 20): uploaded one by one through
 * POST /file/upload as soon as they are chosen; the form keeps the file list and the payload the
 * ids (logic.buildPayload). A refusal (type, size, storage) shows the server's words.
 */
import { useState } from 'react';
import { Alert, App, Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '@/services/download';
import { fileDownload } from '@/services/generated/api';
import { errorMessage } from '@/services/request';
import { acceptedName, DEFAULT_MAX_UPLOAD_MB, UPLOAD_ACCEPT, uploadFile } from '@/services/upload';
import { ossIdOf, type MaterialItem } from './logic';
import { NS } from './types';

export const MAX_MATERIALS = 20;

interface Props {
  value?: UploadFile[];
  onChange?: (files: UploadFile[]) => void;
  /** the application the files belong to, when saved (ownerRef) */
  ownerRef?: string;
}

export default function MaterialsUpload({ value, onChange, ownerRef }: Props) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const [refusal, setRefusal] = useState<string | null>(null);
  const files = value ?? [];

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!acceptedName(file.name)) {
      setRefusal(t('materials.badType', { name: file.name }));
      return Upload.LIST_IGNORE;
    }
    if (file.size > DEFAULT_MAX_UPLOAD_MB * 1024 * 1024) {
      setRefusal(t('materials.tooLarge', { name: file.name, max: DEFAULT_MAX_UPLOAD_MB }));
      return Upload.LIST_IGNORE;
    }
    if (files.length >= MAX_MATERIALS) {
      setRefusal(t('materials.tooMany', { max: MAX_MATERIALS }));
      return Upload.LIST_IGNORE;
    }
    setRefusal(null);
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    uploadFile(file as File, ownerRef)
      .then((res) => onSuccess?.(res.data))
      .catch((err: unknown) => {
        // the server's refusal (wrong content, too large, storage down) is the message
        const msg = errorMessage(err, t('materials.failed'));
        setRefusal(msg);
        onError?.(Object.assign(new Error(msg), { status: 400 }), msg);
      });
  };

  const download = (file: UploadFile) => {
    const id = ossIdOf(file as MaterialItem);
    if (id === null) return;
    downloadFile((o) => fileDownload(id, undefined, o), file.name).catch(
      (err: unknown) => void message.error(errorMessage(err, t('materials.downloadFailed'))),
    );
  };

  return (
    <div data-testid="wizard-upload">
      <Upload
        multiple
        accept={UPLOAD_ACCEPT}
        fileList={files}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onChange={({ fileList }) =>
          onChange?.(
            fileList.map((f) => (f.status === 'error' ? { ...f, response: f.error?.message ?? f.response } : f)),
          )
        }
        onPreview={download}
        onDownload={download}
        showUploadList={{ showDownloadIcon: true, showRemoveIcon: true }}
      >
        <Button icon={<UploadOutlined />} data-testid="wizard-upload-button">
          {t('materials.choose')}
        </Button>
      </Upload>
      <div style={{ color: 'rgba(0,0,0,0.65)', marginTop: 8 }}>
        {t('materials.hint', { max: DEFAULT_MAX_UPLOAD_MB, limit: MAX_MATERIALS })}
      </div>
      {refusal ? (
        <Alert
          type="error"
          showIcon
          message={refusal}
          style={{ marginTop: 8 }}
          data-testid="wizard-upload-error"
          closable
          onClose={() => setRefusal(null)}
        />
      ) : null}
    </div>
  );
}
