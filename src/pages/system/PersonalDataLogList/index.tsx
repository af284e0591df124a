/** 个人信息访问日志: who saw whose unmasked personal data, for which duty (read-only, export). */
import { Alert } from 'antd';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import { ExportButton } from '@/components/ExcelButtons';
import { formatDateTime } from '@/components/ProTableKit/format';
import { listPersonalDataAccess, PDLOG_EXPORT_URL, type PersonalDataAccess, type PersonalDataAccessQuery } from '@/services/systemLog';
import { dateRangeColumn, NS, useListPage } from '../PositionList/adminKit';

type Search = Omit<PersonalDataAccessQuery, 'pageNum' | 'pageSize'>;

const PURPOSES = ['review', 'employer', 'admin:person', 'admin:user', 'certificate:staff', 'certificate:pdf'] as const;
const FIELDS = ['idNo', 'phone', 'birthDate'];

export default function PersonalDataLogList() {
  const { t } = useTranslation(NS);
  const { actionRef, pagination, request, lastQuery } = useListPage<PersonalDataAccess, Search>(listPersonalDataAccess);
  const purposeEnum = Object.fromEntries(PURPOSES.map((p) => [p, { text: t(`log.purposes.${p}`) }]));
  const fieldText = (fields: string) =>
    fields.split(',').map((f) => (FIELDS.includes(f) ? t(`log.fieldNames.${f}`) : f)).join(' / ');
  const columns: ProColumns<PersonalDataAccess>[] = [
    { title: t('log.infoId'), dataIndex: 'id', width: 90, search: false },
    { title: t('log.pdUserName'), dataIndex: 'userName', width: 130, fieldProps: { 'data-testid': 'search-userName' } },
    { title: t('log.pdSubject'), dataIndex: 'subjectName', width: 130 },
    { title: t('log.pdFields'), dataIndex: 'fields', width: 200, search: false, render: (_d, r) => fieldText(r.fields) },
    { title: t('log.pdPurpose'), dataIndex: 'purpose', width: 180, valueType: 'select', valueEnum: purposeEnum },
    { title: t('log.pdRoute'), dataIndex: 'route', ellipsis: true, search: false },
    { title: t('log.pdIp'), dataIndex: 'ip', width: 130, search: false },
    { title: t('log.pdTime'), dataIndex: 'accessedAt', width: 170, search: false, render: (_d, r) => formatDateTime(r.accessedAt) },
    dateRangeColumn<PersonalDataAccess>(t('log.pdTime')),
  ];
  return (
    <PageHeaderWrapper title={t('log.pdTitle')}>
      <Alert type="info" showIcon message={t('log.pdNotice')} style={{ marginBottom: 16 }} />
      <ProTable<PersonalDataAccess, Search>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={pagination}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        data-testid="pdlog-table"
        toolBarRender={() => [<ExportButton key="export" url={PDLOG_EXPORT_URL} params={lastQuery} fileName={t('log.pdTitle')} perm="system:pdlog:export" />]}
      />
    </PageHeaderWrapper>
  );
}
