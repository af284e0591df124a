import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  APPLY_STATUS,
  BUSINESS_ROUTES,
  BUSINESS_TYPES,
  STEPS,
  routeSteps,
  type BusinessType,
  type Step,
} from '@machines/businessTypes';
import {
  ApplicationReplayError,
  applicationEventTypes,
  applicationMachine,
  createApplicationSnapshot,
  eventsAcceptedNow,
  replayHistory,
  resultCodeOf,
  reviveApplicationSnapshot,
  stateNameOf,
  stateValueOf,
  statusCodeOf,
  stepOf,
  transitionApplication,
  type ApplicationEvent,
  type ApplicationEventType,
  type ApplicationInput,
  type ApplicationStateName,
  type PersistedApplicationSnapshot,
} from '@machines/application.machine';
import { listTransitions } from '@machines/introspect';
import { describeTransitionCoverage, describeUnionCoverage, unionGaps, type CoverageReport } from './coverage';

const APPLICANT = 1;
const HOLDER = 2;
const OUTSIDER = 99;
const STAFF = [10, 11, 12, 13, 14, 15] as const;

/** The two staff members who act at a step in these tests: the step's own and the next one's. */
function staffAt(step: Step): [number, number] {
  const i = STEPS.indexOf(step);
  return [STAFF[i]!, STAFF[(i + 1) % STAFF.length]!];
}

function ev(type: ApplicationEventType, actorId: number, comment?: string): ApplicationEvent {
  const roleKey = actorId === APPLICANT ? 'enterprise' : actorId === HOLDER ? 'person' : 'staff';
  return comment === undefined
    ? { type, actorId, roleKey, version: 0 }
    : { type, actorId, roleKey, comment, version: 0 };
}

/** Sample events offered in a state: every party, two staff per step, an outsider. */
function samples(snapshot: AnyMachineSnapshot): ApplicationEvent[] {
  const out: ApplicationEvent[] = [];
  for (const actor of [APPLICANT, OUTSIDER]) out.push(ev('SAVE', actor), ev('SUBMIT', actor), ev('DELETE', actor));
  for (const actor of [HOLDER, OUTSIDER]) out.push(ev('CONFIRM', actor), ev('DECLINE', actor, '信息有误'));
  for (const actor of [APPLICANT, HOLDER, OUTSIDER, ...STAFF]) out.push(ev('WITHDRAW', actor));
  const step = snapshot.status === 'active' ? stepOf(snapshot) : null;
  if (step) {
    for (const actor of staffAt(step)) {
      out.push(ev('AGREE', actor), ev('DISAGREE', actor, '不符合条件'), ev('RETURN', actor, '请补正材料'));
    }
  }
  return out;
}

const inputOf = (businessType: BusinessType): ApplicationInput => ({
  businessType,
  applicantId: APPLICANT,
  holderId: BUSINESS_ROUTES[businessType].personCheck ? HOLDER : null,
});

/** State nodes a business type can never reach: steps off its route, and personCheck without a person check. */
function expectedUnreached(type: BusinessType): string[] {
  const route = BUSINESS_ROUTES[type];
  const onRoute = new Set<Step>(routeSteps(route.middleSteps));
  return [
    ...(route.personCheck ? [] : ['personCheck']),
    ...(['cb', 'cs', 'sh', 'sp'] as const).filter((s) => !onRoute.has(s)).map((s) => `inReview.${s}`),
  ];
}

const runs: Array<[BusinessType, () => CoverageReport]> = BUSINESS_TYPES.map((type) => [
  type,
  describeTransitionCoverage(
    applicationMachine,
    { input: inputOf(type), events: samples, requireAllTransitions: false, requireAllStates: false },
    `application (${type}): transitions its route makes reachable`,
  ),
]);

describeUnionCoverage(
  applicationMachine,
  runs.map(([, report]) => report),
  'application: all business types together fire every defined transition',
);

