import { ProForm, ProFormText } from '@ant-design/pro-components';
import { Alert, Col, Form, Row, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { toApiError } from '@/services/auth';
import { creditCodeRule } from '@/utils/identityRules';
import { authRegister } from '@/services/generated/api';
import type { AuthRegisterBody as RegisterParams } from '@/services/generated/api.schemas';
import styles from './index.module.css';

interface RegisterValues extends RegisterParams {
  confirmPassword: string;
}

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const LOGIN_NAME_PATTERN = /^[A-Za-z0-9_]{4,20}$/;
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[^A-Za-z\d]).{8,32}$/;

/** Enterprise-user registration request (POST /auth/register); an administrator reviews it. */
export default function Register() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: RegisterValues) => {
    setError(null);
    const { confirmPassword: _ignored, ...rest } = values;
    void _ignored;
    const params: RegisterParams = {
      ...rest,
      creditCode: rest.creditCode.trim().toUpperCase(),
      enterpriseName: rest.enterpriseName.trim(),
      contactName: rest.contactName.trim(),
      phone: rest.phone.trim(),
      loginName: rest.loginName.trim(),
    };
    try {
      const body = await authRegister(params, { isLogin: true });
      if (body && body.code === 0) {
        void navigate(`/user/registerResult?account=${encodeURIComponent(params.loginName)}`, {
          state: { account: params.loginName },
        });
        return true;
      }
      throw body;
    } catch (err) {
      const e = toApiError(err);
      const text = e.msg || t('reg.failed');
      setError(text);
      if (e.field && form.getFieldInstance(e.field as keyof RegisterValues)) {
        form.setFields([{ name: e.field as keyof RegisterValues, errors: [text] }]);
      }
    }
    return false;
  };

  return (
    <div className={styles.main} data-testid="register-page">
      <Typography.Title level={4} className={styles.title}>
        {t('reg.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className={styles.desc}>
        {t('reg.desc')}
      </Typography.Paragraph>
      {error ? (
        <Alert type="error" showIcon message={error} className={styles.error} data-testid="register-error" />
      ) : null}
      <ProForm<RegisterValues>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        submitter={{
          searchConfig: { submitText: t('reg.submit') },
          resetButtonProps: false,
          submitButtonProps: { size: 'large', block: true, 'data-testid': 'register-submit' } as ButtonProps,
          render: (_, dom) => dom.pop(),
        }}
      >
        <ProFormText
          name="creditCode"
          label={t('reg.creditCode')}
          placeholder={t('reg.creditCodePlaceholder')}
          fieldProps={{ maxLength: 18 }}
          rules={[
            { required: true, whitespace: true, message: t('reg.creditCodeRequired') },
            creditCodeRule(t, t('reg.creditCode')),
          ]}
        />
        <ProFormText
          name="enterpriseName"
          label={t('reg.enterpriseName')}
          placeholder={t('reg.enterpriseNamePlaceholder')}
          fieldProps={{ maxLength: 100 }}
          rules={[{ required: true, whitespace: true, message: t('reg.enterpriseNameRequired') }]}
        />
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <ProFormText
              name="contactName"
              label={t('reg.contactName')}
              placeholder={t('reg.contactNamePlaceholder')}
              fieldProps={{ maxLength: 30 }}
              rules={[{ required: true, whitespace: true, message: t('reg.contactNameRequired') }]}
            />
          </Col>
          <Col xs={24} sm={12}>
            <ProFormText
              name="phone"
              label={t('reg.phone')}
              placeholder={t('reg.phonePlaceholder')}
              fieldProps={{ maxLength: 11 }}
              rules={[
                { required: true, whitespace: true, message: t('reg.phoneRequired') },
                { pattern: MOBILE_PATTERN, message: t('reg.phoneInvalid') },
              ]}
            />
          </Col>
        </Row>
        <ProFormText
          name="loginName"
          label={t('reg.loginName')}
          placeholder={t('reg.loginNamePlaceholder')}
          fieldProps={{ maxLength: 20, autoComplete: 'username' }}
          rules={[
            { required: true, whitespace: true, message: t('reg.loginNameRequired') },
            { pattern: LOGIN_NAME_PATTERN, message: t('reg.loginNameInvalid') },
          ]}
        />
        <ProFormText.Password
          name="password"
          label={t('reg.password')}
          placeholder={t('reg.passwordPlaceholder')}
          fieldProps={{ autoComplete: 'new-password' }}
          rules={[
            { required: true, message: t('reg.passwordRequired') },
            { pattern: PASSWORD_PATTERN, message: t('reg.passwordWeak') },
          ]}
        />
        <ProFormText.Password
          name="confirmPassword"
          label={t('reg.confirmPassword')}
          placeholder={t('reg.confirmPasswordPlaceholder')}
          dependencies={['password']}
          fieldProps={{ autoComplete: 'new-password' }}
          rules={[
            { required: true, message: t('reg.confirmPasswordRequired') },
            ({ getFieldValue }) => ({
              validator: (_, v?: string) =>
                !v || v === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('reg.passwordMismatch'))),
            }),
          ]}
        />
      </ProForm>
      <div className={styles.footer}>
        {t('reg.haveAccount')} <Link to="/user/login">{t('reg.backToLogin')}</Link>
      </div>
    </div>
  );
}
