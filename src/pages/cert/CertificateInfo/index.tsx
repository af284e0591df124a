import { CheckCircleFilled, CloseCircleFilled, SafetyCertificateOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Descriptions, Result, Skeleton, Tag } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import LanguageSwitch from '@/components/LanguageSwitch';
import Logo from '@/components/LoginForm/Logo';
import { toApiError } from '@/services/auth';
import { isBadInput, isNotFound } from '@/services/request';
import { certGet } from '@/services/generated/api';
import type { CertGet200 } from '@/services/generated/api.schemas';

/** The certificate view of GET /cert/{queryCode}. */
type Cert = CertGet200['data'];
import { certStatus, displayValue } from '@/pages/web/components/format';
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

type State =
  | { phase: 'loading' }
  | { phase: 'found'; cert: Cert }
  | { phase: 'notFound' }
  | { phase: 'error'; msg: string };

/** The ribbon's colours: the dark shade of each antd hue, so its white text keeps 4.5:1 (antd's green under white was 2.3:1, grey 3.9:1). */
const RIBBON: Record<string, string> = {
  success: '#237804',
  warning: '#ad4e00',
  error: '#a8071a',
  processing: '#0958d9',
  default: '#595959',
};

/**
 * /cert/:queryCode and /certificateInfo/:queryCode (no login): GET /cert/{queryCode}, the page the
 * certificate's QR code opens: what a verifier needs — the status in words (a 暂扣 with its period),
 * the validity as the certificate prints it, 发证日期. The server's answer is the certificate as every
 * view shows it (server/modules/certificate/shown.ts); a certificate that is not 01 有效 is shown as
 * not to be relied on, with what it is.
 */
