import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Alert, Button, Form, Input, Modal, Space, message } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canSend, isSending, sendButtonLabel, smsCountdownMachine } from '@machines/smsCountdown.machine';
import { errorText } from '@/services/auth';
import { loginSmsLogin, loginSmsSend } from '@/services/generated/api';

export interface PhoneLoginModalProps {
  open: boolean;
  /** the modal was closed (cancel, ×, or after a successful login) */
  onClose: () => void;
  /** the server accepted the code; the page stores the token and goes to /dashboard */
  onSuccess: (token: string) => void | Promise<void>;
  /** an SMS login request starts (session LOGIN.START) */
  onStart?: () => void;
  /** the SMS login failed, with the message shown (session LOGIN.FAILURE) */
  onFailure?: (error: string) => void;
  /** resend countdown in seconds (SPEC 9: 60) */
  seconds?: number;
}

interface PhoneFormValues {
  mobile: string;
  code: string;
}

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/**
 * Phone-code login (SPEC 4 "Phone-code login"). The send button is driven by the smsCountdown
 * statechart: SEND → (POST /login/sms/send) SENT | FAILED; while counting the button is disabled
 * and shows the seconds left, then it reads 重新发送. Closing the modal resets the form and the
 * machine. Submit: POST /login/sms/login with the verifyToken of the send answer.
 */
export default function PhoneLoginModal({
  open,
  onClose,
  onSuccess,
  onStart,
  onFailure,
  seconds,
}: PhoneLoginModalProps) {
  const { t } = useTranslation('login');
  const [form] = Form.useForm<PhoneFormValues>();
  const [snapshot, send] = useMachine(smsCountdownMachine, { input: seconds ? { seconds } : {} });
  const verifyToken = useRef<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const label = sendButtonLabel(snapshot);
  const labelText =
    label.key === 'countdown'
      ? t('phone.countdown', { seconds: label.seconds })
      : label.key === 'resend'
        ? t('phone.resend')
        : t('phone.getCode');
  const sending = isSending(snapshot);

  const handleSend = async () => {
    if (!canSend(snapshot)) return;
    let mobile: string;
    try {
      mobile = (await form.validateFields(['mobile'])).mobile.trim();
    } catch {
      return;
    }
    setError(null);
    setInfo(null);
    send({ type: 'SEND' });
    try {
      const body = await loginSmsSend({ mobile }, { isLogin: true });
      if (body && body.code === 0 && body.data?.token) {
        verifyToken.current = body.data.token;
        send({ type: 'SENT' });
        setInfo(t('phone.sent', { mobile: body.data.mobile || mobile }));
        return;
      }
      throw body;
    } catch (err) {
      const text = errorText(err, t('phone.sendFailed'));
      send({ type: 'FAILED', error: text });
      setError(text);
      void message.error(text);
    }
  };

  const reset = () => {
    send({ type: 'RESET' });
    form.resetFields();
    verifyToken.current = null;
    setError(null);
    setInfo(null);
    setSubmitting(false);
  };

  const close = () => {
    reset();
    onClose();
  };

  const handleSubmit = async () => {
    let values: PhoneFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (!verifyToken.current) {
      setError(t('phone.sendFirst'));
      return;
    }
    setError(null);
    setSubmitting(true);
    onStart?.();
    try {
      const body = await loginSmsLogin(
        { mobile: values.mobile.trim(), code: values.code.trim() },
        { verifytoken: verifyToken.current },
        { isLogin: true },
      );
      if (body && body.code === 0 && body.data?.token) {
        const token = body.data.token;
        close();
        await onSuccess(token);
        return;
      }
      throw body;
    } catch (err) {
      const text = errorText(err, t('phone.loginFailed'), true);
      setError(text);
      onFailure?.(text);
      void message.error(text);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('phone.title')}
      onCancel={close}
      forceRender
      maskClosable={false}
      width={420}
      footer={
        <Space>
          <Button onClick={close} data-testid="phone-cancel">
            {t('phone.cancel')}
          </Button>
          <Button type="primary" loading={submitting} onClick={() => void handleSubmit()} data-testid="phone-submit">
            {t('phone.submit')}
          </Button>
        </Space>
      }
    >
      <div data-testid="phone-modal">
        {error ? (
          <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="phone-error" />
        ) : info ? (
          <Alert type="success" showIcon message={info} style={{ marginBottom: 16 }} data-testid="phone-info" />
        ) : null}
        <Form<PhoneFormValues> form={form} layout="vertical" requiredMark={false} onFinish={() => void handleSubmit()}>
          <Form.Item
            name="mobile"
            label={t('phone.mobile')}
            rules={[
              { required: true, whitespace: true, message: t('phone.mobileRequired') },
              { pattern: MOBILE_PATTERN, message: t('phone.mobileInvalid') },
            ]}
          >
            <Input
              size="large"
              prefix={<MobileOutlined />}
              maxLength={11}
              inputMode="numeric"
              autoComplete="tel"
              placeholder={t('phone.mobilePlaceholder')}
              data-testid="phone-mobile"
            />
          </Form.Item>
          <Form.Item label={t('phone.code')} required={false}>
            <div style={{ display: 'flex', gap: 8 }}>
              <Form.Item
                name="code"
                noStyle
                rules={[{ required: true, whitespace: true, message: t('phone.codeRequired') }]}
              >
                <Input
                  size="large"
                  prefix={<SafetyOutlined />}
                  maxLength={6}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  placeholder={t('phone.codePlaceholder')}
                  data-testid="phone-code"
                  onPressEnter={() => void handleSubmit()}
                />
              </Form.Item>
              <Button
                size="large"
                style={{ minWidth: 120 }}
                disabled={!canSend(snapshot)}
                loading={sending}
                onClick={() => void handleSend()}
                data-testid="phone-send"
              >
                {labelText}
              </Button>
            </div>
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
