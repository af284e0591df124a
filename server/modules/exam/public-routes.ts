/**
 * The public exam look-ups (no login, rate-limited per address like every public route, masked
 * personal data only, both keys required, nothing listed): ticket check by QR code, result search,
 * sign-up status search.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../lib/reply.js';
import { documentNumber, text } from '../../lib/schemas.js';
import { gradeSearch, signSearch, verifyTicket } from './public.js';

const publicAccess = { access: { auth: 'public' as const, log: false as const } };
const tags = ['public'];

const idNo = documentNumber('证件号码', 32, '请输入证件号码');

const ticketCheck = z.object({
  ticketNo: z.string(),
  name: z.string().describe('姓名（脱敏）'),
  idNoMasked: z.string(),
  batchNo: z.string(),
  batchName: z.string(),
  category: z.string(),
  categoryLabel: z.string(),
  place: z.string(),
  seatNo: z.string(),
  knowledgeTime: z.string(),
  abilityTime: z.string(),
  batchState: z.string(),
  batchStateLabel: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  valid: z.boolean().describe('报名审核通过且批次未取消'),
});

const gradeRow = z.object({
  name: z.string(),
  idNoMasked: z.string(),
  ticketNo: z.string(),
  batchNo: z.string(),
  batchName: z.string(),
  category: z.string(),
  categoryLabel: z.string(),
  examDate: z.string().nullable(),
  published: z.boolean(),
  attended: z.string().nullable(),
  knowledgeResult: z.string().nullable(),
  abilityResult: z.string().nullable(),
  passed: z.boolean().nullable(),
  result: z
    .enum(['unpublished', 'none', 'absent', 'passed', 'failed'])
    .describe('unpublished 成绩尚未发布，none 无成绩，absent 缺考，passed 合格，failed 不合格'),
  resultLabel: z.string().describe('result 的中文说明'),
});

const signRow = z.object({
  name: z.string(),
  idNoMasked: z.string(),
  batchNo: z.string(),
  batchName: z.string(),
  category: z.string(),
  categoryLabel: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  refuseReason: z.string().nullable(),
  ticketIssued: z.boolean().describe('已发放准考证'),
  examDay: z.string(),
  place: z.string(),
});

export const examPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/public/examTicket/:code',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: '准考证核验（二维码）',
        description: '按准考证二维码中的核验码返回准考证信息；姓名与证件号码脱敏。核验码不存在时 404。',
        params: z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{8,32}$/, '核验码格式不正确') }),
        response: { 200: envelope(ticketCheck) },
      },
    },
    async (req) => ok(await verifyTicket(ctx, req.params.code), '查询成功'),
  );

  app.get(
    '/public/gradeSearch',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: '成绩查询（证件号码 + 准考证号）',
        description:
          '两项均须填写（缺少时 400，field 指出字段）。找到时返回一行（成绩发布后才显示两科结果），找不到时为空数组。姓名与证件号码脱敏。',
        querystring: z.object({ idNo, ticketNo: text(32, '准考证号', { min: 1, missing: '请输入准考证号' }) }),
        response: { 200: envelope(z.array(gradeRow)) },
      },
    },
    async (req) => ok(await gradeSearch(ctx, req.query.idNo, req.query.ticketNo), '查询成功'),
  );

  app.get(
    '/public/signSearch',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: '报名查询（证件号码 + 考试批次编号）',
        description:
          '两项均须填写（缺少时 400，field 指出字段）。返回该人员在该批次的报名状态；不返回准考证号。姓名与证件号码脱敏。',
        querystring: z.object({ idNo, batchNo: text(32, '考试批次编号', { min: 1, missing: '请输入考试批次编号' }) }),
        response: { 200: envelope(z.array(signRow)) },
      },
    },
    async (req) => ok(await signSearch(ctx, req.query.idNo, req.query.batchNo), '查询成功'),
  );
};