export default function CertificateInfo() {
  const { t } = useTranslation(['cert', 'web']);
  const { queryCode = '' } = useParams<{ queryCode: string }>();
  const [state, setState] = useState<State>({ phase: 'loading' });

  const load = useCallback(async () => {
    setState({ phase: 'loading' });
    try {
      // Path parameters go into the address as they are: the code comes from the address bar.
      const body = await certGet(encodeURIComponent(queryCode), { isLogin: true });
      if (body && body.code === 0 && body.data) setState({ phase: 'found', cert: body.data });
      else if (body && (body.code === 404 || (body.code === 0 && !body.data))) setState({ phase: 'notFound' });
      else throw body;
    } catch (err) {
      const e = toApiError(err);
      // A malformed code is refused by validation (400): for the visitor it is simply not found.
      if (isNotFound(e) || isBadInput(e)) setState({ phase: 'notFound' });
      else setState({ phase: 'error', msg: e.msg || t('public.loadFailed') });
    }
  }, [queryCode, t]);

  useEffect(() => {
    void load();
  }, [load]);

  const statusLabel = (cert: Cert) => t(`status.${cert.status}`, { defaultValue: cert.statusLabel ?? cert.status });
  /** A 暂扣's period as the server gives it (null to: until lifted). */
  const suspension = (cert: Cert) =>
    cert.suspendedFrom
      ? cert.suspendedTo
        ? t('public.periodValue', { from: cert.suspendedFrom, to: cert.suspendedTo })
        : t('public.untilLifted', { from: cert.suspendedFrom })
      : null;

  let body: ReactNode;
  if (state.phase === 'loading') {
    body = (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  } else if (state.phase === 'notFound') {
    body = (
      <Card data-testid="cert-not-found">
        <Result
          status="warning"
          title={t('public.notFound')}
          subTitle={t('public.notFoundDesc', { code: queryCode })}
          extra={
            <Link to="/web">
              <Button type="primary">{t('public.backHome')}</Button>
            </Link>
          }
        />
      </Card>
    );
  } else if (state.phase === 'error') {
    body = (
      <Card data-testid="cert-error">
        <Result
          status="error"
          title={t('public.loadFailed')}
          subTitle={state.msg}
          extra={
            <Button type="primary" onClick={() => void load()}>
              {t('public.retry')}
            </Button>
          }
        />
      </Card>
    );
  } else {
    const { cert } = state;
    // The server says whether the certificate is valid now (status 01 and within its validity).
    const valid = cert.valid === true;
    const tone = certStatus(cert.status).tone;
    const items: DescriptionsProps['items'] = [
      {
        key: 'name',
        label: t('field.name'),
        children: <strong data-testid="cert-name">{displayValue(cert.name)}</strong>,
      },
      {
        key: 'idNoMasked',
        label: t('public.idNoMasked'),
        children: <span data-testid="cert-idno">{displayValue(cert.idNoMasked)}</span>,
      },
      { key: 'sex', label: t('field.sex'), children: displayValue(cert.sex) },
      {
        key: 'category',
        label: t('field.category'),
        children: t(`category.${cert.category}`, { defaultValue: cert.categoryLabel ?? cert.category }),
      },
      {
        key: 'certNo',
        label: t('field.certNo'),
        children: <strong data-testid="cert-no">{displayValue(cert.certNo)}</strong>,
      },
      { key: 'position', label: t('field.position'), children: displayValue(cert.position) },
      { key: 'enterpriseName', label: t('field.enterpriseName'), children: displayValue(cert.enterpriseName), span: 2 },
      {
        key: 'status',
        label: t('field.status'),
        children: (
          <Tag color={tone} data-testid="cert-status">
            {statusLabel(cert)}
          </Tag>
        ),
      },
      ...(suspension(cert)
        ? [
            {
              key: 'suspension',
              label: t('public.suspension'),
              children: <span data-testid="cert-suspension">{suspension(cert)}</span>,
              span: 3,
            },
          ]
        : []),
      {
        key: 'validity',
        label: t('field.validity'),
        // The validity as the certificate prints it: from the start of this validity (after a delay, the day after the old end).
        children: (
          <span data-testid="cert-validity">
            {t('public.validityValue', { from: displayValue(cert.validFrom), to: displayValue(cert.expiryDate) })}
          </span>
        ),
        span: 2,
      },
      {
        key: 'issueDate',
        label: t('field.issueDate'),
        children: <span data-testid="cert-issue-date">{displayValue(cert.issueDate)}</span>,
      },
      { key: 'version', label: t('field.version'), children: displayValue(cert.versionLabel ?? cert.version) },
      {
        key: 'issuingAuthority',
        label: t('field.issuingAuthority'),
        children: displayValue(cert.issuingAuthority),
        span: 3,
      },
    ];
    body = (
      <Badge.Ribbon text={statusLabel(cert)} color={RIBBON[tone]}>
        <Card data-testid="cert-found">
          {valid ? (
            <div className={styles.verified} data-testid="cert-verified">
              <CheckCircleFilled className={styles.verifiedIcon} />
              <div>
                <div className={styles.verifiedTitle}>{t('public.verified')}</div>
                <div className={styles.verifiedDesc}>{t('public.verifiedDesc')}</div>
              </div>
            </div>
          ) : (
            <div className={styles.invalid} data-testid="cert-invalid">
              <CloseCircleFilled className={styles.invalidIcon} />
              <div>
                <div className={styles.invalidTitle}>
                  {t(`public.statusTitle.${cert.status}`, { defaultValue: t('public.invalidTitle') })}
                </div>
                <div className={styles.verifiedDesc}>
                  {suspension(cert)
                    ? t('public.suspendedDesc', { period: suspension(cert) })
                    : t('public.invalidDesc', { status: statusLabel(cert) })}
                </div>
              </div>
            </div>
          )}
          <Descriptions bordered size="default" layout="horizontal" column={descriptionColumns(3)} items={items} />
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
            <span>{t('web:siteTitle')}</span>
          </Link>
          <LanguageSwitch className={styles.lang} />
        </div>
      </header>
      <div className={styles.main}>
        <h1 className={styles.title}>
          <SafetyCertificateOutlined /> {t('public.title')}
        </h1>
        <div className={styles.code}>{t('public.queryCode', { code: queryCode })}</div>
        {body}
      </div>
    </div>
  );
}
