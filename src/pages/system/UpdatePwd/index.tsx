/** Change password: old/new/confirm → POST /system/user/updatepwd {oldPassword, newPassword}; shows the server msg. */
import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import { systemUserUpdatepwd } from '@/services/generated/api';
import { errorMessage, isUnauthorized, toApiError } from '@/services/request';
import { userStore, useCurrentUser } from '@/store/user';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export default function UpdatePwd() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const forced = !!(user && (user.mustChangePassword || user.passwordExpired));

  const onFinish = async (values: Values) => {
    setSaving(true);
    try {
      const res = await systemUserUpdatepwd({ oldPassword: values.oldPassword, newPassword: values.newPassword });
      void message.success(res?.msg || t('updatePwd.success'));
      form.resetFields();
      if (forced) {
        userStore.set((s) =>
          s.user ? { ...s, user: { ...s.user, mustChangePassword: false, passwordExpired: false } } : s,
        );
        void navigate('/dashboard', { replace: true });
      }
    } catch (e) {
      if (isUnauthorized(e)) return;
      const err = toApiError(e);
      if (err.field === 'oldPassword' || err.field === 'newPassword') {
        form.setFields([{ name: err.field, errors: [err.msg] }]);
      }
      void message.error(errorMessage(e, t('updatePwd.failed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageHeaderWrapper title={t('updatePwd.title')}>
      <Card style={{ maxWidth: 560 }} data-testid="update-pwd">
        {forced ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 24 }}
            message={user?.passwordExpired ? t('updatePwd.expired') : t('updatePwd.mustChange')}
            data-testid="update-pwd-forced"
          />
        ) : null}
        <Form<Values> form={form} layout="vertical" onFinish={(v) => void onFinish(v)} autoComplete="off">
          <Form.Item
            name="oldPassword"
            label={t('updatePwd.oldPassword')}
            rules={[{ required: true, message: t('updatePwd.oldRequired') }]}
          >
            <Input.Password autoComplete="current-password" data-testid="old-password" />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label={t('updatePwd.newPassword')}
            rules={[{ required: true, message: t('updatePwd.newRequired') }]}
            hasFeedback
          >
            <Input.Password autoComplete="new-password" data-testid="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t('updatePwd.confirmPassword')}
            dependencies={['newPassword']}
            hasFeedback
            rules={[
              { required: true, message: t('updatePwd.confirmRequired') },
              ({ getFieldValue }) => ({
                validator: (_r, value) =>
                  !value || getFieldValue('newPassword') === value
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('updatePwd.mismatch'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" data-testid="confirm-password" />
          </Form.Item>
          <Form.Item style={{ marginBottom: 0 }}>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="update-pwd-submit">
              {t('updatePwd.submit')}
            </Button>
            <Button style={{ marginLeft: 8 }} onClick={() => form.resetFields()}>
              {t('updatePwd.reset')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
    </PageHeaderWrapper>
  );
}
