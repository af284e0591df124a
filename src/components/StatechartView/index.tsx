/**
 * The application statechart of THIS application's route as a horizontal flow (CSS only):
 * 保存 → (个人确认) → 已提交/受理 → middle steps → 办结 → 已办结, with the side ends 已删除 and
 * 不予受理. The current node (from the XState state value) is highlighted, the nodes the history
 * passed through are marked, and the history is an antd Timeline beside the chart.
 */
import type { CSSProperties, ReactNode } from 'react';
import { Col, Empty, Row, Tag, Timeline, Typography, theme } from 'antd';
import { ArrowRightOutlined, CheckCircleFilled, ClockCircleOutlined, EnterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { HistoryRow, WorkflowRoute } from '@/services/workflow';
import { formatDateTime } from '@/components/ProTableKit/format';
import { useWorkflowLabels } from '@/components/ApplicationViewModal/labels';
import { flowModel, nodeStatus, type FlowModel, type FlowNode } from './model';

export interface StatechartViewProps {
  stateValue: unknown;
  route: WorkflowRoute | null | undefined;
  history?: HistoryRow[] | null;
  outcome?: 'approved' | 'denied' | null;
  /** hide the timeline (chart only) */
  hideHistory?: boolean;
}

const RESULT_COLOR: Record<number, string> = { 0: 'red', 1: 'green', 3: 'orange', 4: 'gold' };

function useNodeStyle() {
  const { token } = theme.useToken();
  return (model: FlowModel, node: FlowNode, outcome?: 'approved' | 'denied' | null): CSSProperties => {
    const status = nodeStatus(model, node.key);
    const bad = node.side || (node.key === 'closed' && outcome === 'denied');
    const base: CSSProperties = {
      display: 'inline-flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      minWidth: 76,
      minHeight: 46,
      padding: '4px 10px',
      borderRadius: 6,
      fontSize: 13,
      lineHeight: '18px',
      textAlign: 'center',
      whiteSpace: 'nowrap',
      border: `1px solid ${token.colorBorder}`,
      background: token.colorBgContainer,
      color: token.colorTextTertiary,
    };
    if (status === 'current') {
      const c = bad ? token.colorError : token.colorPrimary;
      return {
        ...base,
        background: c,
        borderColor: c,
        color: '#fff',
        fontWeight: 600,
        boxShadow: `0 0 0 3px ${bad ? token.colorErrorBg : token.colorPrimaryBg}`,
      };
    }
    if (status === 'visited') {
      return { ...base, borderColor: token.colorSuccess, background: token.colorSuccessBg, color: token.colorText };
    }
    return { ...base, borderStyle: 'dashed' };
  };
}

function NodeBox({
  model,
  node,
  outcome,
  style,
}: {
  model: FlowModel;
  node: FlowNode;
  outcome?: 'approved' | 'denied' | null;
  style: CSSProperties;
}) {
  const { t } = useTranslation('workflow');
  const status = nodeStatus(model, node.key);
  const icon: ReactNode =
    status === 'visited' ? (
      <CheckCircleFilled style={{ fontSize: 11 }} />
    ) : status === 'current' ? (
      <ClockCircleOutlined style={{ fontSize: 11 }} />
    ) : null;
  const label =
    node.key === 'closed' && outcome
      ? t('statusWithOutcome', { status: t(node.labelKey), outcome: t(`outcome.${outcome}`) })
      : t(node.labelKey);
  return (
    <div
      style={style}
      data-testid={status === 'current' ? 'statechart-current' : `statechart-node-${node.key}`}
      data-state={node.key}
      data-status={status}
    >
      <span>
        {icon} {label}
      </span>
    </div>
  );
}

/** The chart alone. */
export function StatechartFlow({ stateValue, route, history, outcome }: Omit<StatechartViewProps, 'hideHistory'>) {
  const { t } = useTranslation('workflow');
  const { token } = theme.useToken();
  const styleOf = useNodeStyle();
  const model = flowModel(stateValue, route, history);
  const arrowColor = (from: string, to: string) =>
    model.visited.has(from) && model.visited.has(to) ? token.colorSuccess : token.colorTextQuaternary;

  return (
    <div data-testid="statechart" data-current={model.current}>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', rowGap: 12, columnGap: 6 }}>
        {model.main.map((node, i) => (
          <div key={node.key} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            {i > 0 ? (
              <ArrowRightOutlined style={{ color: arrowColor(model.main[i - 1].key, node.key) }} aria-hidden />
            ) : null}
            <NodeBox model={model} node={node} outcome={outcome} style={styleOf(model, node, outcome)} />
          </div>
        ))}
      </div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24, marginTop: 14 }}>
        {model.sides.map((node) => {
          const from = model.main.find((m) => m.key === node.from);
          return (
            <div
              key={node.key}
              style={{ display: 'flex', alignItems: 'center', gap: 6, color: token.colorTextSecondary, fontSize: 12 }}
            >
              <span>{from ? t(from.labelKey) : node.from}</span>
              <EnterOutlined
                style={{ transform: 'scaleX(-1)', color: arrowColor(node.from ?? '', node.key) }}
                aria-hidden
              />
              <NodeBox model={model} node={node} outcome={outcome} style={styleOf(model, node, outcome)} />
            </div>
          );
        })}
      </div>
      <div style={{ display: 'flex', gap: 16, marginTop: 12, fontSize: 12, color: token.colorTextTertiary }}>
        <span>
          <Tag color="processing" style={{ marginInlineEnd: 4 }}>
            &nbsp;
          </Tag>
          {t('chart.current')}
        </span>
        <span>
          <Tag color="success" style={{ marginInlineEnd: 4 }}>
            &nbsp;
          </Tag>
          {t('chart.visited')}
        </span>
        <span>
          <Tag style={{ marginInlineEnd: 4, borderStyle: 'dashed' }}>&nbsp;</Tag>
          {t('chart.pending')}
        </span>
      </div>
    </div>
  );
}

