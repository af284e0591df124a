/**
 * Transition coverage for XState machines: every transition a machine defines must be reached
 * from the initial state and actually fire in a running actor, or the test fails.
 *
 * How it works
 * 1. {@link listTransitions} (machines/introspect.ts) enumerates the defined transitions: every
 *    state node (root included) → `node.transitions` (`on`, `after`, `onDone`, …) and
 *    `node.always`, each guarded branch separately (key `<nodeId>|<eventType>|<branch>`).
 * 2. The state graph is explored with `getAdjacencyMap` from `xstate/graph` (pure
 *    `machine.transition`), offering in each state the sample events whose type some active
 *    node handles (payloads matter: guards read them) plus the active `after` timers as their
 *    internal `xstate.after.<delay>.<stateId>` events.
 * 3. Edges are tried in breadth-first order (shortest path first). An edge is replayed only if
 *    it can select a still-uncovered transition (`machine.getTransitionData`). A replay runs a
 *    real actor from the initial state with a {@link ReplayClock}: plain events are sent, `after`
 *    steps advance the clock to the next due timer (failing if another timer fires first, so a
 *    timer that can never win the race is *not* covered). After every step the actor's
 *    snapshot must equal the explored one. The transitions that fired (from the inspection
 *    API's `@xstate.microstep` events, so `always` and `onDone` chains count too) are covered,
 *    with the replayed path as the witness.
 * 4. The covered set must equal the defined set; every state node must be reached.
 *
 * Use (one file per machine under tests/machines):
 * ```ts
 * import { describeTransitionCoverage } from './coverage';
 * import { sessionMachine } from '@machines/session.machine';
 *
 * describeTransitionCoverage(sessionMachine, {
 *   input: { idleMs: 1_800_000 },
 *   // one sample per payload shape a guard distinguishes (alive / too old / idle ...)
 *   events: [{ type: 'LOGIN.START', method: 'password' }, { type: 'RESTORE', ...alive }, ...],
 * });
 * ```
 * This registers one test per defined transition ("fires loggedOut —RESTORE [isStoredSessionAlive]→
 * active", which replays its witness path and checks the transition fires), one test that the
 * covered set equals the defined set, and one that every state node is reached. For other
 * uses (asserting on the report, self-tests) call {@link analyzeCoverage} and
 * {@link assertFullCoverage} directly.
 *
 * Tips for the coming machines
 * - Guards on the event payload: give one sample event per branch (agree as sl, as cb, …).
 *   `events` may also be a function of the snapshot, e.g. to send the right `version`.
 * - Context-dependent guards: the explored state includes the context, so a branch guarded by
 *   context is found once some path builds that context (e.g. a route that needs personCheck:
 *   use `input`, or run the helper once per input).
 * - Unbounded context (history rows, counters): pass `serializeState` that keeps only what the
 *   guards read, or the exploration stops at `limit` with an error saying so.
 * - Timers race in real time: an `after` transition counts only if, on some explored path, its
 *   timer is the first to fire. If it can only win after steps that leave the explored state
 *   unchanged (clicks that restart a shorter timer), give a sample event that reaches a state
 *   where it wins directly (session: RESTORE with a login 11 h 50 min old). The failure message
 *   says which timer fired first.
 * - Final states and `onDone`: handled (done snapshots have no outgoing edges; `onDone`
 *   transitions fire inside the step that completes the region and are credited there).
 * - `invoke`d actors are not driven; keep machines free of I/O (DESIGN.md).
 */
import {
  createActor,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type InputFrom,
  type InspectionEvent,
} from 'xstate';
import { getAdjacencyMap, serializeSnapshot, type AdjacencyMap } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { listStateNodes, listTransitions, statePath, type TransitionInfo } from '@machines/introspect';

/** A clock for actors under test that knows its pending timers and fires them one at a time. */
export class ReplayClock {
  private nowMs = 0;
  private nextId = 0;
  private readonly timers = new Map<number, { due: number; fn: () => void }>();

  now(): number {
    return this.nowMs;
  }

