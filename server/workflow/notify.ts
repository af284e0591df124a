/**
 * Nobody waits in silence (issue #16): whenever an application comes to rest where someone must act
 * — the holder's confirmation, a step's queue, the applicant after a return — those people get a
 * to-do and a message, in the same transaction as the transition; the to-dos of the step just done
 * are closed. An application that ends tells the applicant (and the holder) how it ended.
 */
import { and, eq } from 'drizzle-orm';
import { BUSINESS_ROUTES, STEP_LABELS, type BusinessType, type Step } from '../../machines/businessTypes.js';
import type { DbOrTx, Tx } from '../db/client.js';
import { sysDept, sysMenu, sysMsgInfo, sysRole, sysRoleMenu, sysTodo, sysUser, sysUserRole } from '../db/schema.js';
import type { ApplicationRow } from './types.js';

/** Where the application now rests, as the engine stored it. */
export type Resting = 'saved' | 'personCheck' | 'submitted' | 'inReview' | 'final' | 'deleted';

/** Active staff of an area who hold a step's permission through an active role. */
export async function staffOfStep(tx: DbOrTx, area: string, step: Step): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ userId: sysUser.userId })
    .from(sysUser)
    .innerJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .innerJoin(sysUserRole, eq(sysUserRole.userId, sysUser.userId))
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .innerJoin(sysRoleMenu, eq(sysRoleMenu.roleId, sysRole.roleId))
    .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
    .where(and(
      eq(sysUser.status, '1'), eq(sysUser.userType, '02'), eq(sysDept.area, area),
      eq(sysRole.status, '1'), eq(sysMenu.menuKey, `workflow:${step}`),
    ));
  return rows.map((r) => r.userId);
}

const queueUrl = (type: string, view: 'waitAccept' | 'waitReview') => `/queue/${type}/${view}`;

/** Closes the open to-dos of the application and opens those of whoever must act now. */
export async function notifyWaiters(tx: Tx, app: ApplicationRow, resting: Resting, lastEvent: string, actorName: string): Promise<void> {
  const ref = `application:${app.id}`;
  await tx.update(sysTodo).set({ status: '1' }).where(and(eq(sysTodo.ref, ref), eq(sysTodo.status, '0')));
  const route = BUSINESS_ROUTES[app.businessType as BusinessType];
  const what = `${route.label} ${app.applyNo}`;
  const tell = async (userIds: number[], todo: { mc: string; url: string } | null, msg: { bt: string; nr: string }) => {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return;
    if (todo) await tx.insert(sysTodo).values(ids.map((userId) => ({ mc: todo.mc, url: todo.url, userId, ref })));
    await tx.insert(sysMsgInfo).values(ids.map((userId) => ({ msgType: 'systemType', bt: msg.bt, nr: msg.nr, userId, senderName: actorName })));
  };
  switch (resting) {
    case 'personCheck':
      if (app.holderUserId && route.holderPage) {
        await tell([app.holderUserId], { mc: `请确认：${what}`, url: route.holderPage },
          { bt: `${route.label}待您确认`, nr: `企业为您提交了${what}，请在“个人业务”中确认或退回。` });
      }
      return;
    case 'saved':
      // A draft coming back (补正, declined by the holder, withdrawn) waits for the applicant; a first save does not.
      if (lastEvent === 'RETURN' || lastEvent === 'DECLINE') {
        await tell([app.applicantUserId], { mc: `请补正：${what}`, url: route.applicantPage },
          { bt: `${route.label}已退回`, nr: `${what}已被${lastEvent === 'DECLINE' ? '持证人' : '审核人员'}退回（${actorName}），请按意见补正后重新提交。` });
      }
      return;
    case 'submitted':
      await tell(await staffOfStep(tx, app.area, 'sl'), { mc: `待受理：${what}`, url: queueUrl(app.businessType, 'waitAccept') },
        { bt: `新的${route.label}待受理`, nr: `${what}已提交，请及时受理。` });
      return;
    case 'inReview': {
      const step = app.step as Step | null;
      if (!step) return;
      await tell(await staffOfStep(tx, app.area, step), { mc: `待${STEP_LABELS[step]}：${what}`, url: queueUrl(app.businessType, 'waitReview') },
        { bt: `${route.label}待${STEP_LABELS[step]}`, nr: `${what}已到${STEP_LABELS[step]}环节，请及时办理。` });
      return;
    }
    case 'final': {
      const approved = app.outcome === 'approved';
      const ended = app.status === 4 ? '不予受理' : approved ? '已办结（准予）' : '已办结（不予）';
      await tell([app.applicantUserId, ...(app.holderUserId ? [app.holderUserId] : [])], null,
        { bt: `${route.label}${ended}`, nr: `${what}${ended}。` });
      return;
    }
    case 'deleted':
      return;
  }
}

