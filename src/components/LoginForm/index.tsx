import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { LoginForm as ProLoginForm, ProFormText } from '@ant-design/pro-components';
import { Alert, Form, Tooltip } from 'antd';
import type { ButtonProps, FormInstance } from 'antd';
import { useCallback, useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '@/services/auth';
import { codePost, loginLogin } from '@/services/generated/api';
import type { CodePost200, LoginLoginBody } from '@/services/generated/api.schemas';

type CaptchaData = CodePost200['data'];
import styles from './LoginForm.module.css';

type TextFieldProps = ComponentProps<typeof ProFormText>['fieldProps'];
type PasswordFieldProps = ComponentProps<typeof ProFormText.Password>['fieldProps'];

export interface LoginFormValues {
  username: string;
  password: string;
  code?: string;
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
  form?: FormInstance<LoginFormValues>;
}


/**
 * Account + password login (SPEC 1 login methods). After three failures the server answers
 * data.needCaptcha: a captcha image from POST /code is shown (click to refresh) and code + uuid
 * are sent with the next attempt. The server msg (wrong password, locked ...) is shown on failure.
 */
export default function PasswordLoginForm({ onSuccess, onStart, onFailure, actions, form: outerForm }: PasswordLoginFormProps) {
  const { t } = useTranslation('login');
  const [ownForm] = Form.useForm<LoginFormValues>();
  const form = outerForm ?? ownForm;
  const [captcha, setCaptcha] = useState<CaptchaData | null>(null);
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [error, setError] = useState<string | null>(null);

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
      form.setFieldValue('code', undefined);
      void refreshCaptcha();
    }
  };

  const handleFinish = async (values: LoginFormValues) => {
    setError(null);
    const params: LoginLoginBody = { username: values.username.trim(), password: values.password };
    if (needCaptcha && captcha) {
      params.code = values.code?.trim();
      params.uuid = captcha.uuid;
    }
    onStart?.();
    try {
      const body = await loginLogin(params, { isLogin: true });
      if (body && body.code === 0 && body.data?.token) {
        await onSuccess(body.data.token);
        return true;
      }
      fail(body);
    } catch (err) {
      fail(err);
    }
    return false;
  };

  return (
    <div className={styles.wrap}>
      <ProLoginForm<LoginFormValues>
        form={form}
        subTitle={<span className={styles.subTitle}>{t('accountLogin')}</span>}
        contentStyle={{ width: '100%', maxWidth: 368 }}
        onFinish={handleFinish}
        message={
          error ? (
            <Alert className={styles.error} type="error" showIcon message={error} data-testid="login-error" />
          ) : null
        }
        submitter={{
          searchConfig: { submitText: t('submit') },
          submitButtonProps: { 'data-testid': 'login-submit' } as ButtonProps,
        }}
        actions={actions}
      >
        <ProFormText
          name="username"
          fieldProps={{ size: 'large', prefix: <UserOutlined />, autoComplete: 'username', 'data-testid': 'login-username' } as TextFieldProps}
          placeholder={t('usernamePlaceholder')}
          rules={[{ required: true, whitespace: true, message: t('usernameRequired') }]}
        />
        <ProFormText.Password
          name="password"
          fieldProps={
            { size: 'large', prefix: <LockOutlined />, autoComplete: 'current-password', 'data-testid': 'login-password' } as PasswordFieldProps
          }
          placeholder={t('passwordPlaceholder')}
          rules={[{ required: true, message: t('passwordRequired') }]}
        />
        {needCaptcha ? (
          <div className={styles.captchaRow}>
            <ProFormText
              name="code"
              formItemProps={{ className: styles.captchaInput }}
              fieldProps={{ size: 'large', prefix: <SafetyOutlined />, autoComplete: 'off', 'data-testid': 'login-captcha' } as TextFieldProps}
              placeholder={t('captchaPlaceholder')}
              rules={[{ required: true, whitespace: true, message: t('captchaRequired') }]}
            />
            <Tooltip title={t('captchaRefresh')}>
              {captcha ? (
                <img
                  className={styles.captchaImg}
                  src={captcha.img}
                  alt={t('captchaAlt')}
                  data-testid="login-captcha-img"
                  onClick={() => void refreshCaptcha()}
                />
              ) : (
                <button type="button" className={styles.captchaImg} onClick={() => void refreshCaptcha()}>
                  {t('captchaRefresh')}
                </button>
              )}
            </Tooltip>
          </div>
        ) : null}
      </ProLoginForm>
    </div>
  );
}
