import { CheckCircleFilled, SafetyCertificateOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Descriptions, Result, Skeleton, Tag } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import LanguageSwitch from '@/components/LanguageSwitch';
import Logo from '@/components/LoginForm/Logo';
import { toApiError } from '@/services/auth';
import { getCertificate } from '@/services/public';
import type { CertificateInfo as Cert } from '@/services/public';
import { certCategoryKey, certStatus, displayValue } from '@/pages/web/components/format';
import styles from './index.module.css';

/**
 * SPEC 9 description list: default 3 columns (max 4), size large, horizontal; responsive
 * spans 1 = full width, 2 = half from small screens, 3 = a third from medium.
 */
export function descriptionColumns(col: 1 | 2 | 3 | 4 = 3): DescriptionsProps['column'] {
  switch (col) {
    case 1:
      return 1;
    case 2:
      return { xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 2 };
    case 4:
      return { xs: 1, sm: 2, md: 4, lg: 4, xl: 4, xxl: 4 };
    default:
      return { xs: 1, sm: 2, md: 3, lg: 3, xl: 3, xxl: 3 };
  }
}

const FIELDS = [
  'certNo',
  'name',
  'sex',
  'idNoMasked',
  'category',
  'position',
  'enterpriseName',
  'issuingAuthority',
  'status',
  'issueDate',
  'expiryDate',
] as const;

type State = { phase: 'loading' } | { phase: 'found'; cert: Cert } | { phase: 'notFound' } | { phase: 'error'; msg: string };

/** /cert/:queryCode and /certificateInfo/:queryCode (no login): GET /cert/{queryCode}. */
export default function CertificateInfo() {
  const { t } = useTranslation('web');
  const { queryCode = '' } = useParams<{ queryCode: string }>();
  const [state, setState] = useState<State>({ phase: 'loading' });

  const load = useCallback(async () => {
    setState({ phase: 'loading' });
    try {
      const body = await getCertificate(queryCode);
      if (body && body.code === 0 && body.data) setState({ phase: 'found', cert: body.data });
      else if (body && (body.code === 404 || (body.code === 0 && !body.data))) setState({ phase: 'notFound' });
      else throw body;
    } catch (err) {
      const e = toApiError(err);
      if (e.status === 404 || e.code === 404) setState({ phase: 'notFound' });
      else setState({ phase: 'error', msg: e.msg || t('cert.loadFailed') });
    }
  }, [queryCode, t]);

  useEffect(() => {
    void load();
  }, [load]);

  const categoryText = (cert: Cert) => {
    const key = certCategoryKey(cert.category);
    return key ? t(key) : displayValue(cert.categoryLabel ?? cert.category);
  };
  const statusText = (cert: Cert) => {
    const s = certStatus(cert.status);
    return s.key ? t(`cert.${s.key}`) : displayValue(cert.statusLabel ?? cert.status);
  };

  const renderValue = (field: (typeof FIELDS)[number], cert: Cert) => {
    const v = cert[field];
    if (field === 'status') {
      const s = certStatus(v);
      return (
        <Tag color={s.tone} data-testid="cert-status">
          {statusText(cert)}
        </Tag>
      );
    }
    if (field === 'category') return categoryText(cert);
    if (field === 'certNo') return <strong>{displayValue(v)}</strong>;
    return displayValue(v);
  };

  let body;
  if (state.phase === 'loading') {
    body = (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  } else if (state.phase === 'notFound') {
    body = (
      <Card>
        <Result
          status="warning"
          title={t('cert.notFound')}
          subTitle={t('cert.notFoundDesc', { code: queryCode })}
          data-testid="cert-not-found"
          extra={
            <Link to="/web">
              <Button type="primary">{t('cert.backHome')}</Button>
            </Link>
          }
        />
      </Card>
    );
  } else if (state.phase === 'error') {
    body = (
      <Card>
        <Result
          status="error"
          title={t('cert.loadFailed')}
          subTitle={state.msg}
          data-testid="cert-error"
          extra={
            <Button type="primary" onClick={() => void load()}>
              {t('cert.retry')}
            </Button>
          }
        />
      </Card>
    );
  } else {
    const { cert } = state;
    const tone = certStatus(cert.status).tone;
    const ribbon = { success: 'green', warning: 'orange', error: 'red', processing: 'blue', default: 'grey' }[tone];
    body = (
      <Badge.Ribbon text={statusText(cert)} color={ribbon}>
        <Card data-testid="cert-found">
          <div className={styles.verified} data-testid="cert-verified">
            <CheckCircleFilled className={styles.verifiedIcon} />
            <div>
              <div className={styles.verifiedTitle}>{t('cert.verified')}</div>
              <div className={styles.verifiedDesc}>{t('cert.verifiedDesc')}</div>
            </div>
          </div>
          <Descriptions
            bordered
            size="default"
            layout="horizontal"
            column={descriptionColumns(3)}
            items={FIELDS.map((f) => ({ key: f, label: t(`cert.${f}`), children: renderValue(f, cert) }))}
          />
        </Card>
      </Badge.Ribbon>
    );
  }

  return (
    <div className={styles.page} data-testid="cert-info">
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Link to="/web" className={styles.brand}>
            <Logo size={32} />
            <span>{t('siteTitle')}</span>
          </Link>
          <LanguageSwitch className={styles.lang} />
        </div>
      </header>
      <div className={styles.main}>
        <h1 className={styles.title}>
          <SafetyCertificateOutlined /> {t('cert.title')}
        </h1>
        <div className={styles.code}>{t('cert.queryCode', { code: queryCode })}</div>
        {body}
      </div>
    </div>
  );
}
