/** The frame of a statistics page: title, when the figures were made (and a refresh), the filters, the export, then the figures. */
import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Space, Spin, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import { ExportButton, type ExportButtonProps } from '@/components/ExcelButtons';
import { formatDateTime } from '@/components/ProTableKit/format';
import { statisticsRefresh } from '@/services/generated/api';
import { errorMessage } from '@/services/request';
import StatFilters, { type FieldSpec } from './StatFilters';
import type { Filters } from './useStatistics';

export interface StatPageProps {
  title: string;
  description: string;
  asOf: { refreshedAt: string | null; asOfDay: string | null } | null;
  fields: FieldSpec[];
  filters: Filters;
  onFilters: (f: Filters) => void;
  exportTo: { call: ExportButtonProps['exportCall']; perm: string; fileName: string };
  loading: boolean;
  error: string | null;
  onRefreshed: () => void;
  children: ReactNode;
}

export default function StatPage({
  title,
  description,
  asOf,
  fields,
  filters,
  onFilters,
  exportTo,
  loading,
  error,
  onRefreshed,
  children,
}: StatPageProps) {
  const { t } = useTranslation('statistics');
  const { message } = App.useApp();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      const res = await statisticsRefresh();
      void message.success(res.data.refreshed ? t('asOf.refreshed') : t('asOf.recent'));
      onRefreshed();
    } catch (err) {
      void message.error(errorMessage(err, t('asOf.refreshFailed')));
    } finally {
      setRefreshing(false);
    }
  };
  const clean = Object.fromEntries(Object.entries(filters).filter(([, v]) => v));
  return (
    <PageHeaderWrapper
      title={title}
      description={description}
      extra={
        <Space wrap>
          <Typography.Text type="secondary" data-testid="stat-as-of">
            {asOf?.refreshedAt ? t('asOf.text', { time: formatDateTime(asOf.refreshedAt) }) : t('asOf.never')}
          </Typography.Text>
          <Button
            icon={<ReloadOutlined />}
            loading={refreshing}
            onClick={() => void refresh()}
            data-testid="stat-refresh"
          >
            {t('asOf.refresh')}
          </Button>
          <ExportButton exportCall={exportTo.call} params={clean} fileName={exportTo.fileName} perm={exportTo.perm} />
        </Space>
      }
    >
      <Card style={{ marginBottom: 16 }}>
        <StatFilters fields={fields} values={filters} onChange={onFilters} />
      </Card>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Spin spinning={loading}>{children}</Spin>
    </PageHeaderWrapper>
  );
}
