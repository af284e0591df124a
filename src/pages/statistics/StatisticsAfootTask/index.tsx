/**
 * 在办业务统计 statistics/StatisticsAfootTask (statistics:afootTask:list): applications in progress
 * by business type and step, by how long they have waited, by centre and city, overdue (past the
 * statutory deadline) first; every figure opens the work search with the same filters; Excel export.
 */
import { Card, Col, Row, Table, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BarChart, ColumnChart } from '@/components/Charts';
import { statisticsAfootTask, statisticsAfootTaskExport } from '@/services/generated/api';
import type { StatisticsAfootTask200Data as Answer, StatisticsAfootTaskParams } from '@/services/generated/api.schemas';
import { useDeadlineTexts } from '@/components/ApplicationViewModal/useDeadlines';
import StatPage from '../components/StatPage';
import { FigureCard, NumberLink } from '../components/Figure';
import { ageRange, workLink } from '../components/links';
import { useStatOptions } from '../components/options';
import { useFigures, useUrlFilters } from '../components/useStatistics';

const KEYS = ['area', 'districtCode', 'businessType'] as const;
/** The columns of the type × step table: with the holder, waiting for 受理, then each review step. */
const STAGES = [
  { key: '0:', status: '0', step: '', title: 'waitingHolder' },
  { key: '2:sl', status: '2', step: 'sl', title: 'waitingAccept' },
  { key: '3:cb', status: '3', step: 'cb', title: null },
  { key: '3:cs', status: '3', step: 'cs', title: null },
  { key: '3:sh', status: '3', step: 'sh', title: null },
  { key: '3:sp', status: '3', step: 'sp', title: null },
  { key: '3:bj', status: '3', step: 'bj', title: null },
] as const;

