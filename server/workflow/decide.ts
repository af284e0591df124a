/**
 * Deciding an application event, with nothing but values: the caller, the application as loaded,
 * what the caller asks, the time and (at SUBMIT) the business rules' answer. No database, no
 * clock, no cache: the same inputs give the same decision, which is what an auditor reads and
 * what tests/unit/workflow-decide.test.ts walks. Storing the decision is store.ts's.
 *
 * DESIGN's order, each check a refusal of its own, the first that fails is the answer:
 * can see (403) → version (409) → sender's role and area (403) → business rules at SUBMIT (422,
 * code = the rule) → the machine (409, not possible now).
 */
import {
  sendersOf,
  stepOf,
  transitionApplication,
  type ApplicationEvent,
  type ApplicationEventType,
  type ApplicationStateName,
  type PersistedApplicationSnapshot,
} from '../../machines/application.machine.js';
import type { AuthUser } from '../context.js';
import { AppError, forbidden, STALE_VERSION } from '../lib/errors.js';
import { noticeFor, type Notice } from './notify.js';
import type { RuleVerdict } from './registry.js';
import type { ApplicationRow } from './types.js';
import { checkSender, inArea, stepsAround } from './who.js';

/** The refusal of a caller who may not see the application (visibility). */
export const CANNOT_SEE = '您无权查看该业务';
export const NOT_ALLOWED_NOW = '当前状态不允许该操作';
export const ALREADY_ENDED = '该业务已办结，不能再操作';
/** Status of a submission the business rules refuse (the body's code is the rule's code, SPEC 4 for delay). */
export const RULE_REFUSED = 422;

/** Staff see their area's items, applicants and holders their own. */
export function canSee(
  user: AuthUser,
  app: Pick<ApplicationRow, 'applicantUserId' | 'holderUserId' | 'area'>,
): boolean {
  if (user.userId === app.applicantUserId || user.userId === app.holderUserId) return true;
  const isStaff = user.area === 'all' || [...user.permissions].some((p) => p.startsWith('workflow:'));
  return isStaff && inArea(user, app.area);
}

/** canSee, as the 403 of the routes that show an application. */
export function assertCanSee(
  user: AuthUser,
  app: Pick<ApplicationRow, 'applicantUserId' | 'holderUserId' | 'area'>,
): void {
  if (!canSee(user, app)) throw forbidden(CANNOT_SEE);
}

/** What a caller asks of an application (the event route's body; a SAVE's new form from the business pages). */
export interface EventRequest {
  type: ApplicationEventType;
  comment?: string;
  /** The application's version the caller saw. */
  version: number;
  /** SAVE only: the draft's form, replacing the stored one. */
  payload?: Record<string, unknown>;
}

/** What a decision reads besides the caller, the application and the request. */
export interface DecisionFacts {
  /** Now (the clock seam's): the row's times and the history row's. */
  at: Date;
  /** The business rules' answer on the application as loaded: read for a SUBMIT (ruleCheck.ts), null for any other event. */
  rules: RuleVerdict | null;
}

/** Which of DESIGN's checks refused. */
export type Check = 'visibility' | 'version' | 'sender' | 'rules' | 'machine';

/** A refusal, as the HTTP answer it becomes (refusalError). */
export interface Refusal {
  check: Check;
  status: 403 | 409 | 422;
  msg: string;
  /** The rule's code (rules only; otherwise the status). */
  code?: number;
  field?: string;
  data?: unknown;
}

/** The history row a transition writes, besides the event's own fields. */
export interface HistoryFields {
  resultCode: number | null;
  /** The step the event acted at. */
  step: string | null;
  from: string;
  to: string;
  /** What the business rules read at SUBMIT, kept for the reviewers. */
  facts: Record<string, unknown> | null;
}

/** A decided change of one application: what store.ts writes, in one statement (and the close effect's transaction). */
export interface Transition {
  /** The row as loaded: written over only while it still has this version. */
  read: ApplicationRow;
  /** The row as it will be, every column. */
  next: ApplicationRow;
  /** The machine's event, with the actor and the role the sender check found. */
  event: ApplicationEvent;
  actorName: string;
  history: HistoryFields;
  /** SAVE: the new form; null keeps the stored one. */
  savedPayload: Record<string, unknown> | null;
  /** Whom the application now waits for, and what they are told (notify.ts); null when nobody. */
  notice: Notice | null;
  /** Closed approved: the business type's close effect runs in the same transaction. */
  closesApproved: boolean;
}

export type Decision = { ok: true; transition: Transition } | { ok: false; refusal: Refusal };

const refused = (check: Check, status: Refusal['status'], msg: string): Decision => ({
  ok: false,
  refusal: { check, status, msg },
});

/** The rules' refusal of a submission: 422, code and words the rule's, and the facts it read. */
export function rulesRefusal(verdict: RuleVerdict): Refusal {
  return {
    check: 'rules',
    status: RULE_REFUSED,
    msg: verdict.message,
    code: verdict.code,
    field: verdict.field,
    data: { checkCode: verdict.code, facts: verdict.facts },
  };
}

