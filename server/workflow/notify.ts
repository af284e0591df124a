/**
 * Nobody waits in silence (issue #16): whenever an application comes to rest where someone must act
 * — the holder's confirmation, a step's queue, the applicant after a return — those people get a
 * to-do and a message, in the same transaction as the transition; the to-dos of the step just done
 * are closed. An application that ends tells the applicant (and the holder) how it ended.
 *
 * The notice is part of the transition's one statement (store.ts): here it is decided whom to
 * tell and what, as SQL the statement runs with the update.
 */
import { BUSINESS_ROUTES, STEP_LABELS, type BusinessType, type Step } from '../../machines/businessTypes.js';
import { runText, TextBuilder, type DbOrTx } from '../db/client.js';
import type { ApplicationRow } from './types.js';

/** Where the application now rests, as the engine stored it. */
export type Resting = 'saved' | 'personCheck' | 'submitted' | 'inReview' | 'final' | 'deleted';

/** Whom to tell: the staff who hold a step in an area, or these users. */
export type Whom = { staffOf: { area: string; step: Step } } | { users: number[] };

/** Whom to tell, with the to-do they get (if any) and the message. */
export interface Notice {
  whom: Whom;
  todo: { mc: string; url: string } | null;
  msg: { bt: string; nr: string };
}

/**
 * The query of the user ids to tell (column user_id), its parameters added to the builder. Staff:
 * the active staff of an area who hold a step's permission through an active role, as
 * sys_step_staff keeps them (rebuilt by triggers in the transaction of any change to users, roles,
 * grants, menus or departments: the same answer as joining those tables now, by one index look-up).
 */
export function whomQuery(whom: Whom, b: TextBuilder): string {
  if ('users' in whom)
    return `select distinct v.user_id from (values ${[...new Set(whom.users)].map((id) => `(${b.param(id)}::int)`).join(', ')}) as v(user_id)`;
  return `select s.user_id from sys_step_staff s where s.area = ${b.param(whom.staffOf.area)}::varchar and s.step = ${b.param(whom.staffOf.step)}::varchar`;
}

/** The staff of a step as ids (the deadline warnings tell them outside a transition). */
export async function staffOfStep(tx: DbOrTx, area: string, step: Step): Promise<number[]> {
  const b = new TextBuilder();
  const rows = await runText(tx, b.done(whomQuery({ staffOf: { area, step } }, b)));
  return rows.map((r) => Number(r.user_id));
}

const users = (ids: number[]): Whom => ({ users: ids });
const staffOf = (area: string, step: Step): Whom => ({ staffOf: { area, step } });

const queueUrl = (type: string, view: 'waitAccept' | 'waitReview') => `/queue/${type}/${view}`;

/** The to-dos of an application: closed by its next transition. */
export const todoRef = (applicationId: number) => `application:${applicationId}`;

/** Whom the application (as it is after the transition) waits for now, and what they are told; null when nobody. */
export function noticeFor(app: ApplicationRow, resting: Resting, lastEvent: string, actorName: string): Notice | null {
  const route = BUSINESS_ROUTES[app.businessType as BusinessType];
  const what = `${route.label} ${app.applyNo}`;
  switch (resting) {
    case 'personCheck':
      if (!app.holderUserId || !route.holderPage) return null;
      return {
        whom: users([app.holderUserId]),
        todo: { mc: `请确认：${what}`, url: route.holderPage },
        msg: { bt: `${route.label}待您确认`, nr: `企业为您提交了${what}，请在“个人业务”中确认或退回。` },
      };
    case 'saved':
      // A draft coming back (补正, declined by the holder, withdrawn) waits for the applicant; a first save does not.
      if (lastEvent !== 'RETURN' && lastEvent !== 'DECLINE') return null;
      return {
        whom: users([app.applicantUserId]),
        todo: { mc: `请补正：${what}`, url: route.applicantPage },
        msg: {
          bt: `${route.label}已退回`,
          nr: `${what}已被${lastEvent === 'DECLINE' ? '持证人' : '审核人员'}退回（${actorName}），请按意见补正后重新提交。`,
        },
      };
    case 'submitted':
      return {
        whom: staffOf(app.area, 'sl'),
        todo: { mc: `待受理：${what}`, url: queueUrl(app.businessType, 'waitAccept') },
        msg: { bt: `新的${route.label}待受理`, nr: `${what}已提交，请及时受理。` },
      };
    case 'inReview': {
      const step = app.step as Step | null;
      if (!step) return null;
      return {
        whom: staffOf(app.area, step),
        todo: { mc: `待${STEP_LABELS[step]}：${what}`, url: queueUrl(app.businessType, 'waitReview') },
        msg: { bt: `${route.label}待${STEP_LABELS[step]}`, nr: `${what}已到${STEP_LABELS[step]}环节，请及时办理。` },
      };
    }
    case 'final': {
      // Each ending written out whole: a message is translated by its template (server/lib/messages.ts).
      const msg =
        app.status === 4
          ? { bt: `${route.label}不予受理`, nr: `${what}不予受理。` }
          : app.outcome === 'approved'
            ? { bt: `${route.label}已办结（准予）`, nr: `${what}已办结（准予）。` }
            : { bt: `${route.label}已办结（不予）`, nr: `${what}已办结（不予）。` };
      return { whom: users([app.applicantUserId, ...(app.holderUserId ? [app.holderUserId] : [])]), todo: null, msg };
    }
    case 'deleted':
      return null;
  }
}
