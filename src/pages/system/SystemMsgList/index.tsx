/** 系统消息 administration: system and warning messages (system:msg:*). */
import { useTranslation } from 'react-i18next';
import MessageAdminPage from './MessageAdminPage';
import { SYS_ADMIN } from '../namespaces';

export default function SystemMsgList() {
  const { t } = useTranslation(SYS_ADMIN);
  return (
    <MessageAdminPage
      types={['systemType', 'warnType']}
      permBase="system:msg"
      title={t('msg.systemTitle')}
      testId="system-msg-table"
    />
  );
}
