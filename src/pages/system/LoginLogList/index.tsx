/** 登录日志: read-only list (search, paging, 总共 N 条记录), export, and unlocking a locked account. */
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { ConfirmLink, ListPage, dateRangeColumn, useAction, useAdminColumns, useListPage } from '@/components/AdminKit';
import { formatDateTime } from '@/components/ProTableKit/format';
import { systemLogininforExport, systemLogininforList, systemLogininforUnlock } from '@/services/generated/api';
import type { SystemLogininforList200, SystemLogininforListParams } from '@/services/generated/api.schemas';
import { SYS_ADMIN } from '../namespaces';

type LoginLog = SystemLogininforList200['rows'][number];
type Search = Omit<SystemLogininforListParams, 'pageNum' | 'pageSize'>;

/** The page's fixed wiring: row key, test id and 导出. */
const PAGE = {
  rowKey: 'infoId',
  testId: 'logininfor-table',
  exportTo: { call: systemLogininforExport, perm: 'system:logininfor:export' },
} as const;

export default function LoginLogList() {
  const { t } = useTranslation(SYS_ADMIN);
  const cols = useAdminColumns<LoginLog>();
  const list = useListPage<LoginLog, Search>(systemLogininforList);
  const act = useAction(list.reload);

  const methodEnum = {
    password: { text: t('log.methods.password') },
    sms: { text: t('log.methods.sms') },
    sso: { text: t('log.methods.sso') },
  };
  const columns: ProColumns<LoginLog>[] = [
    { title: t('log.infoId'), dataIndex: 'infoId', width: 90, search: false },
    { title: t('log.userName'), dataIndex: 'userName', width: 130, fieldProps: { 'data-testid': 'search-userName' } },
    { title: t('log.method'), dataIndex: 'method', width: 120, valueType: 'select', valueEnum: methodEnum },
    { title: t('log.ipaddr'), dataIndex: 'ipaddr', width: 140 },
    { title: t('log.userAgent'), dataIndex: 'userAgent', ellipsis: true, search: false },
    cols.outcome(t('log.status')),
    { title: t('log.msg'), dataIndex: 'msg', ellipsis: true, search: false },
    {
      title: t('log.loginTime'),
      dataIndex: 'loginTime',
      width: 170,
      search: false,
      render: (_d, r) => formatDateTime(r.loginTime),
    },
    dateRangeColumn<LoginLog>(t('log.loginTime')),
    // Where unlocking makes sense is the server's answer (a failed sign-in of a named account).
    cols.action(100, (r) =>
      r.unlockable && r.userName
        ? [
            <ConfirmLink
              key="unlock"
              perm="system:logininfor:unlock"
              title={t('log.unlockConfirm', { userName: r.userName })}
              onConfirm={() => act(() => systemLogininforUnlock(encodeURIComponent(r.userName!)))}
              testId="row-unlock"
              danger={false}
            >
              {t('log.unlock')}
            </ConfirmLink>,
          ]
        : [],
    ),
  ];

  return (
    <ListPage<LoginLog, Search>
      {...PAGE}
      title={t('log.loginTitle')}
      notice={t('log.retention')}
      list={list}
      columns={columns}
    />
  );
}
