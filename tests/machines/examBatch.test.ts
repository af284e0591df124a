import { describe, expect, it } from 'vitest';
import {
  createExamBatchSnapshot,
  examBatchEventsAcceptedNow,
  examBatchMachine,
  examBatchSendersOf,
  failedExamBatchGuards,
  transitionExamBatch,
  type ExamBatchEvent,
  type ExamSchedule,
  type PersistedExamBatchSnapshot,
} from '@machines/examBatch.machine';
import { describeTransitionCoverage } from './coverage';

/** Sign-up in March, the exam on 10 April, two seats. */
const schedule: ExamSchedule = { capacity: 2, signupFrom: '2026-03-01', signupTo: '2026-03-20', examDay: '2026-04-10' };
const edited: ExamSchedule = { capacity: 40, signupFrom: '2026-03-05', signupTo: '2026-03-25', examDay: '2026-04-12' };

const BEFORE_WINDOW = '2026-02-20';
const IN_WINDOW = '2026-03-10';
const AFTER_WINDOW = '2026-03-30';
const EXAM_DAY = '2026-04-10';

/** One sample per branch a guard distinguishes. */
const samples: ExamBatchEvent[] = [
  { type: 'EDIT', schedule: edited },
  { type: 'REMOVE' },
  { type: 'OPEN', today: IN_WINDOW },
  { type: 'OPEN', today: AFTER_WINDOW },
  { type: 'CLOSE' },
  { type: 'REOPEN', today: IN_WINDOW },
  { type: 'REOPEN', today: AFTER_WINDOW },
  { type: 'CANCEL', reason: '考场因故无法使用' },
  { type: 'CANCEL', reason: '  ' },
  { type: 'HOLD', today: EXAM_DAY, pending: 0 },
  { type: 'HOLD', today: EXAM_DAY, pending: 1 },
  { type: 'HOLD', today: IN_WINDOW, pending: 0 },
  { type: 'PUBLISH', accepted: 3, withResults: 3 },
  { type: 'PUBLISH', accepted: 3, withResults: 2 },
  { type: 'SIGN_UP', today: IN_WINDOW, taken: 1 },
  { type: 'SIGN_UP', today: IN_WINDOW, taken: 2 },
  { type: 'SIGN_UP', today: BEFORE_WINDOW, taken: 0 },
  { type: 'WITHDRAW' },
  { type: 'REVIEW' },
  { type: 'ENTER_RESULT' },
  { type: 'PRINT_TICKET' },
];

describeTransitionCoverage(examBatchMachine, { input: schedule, events: samples }, 'examBatch: every transition fires');

/** Applies events in order, failing on the first one the machine refuses. */
function walk(...events: ExamBatchEvent[]): PersistedExamBatchSnapshot {
  let s = createExamBatchSnapshot(schedule);
  for (const e of events) {
    const r = transitionExamBatch(s, e);
    if (!r.ok) throw new Error(`${e.type} refused in ${r.from}`);
    s = r.snapshot;
  }
  return s;
}

