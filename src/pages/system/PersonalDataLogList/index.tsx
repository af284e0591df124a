/**
 * 个人信息访问日志 (the audit administrator's page): who saw whose unmasked personal data, when, for
 * which duty and through which record — each click on 显示 anywhere, and each certificate PDF made
 * for someone else (read-only, export).
 */
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { ListPage, dateRangeColumn, useListPage } from '@/components/AdminKit';
import { formatDateTime } from '@/components/ProTableKit/format';
import { systemPdlogExport, systemPdlogList } from '@/services/generated/api';
import type { SystemPdlogList200, SystemPdlogListParams } from '@/services/generated/api.schemas';
import { SYS_ADMIN } from '../namespaces';

type PersonalDataAccess = SystemPdlogList200['rows'][number];
type Search = Omit<SystemPdlogListParams, 'pageNum' | 'pageSize'>;

const PURPOSES = [
  'review',
  'employer',
  'admin:person',
  'admin:user',
  'certificate:staff',
  'certificate:pdf',
  'search:staff',
] as const;
const SOURCES = ['application', 'certificate', 'staff', 'person', 'user', 'examSignup', 'punishment'];
const FIELDS = ['idNo', 'phone', 'birthDate'];

/** The page's fixed wiring: row key, test id and 导出. */
const PAGE = {
  rowKey: 'id',
  testId: 'pdlog-table',
  exportTo: { call: systemPdlogExport, perm: 'system:pdlog:export' },
} as const;

export default function PersonalDataLogList() {
  const { t } = useTranslation(SYS_ADMIN);
  const list = useListPage<PersonalDataAccess, Search>(systemPdlogList);
  const purposeEnum = Object.fromEntries(PURPOSES.map((p) => [p, { text: t(`log.purposes.${p}`) }]));
  const fieldText = (fields: string) =>
    fields
      .split(',')
      .map((f) => (FIELDS.includes(f) ? t(`log.fieldNames.${f}`) : f))
      .join(' / ');
  /** application:123 → 业务申请 #123 */
  const viaText = (via: string | null) => {
    if (!via) return t('log.viaDocument');
    const [source, id] = via.split(':');
    return SOURCES.includes(source ?? '') ? `${t(`log.sources.${source}`)} #${id}` : via;
  };
  const columns: ProColumns<PersonalDataAccess>[] = [
    { title: t('log.infoId'), dataIndex: 'id', width: 90, search: false },
    { title: t('log.pdUserName'), dataIndex: 'userName', width: 130, fieldProps: { 'data-testid': 'search-userName' } },
    { title: t('log.pdSubject'), dataIndex: 'subjectName', width: 130 },
    {
      title: t('log.pdFields'),
      dataIndex: 'fields',
      width: 200,
      search: false,
      render: (_d, r) => fieldText(r.fields),
    },
    { title: t('log.pdPurpose'), dataIndex: 'purpose', width: 180, valueType: 'select', valueEnum: purposeEnum },
    {
      title: t('log.pdVia'),
      dataIndex: 'via',
      width: 170,
      fieldProps: { placeholder: t('log.pdViaSearch') },
      render: (_d, r) => <span data-testid="pdlog-via">{viaText(r.via)}</span>,
    },
    { title: t('log.pdRoute'), dataIndex: 'route', ellipsis: true, search: false },
    { title: t('log.pdIp'), dataIndex: 'ip', width: 130, search: false },
    {
      title: t('log.pdTime'),
      dataIndex: 'accessedAt',
      width: 170,
      search: false,
      render: (_d, r) => formatDateTime(r.accessedAt),
    },
    dateRangeColumn<PersonalDataAccess>(t('log.pdTime')),
  ];
  return (
    <ListPage<PersonalDataAccess, Search>
      {...PAGE}
      title={t('log.pdTitle')}
      notice={t('log.pdNotice')}
      list={list}
      columns={columns}
    />
  );
}