  setTimeout(fn: (...args: unknown[]) => void, timeout: number): number {
    const id = this.nextId++;
    this.timers.set(id, { due: this.nowMs + Math.max(0, timeout), fn: () => fn() });
    return id;
  }

  clearTimeout(id: unknown): void {
    if (typeof id === 'number') this.timers.delete(id);
  }

  /** Number of timers scheduled and not yet fired or cleared. */
  get pending(): number {
    return this.timers.size;
  }

  /** When the earliest pending timer is due, or undefined if none. */
  nextDue(): number | undefined {
    let best: number | undefined;
    for (const t of this.timers.values()) if (best === undefined || t.due < best) best = t.due;
    return best;
  }

  /** Advance time to the earliest pending timer and fire it (ties: first scheduled). */
  fireNext(): boolean {
    let bestId: number | undefined;
    let bestDue = Infinity;
    for (const [id, t] of this.timers) {
      if (t.due < bestDue) {
        bestDue = t.due;
        bestId = id;
      }
    }
    if (bestId === undefined) return false;
    const timer = this.timers.get(bestId);
    this.timers.delete(bestId);
    this.nowMs = Math.max(this.nowMs, bestDue);
    timer?.fn();
    return true;
  }

  /** Advance time by `ms`, firing every timer that falls due, in order (also ones scheduled meanwhile). */
  advance(ms: number): void {
    const until = this.nowMs + ms;
    for (let due = this.nextDue(); due !== undefined && due <= until; due = this.nextDue()) this.fireNext();
    this.nowMs = until;
  }
}

export interface CoverageOptions<TMachine extends AnyStateMachine> {
  /** Machine input (e.g. the route of an application). */
  input?: InputFrom<TMachine>;
  /**
   * Sample events with payloads. In each state the helper offers every sample whose type an
   * active state node handles (wildcards included); a handled type without a sample is offered
   * as a bare `{ type }`. Timers are added automatically.
   */
  events:
    | ReadonlyArray<EventFromLogic<TMachine>>
    | ((snapshot: AnyMachineSnapshot) => ReadonlyArray<EventFromLogic<TMachine>>);
  /** State identity for the exploration; default `{value, context}` as JSON. */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /** Upper bound on exploration steps (states visited × 1, the exploration throws beyond it). Default 20 000. */
  limit?: number;
  /** At most this many timers are fired to take one `after` step. Default 1 000. */
  maxTimersPerStep?: number;
  /** Require every state node to be reached (default true). */
  requireAllStates?: boolean;
  /**
   * Require every defined transition to fire (default true). Set false when the input decides
   * which transitions are reachable (one run per input, e.g. per business type): the report is
   * then computed when the tests are collected, one test is registered per transition this run
   * covers, and {@link describeUnionCoverage} checks that the runs together cover every one.
   */
  requireAllTransitions?: boolean;
}

/** One step of a witness path: an event sent, or a timer awaited. */
export type WitnessStep =
  | { kind: 'event'; event: AnyEventObject }
  | { kind: 'timer'; eventType: string; trigger: string };

export interface Witness {
  /** Steps from the initial state; the transition fired during the last one (none: at start). */
  steps: WitnessStep[];
  /** Simulated ms elapsed when the transition fired. */
  at: number;
}

export interface CoverageReport {
  machineId: string;
  defined: TransitionInfo[];
  /** Witness per covered transition key. */
  covered: Map<string, Witness>;
  uncovered: TransitionInfo[];
  /** Fired transitions the enumeration did not list (would mean a bug in listTransitions). */
  unknownFired: string[];
  /** Why candidate edges for a transition failed on replay (key → reasons). */
  failures: Map<string, string[]>;
  statesDefined: string[];
  unreachedStates: string[];
  exploredStates: number;
  exploredEdges: number;
}

interface Edge {
  from: string;
  event: AnyEventObject;
  to: string;
  source: AnyMachineSnapshot;
}

interface ReplayOutcome {
  /** Keys fired per step (index 0 = start, i = after step i). */
  firedPerStep: string[][];
  /** Ids of the state nodes active after any microstep (transient states included). */
  entered: Set<string>;
  unknown: string[];
  /** Steps completed and matching the exploration. */
  completed: number;
  /** Simulated time after each step. */
  timePerStep: number[];
  failure: string | null;
}

