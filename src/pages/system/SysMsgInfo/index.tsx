/** /system/sysMsgInfo/systemMsg | supervisionMsg | warnMsg: the message list of one msgType. */
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import type { MsgType } from '@/store/notice';
import MessageTable from './MessageTable';

const BY_SEGMENT: Record<string, MsgType> = {
  systemmsg: 'systemType',
  supervisionmsg: 'supervisionType',
  warnmsg: 'warnType',
};

/** msgType from the last path segment (systemMsg → systemType ...), systemType by default. */
export function msgTypeOfPath(pathname: string): MsgType {
  const seg = pathname.replace(/\/+$/, '').split('/').pop()?.toLowerCase() ?? '';
  return BY_SEGMENT[seg] ?? 'systemType';
}

export default function SysMsgInfo() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const msgType = msgTypeOfPath(pathname);
  return (
    <PageHeaderWrapper title={t(`messages.types.${msgType}`)}>
      <MessageTable key={msgType} msgType={msgType} />
    </PageHeaderWrapper>
  );
}
