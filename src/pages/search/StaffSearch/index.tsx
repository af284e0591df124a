/**
 * 人员查询 search/StaffSearch (search:staff:list): persons of the caller's scope by name and ID
 * number (by their start), a certificate they hold, their employer; ID numbers masked in the list;
 * the detail drawer shows the full number (and says the view is logged); Excel export.
 */
import { useState } from 'react';
import type { ProColumns } from '@ant-design/pro-components';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import { searchStaffExport, searchStaffList } from '@/services/generated/api';
import type { SearchStaffList200RowsItem as StaffRow, SearchStaffListParams } from '@/services/generated/api.schemas';
import { useCertLabels } from '../CertSearch/CertificateDrawer';
import SearchTable, { type SearchQuery } from '../components/SearchTable';
import { useDrillFilters } from '../components/drill';
import { districtColumn } from '../components/columns';
import HeldCertificates from '../components/HeldCertificates';
import { useSearchLabels } from '../components/labels';
import StaffDrawer from './StaffDrawer';
import ActionLink from '@/components/ActionLink';

const CATEGORIES = ['A', 'B', 'C1', 'C2', 'C3'] as const;
const STATUSES = ['01', '02', '03', '04', '05', '06', '07', '99'] as const;

export default function StaffSearch() {
  const { t, areaEnum, employEnum, sexEnum } = useSearchLabels();
  const cert = useCertLabels();
  const drill = useDrillFilters(
    [
      'name',
      'idNo',
      'certNo',
      'category',
      'certStatus',
      'enterpriseName',
      'employStatus',
      'sex',
      'area',
      'districtCode',
    ],
    [],
    ['enterpriseId'],
  );
  const [viewing, setViewing] = useState<number | null>(null);

  const columns: ProColumns<StaffRow>[] = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      width: 110,
      fixed: 'left',
      sorter: true,
      order: 10,
      fieldProps: { 'data-testid': 'search-name', placeholder: t('field.prefixPlaceholder') },
      render: (_d, r) => (
        <ActionLink onClick={() => setViewing(r.id)} data-testid="staff-row-name">
          {r.name}
        </ActionLink>
      ),
    },
    { title: t('field.sex'), dataIndex: 'sex', width: 70, valueType: 'select', valueEnum: sexEnum },
    {
      title: t('field.idNo'),
      dataIndex: 'idNo',
      width: 190,
      sorter: true,
      order: 9,
      fieldProps: { 'data-testid': 'search-idNo', placeholder: t('field.prefixPlaceholder') },
    },
    {
      title: t('field.birthYear'),
      dataIndex: 'birthDate',
      width: 90,
      search: false,
      sorter: true,
      render: (_d, r) => r.birthYear,
    },
    {
      title: t('field.employer'),
      dataIndex: 'enterpriseName',
      width: 260,
      ellipsis: true,
      sorter: true,
      order: 7,
      fieldProps: { 'data-testid': 'search-enterpriseName', placeholder: t('field.containsPlaceholder') },
    },
    {
      title: t('field.employStatus'),
      dataIndex: 'employStatus',
      width: 90,
      valueType: 'select',
      valueEnum: employEnum,
    },
    {
      title: t('field.certificates'),
      dataIndex: 'certificates',
      width: 280,
      search: false,
      render: (_d, r) => <HeldCertificates certificates={r.certificates} />,
    },
    {
      title: t('field.certNo'),
      dataIndex: 'certNo',
      hideInTable: true,
      order: 8,
      fieldProps: { 'data-testid': 'search-certNo', placeholder: t('field.certNoPlaceholder') },
    },
    {
      title: t('field.category'),
      dataIndex: 'category',
      hideInTable: true,
      valueType: 'select',
      valueEnum: Object.fromEntries(CATEGORIES.map((c) => [c, { text: cert.category(c) }])),
    },
    {
      title: t('field.certStatus'),
      dataIndex: 'certStatus',
      hideInTable: true,
      valueType: 'select',
      valueEnum: Object.fromEntries(STATUSES.map((s) => [s, { text: cert.status(s) }])),
    },
    { title: t('field.area'), dataIndex: 'area', hideInTable: true, valueType: 'select', valueEnum: areaEnum },
    districtColumn<StaffRow>(t('field.employerDistrict')),
    {
      title: t('field.actions'),
      valueType: 'option',
      width: 80,
      fixed: 'right',
      render: (_d, r) => [
        <ActionLink key="view" onClick={() => setViewing(r.id)} data-testid="staff-row-view">
          {t('action.view')}
        </ActionLink>,
      ],
    },
  ];

  return (
    <PageHeaderWrapper title={t('staff.title')} description={t('staff.desc')}>
      <SearchTable<StaffRow>
        columns={columns}
        fetch={(q: SearchQuery) => searchStaffList(q as SearchStaffListParams)}
        drill={drill}
        hiddenLabel={(k, v) => t(`drill.${k}`, { value: v })}
        exportTo={{ call: searchStaffExport, perm: 'search:staff:export', fileName: t('staff.title') }}
        testId="staff-table"
        scrollX={1300}
      />
      <StaffDrawer id={viewing} onClose={() => setViewing(null)} />
    </PageHeaderWrapper>
  );
}
