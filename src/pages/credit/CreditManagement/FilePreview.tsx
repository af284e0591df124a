/**
 * An attachment shown in the page: a PDF in a frame, an image as it is. The file comes through the
 * scoped download call (with the session), so the browser sees a local blob: address.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Spin } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fileDownload } from '@/services/generated/api';
import { errorMessage } from '@/services/request';
import { saveBlob } from '@/services/download';
import { NS, type AttachedFile } from './types';

export default function FilePreview({ file, onClose }: { file: AttachedFile | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [href, setHref] = useState<string | null>(null);
  const [blob, setBlob] = useState<Blob | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setHref(null);
    setBlob(null);
    setError(null);
    if (!file) return;
    let live = true;
    let url: string | null = null;
    fileDownload(file.ossId, { inline: '1' })
      .then((data) => {
        if (!live) return;
        const typed = data.type === file.mimeType ? data : new Blob([data], { type: file.mimeType });
        url = URL.createObjectURL(typed);
        setBlob(typed);
        setHref(url);
      })
      .catch((err: unknown) => live && setError(errorMessage(err, t('preview.failed'))));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file, t]);

  const isPdf = file?.mimeType === 'application/pdf';
  return (
    <Modal
      open={file !== null}
      title={file ? t('preview.title', { name: file.originalName }) : ''}
      onCancel={onClose}
      width={960}
      destroyOnHidden
      footer={[
        <Button
          key="download"
          icon={<DownloadOutlined />}
          disabled={!blob}
          onClick={() => blob && file && saveBlob(blob, file.originalName)}
          data-testid="preview-download"
        >
          {t('action.download')}
        </Button>,
      ]}
      data-testid="file-preview"
    >
      {error && <Alert type="error" showIcon message={error} />}
      {!error && !href && <Spin style={{ display: 'block', margin: '48px auto' }} />}
      {href && isPdf && (
        <iframe
          src={href}
          title={file?.originalName}
          style={{ width: '100%', height: '70vh', border: '1px solid #f0f0f0' }}
          data-testid="preview-pdf"
        >
          {t('preview.pdfFallback')}
        </iframe>
      )}
      {href && !isPdf && (
        <img
          src={href}
          alt={file?.originalName}
          style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }}
          data-testid="preview-image"
        />
      )}
    </Modal>
  );
}