export default function StatisticsAfootTask() {
  const { t } = useTranslation('statistics');
  const o = useStatOptions();
  const navigate = useNavigate();
  const [filters, setFilters] = useUrlFilters(KEYS);
  const deadlines = useDeadlineTexts();
  const { data, loading, error, reload } = useFigures<Answer>(
    (f) => statisticsAfootTask(f as unknown as StatisticsAfootTaskParams),
    filters,
    t('loadFailed'),
  );
  const link = (extra: Record<string, string | undefined> = {}) => workLink(filters, { open: '1', ...extra });
  const stageLink = (s: (typeof STAGES)[number], extra: Record<string, string> = {}) =>
    workLink(filters, { status: s.status, step: s.step || undefined, ...extra });
  const stageLabel = (s: (typeof STAGES)[number]) => (s.title ? t(`afoot.${s.title}`) : o.step(s.step));

  // One row per business type: its items at each stage, overdue first (the server's order).
  const types = [...new Set((data?.byType ?? []).map((r) => r.businessType))];
  const matrix = types.map((businessType) => {
    const row: Record<string, number | string> = { businessType };
    for (const s of STAGES)
      row[s.key] =
        data?.byTypeStep.find((r) => r.businessType === businessType && `${r.status}:${r.step}` === s.key)?.total ?? 0;
    const figures = data?.byType.find((r) => r.businessType === businessType);
    row.total = figures?.total ?? 0;
    row.overdue = figures?.overdue ?? 0;
    return row;
  });
  const asOfDay = data?.asOfDay ?? null;

  return (
    <StatPage
      title={t('afoot.title')}
      description={t('afoot.desc', deadlines)}
      asOf={data}
      filters={filters}
      onFilters={setFilters}
      fields={[
        { kind: 'select', name: 'area', label: t('filters.area'), options: o.areas },
        { kind: 'district', name: 'districtCode', label: t('filters.city') },
        { kind: 'select', name: 'businessType', label: t('filters.businessType'), options: o.businessTypes },
      ]}
      exportTo={{ call: statisticsAfootTaskExport, perm: 'statistics:afootTask:export', fileName: t('afoot.title') }}
      loading={loading}
      error={error}
      onRefreshed={reload}
    >
      <Row gutter={[16, 16]}>
        <Col xs={12} md={5}>
          <FigureCard
            testId="afoot-overdue"
            title={t('afoot.overdue')}
            value={data?.totals.overdue}
            to={workLink(filters, { overdue: '1' })}
            tone="danger"
          />
        </Col>
        <Col xs={12} md={5}>
          <FigureCard testId="afoot-total" title={t('afoot.total')} value={data?.totals.total} to={link()} />
        </Col>
        <Col xs={8} md={5}>
          <FigureCard
            testId="afoot-waitingHolder"
            title={t('afoot.waitingHolder')}
            value={data?.totals.waitingHolder}
            to={workLink(filters, { status: '0' })}
          />
        </Col>
        <Col xs={8} md={4}>
          <FigureCard
            testId="afoot-waitingAccept"
            title={t('afoot.waitingAccept')}
            value={data?.totals.waitingAccept}
            to={workLink(filters, { status: '2' })}
          />
        </Col>
        <Col xs={8} md={5}>
          <FigureCard
            testId="afoot-inReview"
            title={t('afoot.inReview')}
            value={data?.totals.inReview}
            to={workLink(filters, { status: '3' })}
          />
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('afoot.byType')} size="small">
            <BarChart
              testId="afoot-chart-type"
              colors={{ [t('afoot.overdue')]: '#f5222d', [t('afoot.inTime')]: '#52c41a' }}
              data={(data?.byType ?? []).flatMap((r) => [
                { x: o.business(r.businessType), key: r.businessType, series: t('afoot.overdue'), y: r.overdue },
                {
                  x: o.business(r.businessType),
                  key: r.businessType,
                  series: t('afoot.inTime'),
                  y: r.total - r.overdue,
                },
              ])}
              onSelect={(d) => navigate(link({ businessType: d.key }))}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('afoot.byAge')} size="small">
            <ColumnChart
              testId="afoot-chart-age"
              colors={{ [t('afoot.overdue')]: '#f5222d', [t('afoot.inTime')]: '#52c41a' }}
              data={(data?.byAge ?? []).flatMap((r) => [
                { x: t(`afoot.age.${r.bucket}`), key: String(r.bucket), series: t('afoot.overdue'), y: r.overdue },
                {
                  x: t(`afoot.age.${r.bucket}`),
                  key: String(r.bucket),
                  series: t('afoot.inTime'),
                  y: r.total - r.overdue,
                },
              ])}
              onSelect={(d) => {
                const bucket = Number(d.key);
                void navigate(
                  bucket < 0 || !asOfDay ? workLink(filters, { status: '0' }) : link(ageRange(asOfDay, bucket)),
                );
              }}
            />
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('afoot.byTypeStep')} size="small">
            <Table
              size="small"
              rowKey="businessType"
              pagination={false}
              dataSource={matrix}
              data-testid="afoot-table"
              scroll={{ x: 1100 }}
              columns={[
                {
                  title: t('afoot.businessType'),
                  dataIndex: 'businessType',
                  fixed: 'left',
                  render: (v: string) => o.business(v),
                },
                {
                  title: t('afoot.overdue'),
                  dataIndex: 'overdue',
                  align: 'right',
                  render: (v: number, r) =>
                    v ? (
                      <Tag color="red">
                        <NumberLink
                          value={v}
                          to={workLink(filters, { businessType: String(r.businessType), overdue: '1' })}
                          testId={`afoot-overdue-${String(r.businessType)}`}
                        />
                      </Tag>
                    ) : (
                      0
                    ),
                },
                ...STAGES.map((s) => ({
                  title: stageLabel(s),
                  dataIndex: s.key,
                  align: 'right' as const,
                  render: (v: number, r: Record<string, number | string>) => (
                    <NumberLink value={v} to={stageLink(s, { businessType: String(r.businessType) })} />
                  ),
                })),
                {
                  title: t('afoot.total'),
                  dataIndex: 'total',
                  align: 'right',
                  render: (v: number, r) => (
                    <NumberLink value={v} to={link({ businessType: String(r.businessType) })} />
                  ),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('afoot.byArea')} size="small">
            <Table
              size="small"
              rowKey="area"
              pagination={false}
              dataSource={data?.byArea ?? []}
              columns={[
                { title: t('filters.area'), dataIndex: 'area', render: (v: string) => o.area(v) },
                {
                  title: t('afoot.overdue'),
                  dataIndex: 'overdue',
                  align: 'right',
                  render: (v: number, r) => (
                    <NumberLink value={v} to={workLink({ ...filters, area: r.area }, { overdue: '1' })} />
                  ),
                },
                {
                  title: t('afoot.total'),
                  dataIndex: 'total',
                  align: 'right',
                  render: (v: number, r) => (
                    <NumberLink value={v} to={workLink({ ...filters, area: r.area }, { open: '1' })} />
                  ),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('afoot.byCity')} size="small">
            <Table
              size="small"
              rowKey="code"
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={data?.byCity ?? []}
              columns={[
                { title: t('filters.city'), dataIndex: 'name', render: (v: string) => v || t('afoot.noCity') },
                {
                  title: t('afoot.overdue'),
                  dataIndex: 'overdue',
                  align: 'right',
                  render: (v: number, r) => (
                    <NumberLink
                      value={v}
                      to={workLink({ ...filters, districtCode: r.code || undefined }, { overdue: '1' })}
                    />
                  ),
                },
                {
                  title: t('afoot.total'),
                  dataIndex: 'total',
                  align: 'right',
                  render: (v: number, r) => (
                    <NumberLink
                      value={v}
                      to={workLink({ ...filters, districtCode: r.code || undefined }, { open: '1' })}
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
