import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import StatusNotice from '@/components/StatusNotice';
import styles from './index.module.css';

/** SPEC 9: page loading time-out 120 seconds. */
export const PAGE_LOADING_TIMEOUT_MS = 120_000;

/**
 * Full-area spinner; after 120 s it offers a reload. fill: at least the height of the screen (what
 * loads will be that tall). The spinner is antd's large Spin drawn in CSS: this component is in the
 * entry chunk of every first page (issue 14).
 */
export default function PageLoading({ tip, fill = false }: { tip?: string; fill?: boolean }) {
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
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('loading.reload')}
          </Button>
        }
      />
    );
  }
  return (
    <div
      data-testid="page-loading"
      style={{ padding: 96, textAlign: 'center', ...(fill ? { minHeight: '100vh', boxSizing: 'border-box' } : {}) }}
    >
      <span className={styles.spin} role="progressbar" aria-busy="true" aria-label={t('loading.busy')}>
        <i />
        <i />
        <i />
        <i />
      </span>
      {tip ? <div style={{ marginTop: 12, color: 'rgba(0,0,0,0.65)' }}>{tip}</div> : null}
    </div>
  );
}