/** The history as a Timeline (who, role, step, result, comment, time). */
export function HistoryTimeline({ history }: { history?: HistoryRow[] | null }) {
  const { t } = useTranslation('workflow');
  const labels = useWorkflowLabels();
  if (!history?.length) {
    return (
      <div data-testid="history-timeline">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />
      </div>
    );
  }
  return (
    <div data-testid="history-timeline">
      <Timeline
        items={history.map((h) => ({
          key: h.id,
          color: h.resultCode === null || h.resultCode === undefined ? 'blue' : (RESULT_COLOR[h.resultCode] ?? 'blue'),
          children: (
            <div data-testid="history-item">
              <div>
                <Typography.Text strong>{h.actorName ?? '-'}</Typography.Text>
                {h.roleKey ? (
                  <Typography.Text type="secondary">{` · ${labels.role(h.roleKey, h.roleKey)}`}</Typography.Text>
                ) : null}
              </div>
              <div style={{ marginTop: 2 }}>
                {h.step || h.stepLabel ? <Tag>{labels.step(h.step, h.stepLabel)}</Tag> : null}
                <Tag color={h.resultCode === null || h.resultCode === undefined ? 'blue' : RESULT_COLOR[h.resultCode]}>
                  {h.resultCode !== null && h.resultCode !== undefined
                    ? labels.result(h.resultCode, h.resultLabel)
                    : labels.event(h.event, h.resultLabel || h.event)}
                </Tag>
              </div>
              {h.comment ? (
                <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>
                  {h.comment}
                </Typography.Paragraph>
              ) : null}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(h.createdAt)}
              </Typography.Text>
            </div>
          ),
        }))}
      />
    </div>
  );
}

/** Chart and timeline side by side (stacked on narrow screens). */
export default function StatechartView({ hideHistory, ...props }: StatechartViewProps) {
  const { t } = useTranslation('workflow');
  if (hideHistory) return <StatechartFlow {...props} />;
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={15}>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('chart.title')}
        </Typography.Title>
        <StatechartFlow {...props} />
      </Col>
      <Col xs={24} lg={9}>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('history.title')}
        </Typography.Title>
        <div style={{ maxHeight: 360, overflowY: 'auto', paddingTop: 8 }}>
          <HistoryTimeline history={props.history} />
        </div>
      </Col>
    </Row>
  );
}
