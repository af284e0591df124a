/**
 * The statechart of one application as a flow of nodes (pure; no React): the main line
 * 保存 → (个人确认) → 已提交/受理 → each middle step → 办结 → 已办结 of the application's route,
 * the side ends 已删除 (from 保存) and 不予受理 (from 受理), the current node (from the XState
 * state value) and the nodes the history passed through.
 */
import type { HistoryRow, WorkflowRoute } from '@/services/workflow';

export type NodeStatus = 'current' | 'visited' | 'pending';

export interface FlowNode {
  /** dotted state path, e.g. 'saved', 'inReview.cs', 'closed' */
  key: string;
  /** i18n key (namespace workflow) of the label */
  labelKey: string;
  /** step code shown under the label (sl … bj) when the node is a step */
  step?: string;
  /** main line or a side end */
  side: boolean;
  /** for a side end: the main node it branches from */
  from?: string;
}

export interface FlowModel {
  main: FlowNode[];
  sides: FlowNode[];
  current: string;
  visited: Set<string>;
}

const MIDDLE = ['cb', 'cs', 'sh', 'sp'];

/** A state value (string, dotted string, JSON text or nested object) as a dotted path. */
export function stateKey(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    const s = value.trim();
    if (s.startsWith('{') || s.startsWith('"')) {
      try {
        return stateKey(JSON.parse(s));
      } catch {
        return s;
      }
    }
    return s;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return '';
    const [k, v] = entries[0];
    const rest = stateKey(v);
    return rest ? `${k}.${rest}` : k;
  }
  return String(value);
}

/** The nodes of a route: the main line and the two side ends. */
export function flowNodes(route: WorkflowRoute | null | undefined): { main: FlowNode[]; sides: FlowNode[] } {
  const middle = (route?.middleSteps ?? []).filter((s) => s !== 'sl' && s !== 'bj');
  const main: FlowNode[] = [{ key: 'saved', labelKey: 'state.saved', side: false }];
  if (route?.personCheck) main.push({ key: 'personCheck', labelKey: 'state.personCheck', side: false });
  main.push({ key: 'submitted', labelKey: 'state.submitted', step: 'sl', side: false });
  for (const s of middle) {
    main.push({ key: `inReview.${s}`, labelKey: MIDDLE.includes(s) ? `step.${s}` : s, step: s, side: false });
  }
  main.push({ key: 'inReview.bj', labelKey: 'step.bj', step: 'bj', side: false });
  main.push({ key: 'closed', labelKey: 'state.closed', side: false });
  const sides: FlowNode[] = [
    { key: 'deleted', labelKey: 'state.deleted', side: true, from: 'saved' },
    { key: 'rejected', labelKey: 'state.rejected', side: true, from: 'submitted' },
  ];
  return { main, sides };
}

/** Every state the history passed through (from and to of each row), plus the initial state. */
export function visitedStates(
  history: readonly Pick<HistoryRow, 'fromState' | 'toState'>[] | null | undefined,
): Set<string> {
  const out = new Set<string>(['saved']);
  for (const h of history ?? []) {
    for (const v of [h.fromState, h.toState]) {
      const k = stateKey(v);
      if (k) out.add(k);
    }
  }
  return out;
}

/** The whole model for one application. */
export function flowModel(
  stateValue: unknown,
  route: WorkflowRoute | null | undefined,
  history?: readonly Pick<HistoryRow, 'fromState' | 'toState'>[] | null,
): FlowModel {
  const { main, sides } = flowNodes(route);
  const current = stateKey(stateValue);
  const visited = visitedStates(history);
  if (current) visited.add(current);
  return { main, sides, current, visited };
}

/** Status of one node in the model. */
export function nodeStatus(model: FlowModel, key: string): NodeStatus {
  if (model.current === key) return 'current';
  return model.visited.has(key) ? 'visited' : 'pending';
}