const AFTER = 'xstate.after.';

function matchesDescriptor(descriptor: string, type: string): boolean {
  if (descriptor === type || descriptor === '*') return true;
  if (descriptor.endsWith('.*')) {
    const prefix = descriptor.slice(0, -2);
    return type === prefix || type.startsWith(`${prefix}.`);
  }
  return false;
}

function resolveSamples<TMachine extends AnyStateMachine>(
  options: CoverageOptions<TMachine>,
  snapshot: AnyMachineSnapshot,
): ReadonlyArray<AnyEventObject> {
  return typeof options.events === 'function' ? options.events(snapshot) : options.events;
}

function eventsFor<TMachine extends AnyStateMachine>(
  options: CoverageOptions<TMachine>,
  snapshot: AnyMachineSnapshot,
): AnyEventObject[] {
  if (snapshot.status !== 'active') return [];
  const samples = resolveSamples(options, snapshot);
  const out: AnyEventObject[] = [];
  const seen = new Set<string>();
  const push = (event: AnyEventObject): void => {
    const k = JSON.stringify(event);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(event);
    }
  };
  for (const node of snapshot._nodes) {
    for (const descriptor of node.transitions.keys()) {
      const type = String(descriptor);
      if (type.startsWith(AFTER)) {
        push({ type });
        continue;
      }
      if (type.startsWith('xstate.')) continue; // done/error events are raised by the machine itself
      const matching = samples.filter((e) => matchesDescriptor(type, e.type));
      if (matching.length > 0) matching.forEach(push);
      else if (!type.includes('*')) push({ type });
    }
  }
  return out;
}

function timerTrigger(eventType: string, infos: TransitionInfo[]): string {
  return infos.find((t) => t.eventType === eventType)?.trigger ?? eventType;
}

function toStep(event: AnyEventObject, infos: TransitionInfo[]): WitnessStep {
  return event.type.startsWith(AFTER)
    ? { kind: 'timer', eventType: event.type, trigger: timerTrigger(event.type, infos) }
    : { kind: 'event', event };
}

/** Human form of a witness: `LOGIN.START {"method":"password"} → after idleLimit`. */
export function describeWitness(witness: Witness): string {
  if (witness.steps.length === 0) return '(at start)';
  return witness.steps
    .map((s) => {
      if (s.kind === 'timer') return s.trigger;
      const { type, ...payload } = s.event;
      return Object.keys(payload).length ? `${type} ${JSON.stringify(payload)}` : type;
    })
    .join(' → ');
}

/**
 * Run a real actor (with a {@link ReplayClock}) through `steps` and record which transitions
 * fire at each step. `expected[i]` (serialized state after step i, index 0 = initial) is checked
 * when given; the replay stops at the first mismatch.
 */