describe('application coverage per business type', () => {
  it.each(BUSINESS_TYPES)('%s reaches exactly the states of its route', (type) => {
    const report = runs.find(([t]) => t === type)![1]();
    expect([...report.unreachedStates].sort()).toEqual(expectedUnreached(type).sort());
  });

  it('the union names no uncovered transition (explicit)', () => {
    const { uncovered } = unionGaps(
      applicationMachine,
      runs.map(([, r]) => r()),
    );
    expect(uncovered.map((t) => t.label)).toEqual([]);
    expect(listTransitions(applicationMachine).length).toBeGreaterThan(40);
  });
});

// ---------------------------------------------------------------------------------------------

/** Drives one application through events, failing on the first refusal. */
function drive(type: BusinessType, events: ApplicationEvent[], start?: PersistedApplicationSnapshot) {
  let snapshot = start ?? createApplicationSnapshot(inputOf(type));
  const visited: ApplicationStateName[] = [stateNameOf(snapshot)];
  const results: Array<number | null> = [];
  for (const event of events) {
    const r = transitionApplication(snapshot, event);
    if (!r.ok) throw new Error(`${event.type} by ${event.actorId} refused in ${r.from} (${r.reason})`);
    snapshot = r.snapshot;
    visited.push(r.to);
    results.push(r.result);
  }
  return { snapshot, visited, results };
}

/** Agree at every step of the route, each by its own staff member. */
function agreeAll(type: BusinessType): ApplicationEvent[] {
  return routeSteps(BUSINESS_ROUTES[type].middleSteps).map((s) => ev('AGREE', staffAt(s)[0]));
}

function submitted(type: BusinessType): ApplicationEvent[] {
  return BUSINESS_ROUTES[type].personCheck
    ? [ev('SAVE', APPLICANT), ev('SUBMIT', APPLICANT), ev('CONFIRM', HOLDER)]
    : [ev('SAVE', APPLICANT), ev('SUBMIT', APPLICANT)];
}

