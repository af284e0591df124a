/** 监管消息 administration: supervision messages (system:supervisionMsg:*). */
import { useTranslation } from 'react-i18next';
import MessageAdminPage from '../SystemMsgList/MessageAdminPage';
import { NS } from '../PositionList/adminKit';

export default function SupervisionMsgList() {
  const { t } = useTranslation(NS);
  return <MessageAdminPage types={['supervisionType']} permBase="system:supervisionMsg" title={t('msg.supervisionTitle')} testId="supervision-msg-table" />;
}
