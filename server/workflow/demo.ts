/**
 * Demo applications: for every area and business type, items waiting in every queue (at least
 * two per queue), made by driving the real machine through the engine so their history replays.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { BUSINESS_ROUTES, BUSINESS_TYPES, routeSteps, type BusinessType, type Step } from '../../machines/businessTypes.js';
import type { ApplicationEvent, ApplicationEventType } from '../../machines/application.machine.js';
import type { Tx } from '../db/client.js';
import { certificate, person, sysUser } from '../db/schema.js';
import { ManualClock } from '../lib/clock.js';
import type { AppConfig } from '../config.js';
import { applyEvent, createApplication } from './engine.js';
import type { ApplicationRow } from './effects.js';

type Stage = 'saved' | 'personCheck' | 'submitted' | 'firstReview' | 'atBj' | 'closedApproved' | 'rejected';
/** How many demo items of each business type stop at each stage, per area. */
const PLAN: [Stage, number][] = [['saved', 1], ['personCheck', 1], ['submitted', 2], ['firstReview', 2], ['atBj', 1], ['closedApproved', 2], ['rejected', 1]];

const AREAS: { area: '1' | '2' | '3'; enterpriseUser: string; staff: Record<Step, string> }[] = [
  { area: '1', enterpriseUser: 'ent_gz', staff: { sl: 'gz_sl', cb: 'gz_cb', cs: 'gz_cs', sh: 'gz_sh', sp: 'gz_sp', bj: 'gz_bj' } },
  { area: '2', enterpriseUser: 'ent_sz', staff: { sl: 'sz_staff', cb: 'sz_staff', cs: 'sz_staff', sh: 'sz_staff', sp: 'sz_staff', bj: 'sz_staff' } },
  { area: '3', enterpriseUser: 'ent_prov', staff: { sl: 'prov_staff', cb: 'prov_staff', cs: 'prov_staff', sh: 'prov_staff', sp: 'prov_staff', bj: 'prov_staff' } },
];

const COMMENTS: Partial<Record<ApplicationEventType, string>> = {
  AGREE: '材料齐全，符合要求，同意',
  DISAGREE: '申请材料与事实不符，不予受理',
  CONFIRM: '本人确认申请内容属实',
};

export async function seedDemoApplications(tx: Tx, config: AppConfig, now: Date): Promise<number> {
  const users = await tx.select().from(sysUser);
  const byName = new Map(users.map((u) => [u.userName, u]));
  const holders = users.filter((u) => u.userType === '04' && u.personId !== null);
  let count = 0;

  for (const areaPlan of AREAS) {
    const applicant = byName.get(areaPlan.enterpriseUser);
    if (!applicant?.enterpriseId) continue;
    const candidates = await tx
      .select({ personId: person.id, certificateId: certificate.id })
      .from(certificate)
      .innerJoin(person, eq(person.id, certificate.personId))
      .where(and(eq(certificate.enterpriseId, applicant.enterpriseId), inArray(certificate.status, ['01'])))
      .limit(200);
    let pick = 0;
    for (const type of BUSINESS_TYPES) {
      const route = BUSINESS_ROUTES[type];
      for (const [stage, n] of PLAN) {
        if (stage === 'personCheck' && !route.personCheck) continue;
        for (let i = 0; i < n; i++) {
          // Holders with an account confirm for themselves (area 1); elsewhere the holder has none.
          const holder = areaPlan.area === '1' && route.personCheck ? holders[(count + i) % holders.length] : undefined;
          // Each item starts 1 to 12 days ago and moves a few hours per step, so queues show a
          // spread of dates and deadlines, all in the past.
          const clock = new ManualClock(new Date(now.getTime() - (1 + (count % 12)) * 86_400_000));
          const env = { clock, config };
          const subject = holder ? { personId: holder.personId!, certificateId: null as number | null } : candidates[pick++ % Math.max(candidates.length, 1)];
          let row = await createApplication(env, tx, {
            businessType: type,
            applicantUserId: applicant.userId,
            enterpriseId: applicant.enterpriseId,
            personId: subject?.personId ?? null,
            holderUserId: holder?.userId ?? null,
            certificateId: type === 'newCert' || type === 'rename' ? null : (subject?.certificateId ?? null),
            payload: { demo: true },
          });
          count += 1;
          const send = async (type_: ApplicationEventType, userName: string, roleKey: string, comment?: string) => {
            const actor = byName.get(userName)!;
            clock.advance(3_600_000 + (count % 7) * 600_000);
            const event: ApplicationEvent = { type: type_, actorId: actor.userId, roleKey, comment: comment ?? COMMENTS[type_], version: row.version };
            row = await applyEvent(env, tx, row, event, actor.nickName);
          };
          await driveTo(stage, type, row, send, areaPlan.staff, holder?.userName ?? null, applicant.userName);
        }
      }
    }
  }
  return count;
}

type Send = (type: ApplicationEventType, userName: string, roleKey: string, comment?: string) => Promise<void>;

async function driveTo(stage: Stage, type: BusinessType, _row: ApplicationRow, send: Send, staff: Record<Step, string>, holder: string | null, applicant: string) {
  if (stage === 'saved') return;
  await send('SUBMIT', applicant, 'enterprise');
  if (stage === 'personCheck' && holder) return;
  if (holder) await send('CONFIRM', holder, 'person');
  if (stage === 'submitted' || stage === 'personCheck') return;
  if (stage === 'rejected') {
    await send('DISAGREE', staff.sl, 'step_sl');
    return;
  }
  const steps = routeSteps(BUSINESS_ROUTES[type].middleSteps);
  // sl, then the middle steps, then bj.
  await send('AGREE', staff.sl, 'step_sl');
  if (stage === 'firstReview') return;
  for (const step of steps.slice(1, -1)) await send('AGREE', staff[step], `step_${step}`);
  if (stage === 'atBj') return;
  await send('AGREE', staff.bj, 'step_bj');
}
