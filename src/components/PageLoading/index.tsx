import { useEffect, useState } from 'react';
import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import StatusNotice from '@/components/StatusNotice';

/** SPEC 9: page loading time-out 120 seconds. */
export const PAGE_LOADING_TIMEOUT_MS = 120_000;

/** Full-area spinner; after 120 s it offers a reload. */
export default function PageLoading({ tip }: { tip?: string }) {
  const { t } = useTranslation('common');
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const id = window.setTimeout(() => setTimedOut(true), PAGE_LOADING_TIMEOUT_MS);
    return () => window.clearTimeout(id);
  }, []);
  if (timedOut) {
    return (
      <StatusNotice
        status="warning"
        title={t('loading.timeout')}
        extra={<Button type="primary" onClick={() => window.location.reload()}>{t('loading.reload')}</Button>}
      />
    );
  }
  return (
    <div data-testid="page-loading" style={{ padding: 96, textAlign: 'center' }}>
      <Spin size="large" />
      {tip ? <div style={{ marginTop: 12, color: 'rgba(0,0,0,0.45)' }}>{tip}</div> : null}
    </div>
  );
}
