// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomShims, useLanguage } from './login-setup';
import StatechartView from '@/components/StatechartView';
import { flowModel, flowNodes, stateKey } from '@/components/StatechartView/model';
import type { HistoryRow } from '@/services/workflow';

beforeAll(async () => {
  installDomShims();
  await useLanguage('zh-CN');
});
afterEach(() => cleanup());

const newCert = { middleSteps: ['cb', 'cs', 'sh', 'sp'], personCheck: false };
const delay = { middleSteps: ['cs', 'sh'], personCheck: true };

function row(id: number, fromState: string, toState: string, extra: Partial<HistoryRow> = {}): HistoryRow {
  return {
    id,
    version: id,
    event: 'AGREE',
    resultCode: 1,
    resultLabel: '同意',
    step: 'sl',
    stepLabel: '受理',
    actorName: '陈丽娟',
    roleKey: 'step_sl',
    comment: null,
    fromState,
    toState,
    createdAt: '2026-03-01T02:00:00.000Z',
    ...extra,
  };
}

describe('state keys', () => {
  it('reads strings, dotted paths, JSON text and nested objects', () => {
    expect(stateKey('submitted')).toBe('submitted');
    expect(stateKey({ inReview: 'cs' })).toBe('inReview.cs');
    expect(stateKey('{"inReview":"bj"}')).toBe('inReview.bj');
    expect(stateKey('inReview.sh')).toBe('inReview.sh');
    expect(stateKey(null)).toBe('');
  });

  it('lays out the route: person check only when the route has it', () => {
    expect(flowNodes(newCert).main.map((n) => n.key)).toEqual([
      'saved',
      'submitted',
      'inReview.cb',
      'inReview.cs',
      'inReview.sh',
      'inReview.sp',
      'inReview.bj',
      'closed',
    ]);
    expect(flowNodes(delay).main.map((n) => n.key)).toEqual([
      'saved',
      'personCheck',
      'submitted',
      'inReview.cs',
      'inReview.sh',
      'inReview.bj',
      'closed',
    ]);
    expect(flowNodes(delay).sides.map((n) => n.key)).toEqual(['deleted', 'rejected']);
  });

  it('marks the path taken from the history', () => {
    const m = flowModel({ inReview: 'cs' }, newCert, [
      row(1, 'saved', 'submitted'),
      row(2, 'submitted', 'inReview.cb'),
      row(3, 'inReview.cb', 'inReview.cs'),
    ]);
    expect(m.current).toBe('inReview.cs');
    expect([...m.visited].sort()).toEqual(['inReview.cb', 'inReview.cs', 'saved', 'submitted']);
  });
});

describe('StatechartView', { timeout: 30_000 }, () => {
  it('marks the current node for a nested state value on the route', () => {
    render(
      <StatechartView
        stateValue={{ inReview: 'cs' }}
        route={newCert}
        history={[row(1, 'saved', 'submitted'), row(2, 'submitted', '{"inReview":"cb"}')]}
      />,
    );
    const current = screen.getByTestId('statechart-current');
    expect(current.getAttribute('data-state')).toBe('inReview.cs');
    expect(current.textContent).toContain('初审');
    expect(screen.getAllByTestId('statechart-current')).toHaveLength(1);
    expect(screen.getByTestId('statechart-node-inReview.cb').getAttribute('data-status')).toBe('visited');
    expect(screen.getByTestId('statechart-node-inReview.sp').getAttribute('data-status')).toBe('pending');
    expect(screen.queryByTestId('statechart-node-personCheck')).toBeNull();
    expect(screen.getByTestId('history-timeline').textContent).toContain('陈丽娟');
  });

  it('marks 已提交/受理 for submitted and a person-check route shows 个人确认', () => {
    render(<StatechartView stateValue="submitted" route={delay} history={[]} />);
    expect(screen.getByTestId('statechart-current').getAttribute('data-state')).toBe('submitted');
    expect(screen.getByTestId('statechart-node-personCheck').textContent).toContain('个人确认');
    expect(screen.getByTestId('history-timeline').textContent).toContain('暂无办理记录');
  });

  it('marks a side end (不予受理) as current', () => {
    render(
      <StatechartView
        stateValue="rejected"
        route={newCert}
        history={[row(1, 'saved', 'submitted'), row(2, 'submitted', 'rejected')]}
      />,
    );
    const current = screen.getByTestId('statechart-current');
    expect(current.getAttribute('data-state')).toBe('rejected');
    expect(current.textContent).toContain('不予受理');
  });
});
