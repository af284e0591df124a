/**
 * Changing punishments: recording, changing and removing are submissions a second person reviews
 * (four-eyes); the decision applies them with their effects on the certificates in one transaction.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/authUser.js';
import { done, doneEnvelope, envelope, ok } from '../../lib/reply.js';
import { id } from '../../lib/schemas.js';
import { checkStatusSchema, decisionBody, idsQuery } from '../system/review/schemas.js';
import { punishmentFields } from './record.js';
import { auditPunishment, removePunishments, savePunishment, updatePunishment, withdrawPunishment } from './service.js';
import { logAs } from '../../lib/operLog.js';

const TAGS = ['credit'];
const LOG = logAs('处罚管理');
const SUBMITTED = '已提交，等待另一名工作人员审核';

const submitted = z.object({
  punishmentId: z.number(),
  reviewId: z.number().nullable().describe('待审核的提交；直接删除（被驳回或撤回的记录）时为空'),
  checkStatus: checkStatusSchema.nullable(),
});

export const punishmentWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.post(
    '/credit/punishment/save',
    {
      config: { access: { perm: 'credit:punishment:add', log: LOG('insert') } },
      schema: {
        tags: TAGS,
        summary: '录入处罚（提交审核）',
        description:
          "生成待审核的新增（checkStatus '0'）；审核通过前不生效。暂扣须填结束日期；吊销、撤销须有禁考年限（提供虚假材料 1 年，欺骗、贿赂 3 年）。" +
          '证书须在调用者的数据权限内且属于同一持证人；附件须为调用者本人上传的文件（/file/upload）。',
        body: punishmentFields,
        response: { 200: envelope(submitted) },
      },
    },
    async (req) => {
      const caller = currentUser(req);
      return ok(await savePunishment(ctx, caller, req.body), SUBMITTED);
    },
  );

  app.post(
    '/credit/punishment/update',
    {
      config: { access: { perm: 'credit:punishment:edit', log: LOG('update') } },
      schema: {
        tags: TAGS,
        summary: '修改处罚（提交审核）',
        description:
          "已生效的处罚生成待审核的修改（checkStatus '2'），审核通过前不变；被驳回或撤回的处罚改正后重新提交审核（'0'）。",
        body: punishmentFields.extend({ id: id('处罚记录编号') }),
        response: { 200: envelope(submitted) },
      },
    },
    async (req) => {
      const caller = currentUser(req);
      const { id: punishmentId, ...fields } = req.body;
      return ok(await updatePunishment(ctx, caller, punishmentId, fields), SUBMITTED);
    },
  );

  app.post(
    '/credit/punishment/remove',
    {
      config: { access: { perm: 'credit:punishment:remove', log: LOG('delete') } },
      schema: {
        tags: TAGS,
        summary: '删除处罚（生效的处罚提交审核）',
        description:
          "已生效的处罚每条生成待审核的删除（checkStatus '3'），审核通过后撤回其对证书的影响；被驳回或撤回、从未生效的记录直接删除。全部成功或全部不做。",
        querystring: idsQuery,
        response: { 200: envelope(z.array(submitted)) },
      },
    },
    async (req) => {
      const caller = currentUser(req);
      const results = await removePunishments(ctx, caller, req.query.ids);
      return ok(results, results.some((r) => r.reviewId !== null) ? '已提交删除，等待另一名工作人员审核' : '已删除');
    },
  );

  app.post(
    '/credit/punishment/audit',
    {
      config: { access: { perm: 'credit:punishment:audit', log: LOG('audit') } },
      schema: {
        tags: TAGS,
        summary: '审核处罚的录入、修改或删除',
        description:
          '通过则生效，并在同一事务中改变证书：暂扣期内 02，吊销 07，撤销 03，删除或到期则恢复；驳回须填写审核意见，生效的处罚与证书不变。审核人不能是提交人（四眼原则）。',
        body: decisionBody,
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      const caller = currentUser(req);
      const approved = await auditPunishment(ctx, caller, req.body.reviewId, req.body.approved, req.body.comment);
      return done(approved ? '审核通过，已生效' : '已驳回，生效的处罚与证书未改变');
    },
  );

  app.post(
    '/credit/punishment/cancel-commit',
    {
      config: { access: { perm: 'credit:punishment:list', log: LOG('update') } },
      schema: {
        tags: TAGS,
        summary: '撤回待审核的处罚提交',
        description: '只有提交人可以撤回：修改和删除的提交作废；新录入的处罚记为已撤回（从未生效）。',
        body: z.object({ reviewId: id('审核记录') }),
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      const caller = currentUser(req);
      await withdrawPunishment(ctx, caller, req.body.reviewId);
      return done('已撤回');
    },
  );
};
