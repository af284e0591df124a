/**
 * A certificate's detail with 申请注销: the grounds and a remark, a confirmation, then
 * POST /certificate/revocation/revoke saves and submits in one go (nothing is written when the
 * rules refuse; the refusal is shown as the server words it).
 */
import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import AuthButton from '@/components/AuthButton';
import { certificateRevocationRevoke } from '@/services/generated/api';
import type { CertificateRevocationRevokeParams } from '@/services/generated/api.schemas';
import { errorMessage, isUnauthorized } from '@/services/request';
import CertificateDetailView from '../components/CertificateDetailView';
import { ReasonSelect } from '../components/ReasonForm';
import { NS } from '../components/types';

interface Props {
  certificateId: number | null;
  onClose: () => void;
  onRevoked: () => void;
}

export default function QuickRevokeModal({ certificateId, onClose, onRevoked }: Props) {
  const { t } = useTranslation(NS);
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ reason?: CertificateRevocationRevokeParams['reason']; remark?: string }>();
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const close = () => {
    setAsking(false);
    setRefusal(null);
    onClose();
  };

  const send = async () => {
    const values = await form.validateFields();
    modal.confirm({
      title: t('revoke.confirmTitle'),
      content: t('revoke.confirmText'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'revoke-confirm-ok' } as Record<string, string>) },
      onOk: async () => {
        if (certificateId === null) return;
        setSending(true);
        setRefusal(null);
        try {
          const res = await certificateRevocationRevoke({
            certificateId,
            reason: values.reason!,
            remark: values.remark?.trim() || undefined,
          });
          void message.success(res.msg || t('revoke.done'));
          onRevoked();
          close();
        } catch (err) {
          if (!isUnauthorized(err)) setRefusal(errorMessage(err, t('revoke.failed')));
        } finally {
          setSending(false);
        }
      },
    });
  };

  return (
    <Modal
      open={certificateId !== null}
      width={900}
      title={t('certDetail.title')}
      onCancel={close}
      destroyOnHidden
      data-testid="certificate-detail-modal"
      footer={
        <Space>
          <Button onClick={close}>{t('wizard.close')}</Button>
          {asking ? (
            <Button
              type="primary"
              danger
              loading={sending}
              onClick={() => void send().catch(() => undefined)}
              data-testid="revoke-send"
            >
              {t('revoke.send')}
            </Button>
          ) : (
            <AuthButton perm="business:revocation:add">
              <Button type="primary" danger onClick={() => setAsking(true)} data-testid="revoke-quick">
                {t('revoke.quick')}
              </Button>
            </AuthButton>
          )}
        </Space>
      }
    >
      <CertificateDetailView certificateId={certificateId} />
      {asking ? (
        <Form form={form} layout="vertical" style={{ marginTop: 16 }} preserve={false} data-testid="revoke-form">
          <Form.Item
            name="reason"
            label={t('field.reasonRevocation')}
            rules={[{ required: true, message: t('rule.reasonRevocation') }]}
          >
            <ReasonSelect testId="revoke-reason" />
          </Form.Item>
          <Form.Item name="remark" label={t('field.remark')} rules={[{ max: 500, message: t('rule.remarkMax') }]}>
            <Input.TextArea rows={2} maxLength={500} showCount />
          </Form.Item>
        </Form>
      ) : null}
      {refusal ? <Alert type="error" showIcon message={refusal} data-testid="revoke-error" /> : null}
    </Modal>
  );
}
