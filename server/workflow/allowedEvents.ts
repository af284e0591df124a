/**
 * The events a user may send an application now, as every row and answer shows them (GUIDE: pages
 * render what the server says): the machine's answer for the senders the user can be. The same
 * senders decide.ts checks, asked the other way round.
 */
import {
  eventsAcceptedNow,
  type ApplicationEventType,
  type ApplicationSender,
  type PersistedApplicationSnapshot,
} from '../../machines/application.machine.js';
import type { AuthUser } from '../context.js';
import { remembered } from '../lib/remembered.js';
import type { ApplicationRow } from './types.js';
import { holdsStep, inArea, stepsAround, stepsHeld, type StepsAround } from './who.js';

/**
 * Answers kept by the stored snapshot (as JSON) and the asker, as a list's rows ask the same
 * questions on every call of the page: the machine is pure, so the same snapshot asked by the same
 * actor and senders gets the same answer. A centre's work page revived its ten rows' snapshots
 * (9 µs a row) and asked each event of each (10 µs more) every time. Emptied when full: a day's
 * lists repeat far fewer snapshots.
 */
const ANSWERS_KEPT = 5_000;
const stepsOfSnapshot = new Map<string, StepsAround>();
const eventsOfQuestion = new Map<string, readonly ApplicationEventType[]>();

/** What is read of an application to say who may send what: its parties, area and stored snapshot. */
export type EngineParties = Pick<ApplicationRow, 'applicantUserId' | 'holderUserId' | 'area' | 'snapshot'>;

/** The senders this user can be for this application now (machine `meta.who` vocabulary); `stored`: the snapshot as JSON. */
function sendersFor(
  user: AuthUser,
  app: EngineParties,
  snapshot: PersistedApplicationSnapshot,
  stored: string,
): ApplicationSender[] {
  const who: ApplicationSender[] = [];
  if (user.userId === app.applicantUserId) who.push('applicant');
  if (app.holderUserId !== null && user.userId === app.holderUserId) who.push('holder');
  // The steps come from the revived machine: only for a user who could act at one (a list of
  // ten rows for the province's overseer or an enterprise revived ten snapshots to learn nothing).
  if (inArea(user, app.area) && stepsHeld(user).length > 0) {
    const { current, previous } = remembered(stepsOfSnapshot, stored, () => stepsAround(snapshot), ANSWERS_KEPT);
    if (current && holdsStep(user, current)) who.push('stepRole');
    if (previous && holdsStep(user, previous)) who.push('previousActor');
  }
  return who;
}

/** The events this user may send now: the machine's answer for the senders the user can be; each caller gets its own array. */
export function allowedEventsFor(user: AuthUser, app: EngineParties): ApplicationEventType[] {
  const snapshot = app.snapshot as PersistedApplicationSnapshot;
  const stored = JSON.stringify(snapshot);
  const who = sendersFor(user, app, snapshot, stored);
  if (who.length === 0) return [];
  return [
    ...remembered(
      eventsOfQuestion,
      `${user.userId}|${who.join(',')}|${stored}`,
      () => eventsAcceptedNow(snapshot, { actorId: user.userId, who }),
      ANSWERS_KEPT,
    ),
  ];
}
