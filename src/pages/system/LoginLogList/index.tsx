/** 登录日志: read-only list (search, paging, 总共 N 条记录), export, and unlocking a locked account. */
import { Alert, App, Popconfirm } from 'antd';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import AuthButton from '@/components/AuthButton';
import { ExportButton } from '@/components/ExcelButtons';
import { formatDateTime } from '@/components/ProTableKit/format';
import { errorMessage } from '@/services/request';
import { listLoginLogs, LOGININFOR_EXPORT_URL, unlockAccount, type LoginLog, type LoginLogQuery } from '@/services/systemLog';
import { dateRangeColumn, NS, useListPage } from '../PositionList/adminKit';

type Search = Omit<LoginLogQuery, 'pageNum' | 'pageSize'>;

export default function LoginLogList() {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const { actionRef, pagination, request, lastQuery, reload } = useListPage<LoginLog, Search>(listLoginLogs);

  const unlock = async (userName: string) => {
    try {
      const res = await unlockAccount(userName);
      void message.success(res.msg || t('log.unlocked', { userName }));
      reload();
    } catch (err) {
      void message.error(errorMessage(err, t('common.failed')));
    }
  };

  const statusEnum = { '0': { text: t('log.success'), status: 'Success' }, '1': { text: t('log.failure'), status: 'Error' } };
  const methodEnum = { password: { text: t('log.methods.password') }, sms: { text: t('log.methods.sms') }, sso: { text: t('log.methods.sso') } };
  const columns: ProColumns<LoginLog>[] = [
    { title: t('log.infoId'), dataIndex: 'infoId', width: 90, search: false },
    { title: t('log.userName'), dataIndex: 'userName', width: 130, fieldProps: { 'data-testid': 'search-userName' } },
    { title: t('log.method'), dataIndex: 'method', width: 120, valueType: 'select', valueEnum: methodEnum },
    { title: t('log.ipaddr'), dataIndex: 'ipaddr', width: 140 },
    { title: t('log.userAgent'), dataIndex: 'userAgent', ellipsis: true, search: false },
    { title: t('log.status'), dataIndex: 'status', width: 100, valueType: 'select', valueEnum: statusEnum },
    { title: t('log.msg'), dataIndex: 'msg', ellipsis: true, search: false },
    { title: t('log.loginTime'), dataIndex: 'loginTime', width: 170, search: false, render: (_d, r) => formatDateTime(r.loginTime) },
    dateRangeColumn<LoginLog>(t('log.loginTime')),
    {
      title: t('common.action'),
      valueType: 'option',
      width: 100,
      render: (_d, r) =>
        r.userName && r.status === '1'
          ? [
              <AuthButton key="unlock" perm="system:logininfor:unlock">
                <Popconfirm title={t('log.unlockConfirm', { userName: r.userName })} okText={t('common.ok')} cancelText={t('common.cancel')} onConfirm={() => unlock(r.userName!)}>
                  <a data-testid="row-unlock">{t('log.unlock')}</a>
                </Popconfirm>
              </AuthButton>,
            ]
          : [],
    },
  ];

  return (
    <PageHeaderWrapper title={t('log.loginTitle')}>
      <Alert type="info" showIcon message={t('log.retention')} style={{ marginBottom: 16 }} />
      <ProTable<LoginLog, Search>
        rowKey="infoId"
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={pagination}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        data-testid="logininfor-table"
        toolBarRender={() => [<ExportButton key="export" url={LOGININFOR_EXPORT_URL} params={lastQuery} fileName={t('log.loginTitle')} perm="system:logininfor:export" />]}
      />
    </PageHeaderWrapper>
  );
}
