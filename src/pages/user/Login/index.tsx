import { Alert, Button, Tag } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '@/app/session';
import PasswordLoginForm from '@/components/LoginForm';
import type { LoginFormHandle } from '@/components/LoginForm';
import { publicSettings } from '@/services/generated/api';
import type { PublicSettings } from '@/app/publicSettings';
import styles from './index.module.css';

/** Loaded when first opened: most visitors sign in by password, and the page's first load has a budget (issue 14). */
const PhoneLoginModal = lazy(() => import('./PhoneLoginModal'));
export const DEMO_PASSWORD = 'Demo#2026';
/** Demo accounts of the seed data, shown only outside production. */
export const DEMO_ACCOUNTS: { group: 'sys' | 'province' | 'staff' | 'enterprise' | 'person'; users: string[] }[] = [
  { group: 'sys', users: ['admin', 'secadmin', 'auditor'] },
  { group: 'province', users: ['province'] },
  { group: 'staff', users: ['gz_sl', 'gz_cb', 'gz_cs', 'gz_sh', 'gz_sp', 'gz_bj', 'sz_staff', 'prov_staff'] },
  { group: 'enterprise', users: ['ent_gz', 'ent_sz', 'ent_prov'] },
  { group: 'person', users: ['person1', 'person2', 'person3'] },
];

/** Only same-site paths are followed after login. */
export function safeRedirect(value: string | null): string {
  if (!value) return '/dashboard';
  let v = value;
  try {
    v = decodeURIComponent(value);
  } catch {
    v = value;
  }
  if (!v.startsWith('/') || v.startsWith('//') || v.startsWith('/user/login')) return '/dashboard';
  return v;
}

/** /user/login: account + password (captcha after 3 failures), or the phone-code modal. */
export default function Login() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { loginSucceeded, loginStarted, loginFailed } = useSession();
  const form = useRef<LoginFormHandle>(null);
  const [phoneOpen, setPhoneOpen] = useState(false);
  /** the phone modal is mounted from its first opening on (it keeps its countdown while closed) */
  const [phoneUsed, setPhoneUsed] = useState(false);
  const [settings, setSettings] = useState<PublicSettings | null>(null);

  useEffect(() => {
    let alive = true;
    publicSettings({ isLogin: true })
      .then((body) => {
        if (alive && body?.data) setSettings(body.data);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);

  const finish = (token: string, method: 'password' | 'sms') => {
    // false: a late answer (this attempt is no longer the one out) — nothing was stored, stay here
    if (!loginSucceeded(token)) return;
    // The toast's code loads now, not with the page (issue 14: first-page budget).
    const text = t('loginSuccess');
    void import('antd/es/message').then(({ default: message }) => message.success(text));
    void navigate(method === 'sms' ? '/dashboard' : safeRedirect(searchParams.get('redirect')), { replace: true });
  };

  const fillDemo = (username: string) => {
    form.current?.fill({ username, password: DEMO_PASSWORD });
  };

  return (
    <div className={styles.main} data-testid="login-page">
      <PasswordLoginForm
        ref={form}
        onStart={() => loginStarted('password')}
        onFailure={loginFailed}
        onSuccess={(token) => finish(token, 'password')}
        actions={
          <div className={styles.actions}>
            <Button
              type="link"
              icon={<MobileOutlined />}
              className={styles.linkButton}
              onClick={() => {
                setPhoneUsed(true);
                setPhoneOpen(true);
              }}
              data-testid="phone-login-link"
            >
              {t('phoneLogin')}
            </Button>
            <span className={styles.links}>
              <Link to="/user/register" data-testid="register-link">
                {t('register')}
              </Link>
              <Link to="/web">{t('publicSite')}</Link>
            </span>
          </div>
        }
      />
      {settings && settings.production === false ? (
        <Alert
          className={styles.demo}
          type="info"
          data-testid="demo-hint"
          message={t('demoTitle', { password: DEMO_PASSWORD })}
          description={
            <div>
              <span className={styles.demoHint}>{t('demoHint')}</span>
              {DEMO_ACCOUNTS.map(({ group, users }) => (
                <div key={group} className={styles.demoGroup}>
                  <span className={styles.demoLabel}>
                    {t(`demoGroups.${group}`)}
                    {t('colon')}
                  </span>
                  {users.map((u) => (
                    <Tag key={u} className={styles.demoTag} color="blue" onClick={() => fillDemo(u)}>
                      {u}
                    </Tag>
                  ))}
                </div>
              ))}
            </div>
          }
        />
      ) : null}
      {phoneUsed ? (
        <Suspense fallback={null}>
          <PhoneLoginModal
            open={phoneOpen}
            seconds={settings?.smsResendSeconds}
            onClose={() => setPhoneOpen(false)}
            onStart={() => loginStarted('sms')}
            onFailure={loginFailed}
            onSuccess={(token) => finish(token, 'sms')}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
