/**
 * 企业查询 search/EnterpriseSearch (search:enterprise:list): the enterprises of the caller's area by
 * name, credit code, district, area, qualification and licence validity; a detail drawer with the
 * enterprise's people and certificates; Excel export of the filtered list (search:enterprise:export).
 */
import { useState } from 'react';
import type { ProColumns } from '@ant-design/pro-components';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import { useDictEnum } from '@/components/AdminKit';
import { searchEnterpriseExport, searchEnterpriseList } from '@/services/generated/api';
import type {
  SearchEnterpriseList200RowsItem as EnterpriseRow,
  SearchEnterpriseListParams,
} from '@/services/generated/api.schemas';
import SearchTable, { type SearchQuery } from '../components/SearchTable';
import { useDrillFilters } from '../components/drill';
import { districtColumn } from '../components/columns';
import { dateRangeColumn } from '@/components/ProTableKit/search';
import { AreaTag, LicenceTag, useSearchLabels } from '../components/labels';
import EnterpriseDrawer from './EnterpriseDrawer';
import ActionLink from '@/components/ActionLink';

export default function EnterpriseSearch() {
  const { t, areaEnum, licenceEnum, enterpriseStatusEnum } = useSearchLabels();
  const qualifications = useDictEnum('enterprise_qualification');
  const drill = useDrillFilters(
    ['name', 'creditCode', 'districtCode', 'area', 'qualification', 'licenceState', 'status'],
    [{ field: 'licenceRange', from: 'licenceFrom', to: 'licenceTo' }],
  );
  const [viewing, setViewing] = useState<number | null>(null);
  // The dictionary's values are codes; enterprises keep the qualification's words.
  const qualificationEnum = Object.fromEntries(Object.values(qualifications).map((v) => [v.text, { text: v.text }]));

  const columns: ProColumns<EnterpriseRow>[] = [
    {
      title: t('field.enterpriseName'),
      dataIndex: 'name',
      width: 260,
      fixed: 'left',
      sorter: true,
      ellipsis: true,
      fieldProps: { 'data-testid': 'search-name', placeholder: t('field.containsPlaceholder') },
      render: (_d, r) => (
        <ActionLink onClick={() => setViewing(r.id)} data-testid="enterprise-row-name">
          {r.name}
        </ActionLink>
      ),
    },
    {
      title: t('field.creditCode'),
      dataIndex: 'creditCode',
      width: 190,
      sorter: true,
      fieldProps: { 'data-testid': 'search-creditCode', placeholder: t('field.prefixPlaceholder') },
    },
    { title: t('field.district'), dataIndex: 'districtName', width: 170, search: false, sorter: false },
    districtColumn<EnterpriseRow>(t('field.district')),
    {
      title: t('field.area'),
      dataIndex: 'area',
      width: 130,
      valueType: 'select',
      valueEnum: areaEnum,
      hideInTable: true,
      fieldProps: { 'data-testid': 'search-area' },
    },
    {
      title: t('field.area'),
      dataIndex: 'ownership',
      width: 130,
      search: false,
      render: (_d, r) => <AreaTag area={r.ownership} />,
    },
    {
      title: t('field.qualification'),
      dataIndex: 'qualification',
      width: 220,
      ellipsis: true,
      sorter: true,
      valueType: 'select',
      valueEnum: qualificationEnum,
      fieldProps: { showSearch: true, 'data-testid': 'search-qualification' },
    },
    { title: t('field.licenceNo'), dataIndex: 'licenceNo', width: 230, search: false, ellipsis: true },
    { title: t('field.licenceValidTo'), dataIndex: 'licenceValidTo', width: 120, search: false, sorter: true },
    {
      title: t('field.licenceState'),
      dataIndex: 'licenceState',
      width: 120,
      valueType: 'select',
      valueEnum: licenceEnum,
      fieldProps: { 'data-testid': 'search-licenceState' },
      render: (_d, r) => <LicenceTag state={r.licenceState} />,
    },
    dateRangeColumn<EnterpriseRow>(t('field.licenceRange'), 'licenceRange', 'licenceFrom', 'licenceTo'),
    { title: t('field.staffCount'), dataIndex: 'staffCount', width: 100, search: false },
    { title: t('field.validCertCount'), dataIndex: 'validCertCount', width: 100, search: false },
    {
      title: t('field.enterpriseStatus'),
      dataIndex: 'status',
      width: 90,
      valueType: 'select',
      valueEnum: enterpriseStatusEnum,
    },
    {
      title: t('field.actions'),
      valueType: 'option',
      width: 80,
      fixed: 'right',
      render: (_d, r) => [
        <ActionLink key="view" onClick={() => setViewing(r.id)} data-testid="enterprise-row-view">
          {t('action.view')}
        </ActionLink>,
      ],
    },
  ];

  return (
    <PageHeaderWrapper title={t('enterprise.title')} description={t('enterprise.desc')}>
      <SearchTable<EnterpriseRow>
        columns={columns}
        fetch={(q: SearchQuery) => searchEnterpriseList(q as SearchEnterpriseListParams)}
        drill={drill}
        exportTo={{ call: searchEnterpriseExport, perm: 'search:enterprise:export', fileName: t('enterprise.title') }}
        testId="enterprise-table"
        scrollX={2000}
      />
      <EnterpriseDrawer id={viewing} onClose={() => setViewing(null)} />
    </PageHeaderWrapper>
  );
}
