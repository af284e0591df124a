/** More notifications (/system/sysMessageCk): every message type, switchable by tabs. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import type { MsgType } from '@/store/notice';
import { useUnreadStats } from '@/store/notice';
import MessageTable from '../SysMsgInfo/MessageTable';

export default function SysMessageCk() {
  const { t } = useTranslation('shell');
  const stats = useUnreadStats();
  const [tab, setTab] = useState<'all' | MsgType>('all');
  const label = (key: MsgType) => `${t(`messages.types.${key}`)}${stats[key] ? ` (${stats[key]})` : ''}`;
  return (
    <PageHeaderWrapper
      title={t('route.sysMessageCk')}
      tabs={[
        { key: 'all', label: t('messages.all') },
        { key: 'systemType', label: label('systemType') },
        { key: 'supervisionType', label: label('supervisionType') },
        { key: 'warnType', label: label('warnType') },
      ]}
      activeTab={tab}
      onTabChange={(k) => setTab(k as 'all' | MsgType)}
    >
      <MessageTable key={tab} msgType={tab === 'all' ? undefined : tab} />
    </PageHeaderWrapper>
  );
}
