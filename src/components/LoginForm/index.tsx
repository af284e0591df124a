import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
// The two inputs by their own modules: antd's Input index brings TextArea, OTP and Search along.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useCallback, useImperativeHandle, useState } from 'react';
import type { FormEvent, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '@/services/auth';
import { codePost, loginLogin } from '@/services/generated/api';
import type { CodePost200, LoginLoginBody } from '@/services/generated/api.schemas';

type CaptchaData = CodePost200['data'];
import styles from './LoginForm.module.css';

export interface LoginFormValues {
  username: string;
  password: string;
  code?: string;
}

/** What the page may do with the form: fill it (demo accounts). */
export interface LoginFormHandle {
  fill: (values: Partial<LoginFormValues>) => void;
}

export interface PasswordLoginFormProps {
  /** called with the token after the server accepted the credentials */
  onSuccess: (token: string) => void | Promise<void>;
  /** a login request starts (session LOGIN.START) */
  onStart?: () => void;
  /** the login request failed, with the message shown (session LOGIN.FAILURE) */
  onFailure?: (error: string) => void;
  /** links under the form (phone login, register ...) */
  actions?: ReactNode;
  /** lets the page fill the form (demo accounts) */
  ref?: Ref<LoginFormHandle>;
}

type Field = keyof LoginFormValues;
type Errors = Partial<Record<Field, string>>;

/**
 * Account + password login (SPEC 1 login methods). After three failures the server answers
 * data.needCaptcha: a captcha image from POST /code is shown (click to refresh) and code + uuid
 * are sent with the next attempt. The server msg (wrong password, locked ...) is shown on failure.
 *
 * Three required fields checked here, drawn like antd's form items, rather than antd's Form or
 * pro-components' LoginForm: the login page is a first page, and those two (with the validator
 * and field store under them) were a third of its first load (issue 14).
 */
export default function PasswordLoginForm({ onSuccess, onStart, onFailure, actions, ref }: PasswordLoginFormProps) {
  const { t } = useTranslation('login');
  const [values, setValues] = useState<LoginFormValues>({ username: '', password: '', code: '' });
  /** fields checked so far: a field shows its error once it was left or the form was sent */
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [captcha, setCaptcha] = useState<CaptchaData | null>(null);
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useImperativeHandle(
    ref,
    () => ({
      fill: (next) => {
        setValues((prev) => ({ ...prev, ...next }));
        setTouched({});
      },
    }),
    [],
  );

  const errorsOf = (v: LoginFormValues): Errors => ({
    ...(v.username.trim() ? {} : { username: t('usernameRequired') }),
    ...(v.password ? {} : { password: t('passwordRequired') }),
    ...(needCaptcha && !(v.code ?? '').trim() ? { code: t('captchaRequired') } : {}),
  });
  const errors = errorsOf(values);
  const shown = (field: Field) => (touched[field] ? errors[field] : undefined);

  const refreshCaptcha = useCallback(async () => {
    try {
      const body = await codePost({ isLogin: true });
      if (body?.data?.img) setCaptcha(body.data);
      else setError(body?.msg || t('captchaLoadFailed'));
    } catch (err) {
      setError(toApiError(err).msg || t('captchaLoadFailed'));
    }
  }, [t]);

  const fail = (err: unknown) => {
    const e = toApiError(err);
    const text = e.msg || e.message || t('loginFailed');
    setError(text);
    onFailure?.(text);
    if (e.data?.needCaptcha || e.field === 'code' || needCaptcha) {
      setNeedCaptcha(true);
      setValues((prev) => ({ ...prev, code: '' }));
      setTouched((prev) => ({ ...prev, code: false }));
      void refreshCaptcha();
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setTouched({ username: true, password: true, code: true });
    if (Object.keys(errors).length > 0) return;
    setError(null);
    const params: LoginLoginBody = { username: values.username.trim(), password: values.password };
    if (needCaptcha && captcha) {
      params.code = values.code?.trim();
      params.uuid = captcha.uuid;
    }
    onStart?.();
    setSubmitting(true);
    try {
      const body = await loginLogin(params, { isLogin: true });
      if (body && body.code === 0 && body.data?.token) {
        await onSuccess(body.data.token);
        return;
      }
      fail(body);
    } catch (err) {
      fail(err);
    } finally {
      setSubmitting(false);
    }
  };

  const field = (
    name: Field,
    input: (props: {
      status?: 'error';
      value: string;
      onChange: (e: { target: { value: string } }) => void;
      onBlur: () => void;
      'aria-invalid': boolean;
      'aria-describedby'?: string;
    }) => ReactNode,
    className?: string,
  ) => {
    const message = shown(name);
    const messageId = `login-${name}-error`;
    return (
      <div className={className ? `${styles.item} ${className}` : styles.item}>
        {input({
          status: message ? 'error' : undefined,
          value: values[name] ?? '',
          onChange: (e) => setValues((prev) => ({ ...prev, [name]: e.target.value })),
          onBlur: () => setTouched((prev) => ({ ...prev, [name]: true })),
          'aria-invalid': !!message,
          'aria-describedby': message ? messageId : undefined,
        })}
        <div className={styles.explain} id={messageId} role={message ? 'alert' : undefined}>
          {message}
        </div>
      </div>
    );
  };

  return (
    <div className={styles.wrap}>
      <div className={styles.top}>
        <span className={styles.subTitle}>{t('accountLogin')}</span>
      </div>
      <div className={styles.main}>
        {error ? (
          <Alert className={styles.error} type="error" showIcon message={error} data-testid="login-error" />
        ) : null}
        <form onSubmit={(e) => void submit(e)} noValidate>
          {field('username', (p) => (
            <Input
              size="large"
              prefix={<UserOutlined />}
              autoComplete="username"
              placeholder={t('usernamePlaceholder')}
              data-testid="login-username"
              {...p}
            />
          ))}
          {field('password', (p) => (
            <Password
              size="large"
              prefix={<LockOutlined />}
              autoComplete="current-password"
              placeholder={t('passwordPlaceholder')}
              data-testid="login-password"
              {...p}
            />
          ))}
          {needCaptcha ? (
            <div className={styles.captchaRow}>
              {field(
                'code',
                (p) => (
                  <Input
                    size="large"
                    prefix={<SafetyOutlined />}
                    autoComplete="off"
                    placeholder={t('captchaPlaceholder')}
                    data-testid="login-captcha"
                    {...p}
                  />
                ),
                styles.captchaInput,
              )}
              {captcha ? (
                <img
                  className={styles.captchaImg}
                  src={captcha.img}
                  alt={t('captchaAlt')}
                  title={t('captchaRefresh')}
                  data-testid="login-captcha-img"
                  onClick={() => void refreshCaptcha()}
                />
              ) : (
                <button type="button" className={styles.captchaImg} onClick={() => void refreshCaptcha()}>
                  {t('captchaRefresh')}
                </button>
              )}
            </div>
          ) : null}
          <div className={styles.item}>
            <Button type="primary" htmlType="submit" size="large" block loading={submitting} data-testid="login-submit">
              {t('submit')}
            </Button>
          </div>
        </form>
        {actions}
      </div>
    </div>
  );
}
