import { LoginOutlined, PhoneOutlined, ClockCircleOutlined, LinkOutlined, QrcodeOutlined } from '@ant-design/icons';
import { Button, Col, Row } from 'antd';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import LanguageSwitch from '@/components/LanguageSwitch';
import Logo from '@/components/LoginForm/Logo';
import styles from './WebLayout.module.css';

/** Regional consultation contacts (SPEC 2 public web layout footer). */
export const CONSULT_CONTACTS = [
  { key: 'gz', phone: '020-83133216' },
  { key: 'sz', phone: '0755-83788012' },
  { key: 'prov', phone: '020-83133592' },
] as const;

export const RELATED_LINKS = [
  { key: 'mohurd', href: 'https://www.mohurd.gov.cn/' },
  { key: 'gdzjt', href: 'http://zfcxjst.gd.gov.cn/' },
  { key: 'jzsc', href: 'https://jzsc.mohurd.gov.cn/' },
] as const;

/** Menu key of a public-site path: route name web (home) or disclosure. */
export function webMenuKey(pathname: string): 'web' | 'disclosure' {
  return pathname.startsWith('/web/disclosure') ? 'disclosure' : 'web';
}

/**
 * The footer's QR code of the public site, drawn when the footer comes into view: the encoder is
 * not part of the first page's load (issue 14), and most visits never scroll that far.
 */
function usePublicQrCode(): { src: string | null; ref: RefObject<HTMLDivElement | null> } {
  const [src, setSrc] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    let alive = true;
    const draw = () => {
      const target = `${window.location.origin}/web`;
      import('qrcode')
        .then(({ default: QRCode }) =>
          QRCode.toDataURL(target, { margin: 1, width: 200, color: { dark: '#0b2a4a', light: '#ffffff' } }),
        )
        .then((url) => {
          if (alive) setSrc(url);
        })
        .catch(() => undefined);
    };
    const box = ref.current;
    if (!box || typeof IntersectionObserver === 'undefined') {
      draw();
      return () => {
        alive = false;
      };
    }
    const watcher = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        watcher.disconnect();
        draw();
      },
      { rootMargin: '200px' },
    );
    watcher.observe(box);
    return () => {
      alive = false;
      watcher.disconnect();
    };
  }, []);
  return { src, ref };
}

/** Public site layout: top menu (home, information disclosure), content, footer. */
export default function WebLayout() {
  const { t } = useTranslation('web');
  const location = useLocation();
  const navigate = useNavigate();
  const { src: qr, ref: qrBox } = usePublicQrCode();
  const year = new Date().getFullYear();

  const selected = webMenuKey(location.pathname);
  const items = [
    { key: 'web', to: '/web', label: t('menu.web') },
    { key: 'disclosure', to: '/web/disclosure', label: t('menu.disclosure') },
  ] as const;

  return (
    <div className={styles.layout} data-testid="web-layout">
      <header className={styles.header}>
        <div className={styles.headerInner}>
          {/* Named also where a phone's header hides the title and only the logo shows. */}
          <Link to="/web" className={styles.brand} aria-label={t('siteTitle')}>
            <Logo size={36} />
            <span className={styles.brandTitle} title={t('siteTitle')}>
              {t('siteTitle')}
            </span>
          </Link>
          {/* Two links, drawn like antd's horizontal menu without loading Menu on the public site's first page. */}
          <nav className={styles.menu} data-testid="web-menu">
            {items.map((item) => (
              <Link
                key={item.key}
                to={item.to}
                className={item.key === selected ? `${styles.menuItem} ${styles.menuItemSelected}` : styles.menuItem}
                aria-current={item.key === selected ? 'page' : undefined}
              >
                {item.label}
              </Link>
            ))}
          </nav>
          <div className={styles.right}>
            <LanguageSwitch labelClassName={styles.langLabel} />
            <Button
              type="primary"
              icon={<LoginOutlined />}
              onClick={() => navigate('/user/login')}
              data-testid="web-login"
            >
              {t('login')}
            </Button>
          </div>
        </div>
      </header>
      <main className={styles.content}>
        <Outlet />
      </main>
      <footer className={styles.footer} data-testid="web-footer">
        <div className={styles.footerInner}>
          <Row gutter={[32, 24]}>
            <Col xs={24} sm={12} lg={6}>
              <h4 className={styles.footerTitle}>
                <ClockCircleOutlined /> {t('footer.officeHours')}
              </h4>
              <p>{t('footer.officeHoursText')}</p>
              <p className={styles.muted}>{t('footer.holidayText')}</p>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <h4 className={styles.footerTitle}>
                <PhoneOutlined /> {t('footer.consult')}
              </h4>
              {CONSULT_CONTACTS.map((c) => (
                <p key={c.key}>
                  {t(`footer.${c.key}`)}
                  {t('colon')}
                  <a className={styles.phone} href={`tel:${c.phone.replace(/-/g, '')}`}>
                    {c.phone}
                  </a>
                </p>
              ))}
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <h4 className={styles.footerTitle}>
                <LinkOutlined /> {t('footer.links')}
              </h4>
              {RELATED_LINKS.map((l) => (
                <p key={l.key}>
                  <a href={l.href} target="_blank" rel="noopener noreferrer">
                    {t(`footer.${l.key}`)}
                  </a>
                </p>
              ))}
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <h4 className={styles.footerTitle}>
                <QrcodeOutlined /> {t('footer.qr')}
              </h4>
              <div className={styles.qrBox} ref={qrBox}>
                {qr ? (
                  <img className={styles.qr} src={qr} alt={t('footer.qrAlt')} data-testid="web-qrcode" />
                ) : (
                  <div className={styles.qr} />
                )}
                <span className={styles.muted}>{t('footer.qrDesc')}</span>
              </div>
            </Col>
          </Row>
          <div className={styles.credits}>
            <div>
              {t('footer.host')}　{t('footer.support')}
            </div>
            <div>{t('footer.copyright', { year })}</div>
          </div>
        </div>
      </footer>
    </div>
  );
}