describe('examBatch behaviour', () => {
  it('a new batch is a draft with its schedule', () => {
    expect(createExamBatchSnapshot(schedule)).toEqual({ value: 'draft', context: { ...schedule, cancelReason: null } });
  });

  it('only a draft is edited; the edit replaces the schedule', () => {
    const draft = walk({ type: 'EDIT', schedule: edited });
    expect(draft).toMatchObject({ value: 'draft', context: edited });
    const open = walk({ type: 'OPEN', today: IN_WINDOW });
    expect(transitionExamBatch(open, { type: 'EDIT', schedule: edited })).toEqual({
      ok: false,
      from: 'open',
      reason: 'notAllowedNow',
    });
  });

  it('opening needs a window that has not ended; an open batch takes sign-ups only inside the window and while a seat is free', () => {
    expect(transitionExamBatch(walk(), { type: 'OPEN', today: AFTER_WINDOW }).ok).toBe(false);
    const early = walk({ type: 'OPEN', today: BEFORE_WINDOW });
    expect(early.value).toBe('open');
    expect(transitionExamBatch(early, { type: 'SIGN_UP', today: BEFORE_WINDOW, taken: 0 }).ok).toBe(false);
    expect(transitionExamBatch(early, { type: 'SIGN_UP', today: IN_WINDOW, taken: 1 })).toMatchObject({
      ok: true,
      to: 'open',
    });
    expect(transitionExamBatch(early, { type: 'SIGN_UP', today: IN_WINDOW, taken: 2 }).ok).toBe(false);
    expect(transitionExamBatch(early, { type: 'SIGN_UP', today: AFTER_WINDOW, taken: 0 }).ok).toBe(false);
  });

  it('a closed batch reopens only while the window lasts', () => {
    const closed = walk({ type: 'OPEN', today: IN_WINDOW }, { type: 'CLOSE' });
    expect(transitionExamBatch(closed, { type: 'REOPEN', today: AFTER_WINDOW }).ok).toBe(false);
    expect(transitionExamBatch(closed, { type: 'REOPEN', today: IN_WINDOW })).toMatchObject({ ok: true, to: 'open' });
    expect(transitionExamBatch(closed, { type: 'SIGN_UP', today: IN_WINDOW, taken: 0 }).ok).toBe(false);
  });

  it('held once the exam day has come and nothing waits for review; published once every accepted sign-up has a result', () => {
    const closed = walk({ type: 'OPEN', today: IN_WINDOW }, { type: 'CLOSE' });
    expect(transitionExamBatch(closed, { type: 'HOLD', today: '2026-04-09', pending: 0 }).ok).toBe(false);
    expect(transitionExamBatch(closed, { type: 'HOLD', today: EXAM_DAY, pending: 2 }).ok).toBe(false);
    const held = walk(
      { type: 'OPEN', today: IN_WINDOW },
      { type: 'CLOSE' },
      { type: 'HOLD', today: EXAM_DAY, pending: 0 },
    );
    expect(transitionExamBatch(held, { type: 'ENTER_RESULT' })).toMatchObject({ ok: true, to: 'held' });
    expect(transitionExamBatch(held, { type: 'PUBLISH', accepted: 5, withResults: 4 }).ok).toBe(false);
    const published = transitionExamBatch(held, { type: 'PUBLISH', accepted: 5, withResults: 5 });
    expect(published).toMatchObject({ ok: true, to: 'published' });
    if (!published.ok) throw new Error('unreachable');
    expect(transitionExamBatch(published.snapshot, { type: 'ENTER_RESULT' })).toEqual({
      ok: false,
      from: 'published',
      reason: 'final',
    });
  });

  it('cancelling needs a reason and is possible from draft and open only', () => {
    expect(transitionExamBatch(walk(), { type: 'CANCEL' }).ok).toBe(false);
    const cancelled = transitionExamBatch(walk({ type: 'OPEN', today: IN_WINDOW }), {
      type: 'CANCEL',
      reason: ' 考点停电 ',
    });
    expect(cancelled).toMatchObject({ ok: true, to: 'cancelled', snapshot: { context: { cancelReason: '考点停电' } } });
    expect(
      transitionExamBatch(walk({ type: 'OPEN', today: IN_WINDOW }, { type: 'CLOSE' }), {
        type: 'CANCEL',
        reason: '晚了',
      }).ok,
    ).toBe(false);
  });

  it('says who sends each event, and which of them the machine accepts now', () => {
    const open = walk({ type: 'OPEN', today: IN_WINDOW });
    expect(examBatchSendersOf(open, 'SIGN_UP')).toEqual(['enterprise']);
    expect(examBatchSendersOf(open, 'REVIEW')).toEqual(['areaStaff']);
    expect(examBatchSendersOf(open, 'PRINT_TICKET')).toEqual(['participant']);
    expect(examBatchSendersOf(open, 'PUBLISH')).toEqual([]);
    const probes: ExamBatchEvent[] = [
      { type: 'EDIT', schedule },
      { type: 'CLOSE' },
      { type: 'CANCEL', reason: '—' },
      { type: 'SIGN_UP', today: IN_WINDOW, taken: 0 },
      { type: 'REVIEW' },
    ];
    expect(examBatchEventsAcceptedNow(open, probes, ['areaStaff'])).toEqual(['CLOSE', 'CANCEL', 'REVIEW']);
    expect(examBatchEventsAcceptedNow(open, probes, ['enterprise'])).toEqual(['SIGN_UP']);
    expect(examBatchEventsAcceptedNow(walk(), probes, ['areaStaff'])).toEqual(['EDIT', 'CANCEL']);
  });

  it('names the guards that refuse an event, none when it fits or the state has no such event', () => {
    const open = walk({ type: 'OPEN', today: IN_WINDOW });
    expect(failedExamBatchGuards(open, { type: 'SIGN_UP', today: AFTER_WINDOW, taken: 2 })).toEqual([
      'isWithinSignupWindow',
      'hasFreeSeat',
    ]);
    expect(failedExamBatchGuards(open, { type: 'SIGN_UP', today: IN_WINDOW, taken: 2 })).toEqual(['hasFreeSeat']);
    expect(failedExamBatchGuards(open, { type: 'SIGN_UP', today: IN_WINDOW, taken: 0 })).toEqual([]);
    expect(failedExamBatchGuards(open, { type: 'PUBLISH', accepted: 1, withResults: 0 })).toEqual([]);
    expect(failedExamBatchGuards(walk(), { type: 'CANCEL', reason: '' })).toEqual(['hasReason']);
    const closed = walk({ type: 'OPEN', today: IN_WINDOW }, { type: 'CLOSE' });
    expect(failedExamBatchGuards(closed, { type: 'HOLD', today: IN_WINDOW, pending: 4 })).toEqual([
      'isExamDayReached',
      'hasNoPendingSignups',
    ]);
  });

  it('the stored JSON revives and keeps working', () => {
    const stored = JSON.parse(JSON.stringify(walk({ type: 'OPEN', today: IN_WINDOW }))) as PersistedExamBatchSnapshot;
    expect(transitionExamBatch(stored, { type: 'CLOSE' })).toMatchObject({ ok: true, from: 'open', to: 'closed' });
  });
});
