/**
 * Self-test of the coverage helper: a toy machine with the features of the coming machines
 * (payload guards, context guards, nested states, final states, onDone, always, context-based
 * delays) is fully covered, and machines with a transition that cannot be covered make it fail.
 */
import { describe, expect, it } from 'vitest';
import { assign, setup, type AnyMachineSnapshot } from 'xstate';
import { listTransitions } from '@machines/introspect';
import {
  analyzeCoverage,
  assertFullCoverage,
  describeTransitionCoverage,
  describeUnionCoverage,
  ReplayClock,
  unionGaps,
} from './coverage';

type ToyEvent =
  | { type: 'SUBMIT'; actor: string; amount: number }
  | { type: 'APPROVE'; actor: string }
  | { type: 'RETURN'; actor: string }
  | { type: 'NEVER_SENT' };

const toy = setup({
  types: {
    context: {} as { submitter: string | null; rounds: number; reviewMs: number; archiveAfter: number },
    events: {} as ToyEvent,
    input: {} as { reviewMs: number },
  },
  actions: {
    rememberSubmitter: assign(({ event }) => ({ submitter: event.type === 'SUBMIT' ? event.actor : null })),
    countRound: assign(({ context }) => ({ rounds: context.rounds + 1 })),
  },
  guards: {
    isLargeAmount: ({ event }) => event.type === 'SUBMIT' && event.amount > 100,
    isSomeoneElse: ({ context, event }) => 'actor' in event && event.actor !== context.submitter,
    hasHadTwoRounds: ({ context }) => context.rounds >= 2,
  },
  delays: { reviewTime: ({ context }) => context.reviewMs },
}).createMachine({
  id: 'toy',
  context: ({ input }) => ({ submitter: null, rounds: 0, reviewMs: input.reviewMs, archiveAfter: 2 }),
  initial: 'draft',
  states: {
    draft: {
      on: {
        SUBMIT: [
          { guard: 'isLargeAmount', target: 'review', actions: ['rememberSubmitter', 'countRound'] },
          { target: 'approved', actions: 'rememberSubmitter' },
        ],
      },
    },
    review: {
      initial: 'pending',
      after: { reviewTime: { target: 'draft' } },
      onDone: { target: 'approved' },
      states: {
        pending: {
          on: {
            APPROVE: { guard: 'isSomeoneElse', target: 'signed' },
            RETURN: { target: '#toy.draft' },
          },
        },
        signed: { type: 'final' },
      },
    },
    approved: {
      always: [{ guard: 'hasHadTwoRounds', target: 'archived' }, { target: 'closed' }],
    },
    archived: { type: 'final' },
    closed: { type: 'final' },
  },
});

const toyEvents: ToyEvent[] = [
  { type: 'SUBMIT', actor: 'ann', amount: 500 },
  { type: 'SUBMIT', actor: 'ann', amount: 50 },
  { type: 'APPROVE', actor: 'ann' },
  { type: 'APPROVE', actor: 'bob' },
  { type: 'RETURN', actor: 'bob' },
];

/** `rounds` grows with every return; guards only care whether it reached 2. */
const toyState = (s: AnyMachineSnapshot): string =>
  JSON.stringify({
    value: s.value,
    context: { ...s.context, rounds: Math.min(2, (s.context as { rounds: number }).rounds) },
  });

describeTransitionCoverage(
  toy,
  { input: { reviewMs: 5000 }, events: toyEvents, serializeState: toyState },
  'coverage helper on a toy machine',
);

