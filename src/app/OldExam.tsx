import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePublicSettings } from './publicSettings';

/** /oldExam: the legacy exam site opens in a new window (the guard opens it); this page offers the link again. */
export default function OldExam() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const settings = usePublicSettings();
  const url = settings?.oldExamUrl;
  return (
    <Result
      status="info"
      title={t('oldExam.title')}
      subTitle={t('oldExam.desc')}
      extra={[
        <Button key="open" type="primary" disabled={!url} onClick={() => url && window.open(url, '_blank', 'noopener')}>
          {t('oldExam.open')}
        </Button>,
        <Button key="back" onClick={() => navigate(-1)}>
          {t('oldExam.back')}
        </Button>,
      ]}
    />
  );
}
