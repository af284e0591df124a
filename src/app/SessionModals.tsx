/**
 * The two modals of the session statechart: idle warning and 授权过期 (401). Confirming either is
 * a logout. Loaded by the session provider when a session starts (they can only show during
 * one), so the login page and the public site do not load Modal (issue 14).
 */
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

export interface SessionModalsProps {
  state: 'idleWarning' | 'unauthorized';
  /** the server's 401 message */
  message: string;
  onConfirm: () => void;
}

export default function SessionModals({ state, message, onConfirm }: SessionModalsProps) {
  const { t } = useTranslation('shell');
  return (
    <>
      <Modal
        open={state === 'idleWarning'}
        title={t('session.idleTitle')}
        closable={false}
        maskClosable={false}
        keyboard={false}
        cancelButtonProps={{ style: { display: 'none' } }}
        okText={t('session.ok')}
        onOk={onConfirm}
        data-testid="session-idle-modal"
        zIndex={2000}
      >
        <span data-testid="session-idle-text">{t('session.idle')}</span>
      </Modal>
      <Modal
        open={state === 'unauthorized'}
        title={t('session.unauthorizedTitle')}
        closable={false}
        maskClosable={false}
        keyboard={false}
        cancelButtonProps={{ style: { display: 'none' } }}
        okText={t('session.relogin')}
        onOk={onConfirm}
        zIndex={2000}
      >
        <span data-testid="session-401-text">{message}</span>
      </Modal>
    </>
  );
}
