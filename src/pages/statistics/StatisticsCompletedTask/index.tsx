/**
 * 已办结业务统计 statistics/StatisticsCompletedTask (statistics:completedTask:list): ended applications
 * of a period by business type, outcome, area, city and month, with the average days and working days
 * from acceptance to the end; every figure opens the work search with the same filters; Excel export.
 */
import { Card, Col, Row, Table, Tabs } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BarChart, ColumnChart } from '@/components/Charts';
import { statisticsCompletedTask, statisticsCompletedTaskExport } from '@/services/generated/api';
import type {
  StatisticsCompletedTask200Data as Answer,
  StatisticsCompletedTaskParams,
} from '@/services/generated/api.schemas';
import StatPage from '../components/StatPage';
import { FigureCard, NumberLink } from '../components/Figure';
import { endedLink } from '../components/links';
import { useStatOptions } from '../components/options';
import { useFigures, useUrlFilters } from '../components/useStatistics';

const KEYS = ['area', 'districtCode', 'businessType', 'monthFrom', 'monthTo'] as const;
type Figures = {
  total: number;
  approved: number;
  denied: number;
  rejected: number;
  avgDays: number | null;
  avgWorkDays: number | null;
};

export default function StatisticsCompletedTask() {
  const { t } = useTranslation('statistics');
  const o = useStatOptions();
  const navigate = useNavigate();
  const [filters, setFilters] = useUrlFilters(KEYS);
  const { data, loading, error, reload } = useFigures<Answer>(
    (f) => statisticsCompletedTask(f as unknown as StatisticsCompletedTaskParams),
    filters,
    t('loadFailed'),
  );
  const from = data?.monthFrom ?? '';
  const to = data?.monthTo ?? '';
  // The result columns and the filters of the list behind each.
  const results = [
    { key: 'approved', extra: { status: '8', outcome: 'approved' } },
    { key: 'denied', extra: { status: '8', outcome: 'denied' } },
    { key: 'rejected', extra: { status: '4' } },
  ] as const;
  const colors = {
    [t('completed.approved')]: '#52c41a',
    [t('completed.denied')]: '#fa8c16',
    [t('completed.rejected')]: '#f5222d',
  };
  const link = (extra: Record<string, string> = {}) => (from ? endedLink(filters, from, to, extra) : '#');
  const figureColumns = (key: (r: Figures & Record<string, unknown>) => Record<string, string>) => [
    {
      title: t('completed.total'),
      dataIndex: 'total',
      align: 'right' as const,
      render: (v: number, r: Figures & Record<string, unknown>) => <NumberLink value={v} to={link(key(r))} />,
    },
    ...results.map((res) => ({
      title: t(`completed.${res.key}`),
      dataIndex: res.key,
      align: 'right' as const,
      render: (v: number, r: Figures & Record<string, unknown>) => (
        <NumberLink value={v} to={link({ ...key(r), ...res.extra })} />
      ),
    })),
    {
      title: t('completed.avgDays'),
      dataIndex: 'avgDays',
      align: 'right' as const,
      render: (v: number | null) => (v === null ? '-' : v),
    },
    {
      title: t('completed.avgWorkDays'),
      dataIndex: 'avgWorkDays',
      align: 'right' as const,
      render: (v: number | null) => (v === null ? '-' : v),
    },
  ];

  return (
    <StatPage
      title={t('completed.title')}
      description={t('completed.desc')}
      asOf={data}
      filters={filters}
      onFilters={setFilters}
      fields={[
        { kind: 'select', name: 'area', label: t('filters.area'), options: o.areas },
        { kind: 'district', name: 'districtCode', label: t('filters.city') },
        { kind: 'select', name: 'businessType', label: t('filters.businessType'), options: o.businessTypes },
        { kind: 'months', from: 'monthFrom', to: 'monthTo', label: t('filters.months') },
      ]}
      exportTo={{
        call: statisticsCompletedTaskExport,
        perm: 'statistics:completedTask:export',
        fileName: t('completed.title'),
      }}
      loading={loading}
      error={error}
      onRefreshed={reload}
    >
      <Row gutter={[16, 16]}>
        <Col xs={12} md={4}>
          <FigureCard testId="completed-total" title={t('completed.total')} value={data?.totals.total} to={link()} />
        </Col>
        {results.map((r) => (
          <Col key={r.key} xs={12} md={4}>
            <FigureCard
              testId={`completed-${r.key}`}
              title={t(`completed.${r.key}`)}
              value={data?.totals[r.key]}
              to={link(r.extra)}
              tone={r.key === 'approved' ? undefined : 'warning'}
            />
          </Col>
        ))}
        <Col xs={12} md={4}>
          <FigureCard testId="completed-avgDays" title={t('completed.avgDays')} value={data?.totals.avgDays ?? '-'} />
        </Col>
        <Col xs={12} md={4}>
          <FigureCard
            testId="completed-avgWorkDays"
            title={t('completed.avgWorkDays')}
            value={data?.totals.avgWorkDays ?? '-'}
          />
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('completed.byMonth', { from, to })} size="small">
            <ColumnChart
              testId="completed-chart-month"
              colors={colors}
              data={(data?.byMonth ?? []).flatMap((m) =>
                results.map((r) => ({ x: m.month, key: m.month, series: t(`completed.${r.key}`), y: m[r.key] })),
              )}
              onSelect={(d) => d.key && navigate(endedLink(filters, d.key, d.key))}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('completed.byType')} size="small">
            <BarChart
              testId="completed-chart-type"
              colors={colors}
              data={(data?.byType ?? []).flatMap((b) =>
                results.map((r) => ({
                  x: o.business(b.businessType),
                  key: b.businessType,
                  series: t(`completed.${r.key}`),
                  y: b[r.key],
                })),
              )}
              onSelect={(d) => navigate(link({ businessType: d.key ?? '' }))}
            />
          </Card>
        </Col>
        <Col span={24}>
          <Card size="small">
            <Tabs
              items={[
                {
                  key: 'type',
                  label: t('completed.byType'),
                  children: (
                    <Table
                      size="small"
                      rowKey="businessType"
                      pagination={false}
                      dataSource={data?.byType ?? []}
                      data-testid="completed-table-type"
                      columns={[
                        {
                          title: t('completed.businessType'),
                          dataIndex: 'businessType',
                          render: (v: string) => o.business(v),
                        },
                        ...figureColumns((r) => ({ businessType: String(r.businessType) })),
                      ]}
                    />
                  ),
                },
                {
                  key: 'area',
                  label: t('completed.byArea'),
                  children: (
                    <Table
                      size="small"
                      rowKey="area"
                      pagination={false}
                      dataSource={data?.byArea ?? []}
                      columns={[
                        { title: t('filters.area'), dataIndex: 'area', render: (v: string) => o.area(v) },
                        ...figureColumns((r) => ({ area: String(r.area) })),
                      ]}
                    />
                  ),
                },
                {
                  key: 'city',
                  label: t('completed.byCity'),
                  children: (
                    <Table
                      size="small"
                      rowKey="code"
                      pagination={{ pageSize: 25, hideOnSinglePage: true }}
                      dataSource={data?.byCity ?? []}
                      columns={[
                        {
                          title: t('filters.city'),
                          dataIndex: 'name',
                          render: (v: string) => v || t('completed.noCity'),
                        },
                        ...figureColumns(
                          (r): Record<string, string> => (r.code ? { districtCode: String(r.code) } : {}),
                        ),
                      ]}
                    />
                  ),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </StatPage>
  );
}
