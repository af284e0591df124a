/** The workflow API: queues, one application with what the caller may do, events, audit, machine definitions. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationEventTypes,
  applicationMachine,
  replayHistory,
  type ApplicationEvent,
  type PersistedApplicationSnapshot,
} from '../../../machines/application.machine.js';
import { BUSINESS_ROUTES, BUSINESS_TYPES, type BusinessType } from '../../../machines/businessTypes.js';
import { envelope, ok, page, pageEnvelope, pageQuery } from '../../lib/reply.js';
import { id, keyword, optionalText, uint32 } from '../../lib/schemas.js';
import { currentUser } from '../../lib/authUser.js';
import type { OperLogDeclaration } from '../../lib/operLog.js';
import { assertCanSee, decide } from '../../workflow/decide.js';
import { rulesFor } from '../../workflow/ruleCheck.js';
import {
  applicationOfRequest,
  historyOf,
  loadApplication,
  preloadApplication,
  RememberedApplications,
  storeDecision,
} from '../../workflow/store.js';
import { sessionStillAsKnown } from '../auth/session.service.js';
import {
  applicationDetail,
  transitionAnswer,
  APPLICATION_OUTCOMES,
  listQueue,
  QUEUES,
  readDeadlineDays,
} from '../../workflow/views.js';

export const queueRow = z.object({
  id: z.number(),
  applyNo: z.string(),
  businessType: z.string(),
  businessLabel: z.string(),
  status: z.number().describe('0 申请中 1 已保存 2 已提交 3 已受理 4 不予以受理办结 8 已办结'),
  statusLabel: z.string(),
  step: z.string().nullable().describe('sl 受理 cb 承办 cs 初审 sh 审核 sp 审批 bj 办结'),
  stepLabel: z.string().nullable(),
  version: z.number(),
  outcome: z.enum(APPLICATION_OUTCOMES).nullable().describe('办结结果：approved 准予, denied 不予'),
  applicantName: z.string(),
  holderName: z.string().nullable(),
  certNo: z.string().nullable(),
  area: z.string(),
  submittedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  deadline: z
    .string()
    .nullable()
    .describe('法定办结期限：受理后20个工作日（变更5个工作日；sys_config 可调），按工作日历（国务院节假日安排）计算'),
  deadlineEstimated: z.boolean().describe('期限跨入节假日安排尚未录入的年份：该年按周一至周五推算，录入后可能变动'),
  daysLeft: z.number().nullable(),
  updatedAt: z.string(),
  allowedEvents: z.array(z.enum(applicationEventTypes)).describe('当前用户此刻可以发送的事件（页面只显示这些操作）'),
});
const historyRow = z.object({
  id: z.number(),
  version: z.number(),
  event: z.string(),
  resultCode: z.number().nullable(),
  resultLabel: z.string().nullable(),
  step: z.string().nullable(),
  stepLabel: z.string().nullable(),
  actorName: z.string(),
  roleKey: z.string(),
  comment: z.string().nullable(),
  fromState: z.string(),
  toState: z.string(),
  createdAt: z.string(),
});
/** What every answer about one application shows (views.ts applicationState). */
const applicationStateSchema = queueRow.extend({
  stateValue: z.unknown().describe('状态机当前状态，如 "submitted" 或 {"inReview":"cs"}'),
  payload: z.record(z.string(), z.unknown()),
  route: z.object({ middleSteps: z.array(z.string()), personCheck: z.boolean() }),
});
export const applicationDetailSchema = applicationStateSchema.extend({ history: z.array(historyRow) });
/** The answer to an event: the application now and the history row the event wrote (not the whole history again). */
const transitionAnswerSchema = applicationStateSchema.extend({
  entry: historyRow.describe('本次事件写入的办理历史（完整历史见 GET /workflow/{id}）'),
});
const idParam = z.object({ id: id('业务编号') });

/** Every event sent to an application is logged so (the demo's log rows too: server/demo/workingDay.ts). */
export const WORKFLOW_EVENT_LOG: OperLogDeclaration = { title: '业务办理', action: 'update' };
/** The refusal of a DISAGREE, RETURN or DECLINE sent without its comment. */
export const COMMENT_REQUIRED = '请填写意见';

