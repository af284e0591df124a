/**
 * The applications of the scale dataset walk the real application machine: every path (a business
 * type, the events that lead to one of its states, with or without the holder's confirmation) is run
 * once through `transitionApplication` with stand-in user ids, and each application of that path
 * takes the machine's snapshots and history with its own users put in place of the stand-ins. The
 * machine compares user ids only with each other, so the result is exactly what it would give for
 * those users (the seed replays a sample through `replayHistory` to prove it). Running the machine
 * for each of 500,000 applications would take a quarter of an hour on this machine; a path takes
 * a millisecond.
 */
import {
  createApplicationSnapshot,
  stepOf,
  transitionApplication,
  type ApplicationEvent,
  type ApplicationEventType,
  type ApplicationStateName,
  type PersistedApplicationSnapshot,
} from '../../../machines/application.machine.js';
import {
  BUSINESS_ROUTES,
  routeSteps,
  type ApplyStatusCode,
  type ApprovalResultCode,
  type BusinessType,
  type Step,
} from '../../../machines/businessTypes.js';

/** Who sends an event of a path: the applicant, the holder, or the staff member of a step. */
export type Sender = 'applicant' | 'holder' | Step;

/** What the actor writes with each event (the history's comment; the machine remembers it). */
export const COMMENT: Partial<Record<ApplicationEventType, string>> = {
  AGREE: '材料齐全，符合要求，同意',
  DISAGREE: '不符合办理条件，不予通过',
  RETURN: '材料不全，请补正后重新提交',
  DECLINE: '申请信息有误，请企业核实',
  WITHDRAW: '撤回修改',
  CONFIRM: '本人确认',
};

const STAND_IN: Record<Sender, number> = {
  applicant: 900_000_001,
  holder: 900_000_002,
  sl: 900_000_010,
  cb: 900_000_011,
  cs: 900_000_012,
  sh: 900_000_013,
  sp: 900_000_014,
  bj: 900_000_015,
};
const SENDER_OF = new Map(Object.entries(STAND_IN).map(([k, v]) => [v, k as Sender]));

export const PATHS = [
  'draft',
  'deleted',
  'personCheck',
  'declined',
  'submitted',
  'withdrawn',
  'returned',
  'review',
  'reviewReturned',
  'rejected',
  'approved',
  'approvedAfterReturn',
  'deniedMiddle',
  'deniedBj',
] as const;
export type PathName = (typeof PATHS)[number];

export interface PathStep {
  event: ApplicationEventType;
  sender: Sender;
  from: ApplicationStateName;
  to: ApplicationStateName;
  /** Step the event acted at (history), the approval result. */
  step: Step | null;
  result: ApprovalResultCode | null;
  statusCode: ApplyStatusCode | null;
  /** The step of the application after the event. */
  stepAfter: Step | null;
  outcome: string | null;
}

export interface Path {
  type: BusinessType;
  name: PathName;
  /** For `review`: the step the item waits at. */
  at: Step | null;
  withHolder: boolean;
  steps: PathStep[];
  /** The machine's persisted snapshot at the end, with stand-in ids. */
  snapshot: PersistedApplicationSnapshot;
}

