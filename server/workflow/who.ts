/**
 * Whether the user is one of the senders the machine names for an event (`sendersOf`), checked on
 * the server before the machine is asked (a wrong person is a 403; a right person at the wrong
 * moment is the machine's 409). Role and area are the server's; the identities that depend on
 * history (the applicant, the holder, the previous step's actor) the machine checks again.
 */
import { STEPS, type Step } from '../../machines/businessTypes.js';
import type { AuthUser } from '../context.js';
import {
  previousStepOf,
  reviveApplicationSnapshot,
  stepOf,
  type ApplicationSender,
  type PersistedApplicationSnapshot,
} from '../../machines/application.machine.js';

export interface ApplicationParties {
  applicantUserId: number;
  holderUserId: number | null;
  area: string;
}

export const inArea = (user: AuthUser, area: string) => user.area === 'all' || user.area === area;
export const holdsStep = (user: AuthUser, step: Step) => user.permissions.has(`workflow:${step}`);
/** The steps the user may act at, in route order. */
export const stepsHeld = (user: AuthUser): Step[] => STEPS.filter((step) => holdsStep(user, step));

/** The step an application is at and the one before it on its way (whose actor may take it back), from its snapshot. */
export interface StepsAround {
  current: Step | null;
  previous: Step | null;
}

export function stepsAround(snapshot: PersistedApplicationSnapshot): StepsAround {
  const live = reviveApplicationSnapshot(snapshot);
  const current = stepOf(live);
  return { current, previous: current ? previousStepOf(live.context, current) : null };
}

export type SenderCheck = { ok: true; roleKey: string } | { ok: false; msg: string };

/** Whether the user is the right kind of sender; the role key recorded in the history when so. */
export function checkSender(
  user: AuthUser,
  senders: readonly ApplicationSender[],
  app: ApplicationParties,
  steps: StepsAround,
): SenderCheck {
  let refusal: SenderCheck = { ok: false, msg: '您无权进行此操作' };
  for (const sender of senders) {
    const check = checkOne(user, sender, app, steps);
    if (check.ok) return check;
    refusal = check;
  }
  return refusal;
}

function checkOne(user: AuthUser, sender: ApplicationSender, app: ApplicationParties, steps: StepsAround): SenderCheck {
  switch (sender) {
    case 'applicant':
      return user.userId === app.applicantUserId
        ? { ok: true, roleKey: user.roleKeys[0] ?? 'applicant' }
        : { ok: false, msg: '只有申请人可以进行此操作' };
    case 'holder':
      return app.holderUserId !== null && user.userId === app.holderUserId
        ? { ok: true, roleKey: user.roleKeys[0] ?? 'holder' }
        : { ok: false, msg: '只有证书持有人本人可以确认' };
    case 'stepRole':
    case 'previousActor': {
      const step = sender === 'stepRole' ? steps.current : steps.previous;
      if (!step || !holdsStep(user, step)) return { ok: false, msg: '您没有办理该环节的权限' };
      if (!inArea(user, app.area)) return { ok: false, msg: '该业务不属于您所在中心的办理范围' };
      return { ok: true, roleKey: `step_${step}` };
    }
  }
}
