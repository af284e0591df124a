/**
 * Reads a machine's *definition* (not a running actor): its state nodes and every transition it
 * defines, each guarded branch separately. Pure, no I/O. Used by the transition-coverage tests
 * (tests/machines/coverage.ts) and by the statechart documentation generator
 * (scripts/gen-statecharts.ts), so both speak of the same transitions with the same keys.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/**
 * Documentation metadata a machine may carry, read by the generator (scripts/gen-statecharts.ts)
 * so that pages say what the machine says instead of hard-coding it.
 * - On a state node (`meta`): the code stored or shown for that state (application status,
 *   checkStatus, eligibility code) and its label.
 * - On the root (`meta.doc`): the title of the code column, the meaning of each `who` value, and
 *   extra tables (e.g. the business-type routes of the application machine).
 */
export interface StateDocMeta {
  /** Code of the state (e.g. applyStatus 3, checkStatus '0', eligibility 5). */
  code?: number | string;
  /** What the code means (e.g. 已受理). */
  codeLabel?: string;
  /** Root only: machine-level documentation. */
  doc?: MachineDocMeta;
}

export interface MachineDocMeta {
  /** Title of the code column of the states table, e.g. `Status (applyStatus)`. */
  stateCodeTitle?: string;
  /** Meaning of each `who` value used on the transitions (legend). */
  who?: Readonly<Record<string, string>>;
  /** Extra tables rendered after the transitions. */
  tables?: ReadonlyArray<DocTable>;
}

export interface DocTable {
  title: string;
  /** One paragraph shown above the table. */
  intro?: string;
  columns: readonly string[];
  rows: ReadonlyArray<readonly string[]>;
}

/** Metadata on a transition: who may send its event (a key of the root's `doc.who` legend). */
export interface TransitionDocMeta {
  who?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The documentation metadata of a state node (empty when it has none). */
export function stateDocMeta(node: AnyStateNode): StateDocMeta {
  const meta: unknown = node.meta;
  if (!isRecord(meta)) return {};
  const out: StateDocMeta = {};
  if (typeof meta.code === 'number' || typeof meta.code === 'string') out.code = meta.code;
  if (typeof meta.codeLabel === 'string') out.codeLabel = meta.codeLabel;
  if (isRecord(meta.doc)) out.doc = meta.doc as MachineDocMeta;
  return out;
}

/** Machine-level documentation metadata (`meta.doc` of the root). */
export function machineDocMeta(machine: AnyStateMachine): MachineDocMeta {
  return stateDocMeta(machine.root).doc ?? {};
}

/** Who may send the event of a transition (`meta.who`), or null. */
export function transitionWho(definition: AnyTransitionDefinition): string | null {
  const meta: unknown = definition.meta;
  return isRecord(meta) && typeof meta.who === 'string' ? meta.who : null;
}

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
  /** Who may send the event (`meta.who` of the transition), null when the machine does not say. */
  readonly who: string | null;
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
        const trigger = kind === 'after' ? delayLabel(delay) : kind === 'always' ? 'always' : internalLabel(eventType);
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
          who: transitionWho(definition),
          label,
          definition,
        });
      });
    }
  }
  return out;
}
