/**
 * 证书核验记录 search/CertCheckRecord (search:certCheck:list): every public look-up of a certificate
 * (QR code and the public search) in the caller's scope, with the figures of the last 30 days
 * (GET /system/sysCheckRecord/getCheckData) above the list; Excel export.
 */
import { useEffect, useState } from 'react';
import { Card, Col, Row, Statistic, Tag } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import { formatDateTime } from '@/components/ProTableKit/format';
import { searchCertCheckExport, searchCertCheckList, systemSysCheckRecordGetCheckData } from '@/services/generated/api';
import type {
  SearchCertCheckList200RowsItem as CheckRow,
  SearchCertCheckListParams,
  SystemSysCheckRecordGetCheckData200Data as CheckData,
} from '@/services/generated/api.schemas';
import { StatusTag } from '../CertSearch/CertificateDrawer';
import SearchTable, { type SearchQuery } from '../components/SearchTable';
import { useDrillFilters } from '../components/drill';
import { dateRangeColumn } from '@/components/ProTableKit/search';
import { AreaTag, useSearchLabels } from '../components/labels';

export default function CertCheckRecord() {
  const { t, areaEnum, yesNoEnum } = useSearchLabels();
  const drill = useDrillFilters(
    ['source', 'found', 'certNo', 'queryCode', 'ip', 'area'],
    [{ field: 'checkedRange', from: 'beginTime', to: 'endTime' }],
  );
  const [figures, setFigures] = useState<CheckData | null>(null);

  useEffect(() => {
    let live = true;
    systemSysCheckRecordGetCheckData()
      .then((r) => live && setFigures(r.data))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const sourceEnum = { qr: { text: t('check.source.qr') }, card: { text: t('check.source.card') } };
  const columns: ProColumns<CheckRow>[] = [
    {
      title: t('field.checkedAt'),
      dataIndex: 'checkedAt',
      width: 170,
      search: false,
      sorter: true,
      render: (_d, r) => formatDateTime(r.checkedAt),
    },
    dateRangeColumn<CheckRow>(t('field.checkedRange'), 'checkedRange', 'beginTime', 'endTime'),
    {
      title: t('field.source'),
      dataIndex: 'source',
      width: 110,
      valueType: 'select',
      valueEnum: sourceEnum,
      sorter: true,
    },
    {
      title: t('field.queryText'),
      dataIndex: 'queryText',
      width: 220,
      search: false,
      ellipsis: true,
      render: (_d, r) => r.queryText ?? r.queryCode ?? '-',
    },
    { title: t('field.queryCode'), dataIndex: 'queryCode', hideInTable: true },
    {
      title: t('field.found'),
      dataIndex: 'found',
      width: 90,
      valueType: 'select',
      valueEnum: yesNoEnum,
      sorter: true,
      render: (_d, r) =>
        r.found ? (
          <Tag color="green">{t('check.found')}</Tag>
        ) : (
          <Tag color="red" data-testid="check-not-found">
            {t('check.notFound')}
          </Tag>
        ),
    },
    {
      title: t('field.certNo'),
      dataIndex: 'certNo',
      width: 210,
      fieldProps: { placeholder: t('field.certNoPlaceholder') },
      render: (_d, r) => r.certNo ?? '-',
    },
    {
      title: t('field.name'),
      dataIndex: 'holderName',
      width: 100,
      search: false,
      render: (_d, r) => r.holderName ?? '-',
    },
    {
      title: t('field.enterpriseName'),
      dataIndex: 'enterpriseName',
      width: 240,
      search: false,
      ellipsis: true,
      render: (_d, r) => r.enterpriseName ?? '-',
    },
    {
      title: t('field.certStatus'),
      dataIndex: 'certStatus',
      width: 100,
      search: false,
      render: (_d, r) => (r.certStatus ? <StatusTag code={r.certStatus} /> : '-'),
    },
    {
      title: t('field.area'),
      dataIndex: 'area',
      width: 130,
      valueType: 'select',
      valueEnum: areaEnum,
      render: (_d, r) => <AreaTag area={r.area} />,
    },
    { title: t('field.ip'), dataIndex: 'ip', width: 140, fieldProps: { placeholder: t('field.prefixPlaceholder') } },
    { title: t('field.userAgent'), dataIndex: 'userAgent', width: 260, search: false, ellipsis: true },
  ];

  return (
    <PageHeaderWrapper title={t('check.title')} description={t('check.desc')}>
      <Row gutter={16} style={{ marginBottom: 16 }} data-testid="check-figures">
        {(
          [
            ['total', figures?.total],
            ['found', figures?.found],
            ['notFound', figures?.notFound],
            ['today', figures?.today],
          ] as const
        ).map(([k, v]) => (
          <Col key={k} xs={12} md={6}>
            <Card size="small">
              <Statistic title={t(`check.figure.${k}`)} value={v ?? '-'} data-testid={`check-figure-${k}`} />
            </Card>
          </Col>
        ))}
      </Row>
      <SearchTable<CheckRow>
        columns={columns}
        fetch={(q: SearchQuery) => searchCertCheckList(q as SearchCertCheckListParams)}
        drill={drill}
        exportTo={{ call: searchCertCheckExport, perm: 'search:certCheck:export', fileName: t('check.title') }}
        testId="check-table"
        scrollX={1900}
      />
    </PageHeaderWrapper>
  );
}