/** JSON with sorted keys: jsonb does not keep key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

const QUEUE_TITLES: Record<(typeof QUEUES)[number], string> = {
  waitAccept: '待受理',
  accepted: '已受理',
  waitReview: '待审核',
  reviewed: '已审核',
  printWait: '待打印',
  printDone: '已打印',
  mine: '我的申请',
};

export const workflowRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per app, so two apps in one process (tests) never share rows of their databases.
  const remembered = new RememberedApplications(app.ctx.db, sessionStillAsKnown);

  // One path per queue (not /queue/{queue}): /workflow/{id}/events could otherwise be read as a queue.
  for (const queue of QUEUES) {
    app.get(
      `/workflow/queue/${queue}`,
      {
        schema: {
          tags: ['workflow'],
          operationId: `workflow.queue.${queue}`,
          summary: `业务队列：${QUEUE_TITLES[queue]}`,
          description:
            '按调用者的环节角色与所属中心筛选；省级管理员可见全部中心。mine 为调用者提交的或须由其（持证人）确认的申请。',
          querystring: pageQuery.extend({
            businessType: z.enum(BUSINESS_TYPES as [BusinessType, ...BusinessType[]]).optional(),
            keyword: keyword('关键字', 64),
          }),
          response: { 200: pageEnvelope(queueRow) },
        },
      },
      async (req) => {
        const { rows, total } = await listQueue(app.ctx, currentUser(req), queue, req.query);
        return page(rows, total, req.query.pageNum);
      },
    );
  }

  app.get(
    '/workflow/machines',
    {
      schema: {
        tags: ['workflow'],
        summary: '状态机定义（供前端绘制状态图）',
        response: {
          200: envelope(
            z.object({ application: z.record(z.string(), z.unknown()), routes: z.record(z.string(), z.unknown()) }),
          ),
        },
      },
    },
    async () =>
      ok({
        application: applicationMachine.toJSON() as unknown as Record<string, unknown>,
        routes: BUSINESS_ROUTES as unknown as Record<string, unknown>,
      }),
  );

  app.get(
    '/workflow/deadlines',
    {
      schema: {
        tags: ['workflow'],
        summary: '法定办理时限（受理后的工作日）',
        description:
          '系统参数 biz.review.deadlineWorkingDays（决定）与 biz.modify.deadlineWorkingDays（变更）的现值，未设置或无效时为 20 与 5；业务队列、办件查询与在办统计的超期都按它计算。工作日按系统管理 → 工作日历（国务院节假日安排：节假日休息、调休上班）计算。',
        response: {
          200: envelope(
            z.object({
              reviewDays: z.number().int().describe('决定：受理后的工作日'),
              modifyDays: z.number().int().describe('变更：受理后的工作日'),
            }),
          ),
        },
      },
    },
    async () => ok(await readDeadlineDays(app.ctx.db)),
  );

  app.get(
    '/workflow/:id',
    {
      config: { access: { preload: preloadApplication } },
      schema: {
        tags: ['workflow'],
        summary: '业务详情、当前用户可执行的操作与办理历史',
        params: idParam,
        response: { 200: envelope(applicationDetailSchema) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const row = await applicationOfRequest(app.ctx.db, req, req.params.id);
      assertCanSee(user, row);
      remembered.remember(row);
      return ok(await applicationDetail(app.ctx, user, row));
    },
  );

  app.post(
    '/workflow/:id/events',
    {
      config: { access: { log: WORKFLOW_EVENT_LOG, preload: preloadApplication, sessionGuard: true } },
      schema: {
        tags: ['workflow'],
        summary: '发送业务事件（提交、受理、同意、不同意、退回、撤回……）',
        description:
          'version 为调用者看到的版本；版本过期或当前状态不接受该事件时返回 409，角色或中心不符时返回 403；成功时快照、状态、环节、版本与一条历史在同一事务中写入，应答为业务现状、此刻可执行的操作与本次写入的历史（entry）。',
        params: idParam,
        body: z
          .object({
            type: z.enum(applicationEventTypes, { error: '事件类型不正确' }),
            comment: optionalText(500, '意见', { multiline: true, tooLong: '意见不能超过500字' }),
            version: uint32('版本号 version', { missing: '缺少版本号 version' }),
          })
          .superRefine((b, ctx) => {
            if (['DISAGREE', 'RETURN', 'DECLINE'].includes(b.type) && !b.comment) {
              ctx.addIssue({ code: 'custom', path: ['comment'], message: COMMENT_REQUIRED });
            }
          }),
        response: { 200: envelope(transitionAnswerSchema) },
      },
    },
    async (req) => {
      const request = req.body;
      // Load → decide → store, on the caller and the application as this process remembers them, and
      // again on what the database holds when that does not go through (store.ts rememberedElseStored).
      const written = await remembered.rememberedElseStored(req, req.params.id, async ({ user, row, guard }) => {
        const rules = await rulesFor(app.ctx.db, app.ctx.clock, row, request.type);
        const decision = decide(user, row, request, { at: app.ctx.clock.now(), rules });
        return storeDecision(app.ctx, app.ctx.db, decision, guard);
      });
      // Answer: the application as written, what the caller may send next, the history row written.
      return ok(await transitionAnswer(app.ctx, currentUser(req), written), '办理成功');
    },
  );

  app.get(
    '/workflow/:id/audit',
    {
      schema: {
        tags: ['workflow'],
        summary: '审计：按历史重放状态机，核对存储的快照',
        params: idParam,
        response: {
          200: envelope(
            z.object({
              consistent: z.boolean(),
              events: z.number(),
              stored: z.unknown(),
              replayed: z.unknown(),
              error: z.string().nullable(),
            }),
          ),
        },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const row = await loadApplication(app.ctx.db, req.params.id);
      assertCanSee(user, row);
      const history = await historyOf(app.ctx.db, row.id);
      const events: ApplicationEvent[] = history.map(({ h }) => ({
        type: h.event as ApplicationEvent['type'],
        actorId: h.actorId,
        roleKey: h.roleKey,
        comment: h.comment ?? undefined,
        version: h.version - 1,
      }));
      const route = BUSINESS_ROUTES[row.businessType as BusinessType];
      const stored = row.snapshot as PersistedApplicationSnapshot;
      try {
        const replayed = replayHistory(
          {
            businessType: row.businessType as BusinessType,
            applicantId: row.applicantUserId,
            holderId: route.personCheck ? row.holderUserId : null,
          },
          events,
        );
        return ok({
          consistent: canonical(replayed) === canonical(stored) && row.version === history.length,
          events: events.length,
          stored,
          replayed,
          error: null,
        });
      } catch (err) {
        return ok({
          consistent: false,
          events: events.length,
          stored,
          replayed: null,
          error: err instanceof Error ? err.message : String(err),
        });
      }
    },
  );
};
