/**
 * The workbench's business part (GET /workbench/summary): figures that open the list behind them,
 * the queues of the user's steps (count list), the province's centres, an enterprise's or a
 * holder's certificates and applications in progress. What to show comes from the server per user.
 */
import { Badge, Card, Col, Empty, List, Row, Statistic, Table, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useWorkflowLabels } from '@/components/ApplicationViewModal/labels';
import { formatDateTime } from '@/components/ProTableKit/format';
import type { WorkbenchSummary200Data as Workbench } from '@/services/generated/api.schemas';

const TONE: Record<string, string | undefined> = {
  danger: '#cf1322',
  warning: '#d46b08',
  success: '#389e0d',
  default: undefined,
};

/**
 * Every figure opens the list it counts (the server sends a figure only with its list): a page, or
 * a list of this workbench (`#bench-…`), scrolled to. A figure is a link, reachable by keyboard.
 */
export function BusinessFigures({ data }: { data: Workbench }) {
  const { t } = useTranslation('statistics');
  const navigate = useNavigate();
  const open = (link: string) => {
    if (link.startsWith('#'))
      document
        .querySelector(`[data-testid="${link.slice(1)}"]`)
        ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    else void navigate(link);
  };
  return (
    <Row gutter={[16, 16]} data-testid="bench-figures">
      {data.figures.map((f) => (
        <Col key={f.key} xs={12} sm={8} lg={Math.max(4, Math.floor(24 / Math.max(1, data.figures.length)))}>
          <Card hoverable={!!f.link} size="small" data-testid={`bench-${f.key}`}>
            <a
              href={f.link ?? undefined}
              onClick={(e) => {
                e.preventDefault();
                if (f.link) open(f.link);
              }}
              aria-label={t('workbench.openList', { what: t(`workbench.figure.${f.key}`), n: f.value })}
              style={{ display: 'block', color: 'inherit' }}
              data-testid={`bench-link-${f.key}`}
            >
              <Statistic title={t(`workbench.figure.${f.key}`)} value={f.value} valueStyle={{ color: TONE[f.tone] }} />
            </a>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** The second row: queues (staff), centres (province), certificates and applications (enterprise, holder). */
export function BusinessLists({ data }: { data: Workbench }) {
  const { t } = useTranslation('statistics');
  const workflow = useWorkflowLabels();
  const search = useTranslation('search').t;
  const cert = useTranslation('cert').t;
  const cards = [];
  if (data.queues.length) {
    cards.push(
      <Card key="queues" title={t('workbench.queues')} size="small" data-testid="bench-queues">
        <List
          size="small"
          dataSource={data.queues.filter((q) => q.count > 0)}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workbench.noQueue')} /> }}
          renderItem={(q) => (
            <List.Item
              extra={
                <span>
                  {q.overdue ? <Tag color="red">{t('workbench.overdue', { count: q.overdue })}</Tag> : null}
                  <Badge count={q.count} overflowCount={999} showZero color="#1677ff" />
                </span>
              }
            >
              <Link to={q.link}>
                {workflow.business(q.businessType)} · {t(`workbench.view.${q.view}`)}
              </Link>
            </List.Item>
          )}
        />
      </Card>,
    );
  }
  if (data.areas.length) {
    cards.push(
      <Card key="areas" title={t('workbench.centres')} size="small" data-testid="bench-centres">
        <Table
          size="small"
          rowKey="area"
          pagination={false}
          dataSource={data.areas}
          columns={[
            { title: t('filters.area'), dataIndex: 'area', render: (v: string) => search(`area.${v}`) },
            { title: t('afoot.total'), dataIndex: 'open', align: 'right' },
            {
              title: t('afoot.overdue'),
              dataIndex: 'overdue',
              align: 'right',
              render: (v: number) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : 0),
            },
          ]}
        />
      </Card>,
    );
  }
  if (data.kind === 'enterprise' || data.kind === 'person') {
    cards.push(
      <Card
        key="certs"
        title={data.kind === 'enterprise' ? t('workbench.expiringTitle') : t('workbench.myCertificates')}
        size="small"
        data-testid="bench-certificates"
      >
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={data.certificates}
          locale={{ emptyText: t('workbench.noCertificates') }}
          columns={[
            { title: search('field.certNo'), dataIndex: 'certNo' },
            { title: search('field.name'), dataIndex: 'name', width: 90 },
            {
              title: search('field.certStatus'),
              dataIndex: 'status',
              width: 90,
              render: (v: string) => cert(`status.${v}`, { defaultValue: v }),
            },
            {
              title: search('field.expiryDate'),
              dataIndex: 'expiryDate',
              width: 170,
              render: (v: string, r) => (
                <span>
                  {v}
                  {r.expiring ? (
                    <Tag color="orange" style={{ marginInlineStart: 6 }}>
                      {t('workbench.daysLeft', { count: r.daysLeft })}
                    </Tag>
                  ) : null}
                </span>
              ),
            },
          ]}
        />
      </Card>,
      <Card key="apps" title={t('workbench.inProgress')} size="small" data-testid="bench-applications">
        <List
          size="small"
          dataSource={data.applications}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workbench.noApplications')} />,
          }}
          renderItem={(a) => (
            <List.Item extra={<Typography.Text type="secondary">{formatDateTime(a.updatedAt)}</Typography.Text>}>
              <List.Item.Meta
                title={
                  <span>
                    {a.applyNo} · {workflow.business(a.businessType, a.businessLabel)}
                  </span>
                }
                description={
                  <span>
                    {workflow.status(a.status, a.statusLabel)}
                    {a.step ? ` · ${workflow.step(a.step, a.stepLabel)}` : ''}
                    {a.holderName ? ` · ${a.holderName}` : ''}
                  </span>
                }
              />
            </List.Item>
          )}
        />
      </Card>,
    );
  }
  if (!cards.length) return null;
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      {cards.map((c) => (
        <Col key={String(c.key)} xs={24} lg={24 / Math.min(cards.length, 2)}>
          {c}
        </Col>
      ))}
    </Row>
  );
}

/** The work summary's own line: what the user did today and this month, and when the area's figures were made. */
export function WorkSummaryLine({ data }: { data: Workbench }) {
  const { t } = useTranslation('statistics');
  return (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="bench-summary">
      {data.summary
        ? t('workbench.summary', {
            today: data.summary.doneToday,
            month: data.summary.doneThisMonth,
            returned: data.summary.returnedThisMonth,
          })
        : null}
      {data.statistics.refreshedAt
        ? ` ${t('workbench.asOf', { time: formatDateTime(data.statistics.refreshedAt) })}`
        : ''}
    </Typography.Paragraph>
  );
}