export function replaySteps<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: Pick<CoverageOptions<TMachine>, 'input' | 'serializeState' | 'maxTimersPerStep'>,
  steps: readonly WitnessStep[],
  expected?: readonly string[],
): ReplayOutcome {
  const keyOf = new Map<AnyTransitionDefinition, string>();
  for (const t of listTransitions(machine)) keyOf.set(t.definition, t.key);
  const serialize = options.serializeState ?? serializeSnapshot;
  const clock = new ReplayClock();
  let fired: string[] = [];
  let received: string[] = [];
  const unknown: string[] = [];
  const entered = new Set<string>();
  let rootSessionId: string | undefined;
  let error: unknown;
  const inspect = (ev: InspectionEvent): void => {
    if (rootSessionId !== undefined && ev.actorRef.sessionId !== rootSessionId) return;
    if (ev.type === '@xstate.microstep') {
      for (const n of (ev.snapshot as AnyMachineSnapshot)._nodes) entered.add(n.id);
      for (const t of ev._transitions) {
        const key = keyOf.get(t);
        if (key) fired.push(key);
        else unknown.push(`${t.source.id}|${String(t.eventType)}`);
      }
    } else if (ev.type === '@xstate.event') {
      received.push(ev.event.type);
    }
  };
  const actor = createActor(machine, { input: options.input, clock, inspect });
  rootSessionId = actor.sessionId;
  actor.subscribe({ error: (e: unknown) => (error = e) });
  const outcome: ReplayOutcome = { firedPerStep: [], entered, unknown, completed: 0, timePerStep: [], failure: null };
  const check = (i: number): boolean => {
    if (error !== undefined) {
      outcome.failure = `step ${i}: the machine threw ${String(error)}`;
      return false;
    }
    const want = expected?.[i];
    if (want !== undefined) {
      const got = serialize(actor.getSnapshot() as AnyMachineSnapshot);
      if (got !== want) {
        outcome.failure = `step ${i}: reached ${got}, expected ${want}`;
        return false;
      }
    }
    return true;
  };
  actor.start();
  outcome.firedPerStep.push(fired);
  outcome.timePerStep.push(clock.now());
  if (!check(0)) {
    actor.stop();
    return outcome;
  }
  const maxTimers = options.maxTimersPerStep ?? 1000;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    fired = [];
    received = [];
    if (step.kind === 'event') {
      actor.send(step.event as EventFromLogic<TMachine>);
    } else {
      let done = false;
      for (let n = 0; n < maxTimers && !done; n++) {
        if (!clock.fireNext()) {
          outcome.failure = `step ${i + 1}: no timer pending for ${step.trigger}`;
          break;
        }
        if (received.includes(step.eventType)) done = true;
        else if (received.length > 0) {
          outcome.failure = `step ${i + 1}: ${received.join(', ')} fired before ${step.trigger}`;
          break;
        }
      }
      if (!done && outcome.failure === null)
        outcome.failure = `step ${i + 1}: ${step.trigger} did not fire within ${maxTimers} timers`;
    }
    outcome.firedPerStep.push(fired);
    outcome.timePerStep.push(clock.now());
    if (outcome.failure !== null || !check(i + 1)) break;
    outcome.completed = i + 1;
  }
  actor.stop();
  return outcome;
}

/** Which transitions fire when the witness is replayed, at its last step. */
export function replayWitness<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: Pick<CoverageOptions<TMachine>, 'input' | 'serializeState' | 'maxTimersPerStep'>,
  witness: Witness,
): string[] {
  const outcome = replaySteps(machine, options, witness.steps);
  if (outcome.failure !== null) throw new Error(`replay failed: ${outcome.failure}`);
  return outcome.firedPerStep[witness.steps.length] ?? [];
}

