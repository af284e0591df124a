/** 在线用户 (SPEC 7 /system/online): active sessions; force one session or a user offline, after a confirmation (where the row allows it). */
import { Tag, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { ConfirmLink, ListPage, useAction, useAdminColumns, useListPage } from '@/components/AdminKit';
import { formatDateTime } from '@/components/ProTableKit/format';
import { systemOnlineExport, systemOnlineList, systemOnlineOffline } from '@/services/generated/api';
import type { SystemOnlineList200, SystemOnlineListParams } from '@/services/generated/api.schemas';
import { SYS_USER as NS } from '../namespaces';

type OnlineSession = SystemOnlineList200['rows'][number];
type Filters = Omit<SystemOnlineListParams, 'pageNum' | 'pageSize'>;
const PERM = 'system:online:forceLogout';

/** The page's fixed wiring: row key, test id and 导出. */
const PAGE = {
  rowKey: 'sessionId',
  testId: 'online-table',
  exportTo: { call: systemOnlineExport, perm: 'system:online:list' },
} as const;

export default function OnlineUserList() {
  const { t } = useTranslation(NS);
  const cols = useAdminColumns<OnlineSession>();
  const list = useListPage<OnlineSession, Filters>(systemOnlineList);
  const force = useAction(list.reload);

  const methodText = (m: string) => (['password', 'sms', 'sso'].includes(m) ? t(`online.methods.${m}`) : m);
  const columns: ProColumns<OnlineSession>[] = [
    {
      title: t('online.sessionId'),
      dataIndex: 'sessionId',
      search: false,
      width: 160,
      render: (_d, r) => <Typography.Text code>{r.sessionId}</Typography.Text>,
    },
    {
      title: t('online.userName'),
      dataIndex: 'userName',
      fieldProps: { 'data-testid': 'search-userName' },
      render: (_d, r) => (
        <>
          <span data-testid="cell-userName">{r.userName}</span>
          {r.current && (
            <Tag color="green" style={{ marginLeft: 6 }}>
              {t('online.current')}
            </Tag>
          )}
        </>
      ),
    },
    { title: t('online.nickName'), dataIndex: 'nickName', search: false },
    { title: t('online.dept'), dataIndex: 'deptName', search: false, render: (_d, r) => r.deptName ?? '-' },
    { title: t('online.ipaddr'), dataIndex: 'ipaddr', render: (_d, r) => r.ipaddr ?? '-' },
    { title: t('online.browser'), dataIndex: 'browser', search: false },
    { title: t('online.os'), dataIndex: 'os', search: false },
    { title: t('online.method'), dataIndex: 'method', search: false, render: (_d, r) => methodText(r.method) },
    {
      title: t('online.loginTime'),
      dataIndex: 'loginTime',
      search: false,
      width: 170,
      render: (_d, r) => formatDateTime(r.loginTime),
    },
    {
      title: t('online.lastActive'),
      dataIndex: 'lastActiveTime',
      search: false,
      width: 170,
      render: (_d, r) => formatDateTime(r.lastActiveTime),
    },
    cols.action(
      170,
      (r) => [
        r.canForce ? (
          <ConfirmLink
            key="one"
            perm={PERM}
            title={t('online.forceConfirm', { name: r.userName })}
            onConfirm={() => force(() => systemOnlineOffline({ sessionId: r.sessionId }))}
            testId={`force-${r.userName}`}
          >
            {t('online.forceLogout')}
          </ConfirmLink>
        ) : null,
        r.canForceUser ? (
          <ConfirmLink
            key="all"
            perm={PERM}
            title={t('online.forceUserConfirm', { name: r.userName })}
            onConfirm={() => force(() => systemOnlineOffline({ userId: r.userId }))}
            testId={`force-user-${r.userName}`}
          >
            {t('online.forceUser')}
          </ConfirmLink>
        ) : null,
      ],
      { fixed: 'right' },
    ),
  ];

  return (
    <ListPage<OnlineSession, Filters>
      {...PAGE}
      title={t('online.title')}
      list={list}
      columns={columns}
      scroll={{ x: 1300 }}
    />
  );
}
