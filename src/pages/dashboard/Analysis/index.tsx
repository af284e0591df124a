/** Data visualisation (adminProvince): certificates issued per month, drawn as plain CSS bars. */
import { useEffect, useState } from 'react';
import { Alert, Card, Empty, Spin, Statistic, Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import { errorMessage, isUnauthorized } from '@/services/request';
import { analysisMonthbar } from '@/services/generated/api';
import type { AnalysisMonthbar200 } from '@/services/generated/api.schemas';

/** One month of the chart: YYYY-MM and the certificates issued. */
type MonthBar = AnalysisMonthbar200['data'][number];

/** Bar heights in percent of the largest value (0 when all are 0). */
export function barHeights(rows: MonthBar[]): number[] {
  const max = Math.max(0, ...rows.map((r) => r.y));
  return rows.map((r) => (max > 0 ? Math.round((r.y / max) * 100) : 0));
}

export default function Analysis() {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  const [rows, setRows] = useState<MonthBar[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    analysisMonthbar()
      .then((res) => alive && setRows(Array.isArray(res?.data) ? res.data : []))
      .catch((e) => alive && !isUnauthorized(e) && setError(errorMessage(e, t('analysis.loadFailed'))))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [t]);

  const heights = barHeights(rows);
  const total = rows.reduce((n, r) => n + r.y, 0);

  return (
    <PageHeaderWrapper title={t('analysis.title')} description={t('analysis.description')}>
      <Card data-testid="analysis-chart">
        {error ? <Alert type="error" message={error} showIcon style={{ marginBottom: 16 }} /> : null}
        <Statistic title={t('analysis.total')} value={total} style={{ marginBottom: 24 }} />
        <Spin spinning={loading}>
          {rows.length === 0 && !loading ? (
            <Empty description={t('analysis.empty')} />
          ) : (
            <div style={{ display: 'flex', alignItems: 'flex-end', gap: 12, height: 260, padding: '0 8px', borderBottom: '1px solid #d9d9d9' }}>
              {rows.map((r, i) => (
                <Tooltip key={r.x} title={`${r.x}: ${r.y}`}>
                  <div style={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'flex-end', height: '100%' }}>
                    <span style={{ fontSize: 12, marginBottom: 4 }}>{r.y}</span>
                    <div
                      data-testid="analysis-bar"
                      style={{ width: '70%', maxWidth: 48, height: `${Math.max(heights[i], r.y > 0 ? 2 : 0)}%`, background: token.colorPrimary, borderRadius: '2px 2px 0 0', minHeight: r.y > 0 ? 2 : 0 }}
                    />
                  </div>
                </Tooltip>
              ))}
            </div>
          )}
          <div style={{ display: 'flex', gap: 12, padding: '6px 8px 0' }}>
            {rows.map((r) => (
              <span key={r.x} style={{ flex: 1, textAlign: 'center', fontSize: 12, color: 'rgba(0,0,0,0.55)' }}>
                {r.x.slice(2)}
              </span>
            ))}
          </div>
        </Spin>
      </Card>
    </PageHeaderWrapper>
  );
}
