/**
 * 证书统计 statistics/StatisticsCerts (statistics:certs:list): certificates by category, status,
 * area, district and issue year, valid and expiring within 90 days; every figure and chart element
 * opens the certificate search with the same filters; Excel export of the figures.
 */
import { Card, Col, Row, Table } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { BarChart, ColumnChart, PieChart } from '@/components/Charts';
import { statisticsCerts, statisticsCertsExport } from '@/services/generated/api';
import type { StatisticsCerts200Data as Answer, StatisticsCertsParams } from '@/services/generated/api.schemas';
import StatPage from '../components/StatPage';
import { FigureCard, NumberLink } from '../components/Figure';
import { certLink } from '../components/links';
import { useStatOptions } from '../components/options';
import { useFigures, useUrlFilters } from '../components/useStatistics';

const KEYS = ['area', 'districtCode', 'category', 'status', 'yearFrom', 'yearTo'] as const;

export default function StatisticsCerts() {
  const { t } = useTranslation('statistics');
  const o = useStatOptions();
  const navigate = useNavigate();
  const [filters, setFilters] = useUrlFilters(KEYS);
  const { data, loading, error, reload } = useFigures<Answer>(
    (f) => statisticsCerts(f as unknown as StatisticsCertsParams),
    filters,
    t('loadFailed'),
  );
  // "Expiring" is counted for the figures' day: the list behind it is the same 90 days from that day.
  const asOfDay = data?.asOfDay ?? null;
  const expiringLink = (extra: Record<string, string> = {}) =>
    asOfDay
      ? certLink(filters, {
          status: '01',
          expiryFrom: asOfDay,
          expiryTo: dayjs(asOfDay).add(90, 'day').format('YYYY-MM-DD'),
          ...extra,
        })
      : certLink(filters, { status: '01', ...extra });

  return (
    <StatPage
      title={t('certs.title')}
      description={t('certs.desc')}
      asOf={data}
      filters={filters}
      onFilters={setFilters}
      fields={[
        { kind: 'select', name: 'area', label: t('filters.area'), options: o.areas },
        { kind: 'district', name: 'districtCode', label: t('filters.district') },
        { kind: 'select', name: 'category', label: t('filters.category'), options: o.categories },
        { kind: 'select', name: 'status', label: t('filters.status'), options: o.statuses },
        { kind: 'years', from: 'yearFrom', to: 'yearTo', label: t('filters.issueYears') },
      ]}
      exportTo={{ call: statisticsCertsExport, perm: 'statistics:certs:export', fileName: t('certs.title') }}
      loading={loading}
      error={error}
      onRefreshed={reload}
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <FigureCard testId="certs-total" title={t('certs.total')} value={data?.totals.total} to={certLink(filters)} />
        </Col>
        <Col xs={24} md={8}>
          <FigureCard
            testId="certs-valid"
            title={t('certs.valid')}
            value={data?.totals.valid}
            to={certLink(filters, { status: '01' })}
          />
        </Col>
        <Col xs={24} md={8}>
          <FigureCard
            testId="certs-expiring"
            title={t('certs.expiring')}
            value={data?.totals.expiring}
            to={expiringLink()}
            tone="warning"
          />
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('certs.byCategory')} size="small">
            <ColumnChart
              testId="certs-chart-category"
              colors={{
                [t('certs.valid')]: '#1677ff',
                [t('certs.expiring')]: '#fa8c16',
                [t('certs.notValid')]: '#bfbfbf',
              }}
              stack={false}
              data={(data?.byCategory ?? []).flatMap((c) => [
                { x: c.category, key: c.category, series: t('certs.valid'), y: c.valid },
                { x: c.category, key: c.category, series: t('certs.expiring'), y: c.expiring },
                { x: c.category, key: c.category, series: t('certs.notValid'), y: c.total - c.valid },
              ])}
              onSelect={(d) => navigate(certLink(filters, { category: d.key }))}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('certs.byStatus')} size="small">
            <PieChart
              testId="certs-chart-status"
              data={(data?.byStatus ?? []).map((s) => ({ x: o.status(s.status), key: s.status, y: s.total }))}
              onSelect={(d) => navigate(certLink(filters, { status: d.key }))}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={filters.districtCode ? t('certs.byCounty') : t('certs.byCity')} size="small">
            <BarChart
              testId="certs-chart-district"
              data={(data?.byDistrict ?? []).slice(0, 25).map((d) => ({ x: d.name, key: d.code, y: d.total }))}
              onSelect={(d) => navigate(certLink(filters, { districtCode: d.key }))}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('certs.byYear')} size="small">
            <ColumnChart
              testId="certs-chart-year"
              stack={false}
              data={(data?.byYear ?? []).flatMap((y) => [
                { x: String(y.year), key: String(y.year), series: t('certs.issued'), y: y.total },
                { x: String(y.year), key: String(y.year), series: t('certs.stillValid'), y: y.valid },
              ])}
              onSelect={(d) => navigate(certLink(filters, { beginTime: `${d.key}-01-01`, endTime: `${d.key}-12-31` }))}
            />
          </Card>
        </Col>
        <Col span={24}>
          <Card title={filters.districtCode ? t('certs.byCounty') : t('certs.byCity')} size="small">
            <Table
              size="small"
              rowKey="code"
              dataSource={data?.byDistrict ?? []}
              pagination={{ pageSize: 25, hideOnSinglePage: true }}
              data-testid="certs-table-district"
              columns={[
                { title: t('certs.district'), dataIndex: 'name' },
                {
                  title: t('certs.total'),
                  dataIndex: 'total',
                  align: 'right',
                  render: (v: number, r) => (
                    <NumberLink
                      value={v}
                      to={certLink(filters, { districtCode: r.code })}
                      testId={`certs-district-${r.code}-total`}
                    />
                  ),
                },
                {
                  title: t('certs.valid'),
                  dataIndex: 'valid',
                  align: 'right',
                  render: (v: number, r) => (
                    <NumberLink value={v} to={certLink(filters, { districtCode: r.code, status: '01' })} />
                  ),
                },
                {
                  title: t('certs.expiring'),
                  dataIndex: 'expiring',
                  align: 'right',
                  render: (v: number, r) => <NumberLink value={v} to={expiringLink({ districtCode: r.code })} />,
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </StatPage>
  );
}