/** Explore, replay and report which defined transitions are covered (see the file comment). */
export function analyzeCoverage<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: CoverageOptions<TMachine>,
): CoverageReport {
  const defined = listTransitions(machine);
  const byKey = new Map(defined.map((t) => [t.key, t]));
  const keyOf = new Map<AnyTransitionDefinition, string>(defined.map((t) => [t.definition, t.key]));
  const serialize = options.serializeState ?? ((s: AnyMachineSnapshot) => serializeSnapshot(s));
  const limit = options.limit ?? 20_000;

  let adjacency: AdjacencyMap<AnyMachineSnapshot, AnyEventObject>;
  try {
    adjacency = getAdjacencyMap<AnyMachineSnapshot, AnyEventObject, unknown>(machine, {
      input: options.input,
      serializeState: (s) => serialize(s),
      events: (s) => eventsFor(options, s),
      limit,
    });
  } catch (e) {
    throw new Error(
      `${machine.id}: exploring the state graph failed (${String(e)}). If the context grows without ` +
        'bound, pass serializeState keeping only what guards read, or fewer sample events; or raise limit.',
    );
  }

  // Breadth-first shortest paths over the explored graph.
  const keys = Object.keys(adjacency);
  const initialKey = keys[0]!;
  const pathTo = new Map<string, Edge[]>([[initialKey, []]]);
  const order: string[] = [initialKey];
  const edges: Edge[] = [];
  for (let i = 0; i < order.length; i++) {
    const from = order[i]!;
    const entry = adjacency[from as keyof typeof adjacency]!;
    for (const { event, state } of Object.values(entry.transitions)) {
      const to = serialize(state);
      const edge: Edge = { from, event, to, source: entry.state };
      edges.push(edge);
      if (!pathTo.has(to)) {
        pathTo.set(to, [...pathTo.get(from)!, edge]);
        order.push(to);
      }
    }
  }

  const covered = new Map<string, Witness>();
  const failures = new Map<string, string[]>();
  const unknownFired = new Set<string>();
  const reached = new Set<string>();
  for (const entry of Object.values(adjacency)) for (const n of entry.state._nodes) reached.add(n.id);
  const credit = (steps: WitnessStep[], outcome: ReplayOutcome): void => {
    for (const u of outcome.unknown) unknownFired.add(u);
    for (const id of outcome.entered) reached.add(id);
    for (let i = 0; i <= outcome.completed; i++) {
      for (const key of outcome.firedPerStep[i] ?? []) {
        // A transient state (e.g. an initial one left by `always` at once) shows in no settled
        // snapshot; the transitions that fired from it prove it was entered.
        const source = byKey.get(key)?.sourceId;
        if (source !== undefined) reached.add(source);
        if (!covered.has(key)) covered.set(key, { steps: steps.slice(0, i), at: outcome.timePerStep[i] ?? 0 });
      }
    }
  };

  // The start itself (initial `always` transitions).
  credit([], replaySteps(machine, options, [], [initialKey]));

  const internalKinds = new Set(['always', 'internal']);
  for (const edge of edges) {
    const uncovered = defined.filter((t) => !covered.has(t.key));
    if (uncovered.length === 0) break;
    if (edge.source.status !== 'active') continue;
    let direct: readonly AnyTransitionDefinition[];
    try {
      direct = machine.getTransitionData(edge.source, edge.event);
    } catch {
      direct = [];
    }
    if (direct.length === 0) continue;
    const directKeys = direct.map((d) => keyOf.get(d)).filter((k): k is string => k !== undefined);
    const promising = directKeys.some((k) => !covered.has(k)) || uncovered.some((t) => internalKinds.has(t.kind));
    if (!promising) continue;
    const path = [...pathTo.get(edge.from)!, edge];
    const steps = path.map((e) => toStep(e.event, defined));
    const expected = [initialKey, ...path.map((e) => e.to)];
    const outcome = replaySteps(machine, options, steps, expected);
    credit(steps, outcome);
    if (outcome.failure !== null) {
      for (const k of directKeys) {
        if (covered.has(k)) continue;
        const list = failures.get(k) ?? [];
        if (list.length < 3) list.push(`${describeWitness({ steps, at: 0 })}: ${outcome.failure}`);
        failures.set(k, list);
      }
    }
  }

  const stateNodes = listStateNodes(machine).filter((n) => n !== machine.root);
  return {
    machineId: machine.id,
    defined,
    covered,
    uncovered: defined.filter((t) => !covered.has(t.key)),
    unknownFired: [...unknownFired].filter((k) => !byKey.has(k)).sort(),
    failures,
    statesDefined: stateNodes.map(statePath),
    unreachedStates: stateNodes.filter((n) => !reached.has(n.id)).map(statePath),
    exploredStates: keys.length,
    exploredEdges: edges.length,
  };
}

/** Why a transition is not covered, for test failure messages. */
export function explainUncovered(report: CoverageReport, t: TransitionInfo): string {
  const tried = report.failures.get(t.key);
  return tried
    ? `${report.machineId}: ${t.label} never fired. Paths tried:\n  ${tried.join('\n  ')}`
    : `${report.machineId}: ${t.label} is not selected by any explored step: its source state is ` +
        'unreachable, or no sample event satisfies its guard (add a sample event with the right payload).';
}

/** Throws unless every defined transition was covered (and, by default, every state reached). */
export function assertFullCoverage(report: CoverageReport, { requireAllStates = true } = {}): void {
  const problems: string[] = [];
  for (const t of report.uncovered) problems.push(explainUncovered(report, t));
  if (report.unknownFired.length) problems.push(`fired but not enumerated: ${report.unknownFired.join(', ')}`);
  if (requireAllStates && report.unreachedStates.length)
    problems.push(`states never reached: ${report.unreachedStates.join(', ')}`);
  if (problems.length) throw new Error(`${report.machineId}: transition coverage incomplete\n${problems.join('\n')}`);
}

