/**
 * Workbench (SPEC 2 "Screens"): business statistics, count list, to-do list and work summary.
 * Unread messages and to-dos are the user's own; the business figures come from GET
 * /workbench/summary, which answers per kind of user (centre staff: their steps' queues in their
 * area and their own work; the province: every centre; enterprises and holders: their own
 * certificates and applications), each figure opening the list behind it.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Card, Col, Empty, List, Row, Statistic, Tag, Typography } from 'antd';
import { AlertOutlined, BellOutlined, CheckSquareOutlined, NotificationOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import { greetingKey } from '@/app/greeting';
import { nodeLabel } from '@/layouts/BasicLayout/nodeLabel';
import { useCurrentUser, useUserRoutes } from '@/store/user';
import { refreshUnreadStats, useUnreadStats } from '@/store/notice';
import { systemSysTodoList } from '@/services/generated/api';
import type { SystemSysTodoList200 } from '@/services/generated/api.schemas';
import { formatDateTime } from '@/components/ProTableKit/format';
import type { RouteNode } from '@/app/routeBuilder';
import { workbenchSummary } from '@/services/generated/api';
import type { WorkbenchSummary200Data as Workbench } from '@/services/generated/api.schemas';
import { BusinessFigures, BusinessLists, WorkSummaryLine } from './BusinessPanels';

type SysTodo = SystemSysTodoList200['rows'][number];

/** Pages below a menu node (visible leaves), for the count list. */
export function countPages(node: RouteNode): number {
  if (!node.children.length) return node.external || node.component === 'RouteView' ? 0 : 1;
  return node.children.reduce((n, c) => n + countPages(c), 0);
}

