/**
 * 08:30 China time: statutory time limits (DOMAIN.md: a decision within 20 working days of
 * acceptance, a modification within 5; sys_config). The deadline is the one the queues show
 * (deadlineOf in server/workflow/views.ts: working days of the calendar in force from the acceptance instant). An application in review with 3 working
 * days or fewer left gets a warnMsg to the staff of the step holding it (once per application and
 * step: the next step's staff are warned too if it moves on that late); one past its deadline gets
 * a warnMsg to the administrators over the areas (the provincial administrators), once.
 */
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { BUSINESS_ROUTES, STEP_LABELS, type BusinessType, type Step } from '../../machines/businessTypes.js';
import type { DbOrTx } from '../db/client.js';
import { application } from '../db/schema.js';
import { deadlineEstimated, workingDaysLeft } from '../lib/workdays.js';
import { yearOf } from '../lib/days.js';
import { staffOfStep } from '../workflow/notify.js';
import { deadlineOf, readDeadlineLimits } from '../workflow/views.js';
import { areaAdministrators, claimNotices, sendMessages, type Message } from './notices.js';
import { BATCH_SIZE, type JobDefinition } from './types.js';
import { AREA_CENTRES } from '../lib/areas.js';

/** Warned when this many working days or fewer are left. */
export const WARN_DAYS_LEFT = 3;

type App = {
  id: number;
  applyNo: string;
  businessType: string;
  area: string;
  step: string | null;
  acceptedAt: Date | null;
  status: number;
};

export const deadlineWarning: JobDefinition = {
  name: 'deadlineWarning',
  title: '法定时限预警',
  cron: '30 8 * * *',
  catchUp: true,
  retry: { limit: 3, delaySeconds: 60, maxDelaySeconds: 3_600, expireInSeconds: 1_800 },
  async run(env) {
    const now = env.clock.now();
    const limits = await readDeadlineLimits(env.db);
    let nearing = 0;
    let overdue = 0;
    const staff = new Map<string, number[]>();
    const staffOf = async (tx: DbOrTx, area: string, step: Step) => {
      const key = `${area}:${step}`;
      if (!staff.has(key)) staff.set(key, await staffOfStep(tx, area, step));
      return staff.get(key)!;
    };
    let admins: number[] | null = null;
    for (let after = 0; ; ) {
      const batch: App[] = await env.db
        .select({
          id: application.id,
          applyNo: application.applyNo,
          businessType: application.businessType,
          area: application.area,
          step: application.step,
          acceptedAt: application.acceptedAt,
          status: application.status,
        })
        .from(application)
        .where(
          and(
            eq(application.status, 3),
            eq(application.deleted, false),
            isNotNull(application.acceptedAt),
            gt(application.id, after),
          ),
        )
        .orderBy(asc(application.id))
        .limit(BATCH_SIZE);
      if (batch.length === 0) break;
      after = batch.at(-1)!.id;
      // The deadline the queues show (server/workflow/views.ts).
      const due = batch.map((a) => {
        const deadline = deadlineOf(a, limits)!;
        // A deadline counted Monday–Friday through a year not entered yet says so.
        const shown = deadlineEstimated(limits.calendar, a.acceptedAt!, deadline)
          ? `${deadline}（${yearOf(deadline)}年节假日安排未公布，按周一至周五推算）`
          : deadline;
        return { a, deadline: shown, left: workingDaysLeft(limits.calendar, now, deadline) };
      });
      const near = due.filter((d) => d.left >= 0 && d.left <= WARN_DAYS_LEFT && d.a.step);
      const late = due.filter((d) => d.left < 0);
      if (near.length === 0 && late.length === 0) continue;
      await env.db.transaction(async (tx) => {
        const messages: Message[] = [];
        const wonNear = await claimNotices(
          tx,
          'deadline3',
          near.map((d) => `application:${d.a.id}:${d.a.step}`),
          now,
        );
        for (const d of near.filter((x) => wonNear.has(`application:${x.a.id}:${x.a.step}`))) {
          const label = BUSINESS_ROUTES[d.a.businessType as BusinessType]?.label ?? d.a.businessType;
          const step = d.a.step as Step;
          const bt = `办理时限预警：${label} ${d.a.applyNo}`;
          const nr = `${label} ${d.a.applyNo} 正在${STEP_LABELS[step]}环节，法定办结期限为 ${d.deadline}，剩余 ${d.left} 个工作日，请及时办理。`;
          for (const userId of await staffOf(tx, d.a.area, step)) messages.push({ userId, bt, nr });
          nearing += 1;
        }
        const wonLate = await claimNotices(
          tx,
          'overdue',
          late.map((d) => `application:${d.a.id}`),
          now,
        );
        const lateMine = late.filter((d) => wonLate.has(`application:${d.a.id}`));
        if (lateMine.length) admins ??= await areaAdministrators(tx);
        for (const d of lateMine) {
          const label = BUSINESS_ROUTES[d.a.businessType as BusinessType]?.label ?? d.a.businessType;
          const at = d.a.step ? `${STEP_LABELS[d.a.step as Step]}环节` : '办理中';
          const bt = `已超法定时限：${label} ${d.a.applyNo}`;
          const nr = `${AREA_CENTRES[d.a.area] ?? `区域 ${d.a.area}`}的${label} ${d.a.applyNo}（${at}）法定办结期限为 ${d.deadline}，已超期 ${-d.left} 个工作日，请督办。`;
          for (const userId of admins ?? []) messages.push({ userId, bt, nr });
          overdue += 1;
        }
        await sendMessages(tx, 'warnType', messages, now);
      });
    }
    return { rows: nearing + overdue, detail: { nearing, overdue } };
  },
};
