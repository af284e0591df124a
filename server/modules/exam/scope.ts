/**
 * Who sees which exam batches and sign-ups, and which sender of the examBatch machine a caller can
 * be (DOMAIN.md "Areas and who reviews"): centre staff work their own area's batches (the provincial
 * administrator every area); enterprises see the batches their area's centre has opened and their
 * own sign-ups; a person sees their own sign-ups.
 */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { ExamBatchEventType, ExamBatchSender } from '../../../machines/examBatch.machine.js';
import type { AuthUser } from '../../context.js';
import { examBatch, examSignup } from '../../db/schema.js';
import { forbidden } from '../../lib/errors.js';

const NOTHING = sql`false`;

export type BatchRow = typeof examBatch.$inferSelect;
export type SignupRow = typeof examSignup.$inferSelect;

export const isStaff = (user: AuthUser) => user.userType === '02' && user.area !== null;
export const staffOfArea = (user: AuthUser, area: string) =>
  isStaff(user) && (user.area === 'all' || user.area === area);
/** An enterprise user of an enterprise owned by the area (their data scope is the ownership). */
export const enterpriseOfArea = (user: AuthUser, area: string) =>
  user.userType === '03' && user.enterpriseId !== null && user.area === area;

/** The batches a caller sees: staff their area's (drafts too), enterprises their area's once opened, persons those they signed up for. */
export function batchScope(user: AuthUser): SQL | undefined {
  if (isStaff(user)) return user.area === 'all' ? undefined : eq(examBatch.area, user.area!);
  if (user.userType === '03')
    return user.area ? and(eq(examBatch.area, user.area), ne(examBatch.state, 'draft')) : NOTHING;
  if (user.userType === '04' && user.personId) {
    return sql`exists (select 1 from ${examSignup} where ${examSignup.batchId} = ${examBatch.id} and ${examSignup.personId} = ${user.personId})`;
  }
  return NOTHING;
}

export function canSeeBatch(user: AuthUser, batch: BatchRow, ownSignup = false): boolean {
  if (isStaff(user)) return staffOfArea(user, batch.area);
  if (user.userType === '03') return batch.state !== 'draft' && user.area === batch.area;
  return ownSignup;
}

/** The sign-ups a caller sees (the query joins exam_batch): staff by the batch's area, an enterprise its own, a person their own. */
export function signupScope(user: AuthUser): SQL | undefined {
  if (isStaff(user)) return user.area === 'all' ? undefined : eq(examBatch.area, user.area!);
  if (user.userType === '03') return user.enterpriseId ? eq(examSignup.enterpriseId, user.enterpriseId) : NOTHING;
  if (user.userType === '04') return user.personId ? eq(examSignup.personId, user.personId) : NOTHING;
  return NOTHING;
}

export function canSeeSignup(user: AuthUser, signup: SignupRow, batch: BatchRow): boolean {
  if (isStaff(user)) return staffOfArea(user, batch.area);
  if (user.userType === '03') return user.enterpriseId === signup.enterpriseId;
  if (user.userType === '04') return user.personId !== null && user.personId === signup.personId;
  return false;
}

export function assertCanSeeSignup(user: AuthUser, signup: SignupRow, batch: BatchRow): void {
  if (!canSeeSignup(user, signup, batch)) throw forbidden('您无权查看该报名');
}

/** The permission each event needs besides being the right sender (the buttons of the exam menus). */
export const EVENT_PERMISSION: Record<ExamBatchEventType, string> = {
  EDIT: 'exam:examBatch:edit',
  REMOVE: 'exam:examBatch:remove',
  OPEN: 'exam:examBatch:edit',
  CLOSE: 'exam:examBatch:edit',
  REOPEN: 'exam:examBatch:edit',
  CANCEL: 'exam:examBatch:edit',
  HOLD: 'exam:examBatch:edit',
  PUBLISH: 'exam:examScore:publish',
  SIGN_UP: 'exam:examSign:add',
  WITHDRAW: 'exam:examSign:remove',
  REVIEW: 'exam:examSign:review',
  ENTER_RESULT: 'exam:examScore:edit',
  PRINT_TICKET: 'exam:printPermit:print',
};

/**
 * The senders of the machine this caller is for a batch (and, for `participant`, one of its
 * sign-ups): the area's staff, an enterprise of the area, the enterprise that signed the candidate
 * up or the candidate.
 */
export function sendersFor(
  user: AuthUser,
  batch: BatchRow,
  signup?: Pick<SignupRow, 'enterpriseId' | 'personId'>,
): ExamBatchSender[] {
  const who: ExamBatchSender[] = [];
  if (staffOfArea(user, batch.area)) who.push('areaStaff', 'participant');
  if (enterpriseOfArea(user, batch.area)) {
    who.push('enterprise');
    if (!signup || signup.enterpriseId === user.enterpriseId) who.push('participant');
  }
  if (user.userType === '04' && user.personId !== null && (!signup || signup.personId === user.personId))
    who.push('participant');
  return [...new Set(who)];
}

/** Whether the caller holds the permission of an event (the machine and the sender check come on top). */
export const mayAct = (user: AuthUser, type: ExamBatchEventType) => user.permissions.has(EVENT_PERMISSION[type]);