export default function Workplace() {
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  const routes = useUserRoutes();
  const stats = useUnreadStats();
  const [todos, setTodos] = useState<SysTodo[]>([]);
  const [todoTotal, setTodoTotal] = useState<number | null>(null);
  const [loadingTodos, setLoadingTodos] = useState(true);
  const [business, setBusiness] = useState<Workbench | null>(null);
  const [businessFailed, setBusinessFailed] = useState(false);

  useEffect(() => {
    void refreshUnreadStats();
    let alive = true;
    systemSysTodoList({ pageNum: 1, pageSize: 5 })
      .then((res) => {
        if (!alive) return;
        setTodos(res?.rows ?? []);
        setTodoTotal(Number(res?.total ?? 0));
      })
      .catch(() => alive && setTodoTotal(null))
      .finally(() => alive && setLoadingTodos(false));
    workbenchSummary()
      .then((res) => alive && setBusiness(res.data))
      .catch(() => alive && setBusinessFailed(true));
    return () => {
      alive = false;
    };
  }, []);

  const areas = useMemo(
    () =>
      (routes ?? [])
        .filter((n) => !n.hidden && !n.external && n.children.length > 0)
        .map((n) => ({ node: n, count: countPages(n) })),
    [routes],
  );

  const name = user?.name || user?.userName || '';
  const userType = user?.info?.userType;
  const unreadTotal = stats.systemType + stats.supervisionType + stats.warnType;

  const statCards = [
    {
      key: 'systemMsg',
      icon: <BellOutlined />,
      title: t('workplace.systemMsg'),
      value: stats.systemType,
      to: '/system/sysMsgInfo/systemMsg',
    },
    {
      key: 'supervisionMsg',
      icon: <NotificationOutlined />,
      title: t('workplace.supervisionMsg'),
      value: stats.supervisionType,
      to: '/system/sysMsgInfo/supervisionMsg',
    },
    {
      key: 'warnMsg',
      icon: <AlertOutlined />,
      title: t('workplace.warnMsg'),
      value: stats.warnType,
      to: '/system/sysMsgInfo/warnMsg',
    },
    {
      key: 'todo',
      icon: <CheckSquareOutlined />,
      title: t('workplace.todos'),
      value: todoTotal ?? 0,
      to: '/system/sysTodo',
    },
  ];

  return (
    <PageHeaderWrapper
      title={
        <span data-testid="workplace-greeting">
          {t('workplace.greetingLine', { greeting: t(`greeting.${greetingKey()}`), name })}
        </span>
      }
      description={
        <span>
          {user?.welcome && user.welcome !== name ? <span style={{ marginRight: 12 }}>{user.welcome}</span> : null}
          {userType ? <Tag color="blue">{t(`userType.${userType}`)}</Tag> : null}
          {user?.info?.area ? <Tag>{t(`area.${user.info.area}`)}</Tag> : null}
          {user?.info?.enterpriseInfo?.name ? <Tag color="geekblue">{user.info.enterpriseInfo.name}</Tag> : null}
        </span>
      }
    >
      <div data-testid="workplace">
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('workplace.businessStats')}
        </Typography.Title>
        <Row gutter={[16, 16]}>
          {statCards.map((c) => (
            <Col key={c.key} xs={24} sm={12} lg={6}>
              <Card hoverable data-testid={`stat-${c.key}`}>
                {/* A link, so the keyboard opens the list a count counts as the mouse does. */}
                <Link
                  to={c.to}
                  aria-label={t('workbench.openList', { ns: 'statistics', what: c.title, n: c.value })}
                  style={{ display: 'block', color: 'inherit' }}
                  data-testid={`stat-link-${c.key}`}
                >
                  <Statistic title={c.title} value={c.value} prefix={c.icon} />
                </Link>
              </Card>
            </Col>
          ))}
        </Row>
        {business?.calendarMissingYear ? (
          <Alert
            style={{ marginTop: 16 }}
            type="warning"
            showIcon
            data-testid="workplace-calendar-missing"
            message={t('workplace.calendarMissing', { year: business.calendarMissingYear })}
            action={
              business.kind === 'system' ? <Link to="/system/calendar">{t('workplace.calendarLink')}</Link> : undefined
            }
          />
        ) : null}
        <div style={{ marginTop: 16 }}>
          {business ? (
            <BusinessFigures data={business} />
          ) : businessFailed ? (
            <Typography.Text type="secondary" data-testid="bench-failed">
              {t('workplace.pendingData')}
            </Typography.Text>
          ) : null}
        </div>
        {business ? <BusinessLists data={business} /> : null}

        <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
          <Col xs={24} lg={14}>
            <Card
              title={t('workplace.todoList')}
              extra={<Link to="/system/sysTodo">{t('workplace.more')}</Link>}
              data-testid="workplace-todos"
            >
              <List<SysTodo>
                loading={loadingTodos}
                dataSource={todos}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notice.noTodos')} /> }}
                renderItem={(item) => (
                  <List.Item data-testid="workplace-todo">
                    <List.Item.Meta
                      title={
                        <Link to={item.url && item.url.startsWith('/') ? item.url : '/system/sysTodo'}>{item.mc}</Link>
                      }
                      description={formatDateTime(item.createdAt)}
                    />
                  </List.Item>
                )}
              />
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card title={t('workplace.countList')} data-testid="workplace-areas">
              <List
                dataSource={areas}
                locale={{
                  emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workplace.noAreas')} />,
                }}
                renderItem={({ node, count }) => (
                  <List.Item extra={<Tag>{t('workplace.pageCount', { count })}</Tag>}>
                    {node.redirect ? <Link to={node.redirect}>{nodeLabel(t, node)}</Link> : nodeLabel(t, node)}
                  </List.Item>
                )}
              />
            </Card>
          </Col>
        </Row>

        <Card title={t('workplace.summary')} style={{ marginTop: 16 }} data-testid="workplace-summary">
          <Typography.Paragraph style={{ marginBottom: 8 }}>
            {t('workplace.summaryText', { unread: unreadTotal, todos: todoTotal ?? 0, areas: areas.length })}
          </Typography.Paragraph>
          {business ? <WorkSummaryLine data={business} /> : null}
        </Card>
      </div>
    </PageHeaderWrapper>
  );
}
