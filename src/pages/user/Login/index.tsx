import { Alert, Button, Divider, Form, Space, Tag, Typography, message } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '@/app/session';
import PasswordLoginForm from '@/components/LoginForm';
import type { LoginFormValues } from '@/components/LoginForm';
import { publicSettings } from '@/services/generated/api';
import type { PublicSettings } from '@/app/publicSettings';
import PhoneLoginModal from './PhoneLoginModal';
import styles from './index.module.css';

export const DEMO_PASSWORD = 'Demo#2026';
/** Demo accounts of the seed data, shown only outside production. */
export const DEMO_ACCOUNTS: { group: 'sys' | 'province' | 'staff' | 'enterprise' | 'person'; users: string[] }[] = [
  { group: 'sys', users: ['admin', 'secadmin', 'auditor'] },
  { group: 'province', users: ['province'] },
  { group: 'staff', users: ['gz_sl', 'gz_cb', 'gz_cs', 'gz_sh', 'gz_sp', 'gz_bj', 'sz_staff', 'prov_staff'] },
  { group: 'enterprise', users: ['ent_gz', 'ent_sz', 'ent_prov'] },
  { group: 'person', users: ['person1', 'person2'] },
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
  const [form] = Form.useForm<LoginFormValues>();
  const [phoneOpen, setPhoneOpen] = useState(false);
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
    void message.success(t('loginSuccess'));
    navigate(method === 'sms' ? '/dashboard' : safeRedirect(searchParams.get('redirect')), { replace: true });
  };

  const fillDemo = (username: string) => {
    form.setFieldsValue({ username, password: DEMO_PASSWORD });
  };

  return (
    <div className={styles.main} data-testid="login-page">
      <PasswordLoginForm
        form={form}
        onStart={() => loginStarted('password')}
        onFailure={loginFailed}
        onSuccess={(token) => finish(token, 'password')}
        actions={
          <div className={styles.actions}>
            <Button
              type="link"
              icon={<MobileOutlined />}
              className={styles.linkButton}
              onClick={() => setPhoneOpen(true)}
              data-testid="phone-login-link"
            >
              {t('phoneLogin')}
            </Button>
            <Space split={<Divider type="vertical" />} size={0}>
              <Link to="/user/register" data-testid="register-link">
                {t('register')}
              </Link>
              <Link to="/web">{t('publicSite')}</Link>
            </Space>
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
              <Typography.Text type="secondary" className={styles.demoHint}>
                {t('demoHint')}
              </Typography.Text>
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
      <PhoneLoginModal
        open={phoneOpen}
        seconds={settings?.smsResendSeconds}
        onClose={() => setPhoneOpen(false)}
        onStart={() => loginStarted('sms')}
        onFailure={loginFailed}
        onSuccess={(token) => finish(token, 'sms')}
      />
    </div>
  );
}