/** A refusal as the error the routes answer with. */
export function refusalError(refusal: Refusal): AppError {
  return new AppError(refusal.status, refusal.msg, refusal.field, refusal.code ?? refusal.status, refusal.data);
}

/** The one decision: DESIGN's checks in order, then the machine's transition. */
export function decide(user: AuthUser, app: ApplicationRow, request: EventRequest, facts: DecisionFacts): Decision {
  if (!canSee(user, app)) return refused('visibility', 403, CANNOT_SEE);
  // What the sender saw is out of date: whoever they are, they must reload first.
  if (request.version !== app.version) return refused('version', 409, STALE_VERSION);
  const snapshot = app.snapshot as PersistedApplicationSnapshot;
  const sender = checkSender(user, sendersOf(snapshot, request.type), app, stepsAround(snapshot));
  if (!sender.ok) return refused('sender', 403, sender.msg);
  if (request.type === 'SUBMIT') {
    if (!facts.rules)
      throw new Error("a SUBMIT is decided on the business rules' answer: read it first (ruleCheck.ts rulesVerdict)");
    if (facts.rules.code !== 0) return { ok: false, refusal: rulesRefusal(facts.rules) };
  }
  const event: ApplicationEvent = {
    type: request.type,
    actorId: user.userId,
    roleKey: sender.roleKey,
    comment: request.comment,
    version: request.version,
  };
  return transitionOf(app, event, user.nickName, facts.at, { payload: request.payload, facts: facts.rules?.facts });
}

const stageOf = (name: ApplicationStateName) =>
  name.startsWith('inReview.')
    ? ('inReview' as const)
    : name === 'saved' || name === 'personCheck' || name === 'submitted'
      ? name
      : ('final' as const);

/** What an event changes besides the snapshot: a SAVE's form, the facts the rules read at SUBMIT. */
export interface EventChanges {
  payload?: Record<string, unknown>;
  facts?: Record<string, unknown>;
}

/**
 * The machine's step alone: the transition an event makes of the row, or the machine's 409. For
 * decide, and for the callers that are the sender check themselves (the demo seed driving the
 * machine, an applicant's own drafts removed, the benchmark's setup).
 */
export function transitionOf(
  app: ApplicationRow,
  event: ApplicationEvent,
  actorName: string,
  at: Date,
  changes?: EventChanges,
): Decision {
  const result = transitionApplication(app.snapshot as PersistedApplicationSnapshot, event);
  if (!result.ok) return refused('machine', 409, result.reason === 'final' ? ALREADY_ENDED : NOT_ALLOWED_NOW);
  const to = result.to;
  const stage = stageOf(to);
  const outcome = result.snapshot.context.outcome;
  // The row as it will be, written out field by field: a spread of the read row (with or without
  // properties after it) cost 15–30 µs a transition, V8's slow path (server/modules/search/work.ts
  // toWorkRow). A column added to the table fails to compile here until it is copied.
  const next: ApplicationRow = {
    id: app.id,
    applyNo: app.applyNo,
    businessType: app.businessType,
    applicantUserId: app.applicantUserId,
    enterpriseId: app.enterpriseId,
    personId: app.personId,
    holderName: app.holderName,
    holderIdNo: app.holderIdNo,
    holderUserId: app.holderUserId,
    certificateId: app.certificateId,
    area: app.area,
    payload: app.payload,
    printedAt: app.printedAt,
    createdAt: app.createdAt,
    snapshot: result.snapshot,
    status: result.statusCode ?? app.status,
    step: stepOf(result.snapshot),
    version: app.version + 1,
    outcome: to === 'closed' || to === 'rejected' ? (outcome ?? (to === 'rejected' ? 'denied' : null)) : null,
    submittedAt:
      to === 'submitted'
        ? (app.submittedAt ?? at)
        : stage === 'saved' || stage === 'personCheck'
          ? null
          : app.submittedAt,
    acceptedAt:
      result.from === 'submitted' && stage === 'inReview'
        ? at
        : stage === 'inReview' || stage === 'final'
          ? app.acceptedAt
          : null,
    closedAt: to === 'closed' || to === 'rejected' ? at : null,
    deleted: to === 'deleted',
    updatedAt: at,
  };
  const savedPayload = changes?.payload && event.type === 'SAVE' ? changes.payload : null;
  if (savedPayload) next.payload = savedPayload;
  return {
    ok: true,
    transition: {
      read: app,
      next,
      event,
      actorName,
      history: { resultCode: result.result, step: result.step, from: result.from, to, facts: changes?.facts ?? null },
      savedPayload,
      notice: noticeFor(next, to === 'deleted' ? 'deleted' : stage, event.type, actorName),
      closesApproved: to === 'closed' && next.outcome === 'approved',
    },
  };
}
