/**
 * Reads a machine's *definition* (not a running actor): its state nodes and every transition it
 * defines, each guarded branch separately. Pure, no I/O. Used by the transition-coverage tests
 * (tests/machines/coverage.ts) and by the statechart documentation generator
 * (scripts/gen-statecharts.ts), so both speak of the same transitions with the same keys.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/** How a transition is triggered. */
export type TransitionKind =
  /** an event sent to the machine */
  | 'event'
  /** an `after` (delayed) transition; its event type is `xstate.after.<delay>.<stateId>` */
  | 'after'
  /** an eventless `always` transition */
  | 'always'
  /** `onDone` of a compound/parallel state (or of an invoked actor) and other `xstate.*` events */
  | 'internal';

export interface TransitionInfo {
  /** Stable identifier: `<sourceNodeId>|<eventType>|<branchIndex>` (eventType '' for `always`). */
  readonly key: string;
  readonly kind: TransitionKind;
  /** id of the state node that defines the transition (e.g. `session.active.watching`). */
  readonly sourceId: string;
  /** Dotted path of the source below the root, `(root)` for the machine itself. */
  readonly source: string;
  /** Event descriptor as defined (`''` for always, `xstate.after.…` for delays). */
  readonly eventType: string;
  /** Human label of the trigger: the event name, `after 1000 ms`, `after idleLimit`, `always`, `onDone`. */
  readonly trigger: string;
  /** Index of this branch among the transitions the node defines for the same event type. */
  readonly branch: number;
  /** The delay (ms or the name of a `delays` implementation) of an `after` transition. */
  readonly delay: number | string | null;
  /** Readable guard, e.g. `isLastSecond`, `not(isStoredSessionAlive)`; null when unguarded. */
  readonly guard: string | null;
  /** Dotted target paths; empty for a targetless transition (the state stays, actions run). */
  readonly targets: readonly string[];
  readonly reenter: boolean;
  /** Readable actions, e.g. `rememberReason(reason: idle)`. */
  readonly actions: readonly string[];
  /** One-line description: `counting —after 1000 ms [isLastSecond]→ idle`. */
  readonly label: string;
  /** The transition definition object itself (identity is stable for the machine's lifetime). */
  readonly definition: AnyTransitionDefinition;
}

/** Every state node of the machine in definition order, the root first (depth-first). */
export function listStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const walk = (node: AnyStateNode): void => {
    out.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return out;
}

/** Dotted path of a state node below the root; `(root)` for the root. */
export function statePath(node: AnyStateNode): string {
  return node.path.length === 0 ? '(root)' : node.path.join('.');
}

function describeParams(params: unknown): string {
  if (params === undefined || params === null) return '';
  if (typeof params !== 'object') return JSON.stringify(params);
  return Object.entries(params as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
}

/** Readable form of a guard reference (named, parameterised, or built with and/or/not). */
export function describeGuard(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as { name?: string; guards?: unknown };
    if (Array.isArray(fn.guards) && (fn.name === 'not' || fn.name === 'and' || fn.name === 'or')) {
      return `${fn.name}(${fn.guards.map((g) => describeGuard(g) ?? '?').join(', ')})`;
    }
    return 'inline guard';
  }
  if (typeof guard === 'object' && 'type' in guard) {
    const g = guard as { type: unknown; params?: unknown };
    const params = describeParams(g.params);
    return params ? `${String(g.type)}(${params})` : String(g.type);
  }
  return 'guard';
}

/** Readable form of an action reference. */
export function describeAction(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const fn = action as { type?: unknown };
    return typeof fn.type === 'string' ? `inline ${fn.type}` : 'inline action';
  }
  if (action !== null && typeof action === 'object' && 'type' in action) {
    const a = action as { type: unknown; params?: unknown };
    const params = typeof a.params === 'function' ? '…' : describeParams(a.params);
    return params ? `${String(a.type)}(${params})` : String(a.type);
  }
  return 'action';
}

function kindOf(eventType: string): TransitionKind {
  if (eventType === '') return 'always';
  if (eventType.startsWith('xstate.after.')) return 'after';
  if (eventType.startsWith('xstate.')) return 'internal';
  return 'event';
}

function delayLabel(delay: number | string | null): string {
  if (delay === null) return 'after ?';
  return typeof delay === 'number' ? `after ${delay} ms` : `after ${delay}`;
}

function internalLabel(eventType: string): string {
  if (eventType.startsWith('xstate.done.state.')) return 'onDone';
  if (eventType.startsWith('xstate.done.actor.')) return `onDone(${eventType.slice('xstate.done.actor.'.length)})`;
  if (eventType.startsWith('xstate.error.actor.')) return `onError(${eventType.slice('xstate.error.actor.'.length)})`;
  return eventType;
}

/**
 * Every transition the machine defines: for each state node (root included), each event type it
 * handles (`on`, `after`, `onDone`, …) and each guarded branch, then its `always` branches.
 * Order follows the definition, so the result is deterministic.
 */
export function listTransitions(machine: AnyStateMachine): TransitionInfo[] {
  const out: TransitionInfo[] = [];
  for (const node of listStateNodes(machine)) {
    const delays = new Map<string, number | string | null>();
    for (const d of node.after) {
      delays.set(String(d.eventType), typeof d.delay === 'function' ? null : d.delay);
    }
    const groups: Array<[string, readonly AnyTransitionDefinition[]]> = [...node.transitions.entries()].map(
      ([type, list]) => [String(type), list],
    );
    if (node.always && node.always.length > 0) groups.push(['', node.always]);
    for (const [eventType, list] of groups) {
      list.forEach((definition, branch) => {
        const kind = kindOf(eventType);
        const delay = kind === 'after' ? (delays.get(eventType) ?? null) : null;
        const trigger =
          kind === 'after' ? delayLabel(delay) : kind === 'always' ? 'always' : internalLabel(eventType);
        const guard = describeGuard(definition.guard);
        const targets = (definition.target ?? []).map((t) => statePath(t));
        const source = statePath(node);
        const label = `${source} —${trigger}${guard ? ` [${guard}]` : ''}→ ${
          targets.length ? targets.join(', ') : '(stays)'
        }`;
        out.push({
          key: `${node.id}|${eventType}|${branch}`,
          kind,
          sourceId: node.id,
          source,
          eventType,
          trigger,
          branch,
          delay,
          guard,
          targets,
          reenter: definition.reenter,
          actions: definition.actions.map(describeAction),
          label,
          definition,
        });
      });
    }
  }
  return out;
}
