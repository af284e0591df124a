import { Link, Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import LanguageSwitch from '@/components/LanguageSwitch';
import Logo from '@/components/LoginForm/Logo';
import styles from './UserLayout.module.css';

/** Pre-login layout (SPEC 2 "User layout"): product title on top, content below, footer. */
export default function UserLayout() {
  const { t } = useTranslation('login');
  const year = new Date().getFullYear();
  return (
    <div className={styles.container} data-testid="user-layout">
      <div className={styles.lang}>
        <LanguageSwitch />
      </div>
      <div className={styles.top}>
        <div className={styles.header}>
          <Link to="/web" aria-label={t('publicSite')}>
            <Logo className={styles.logo} />
          </Link>
          <h1 className={styles.title}>{t('title')}</h1>
        </div>
        <div className={styles.desc}>{t('subTitle')}</div>
      </div>
      <div className={styles.content}>
        <Outlet />
      </div>
      <footer className={styles.footer}>
        <div>{t('footer')}</div>
        <div>{t('copyright', { year })}</div>
      </footer>
    </div>
  );
}
