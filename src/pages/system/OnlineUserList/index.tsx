/** 在线用户 (SPEC 7 /system/online): active sessions; force one session or a user offline, after a confirmation. */
import { useMemo, useRef, useState } from 'react';
import { App, Popconfirm, Tag, Typography } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import AuthButton from '@/components/AuthButton';
import { ExportButton } from '@/components/ExcelButtons';
import { tableRequest, useTablePagination } from '@/components/ProTableKit';
import { formatDateTime } from '@/components/ProTableKit/format';
import { errorMessage } from '@/services/request';
import { useCurrentUser } from '@/store/user';
import { forceOffline, listOnline, type OnlineSession } from '@/services/systemOnline';
import { NS } from '../UserList/shared/ns';
import { searchOnly } from '../PositionList/adminKit';

type Filters = { userName?: string; ipaddr?: string };

export default function OnlineUserList() {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const me = useCurrentUser();
  const actionRef = useRef<ActionType>(null);
  const pagination = useTablePagination();
  const [lastQuery, setLastQuery] = useState<Record<string, unknown>>({});
  const request = useMemo(() => tableRequest<OnlineSession, Filters>((q) => {
    setLastQuery(searchOnly(q));
    return listOnline(q);
  }, actionRef), []);

  const force = async (body: { sessionId: string } | { userId: number }) => {
    try {
      const res = await forceOffline(body);
      void message.success(res.msg || t('online.done'));
      void actionRef.current?.reload();
    } catch (err) {
      void message.error(errorMessage(err, t('common.failed')));
    }
  };

  const methodText = (m: string) => (['password', 'sms', 'sso'].includes(m) ? t(`online.methods.${m}`) : m);
  const columns: ProColumns<OnlineSession>[] = [
    { title: t('online.sessionId'), dataIndex: 'sessionId', search: false, width: 160, render: (_d, r) => <Typography.Text code>{r.sessionId}</Typography.Text> },
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
    { title: t('online.loginTime'), dataIndex: 'loginTime', search: false, width: 170, render: (_d, r) => formatDateTime(r.loginTime) },
    { title: t('online.lastActive'), dataIndex: 'lastActiveTime', search: false, width: 170, render: (_d, r) => formatDateTime(r.lastActiveTime) },
    {
      title: t('common.action'),
      valueType: 'option',
      width: 170,
      fixed: 'right',
      render: (_d, r) =>
        r.current
          ? []
          : [
              <AuthButton key="one" perm="system:online:forceLogout">
                <Popconfirm title={t('online.forceConfirm', { name: r.userName })} onConfirm={() => void force({ sessionId: r.sessionId })}>
                  <Typography.Link type="danger" data-testid={`force-${r.userName}`}>
                    {t('online.forceLogout')}
                  </Typography.Link>
                </Popconfirm>
              </AuthButton>,
              r.userId === Number(me?.userId) ? null : <AuthButton key="all" perm="system:online:forceLogout">
                <Popconfirm title={t('online.forceUserConfirm', { name: r.userName })} onConfirm={() => void force({ userId: r.userId })}>
                  <Typography.Link type="danger" data-testid={`force-user-${r.userName}`}>
                    {t('online.forceUser')}
                  </Typography.Link>
                </Popconfirm>
              </AuthButton>,
            ],
    },
  ];

  return (
    <PageHeaderWrapper title={t('online.title')}>
      <ProTable<OnlineSession, Filters>
        rowKey="sessionId"
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={pagination}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: 1300 }}
        options={{ density: false, setting: false, reload: true }}
        data-testid="online-table"
        toolBarRender={() => [
          <ExportButton key="export" url="/system/online/export" params={lastQuery} fileName={t('online.title')} perm="system:online:list" />,
        ]}
      />
    </PageHeaderWrapper>
  );
}