describe('coverage helper', () => {
  it('enumerates each guarded branch, after, onDone and always separately', () => {
    const labels = listTransitions(toy).map((t) => t.label);
    expect(labels).toEqual([
      'draft —SUBMIT [isLargeAmount]→ review',
      'draft —SUBMIT→ approved',
      'review —onDone→ approved',
      'review —after reviewTime→ draft',
      'review.pending —APPROVE [isSomeoneElse]→ review.signed',
      'review.pending —RETURN→ draft',
      'approved —always [hasHadTwoRounds]→ archived',
      'approved —always→ closed',
    ]);
  });

  it('fails when a guard can never be satisfied by the sample events', () => {
    // Without another actor the four-eyes branch (and onDone, and the signed state) cannot fire.
    const report = analyzeCoverage(toy, {
      input: { reviewMs: 5000 },
      events: toyEvents.filter((e) => !('actor' in e) || e.actor === 'ann' || e.type === 'RETURN'),
      serializeState: toyState,
    });
    expect(report.uncovered.map((t) => t.label)).toEqual([
      'review —onDone→ approved',
      'review.pending —APPROVE [isSomeoneElse]→ review.signed',
    ]);
    expect(report.unreachedStates).toEqual(['review.signed']);
    expect(() => assertFullCoverage(report)).toThrow(
      /APPROVE \[isSomeoneElse\]→ review.signed never fired|not selected/,
    );
  });

  it('fails on a transition out of an unreachable state and on a guard that is never true', () => {
    const broken = setup({
      types: { events: {} as { type: 'GO' } | { type: 'BACK' } },
      guards: { isNever: () => false },
    }).createMachine({
      id: 'broken',
      initial: 'a',
      states: {
        a: { on: { GO: [{ guard: 'isNever', target: 'c' }, { target: 'b' }] } },
        b: { on: { BACK: 'a' } },
        c: { on: { BACK: 'a' } }, // only reachable through the impossible guard
      },
    });
    const report = analyzeCoverage(broken, { events: [{ type: 'GO' }, { type: 'BACK' }] });
    expect(report.uncovered.map((t) => t.label)).toEqual(['a —GO [isNever]→ c', 'c —BACK→ a']);
    expect(report.unreachedStates).toEqual(['c']);
    expect(() => assertFullCoverage(report)).toThrow(/transition coverage incomplete/);
  });

  it('does not count a timer that always loses the race against a shorter one', () => {
    const race = setup({}).createMachine({
      id: 'race',
      initial: 'waiting',
      states: {
        waiting: { after: { 1000: 'short', 2000: 'long' } },
        short: { type: 'final' },
        long: { type: 'final' },
      },
    });
    const report = analyzeCoverage(race, { events: [] });
    expect(report.uncovered.map((t) => t.label)).toEqual(['waiting —after 2000 ms→ long']);
    expect(report.failures.get(report.uncovered[0]!.key)?.[0]).toMatch(/fired before after 2000 ms/);
    expect(() => assertFullCoverage(report)).toThrow(/never fired/);
  });

  it('reports where the exploration would not end', () => {
    const counter = setup({ types: { context: {} as { n: number }, events: {} as { type: 'INC' } } }).createMachine({
      id: 'counter',
      context: { n: 0 },
      on: { INC: { actions: assign(({ context }) => ({ n: context.n + 1 })) } },
    });
    expect(() => analyzeCoverage(counter, { events: [{ type: 'INC' }], limit: 50 })).toThrow(/serializeState/);
    const abstracted = analyzeCoverage(counter, {
      events: [{ type: 'INC' }],
      serializeState: (s) => JSON.stringify({ value: s.value, big: (s.context as { n: number }).n > 2 }),
    });
    expect(abstracted.uncovered).toEqual([]);
  });

  it('ReplayClock fires timers in due order, one at a time', () => {
    const clock = new ReplayClock();
    const fired: string[] = [];
    clock.setTimeout(() => fired.push('b'), 200);
    const id = clock.setTimeout(() => fired.push('x'), 100);
    clock.setTimeout(() => fired.push('a'), 100);
    clock.clearTimeout(id);
    expect(clock.fireNext()).toBe(true);
    expect([fired, clock.now()]).toEqual([['a'], 100]);
    clock.advance(500);
    expect([fired, clock.now(), clock.pending]).toEqual([['a', 'b'], 600, 0]);
    expect(clock.fireNext()).toBe(false);
  });
});

describe('coverage helper across inputs', () => {
  // Which branch is reachable depends on the input: each run covers part, the union covers all.
  const routed = setup({
    types: { context: {} as { fast: boolean }, events: {} as { type: 'GO' }, input: {} as { fast: boolean } },
    guards: { isFast: ({ context }) => context.fast },
  }).createMachine({
    id: 'routed',
    context: ({ input }) => ({ fast: input.fast }),
    initial: 'a',
    states: {
      a: { on: { GO: [{ guard: 'isFast', target: 'done' }, { target: 'b' }] } },
      b: { on: { GO: 'done' } },
      done: { type: 'final' },
    },
  });
  const fast = describeTransitionCoverage(
    routed,
    { input: { fast: true }, events: [{ type: 'GO' }], requireAllTransitions: false, requireAllStates: false },
    'partial run (fast)',
  );
  const slow = describeTransitionCoverage(
    routed,
    { input: { fast: false }, events: [{ type: 'GO' }], requireAllTransitions: false, requireAllStates: false },
    'partial run (slow)',
  );
  describeUnionCoverage(routed, [fast, slow], 'union of the fast and slow runs');

  it('each run covers only its part; unionGaps names what no run covered', () => {
    expect(fast().uncovered.map((t) => t.label)).toEqual(['a —GO→ b', 'b —GO→ done']);
    expect(slow().uncovered.map((t) => t.label)).toEqual(['a —GO [isFast]→ done']);
    expect(unionGaps(routed, [fast()]).uncovered.map((t) => t.label)).toEqual(['a —GO→ b', 'b —GO→ done']);
    expect(unionGaps(routed, [fast()]).unreachedStates).toEqual(['b']);
    expect(unionGaps(routed, [fast(), slow()])).toEqual({ uncovered: [], unreachedStates: [] });
  });

  it('counts a transient initial state as reached when its always transition fired', () => {
    const transient = setup({}).createMachine({
      id: 'transient',
      initial: 'deciding',
      states: { deciding: { always: 'done' }, done: { type: 'final' } },
    });
    const report = analyzeCoverage(transient, { events: [] });
    expect(report.unreachedStates).toEqual([]);
    expect(report.uncovered).toEqual([]);
  });
});
