/**
 * Several applications decided together (issue #47 item 2): the same event for each selected row,
 * each row as the single-event route (POST /workflow/{id}/events) does it — load → rules → decide →
 * store — inside a transaction of its own, so each is written whole or not at all, and one row's
 * refusal (a stale version, a move the machine refuses, another centre's item) leaves the others as
 * they are. The answer has one line per row, in the order asked.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicationEventTypes, type ApplicationEventType } from '../../../machines/application.machine.js';
import { currentUser } from '../../lib/authUser.js';
import { AppError } from '../../lib/errors.js';
import { translateMessage } from '../../lib/messages.js';
import { envelope, ok } from '../../lib/reply.js';
import { id, optionalText, uint32 } from '../../lib/schemas.js';
import type { AppContext, AuthUser } from '../../context.js';
import { allowedEventsFor } from '../../workflow/allowedEvents.js';
import { decide } from '../../workflow/decide.js';
import { rulesFor } from '../../workflow/ruleCheck.js';
import { loadApplication, storeDecision } from '../../workflow/store.js';
import type { ApplicationRow } from '../../workflow/types.js';
import { COMMENT_REQUIRED, WORKFLOW_EVENT_LOG } from './routes.js';

/** The decisions a reviewer takes on several items at once (the others need a form or are the applicant's and holder's own). */
export const BULK_EVENTS = ['AGREE', 'DISAGREE', 'RETURN'] as const satisfies readonly ApplicationEventType[];
/** At most one page of the largest page size. */
export const BULK_MAX = 100;

const BULK_FAILED = '办理失败，请稍后重试';

export const bulkBody = z
  .object({
    type: z.enum(BULK_EVENTS, { error: '事件类型不正确' }),
    comment: optionalText(500, '意见', { multiline: true, tooLong: '意见不能超过500字' }),
    items: z
      .array(z.object({ id: id('业务编号'), version: uint32('版本号 version', { missing: '缺少版本号 version' }) }), {
        error: '请选择要办理的业务',
      })
      .min(1, '请选择要办理的业务')
      .max(BULK_MAX, `一次最多办理 ${BULK_MAX} 件`),
  })
  .superRefine((b, ctx) => {
    if (b.type !== 'AGREE' && !b.comment)
      ctx.addIssue({ code: 'custom', path: ['comment'], message: COMMENT_REQUIRED });
    const ids = b.items.map((i) => i.id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['items'], message: '同一业务不能重复办理' });
  });
export type BulkBody = z.infer<typeof bulkBody>;

const bulkLine = z.object({
  id: z.number(),
  applyNo: z.string().nullable().describe('申请编号（业务不存在时为空）'),
  ok: z.boolean().describe('这一件是否已办理（已写入）'),
  code: z.number().describe('0 已办理；否则与单件办理相同的错误码：403 无权、409 版本过期或当前状态不允许、404 不存在'),
  msg: z.string().describe('这一件的结果说明'),
  version: z.number().nullable().describe('办理后的版本号（未办理时为空）'),
  status: z.number().nullable(),
  step: z.string().nullable(),
  allowedEvents: z.array(z.enum(applicationEventTypes)).describe('办理后当前用户此刻可以发送的事件'),
});
export type BulkLine = z.infer<typeof bulkLine>;

/** One row: loaded, its rules read, decided and stored in the row's own transaction; a refusal thrown as the single route answers it. */
function decideRow(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  request: { type: BulkBody['type']; comment?: string; version: number },
  seen: (row: ApplicationRow) => void,
): Promise<ApplicationRow> {
  return ctx.db.transaction(async (tx) => {
    const row = await loadApplication(tx, id);
    seen(row);
    const rules = await rulesFor(tx, ctx.clock, row, request.type);
    const decision = decide(user, row, request, { at: ctx.clock.now(), rules });
    return storeDecision(ctx, tx, decision);
  });
}

/** Sends the event to each item in turn; one line per item, whatever happened to the others. */
export async function decideEach(
  ctx: AppContext,
  user: AuthUser,
  body: BulkBody,
  onUnexpected: (err: unknown) => void,
): Promise<BulkLine[]> {
  const lines: BulkLine[] = [];
  for (const item of body.items) {
    let applyNo: string | null = null;
    try {
      const updated = await decideRow(
        ctx,
        user,
        item.id,
        { type: body.type, comment: body.comment, version: item.version },
        (row) => {
          applyNo = row.applyNo;
        },
      );
      lines.push({
        id: item.id,
        applyNo,
        ok: true,
        code: 0,
        msg: translateMessage('办理成功'),
        version: updated.version,
        status: updated.status,
        step: updated.step,
        allowedEvents: allowedEventsFor(user, updated),
      });
    } catch (err) {
      if (!(err instanceof AppError)) onUnexpected(err);
      const known = err instanceof AppError;
      lines.push({
        id: item.id,
        applyNo,
        ok: false,
        code: known ? err.code : 500,
        msg: translateMessage(known ? err.message : BULK_FAILED),
        version: null,
        status: null,
        step: null,
        allowedEvents: [],
      });
    }
  }
  return lines;
}

export const workflowBulkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/workflow/bulk/events',
    {
      config: { access: { log: WORKFLOW_EVENT_LOG } },
      schema: {
        tags: ['workflow'],
        summary: '批量办理：对选中的多件业务发送同一事件（同意、不同意、退回）',
        description: `每件业务按单件办理（POST /workflow/{id}/events）的同一规则各自在一个事务中办理：版本过期、当前状态不允许或无权的那一件不办理，其余照常办理。应答按请求顺序每件一行。一次最多 ${BULK_MAX} 件；不同意、退回须填写意见。`,
        body: bulkBody,
        response: { 200: envelope(z.object({ done: z.number(), failed: z.number(), results: z.array(bulkLine) })) },
      },
    },
    async (req) => {
      const results = await decideEach(app.ctx, currentUser(req), req.body, (err) =>
        req.log.error({ err }, 'bulk workflow event failed'),
      );
      const done = results.filter((r) => r.ok).length;
      const failed = results.length - done;
      return ok(
        { done, failed, results },
        failed === 0 ? `已办理 ${done} 件` : `已办理 ${done} 件，${failed} 件未办理`,
      );
    },
  );
};