describe('application behaviour', () => {
  it('new certificate: the full happy path closes approved with status 8', () => {
    const { snapshot, visited, results } = drive('newCert', [...submitted('newCert'), ...agreeAll('newCert')]);
    expect(visited).toEqual([
      'saved',
      'saved',
      'submitted',
      'inReview.cb',
      'inReview.cs',
      'inReview.sh',
      'inReview.sp',
      'inReview.bj',
      'closed',
    ]);
    expect(statusCodeOf(snapshot)).toBe(8);
    expect(stepOf(snapshot)).toBe('bj');
    expect(snapshot.context.outcome).toBe('approved');
    expect(snapshot.context.actedBy).toEqual({ sl: 10, cb: 11, cs: 12, sh: 13, sp: 14, bj: 15 });
    expect(results).toEqual([null, null, 1, 1, 1, 1, 1, 1]);
    expect(reviveApplicationSnapshot(snapshot).status).toBe('done');
    expect(eventsAcceptedNow(snapshot, { actorId: 15 })).toEqual([]);
  });

  it('every business type reaches closed/approved along exactly its route', () => {
    for (const type of BUSINESS_TYPES) {
      const { snapshot, visited } = drive(type, [...submitted(type), ...agreeAll(type)]);
      const inReview = visited.filter((v) => v.startsWith('inReview.')).map((v) => v.slice('inReview.'.length));
      expect(inReview, type).toEqual([...BUSINESS_ROUTES[type].middleSteps, 'bj']);
      expect(visited.includes('personCheck'), type).toBe(BUSINESS_ROUTES[type].personCheck);
      expect([stateNameOf(snapshot), snapshot.context.outcome], type).toEqual(['closed', 'approved']);
    }
  });

  it('modification skips cb, cs and sp: sl → sh → bj', () => {
    const { visited } = drive('modify', [...submitted('modify'), ...agreeAll('modify')]);
    expect(visited).toEqual(['saved', 'saved', 'personCheck', 'submitted', 'inReview.sh', 'inReview.bj', 'closed']);
  });

  it('status codes follow the state (SPEC 4)', () => {
    const steps = drive('delay', [ev('SUBMIT', APPLICANT), ev('CONFIRM', HOLDER), ev('AGREE', 10)]);
    expect(steps.visited.map((name) => statusCodeOf({ value: stateValueOf(name) }))).toEqual([1, 0, 2, 3]);
    expect(APPLY_STATUS.accepted).toEqual({ code: 3, label: '已受理' });
  });

  it('DISAGREE at sl ends rejected with status 4', () => {
    const { snapshot, results } = drive('newCert', [ev('SUBMIT', APPLICANT), ev('DISAGREE', 10, '不予受理')]);
    expect(stateNameOf(snapshot)).toBe('rejected');
    expect(statusCodeOf(snapshot)).toBe(4);
    expect(stepOf(snapshot)).toBe('sl');
    expect(snapshot.context).toMatchObject({ outcome: 'denied', lastComment: '不予受理' });
    expect(results).toEqual([null, 0]);
  });

  it('RETURN at cs goes back to cb, at cb to submitted, at sl to saved with the 补正 comment', () => {
    const toCs = [ev('SUBMIT', APPLICANT), ev('AGREE', 10), ev('AGREE', 11)];
    const atCs = drive('newCert', toCs);
    expect(stateNameOf(atCs.snapshot)).toBe('inReview.cs');
    const back = drive('newCert', [ev('RETURN', 12, '承办意见不全')], atCs.snapshot);
    expect(back.visited).toEqual(['inReview.cs', 'inReview.cb']);
    expect(back.snapshot.context.actedBy).toEqual({ sl: 10 });
    expect(back.results).toEqual([4]);
    const further = drive('newCert', [ev('RETURN', 11), ev('RETURN', 10, '请补正身份证明')], back.snapshot);
    expect(further.visited).toEqual(['inReview.cb', 'submitted', 'saved']);
    expect(further.snapshot.context).toMatchObject({ actedBy: {}, lastComment: '请补正身份证明' });
    expect(statusCodeOf(further.snapshot)).toBe(1);
  });

  it('WITHDRAW: only the actor who completed the previous step, and only while the item waits', () => {
    const atCs = drive('newCert', [ev('SUBMIT', APPLICANT), ev('AGREE', 10), ev('AGREE', 11)]).snapshot;
    for (const wrong of [APPLICANT, HOLDER, OUTSIDER, 10, 12, 13]) {
      const r = transitionApplication(atCs, ev('WITHDRAW', wrong));
      expect(r, `actor ${wrong}`).toEqual({ ok: false, from: 'inReview.cs', reason: 'notAllowedNow' });
    }
    expect(eventsAcceptedNow(atCs, { actorId: 10 })).not.toContain('WITHDRAW');
    expect(eventsAcceptedNow(atCs, { actorId: 11 })).toContain('WITHDRAW');
    const r = transitionApplication(atCs, ev('WITHDRAW', 11));
    expect(r).toMatchObject({ ok: true, from: 'inReview.cs', to: 'inReview.cb', result: 3, step: 'cs' });
    // Once cs has acted the item has moved on: cb's actor can no longer withdraw it.
    const atSh = drive('newCert', [ev('AGREE', 12)], atCs).snapshot;
    expect(transitionApplication(atSh, ev('WITHDRAW', 11)).ok).toBe(false);
    // The applicant may withdraw before sl acts, not after.
    const sub = drive('newCert', [ev('SUBMIT', APPLICANT)]).snapshot;
    expect(transitionApplication(sub, ev('WITHDRAW', APPLICANT))).toMatchObject({ ok: true, to: 'saved', result: 3 });
    expect(transitionApplication(sub, ev('WITHDRAW', OUTSIDER)).ok).toBe(false);
  });

  it('WITHDRAW at bj by the last middle step’s actor; at the first middle step by sl’s actor', () => {
    const atBj = drive('modify', [...submitted('modify'), ev('AGREE', 10), ev('AGREE', 13)]).snapshot;
    expect(stateNameOf(atBj)).toBe('inReview.bj');
    expect(transitionApplication(atBj, ev('WITHDRAW', 10)).ok).toBe(false);
    expect(transitionApplication(atBj, ev('WITHDRAW', 13))).toMatchObject({ ok: true, to: 'inReview.sh' });
    const atSh = drive('modify', [...submitted('modify'), ev('AGREE', 10)]).snapshot;
    expect(transitionApplication(atSh, ev('WITHDRAW', 10))).toMatchObject({ ok: true, to: 'submitted' });
  });

  it('DISAGREE at a middle step goes to bj denied; bj closes it denied either way', () => {
    const atBj = drive('newCert', [
      ev('SUBMIT', APPLICANT),
      ev('AGREE', 10),
      ev('AGREE', 11),
      ev('DISAGREE', 12, '材料不实'),
    ]);
    expect(atBj.visited.at(-1)).toBe('inReview.bj');
    expect(atBj.snapshot.context.outcome).toBe('denied');
    const agreed = drive('newCert', [ev('AGREE', 15)], atBj.snapshot).snapshot;
    expect([stateNameOf(agreed), agreed.context.outcome, statusCodeOf(agreed)]).toEqual(['closed', 'denied', 8]);
    const disagreed = drive('newCert', [ev('DISAGREE', 15)], atBj.snapshot).snapshot;
    expect([stateNameOf(disagreed), disagreed.context.outcome]).toEqual(['closed', 'denied']);
    // bj returns it to the step that disagreed (not to sp, which never saw it) and clears the outcome.
    const returned = drive('newCert', [ev('RETURN', 15)], atBj.snapshot).snapshot;
    expect([stateNameOf(returned), returned.context.outcome]).toEqual(['inReview.cs', null]);
    expect(returned.context.actedBy).toEqual({ sl: 10, cb: 11 });
    // ... and the disagreeing actor may withdraw the disagreement while bj has not acted.
    expect(transitionApplication(atBj.snapshot, ev('WITHDRAW', 12))).toMatchObject({ ok: true, to: 'inReview.cs' });
  });

  it('person check: the holder confirms or declines (back to saved with the comment); others cannot', () => {
    const atCheck = drive('delay', [ev('SAVE', APPLICANT), ev('SUBMIT', APPLICANT)]).snapshot;
    expect([stateNameOf(atCheck), statusCodeOf(atCheck)]).toEqual(['personCheck', 0]);
    expect(transitionApplication(atCheck, ev('CONFIRM', APPLICANT)).ok).toBe(false);
    expect(transitionApplication(atCheck, ev('CONFIRM', OUTSIDER)).ok).toBe(false);
    expect(eventsAcceptedNow(atCheck, { actorId: HOLDER })).toEqual(['CONFIRM', 'DECLINE']);
    expect(eventsAcceptedNow(atCheck, { actorId: APPLICANT })).toEqual(['WITHDRAW']);
    const declined = transitionApplication(atCheck, ev('DECLINE', HOLDER, '本人未同意延期'));
    expect(declined).toMatchObject({ ok: true, to: 'saved', result: 4, statusCode: 1 });
    if (!declined.ok) throw new Error('unreachable');
    expect(declined.snapshot.context.lastComment).toBe('本人未同意延期');
    // SAVE keeps the comment for the applicant to read; the applicant can resubmit.
    const again = drive('delay', [ev('SAVE', APPLICANT)], declined.snapshot).snapshot;
    expect(again.context.lastComment).toBe('本人未同意延期');
    expect(drive('delay', [ev('SUBMIT', APPLICANT), ev('CONFIRM', HOLDER)], again).visited).toEqual([
      'saved',
      'personCheck',
      'submitted',
    ]);
  });

  it('a route without person check goes straight to submitted; the holder applying himself needs no check', () => {
    expect(drive('personRevocation', [ev('SUBMIT', APPLICANT)]).visited).toEqual(['saved', 'submitted']);
    const self = createApplicationSnapshot({ businessType: 'delay', applicantId: HOLDER, holderId: HOLDER });
    expect(transitionApplication(self, ev('SUBMIT', HOLDER))).toMatchObject({ ok: true, to: 'submitted' });
  });

  it('only the applicant saves, submits and deletes; delete ends the application without a status', () => {
    const start = createApplicationSnapshot(inputOf('rename'));
    expect(eventsAcceptedNow(start, { actorId: APPLICANT })).toEqual(['SAVE', 'SUBMIT', 'DELETE']);
    expect(eventsAcceptedNow(start, { actorId: OUTSIDER })).toEqual([]);
    expect(eventsAcceptedNow(start, { actorId: 10 })).toEqual([]);
    const deleted = transitionApplication(start, ev('DELETE', APPLICANT));
    expect(deleted).toMatchObject({ ok: true, to: 'deleted', statusCode: null });
    if (!deleted.ok) throw new Error('unreachable');
    expect(transitionApplication(deleted.snapshot, ev('SAVE', APPLICANT))).toEqual({
      ok: false,
      from: 'deleted',
      reason: 'final',
    });
  });

  it('eventsAcceptedNow filters by sender kind (transition meta.who)', () => {
    const atCs = drive('newCert', [ev('SUBMIT', APPLICANT), ev('AGREE', 10), ev('AGREE', 11)]).snapshot;
    expect(eventsAcceptedNow(atCs, { actorId: 11 })).toEqual(['WITHDRAW', 'AGREE', 'DISAGREE', 'RETURN']);
    expect(eventsAcceptedNow(atCs, { actorId: 11, who: ['previousActor'] })).toEqual(['WITHDRAW']);
    expect(eventsAcceptedNow(atCs, { actorId: 12, who: ['stepRole', 'previousActor'] })).toEqual([
      'AGREE',
      'DISAGREE',
      'RETURN',
    ]);
    // The machine does not check roles: the applicant is offered staff events unless filtered.
    expect(eventsAcceptedNow(atCs, { actorId: APPLICANT, who: ['applicant'] })).toEqual([]);
  });

  it('result codes (SPEC 4): agree 1, disagree 0, withdraw 3, return 4', () => {
    const codes = Object.fromEntries(applicationEventTypes.map((t) => [t, resultCodeOf(t)]));
    expect(codes).toEqual({
      SAVE: null,
      SUBMIT: null,
      DELETE: null,
      WITHDRAW: 3,
      CONFIRM: 1,
      DECLINE: 4,
      AGREE: 1,
      DISAGREE: 0,
      RETURN: 4,
    });
  });

  it('replayHistory reproduces the stored snapshot; a JSON round trip keeps working', () => {
    const events = [
      ...submitted('inProvince'),
      ev('AGREE', 10),
      ev('AGREE', 11),
      ev('RETURN', 12, '请核对'),
      ev('AGREE', 13),
      ev('AGREE', 12),
      ev('WITHDRAW', 12),
      ev('AGREE', 14),
      ev('AGREE', 13),
      ev('AGREE', 14),
    ];
    // Step by step through JSON, as the server stores it between requests.
    let stored = JSON.stringify(createApplicationSnapshot(inputOf('inProvince')));
    for (const event of events) {
      const r = transitionApplication(JSON.parse(stored) as PersistedApplicationSnapshot, event);
      if (!r.ok) throw new Error(`${event.type} refused in ${r.from}`);
      stored = JSON.stringify(r.snapshot);
    }
    const parsed = JSON.parse(stored) as PersistedApplicationSnapshot;
    expect(stateNameOf(parsed)).toBe('inReview.bj');
    expect(replayHistory(inputOf('inProvince'), events)).toEqual(parsed);
    // The revived snapshot answers like a live one.
    const revived = reviveApplicationSnapshot(parsed);
    expect(revived.matches({ inReview: 'bj' })).toBe(true);
    expect(revived.can(ev('AGREE', 15))).toBe(true);
    expect(eventsAcceptedNow(parsed, { actorId: 14 })).toContain('WITHDRAW');
    const closed = transitionApplication(parsed, ev('AGREE', 15));
    expect(closed).toMatchObject({ ok: true, to: 'closed', statusCode: 8 });
    if (!closed.ok) throw new Error('unreachable');
    expect(replayHistory(inputOf('inProvince'), [...events, ev('AGREE', 15)])).toEqual(closed.snapshot);
  });

  it('replayHistory refuses a history the machine would not allow (audit failure)', () => {
    const bad = [ev('SUBMIT', APPLICANT), ev('AGREE', 10), ev('WITHDRAW', 99)];
    expect(() => replayHistory(inputOf('newCert'), bad)).toThrow(ApplicationReplayError);
    expect(() => replayHistory(inputOf('newCert'), bad)).toThrow(/history row 3: WITHDRAW by user 99 .* inReview\.cb/);
  });
});