/** The events of a path, or null when the business type has no such path. */
function eventsOf(
  type: BusinessType,
  name: PathName,
  withHolder: boolean,
  at: Step | null,
): [ApplicationEventType, Sender][] | null {
  const route = routeSteps(BUSINESS_ROUTES[type].middleSteps);
  const confirms = BUSINESS_ROUTES[type].personCheck && withHolder;
  const submit: [ApplicationEventType, Sender][] = [
    ['SUBMIT', 'applicant'],
    ...(confirms ? [['CONFIRM', 'holder'] as [ApplicationEventType, Sender]] : []),
  ];
  const agreeUntil = (k: number): [ApplicationEventType, Sender][] => route.slice(0, k).map((s) => ['AGREE', s]);
  const last = route.length - 1;
  switch (name) {
    case 'draft':
      return [];
    case 'deleted':
      return [['DELETE', 'applicant']];
    case 'personCheck':
      return confirms ? [['SUBMIT', 'applicant']] : null;
    case 'declined':
      return confirms
        ? [
            ['SUBMIT', 'applicant'],
            ['DECLINE', 'holder'],
          ]
        : null;
    case 'submitted':
      return submit;
    case 'withdrawn':
      return [...submit, ['WITHDRAW', 'applicant']];
    case 'returned':
      return [...submit, ['RETURN', 'sl']];
    case 'review': {
      const k = at ? route.indexOf(at) : -1;
      return k >= 1 ? [...submit, ...agreeUntil(k)] : null;
    }
    case 'reviewReturned': {
      // The second step after 受理 sends the item back to the first (on a one-step route, 办结 back to it).
      const k = Math.min(2, last);
      return [...submit, ...agreeUntil(k), ['RETURN', route[k]!]];
    }
    case 'rejected':
      return [...submit, ['DISAGREE', 'sl']];
    case 'approved':
      return [...submit, ...agreeUntil(route.length)];
    case 'approvedAfterReturn':
      return [...submit, ['RETURN', 'sl'], ...submit, ...agreeUntil(route.length)];
    case 'deniedMiddle':
      return [...submit, ['AGREE', 'sl'], ['DISAGREE', route[1]!], ['AGREE', 'bj']];
    case 'deniedBj':
      return [...submit, ...agreeUntil(last), ['DISAGREE', 'bj']];
  }
}

/** Runs one path through the machine; null when the type has no such path. */
export function runPath(type: BusinessType, name: PathName, withHolder: boolean, at: Step | null = null): Path | null {
  const events = eventsOf(type, name, withHolder, at);
  if (!events) return null;
  let snapshot = createApplicationSnapshot({
    businessType: type,
    applicantId: STAND_IN.applicant,
    holderId: BUSINESS_ROUTES[type].personCheck && withHolder ? STAND_IN.holder : null,
  });
  const steps: PathStep[] = [];
  for (const [event, sender] of events) {
    const e: ApplicationEvent = {
      type: event,
      actorId: STAND_IN[sender],
      roleKey: sender,
      comment: COMMENT[event],
      version: steps.length,
    };
    const r = transitionApplication(snapshot, e);
    if (!r.ok) throw new Error(`${type} ${name}: ${event} by ${sender} refused in ${r.from} (${r.reason})`);
    snapshot = r.snapshot;
    steps.push({
      event,
      sender,
      from: r.from,
      to: r.to,
      step: r.step,
      result: r.result,
      statusCode: r.statusCode,
      stepAfter: stepOf(r.snapshot),
      outcome: r.snapshot.context.outcome,
    });
  }
  return { type, name, at, withHolder, steps, snapshot };
}

/** The users of one application, standing in for the path's stand-ins. */
export interface Parties {
  applicant: number;
  holder: number | null;
  staff: Record<Step, number>;
}

export const realId = (parties: Parties, sender: Sender): number =>
  sender === 'applicant' ? parties.applicant : sender === 'holder' ? parties.holder! : parties.staff[sender];

/** The path's final snapshot for these users (JSON of the machine's snapshot with the ids put in place). */
export function snapshotFor(path: Path, parties: Parties): PersistedApplicationSnapshot {
  const c = path.snapshot.context;
  const actedBy: Partial<Record<Step, number>> = {};
  for (const [step, id] of Object.entries(c.actedBy) as [Step, number][])
    actedBy[step] = realId(parties, SENDER_OF.get(id)!);
  return {
    value: path.snapshot.value,
    context: {
      ...c,
      applicantId: parties.applicant,
      holderId: c.holderId === null ? null : parties.holder,
      actedBy,
      lastComment: c.lastComment,
    },
  };
}

/** Every path of every business type (with and without the holder's account), computed once. */
export function allPaths(): Path[] {
  const out: Path[] = [];
  for (const type of Object.keys(BUSINESS_ROUTES) as BusinessType[]) {
    const route = routeSteps(BUSINESS_ROUTES[type].middleSteps);
    for (const withHolder of BUSINESS_ROUTES[type].personCheck ? [true, false] : [false]) {
      for (const name of PATHS) {
        if (name === 'review') {
          for (const at of route.slice(1)) {
            const p = runPath(type, name, withHolder, at);
            if (p) out.push(p);
          }
        } else {
          const p = runPath(type, name, withHolder);
          if (p) out.push(p);
        }
      }
    }
  }
  return out;
}
