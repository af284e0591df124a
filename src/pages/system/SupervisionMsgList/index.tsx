/** 监管消息 administration: supervision messages (system:supervisionMsg:*). */
import { useTranslation } from 'react-i18next';
import MessageAdminPage from '../SystemMsgList/MessageAdminPage';
import { SYS_ADMIN } from '../namespaces';

export default function SupervisionMsgList() {
  const { t } = useTranslation(SYS_ADMIN);
  return (
    <MessageAdminPage
      types={['supervisionType']}
      permBase="system:supervisionMsg"
      title={t('msg.supervisionTitle')}
      testId="supervision-msg-table"
    />
  );
}