/**
 * Registers the coverage tests of a machine with vitest: one test per defined transition
 * (replays its witness and expects the transition to fire), one that the covered set equals the
 * defined set, and one that every state node is reached. Returns a getter of the report (for
 * {@link describeUnionCoverage} or further assertions).
 *
 * With `requireAllTransitions: false` (one run per input) the report is computed at collection
 * time; one test is registered per transition this run covers, plus one that every transition
 * that fired is one the machine defines; `requireAllStates` should then be false too.
 */
export function describeTransitionCoverage<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: CoverageOptions<TMachine>,
  title = `${machine.id}: every defined transition fires on a path from the initial state`,
): () => CoverageReport {
  let result: { report: CoverageReport } | { error: unknown } | undefined;
  const getReport = (): CoverageReport => {
    if (!result) {
      try {
        result = { report: analyzeCoverage(machine, options) };
      } catch (error) {
        result = { error };
      }
    }
    if ('error' in result) throw result.error;
    return result.report;
  };
  const partial = options.requireAllTransitions === false;
  describe(title, () => {
    let transitions = listTransitions(machine);
    if (partial) {
      let report: CoverageReport | undefined;
      try {
        report = getReport();
      } catch {
        // reported by the test below
      }
      transitions = report ? transitions.filter((t) => report.covered.has(t.key)) : [];
    }
    for (const t of transitions) {
      it(`fires ${t.label}${t.branch > 0 && !t.guard ? ` (branch ${t.branch})` : ''}`, () => {
        const r = getReport();
        const witness = r.covered.get(t.key);
        if (!witness) throw new Error(explainUncovered(r, t));
        expect(replayWitness(machine, options, witness), describeWitness(witness)).toContain(t.key);
      });
    }
    if (partial) {
      it('fires only transitions the machine defines', () => {
        const r = getReport();
        expect(r.unknownFired).toEqual([]);
        expect(r.covered.size).toBeGreaterThan(0);
      });
    } else {
      it('covers exactly the transitions the machine defines', () => {
        const r = getReport();
        expect(r.unknownFired).toEqual([]);
        expect([...r.covered.keys()].sort()).toEqual(r.defined.map((t) => t.key).sort());
        assertFullCoverage(r, { requireAllStates: false });
      });
    }
    if (options.requireAllStates !== false) {
      it('reaches every state node', () => {
        expect(getReport().unreachedStates).toEqual([]);
      });
    }
  });
  return getReport;
}

/** Transitions and state nodes that none of the reports covered or reached. */
export function unionGaps(
  machine: AnyStateMachine,
  reports: ReadonlyArray<CoverageReport>,
): { uncovered: TransitionInfo[]; unreachedStates: string[] } {
  const covered = new Set(reports.flatMap((r) => [...r.covered.keys()]));
  const uncovered = listTransitions(machine).filter((t) => !covered.has(t.key));
  const unreachedStates = listStateNodes(machine)
    .filter((n) => n !== machine.root)
    .map(statePath)
    .filter((p) => reports.every((r) => r.unreachedStates.includes(p)));
  return { uncovered, unreachedStates };
}

/**
 * Registers the tests that several runs of {@link describeTransitionCoverage} (one per input,
 * `requireAllTransitions: false`) together fire every transition the machine defines and reach
 * every state node; a failure names the transitions no run covered.
 */
export function describeUnionCoverage(
  machine: AnyStateMachine,
  runs: ReadonlyArray<() => CoverageReport>,
  title = `${machine.id}: the runs together fire every defined transition`,
): void {
  describe(title, () => {
    it('covers every defined transition', () => {
      const { uncovered } = unionGaps(
        machine,
        runs.map((r) => r()),
      );
      expect(
        uncovered.map((t) => t.label),
        'transitions no run covered',
      ).toEqual([]);
    });
    it('reaches every state node', () => {
      const { unreachedStates } = unionGaps(
        machine,
        runs.map((r) => r()),
      );
      expect(unreachedStates, 'state nodes no run reached').toEqual([]);
    });
  });
}
