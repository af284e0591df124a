/**
 * Data visualisation (adminProvince, SPEC 2 /dashboard/Analysis): the province at a glance from
 * GET /analysis/overview — certificates by city ranked (no map of Guangdong's districts ships with
 * the chart library, a ranking reads better anyway), issuance and workload per month, items in
 * progress and overdue per centre. Every bar opens the statistics or the list behind it; 导出 saves
 * every figure as a workbook (GET /analysis/overview/export, a sheet per figure).
 */
import { useEffect, useState } from 'react';
import { Alert, Card, Col, Row, Space, Spin, Statistic, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import { BarChart, ColumnChart, LineChart } from '@/components/Charts';
import { formatDateTime } from '@/components/ProTableKit/format';
import { errorMessage, isUnauthorized } from '@/services/request';
import { analysisOverview, analysisOverviewExport } from '@/services/generated/api';
import { ExportButton } from '@/components/ExcelButtons';
import type { AnalysisOverview200Data as Overview } from '@/services/generated/api.schemas';
import { drillUrl } from '@/pages/search/components/drill';

export default function Analysis() {
  const { t } = useTranslation('statistics');
  const shell = useTranslation('shell').t;
  const area = useTranslation('search').t;
  const navigate = useNavigate();
  const [data, setData] = useState<Overview | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    analysisOverview()
      .then((res) => alive && setData(res.data))
      .catch((e) => alive && !isUnauthorized(e) && setError(errorMessage(e, shell('analysis.loadFailed'))))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [shell]);

  const totals = data?.totals;
  const figures: [string, number | undefined, string, string?][] = [
    ['certificates', totals?.certificates, '/statistics/certs'],
    ['valid', totals?.valid, drillUrl('/search/certSearch', { status: '01' })],
    ['expiring', totals?.expiring, '/statistics/certs', '#d46b08'],
    ['open', totals?.open, '/statistics/afootTask'],
    ['overdue', totals?.overdue, drillUrl('/search/workSearch', { overdue: 1 }), '#cf1322'],
  ];

  return (
    <PageHeaderWrapper
      title={shell('analysis.title')}
      description={t('analysis.description')}
      extra={
        <Space wrap>
          <Typography.Text type="secondary" data-testid="analysis-as-of">
            {data?.refreshedAt ? t('asOf.text', { time: formatDateTime(data.refreshedAt) }) : t('asOf.never')}
          </Typography.Text>
          <ExportButton
            exportCall={(_params, options) => analysisOverviewExport(options)}
            fileName={shell('analysis.title')}
            perm="dashboard:analysis:view"
          />
        </Space>
      }
    >
      {error ? <Alert type="error" message={error} showIcon style={{ marginBottom: 16 }} /> : null}
      <Spin spinning={loading}>
        <Row gutter={[16, 16]} wrap style={{ marginBottom: 16 }}>
          {figures.map(([key, value, to, color]) => (
            <Col key={key} flex="1 1 180px">
              <Card size="small" data-testid={`analysis-${key}`}>
                <Link to={to}>
                  <Statistic
                    title={t(`analysis.${key}`)}
                    value={value ?? '-'}
                    valueStyle={color ? { color } : undefined}
                  />
                </Link>
              </Card>
            </Col>
          ))}
        </Row>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Card title={t('analysis.byCity')} size="small" data-testid="analysis-chart">
              <BarChart
                testId="analysis-chart-city"
                data={(data?.certsByCity ?? []).map((c) => ({ x: c.name, key: c.code, y: c.total }))}
                onSelect={(d) => navigate(drillUrl('/statistics/certs', { districtCode: d.key }))}
              />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title={t('analysis.issuance')} size="small">
              <LineChart
                testId="analysis-chart-issuance"
                data={(data?.issuance ?? []).map((m) => ({ x: m.month, y: m.total, series: t('analysis.issued') }))}
              />
            </Card>
            <Card title={t('analysis.workload')} size="small" style={{ marginTop: 16 }}>
              <LineChart
                testId="analysis-chart-workload"
                data={(data?.workload ?? []).flatMap((m) => [
                  { x: m.month, y: m.submitted, series: t('analysis.submitted') },
                  { x: m.month, y: m.closed, series: t('analysis.closed') },
                ])}
              />
            </Card>
          </Col>
          <Col span={24}>
            <Card title={t('analysis.overdueByCentre')} size="small">
              <ColumnChart
                testId="analysis-chart-centres"
                stack={false}
                colors={{ [t('analysis.open')]: '#1677ff', [t('analysis.overdue')]: '#f5222d' }}
                data={(data?.overdueByCentre ?? []).flatMap((c) => [
                  { x: area(`area.${c.area}`), key: c.area, series: t('analysis.open'), y: c.open },
                  { x: area(`area.${c.area}`), key: c.area, series: t('analysis.overdue'), y: c.overdue },
                ])}
                onSelect={(d) => navigate(drillUrl('/search/workSearch', { area: d.key, open: 1 }))}
                height={260}
              />
            </Card>
          </Col>
        </Row>
      </Spin>
    </PageHeaderWrapper>
  );
}
