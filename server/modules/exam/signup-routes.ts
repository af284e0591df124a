/** Sign-ups (考试报名), the people concerned (考试人员) and admission tickets (准考证). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/authUser.js';
import { chinaDateTime } from '../../lib/days.js';
import { batches, sendExcel, type ExcelColumn } from '../../lib/excel.js';
import { envelope, ok, page, pageEnvelope } from '../../lib/reply.js';
import { id, idParams, optionalText } from '../../lib/schemas.js';
import { AppError } from '../../lib/errors.js';
import { translateMessage } from '../../lib/messages.js';
import { publicBaseUrl } from '../certificate/base-url.js';
import { loadLabels } from '../certificate/labels.js';
import { safeFileName } from '../certificate/zip.js';
import { examPersonExportFetch, listExamPersons } from './persons.js';
import {
  checkAnswer,
  examPersonRow,
  idsBody,
  personListQuery,
  position,
  refuseBody,
  signUpBody,
  signupDetail,
  signupListQuery,
  signupView,
  type SignupView,
} from './schemas.js';
import {
  acceptSignups,
  checkSignUp,
  getSignup,
  listSignups,
  refuseSignups,
  signUp,
  signupExportFetch,
  withdrawSignups,
} from './signups.js';
import { ticketOfSignup, ticketsOfBatch } from './tickets.js';

const tags = ['exam'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PDF = 'application/pdf';
const inline = (name: string) =>
  `inline; filename="ticket.pdf"; filename*=UTF-8''${encodeURIComponent(safeFileName(name))}`;

const SIGNUP_COLUMNS: ExcelColumn<SignupView>[] = [
  { header: '批次编号', width: 14, value: (r) => r.batchNo },
  { header: '批次名称', width: 32, value: (r) => r.batchName },
  { header: '证书类别', width: 28, value: (r) => r.categoryLabel },
  { header: '姓名', width: 12, value: (r) => r.name },
  { header: '证件号码', width: 22, value: (r) => r.idNo },
  { header: '报名企业', width: 36, value: (r) => r.enterpriseName },
  { header: '职务', width: 20, value: (r) => r.positionLabel },
  { header: '报名状态', width: 12, value: (r) => r.statusLabel },
  { header: '不通过原因', width: 30, value: (r) => r.refuseReason },
  { header: '准考证号', width: 16, value: (r) => r.ticketNo },
  { header: '考场座位', width: 10, value: (r) => r.seatNo },
  { header: '报名时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.createdAt) },
  { header: '审核时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.reviewedAt) },
];

type PersonRow = z.infer<typeof examPersonRow>;
const PERSON_COLUMNS: ExcelColumn<PersonRow>[] = [
  { header: '姓名', width: 12, value: (r) => r.name },
  { header: '证件号码', width: 22, value: (r) => r.idNo },
  { header: '年龄', width: 8, value: (r) => r.age },
  { header: '所在企业', width: 36, value: (r) => r.enterpriseName },
  { header: '文化程度', width: 14, value: (r) => r.educationLabel },
  { header: '技术职称', width: 14, value: (r) => r.titleLabel },
  { header: '报名次数', width: 10, value: (r) => r.signups },
  { header: '最近报名批次', width: 14, value: (r) => r.lastSignup?.batchNo },
  { header: '最近报名状态', width: 12, value: (r) => r.lastSignup?.statusLabel },
  { header: '已合格类别', width: 16, value: (r) => r.passedCategories.join('、') },
];

export const examSignupRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/exam/sign/list',
    {
      config: { access: { perm: 'exam:examSign:list' } },
      schema: {
        tags,
        summary: '考试报名列表',
        description:
          '区域中心人员看本区域批次的报名，企业看本企业的报名，个人看本人的报名。证件号码脱敏。每行带 actions：调用者此刻可进行的操作（accept、refuse、withdraw、print、enterResult）。',
        querystring: signupListQuery,
        response: { 200: pageEnvelope(signupView) },
      },
    },
    async (req) => {
      const { rows, total } = await listSignups(ctx, currentUser(req), req.query);
      return page(rows, total, req.query.pageNum);
    },
  );

  app.get(
    '/exam/sign/get/:id',
    {
      config: { access: { perm: 'exam:examSign:detail' } },
      schema: {
        tags,
        summary: '报名详情：人员、报名条件核查、状态、准考证与成绩',
        description:
          '证件号码、出生日期与电话：本人、审核的区域中心和报名企业看到原值（记入个人信息访问日志），其他人脱敏。',
        params: idParams,
        response: { 200: envelope(signupDetail) },
      },
    },
    async (req) => ok(await getSignup(ctx, currentUser(req), req.params.id), '查询成功'),
  );

  app.get(
    '/exam/sign/check',
    {
      config: { access: { perm: 'exam:examSign:add' } },
      schema: {
        tags,
        summary: '报名前核查（与报名时相同的规则）',
        description:
          '年龄（按证书类别）、禁止考核期、文化程度或职称、在本企业任职（三库）、工作年限。code 为 0 可以报名，否则为规则编号，errorMsg 说明原因。',
        querystring: z.object({
          batchId: id('考试批次', { missing: '请选择考试批次' }),
          personId: id('报名人员', { missing: '请选择报名人员' }),
          position,
        }),
        response: { 200: checkAnswer },
      },
    },
    async (req) => {
      const answer = await checkSignUp(ctx, currentUser(req), req.query);
      const passed = answer.code === 0;
      return {
        code: answer.code,
        msg: answer.message,
        data: passed ? answer.facts : null,
        errorMsg: passed ? null : answer.message,
      };
    },
  );

  app.post(
    '/exam/sign/save',
    {
      config: { access: { perm: 'exam:examSign:add', log: { title: '考试报名', action: 'insert' } } },
      schema: {
        tags,
        summary: '报名（企业为本企业人员报名）',
        description:
          '批次须为本企业所属区域、报名中且在报名期内；新办证书的人员条件不满足时 422（code 为规则编号，msg 说明原因）；同一批次同一类别已报名 409；名额已满 409。',
        body: signUpBody,
        response: { 200: envelope(signupView) },
      },
    },
    async (req) => ok(await signUp(ctx, currentUser(req), req.body), '报名成功，等待考核中心审核'),
  );

  app.post(
    '/exam/sign/withdraw',
    {
      config: { access: { perm: 'exam:examSign:remove', log: { title: '考试报名', action: 'update' } } },
      schema: {
        tags,
        summary: '撤回报名（本企业待审核的报名，可多选，全部成功或全部不撤回）',
        body: idsBody('报名'),
        response: { 200: envelope(z.object({ count: z.number() })) },
      },
    },
    async (req) => ok({ count: await withdrawSignups(ctx, currentUser(req), req.body.ids) }, '报名已撤回'),
  );

  app.post(
    '/exam/sign/accept',
    {
      config: { access: { perm: 'exam:examSign:review', log: { title: '考试报名审核', action: 'update' } } },
      schema: {
        tags,
        summary: '审核通过（发放准考证号与座位号，可多选）',
        description: '本区域批次报名中或报名截止时；已被他人处理的报名 409。',
        body: idsBody('报名'),
        response: { 200: envelope(z.object({ count: z.number() })) },
      },
    },
    async (req) => ok({ count: await acceptSignups(ctx, currentUser(req), req.body.ids) }, '审核通过'),
  );

  // Several sign-ups decided together, each on its own (issue #47 item 2): one transaction and one answer per sign-up.
  app.post(
    '/exam/sign/review',
    {
      config: { access: { perm: 'exam:examSign:review', log: { title: '考试报名审核', action: 'update' } } },
      schema: {
        tags,
        summary: '逐条审核（可多选：每条报名各自审核通过或不通过，互不影响）',
        description:
          '每条报名按 /exam/sign/accept 或 /exam/sign/refuse 的同一规则在各自的事务中审核：某一条不能审核（已被他人处理、批次状态不允许、无权）时其余照常审核。应答按请求顺序每条一行。一次最多 100 条；不通过须填写原因。',
        body: z
          .object({
            action: z.enum(['accept', 'refuse'], { error: '审核结论不正确' }),
            ids: z
              .array(id('报名', { invalid: '请选择报名' }), { error: '请选择报名' })
              .min(1, '请选择报名')
              .max(100, '一次最多审核 100 条报名'),
            reason: optionalText(500, '不通过原因', { multiline: true, tooLong: '不通过原因不能超过500字' }),
          })
          .superRefine((b, c) => {
            if (b.action === 'refuse' && !b.reason)
              c.addIssue({ code: 'custom', path: ['reason'], message: '请填写不通过原因' });
            if (new Set(b.ids).size !== b.ids.length)
              c.addIssue({ code: 'custom', path: ['ids'], message: '同一报名不能重复审核' });
          }),
        response: {
          200: envelope(
            z.object({
              done: z.number(),
              failed: z.number(),
              results: z.array(
                z.object({
                  id: z.number(),
                  ok: z.boolean(),
                  code: z.number().describe('0 已审核；否则 403、404、409、422'),
                  msg: z.string(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const results: { id: number; ok: boolean; code: number; msg: string }[] = [];
      for (const one of req.body.ids) {
        try {
          if (req.body.action === 'accept') await acceptSignups(ctx, user, [one]);
          else await refuseSignups(ctx, user, [one], req.body.reason!);
          results.push({
            id: one,
            ok: true,
            code: 0,
            msg: translateMessage(req.body.action === 'accept' ? '审核通过' : '已审核不通过'),
          });
        } catch (err) {
          if (!(err instanceof AppError)) req.log.error({ err }, 'sign-up review failed');
          results.push({
            id: one,
            ok: false,
            code: err instanceof AppError ? err.code : 500,
            msg: translateMessage(err instanceof AppError ? err.message : '审核失败，请稍后重试'),
          });
        }
      }
      const done = results.filter((r) => r.ok).length;
      return ok(
        { done, failed: results.length - done, results },
        results.length === done ? `已审核 ${done} 条报名` : `已审核 ${done} 条报名，${results.length - done} 条未审核`,
      );
    },
  );

  app.post(
    '/exam/sign/refuse',
    {
      config: { access: { perm: 'exam:examSign:review', log: { title: '考试报名审核', action: 'update' } } },
      schema: {
        tags,
        summary: '审核不通过（须填写原因，可多选）',
        body: refuseBody,
        response: { 200: envelope(z.object({ count: z.number() })) },
      },
    },
    async (req) =>
      ok({ count: await refuseSignups(ctx, currentUser(req), req.body.ids, req.body.reason) }, '已审核不通过'),
  );

  app.get(
    '/exam/sign/export',
    {
      config: { access: { perm: 'exam:examSign:export' } },
      schema: {
        tags,
        summary: '导出考试报名（Excel）',
        description: '与列表相同的筛选条件与数据权限；证件号码脱敏。',
        querystring: signupListQuery.omit({ pageNum: true, pageSize: true }),
        produces: [XLSX],
      },
    },
    async (req, reply) => {
      const fetch = signupExportFetch(ctx, currentUser(req), req.query, await loadLabels(ctx.db, 'zh-CN'));
      return sendExcel(reply, '考试报名.xlsx', SIGNUP_COLUMNS, batches(fetch, 1000), '考试报名');
    },
  );

  app.get(
    '/exam/person/list',
    {
      config: { access: { perm: 'exam:examPerson:list' } },
      schema: {
        tags,
        summary: '考试人员：企业的在职人员及其考试经历；考核中心为报名本区域考试的人员',
        querystring: personListQuery,
        response: { 200: pageEnvelope(examPersonRow) },
      },
    },
    async (req) => {
      const { rows, total } = await listExamPersons(ctx, currentUser(req), req.query);
      return page(rows, total, req.query.pageNum);
    },
  );

  app.get(
    '/exam/person/export',
    {
      config: { access: { perm: 'exam:examPerson:export' } },
      schema: {
        tags,
        summary: '导出考试人员（Excel）',
        querystring: personListQuery.omit({ pageNum: true, pageSize: true }),
        produces: [XLSX],
      },
    },
    async (req, reply) => {
      const fetch = examPersonExportFetch(ctx, currentUser(req), req.query, await loadLabels(ctx.db, 'zh-CN'));
      return sendExcel(reply, '考试人员.xlsx', PERSON_COLUMNS, batches(fetch, 500), '考试人员');
    },
  );

  app.get(
    '/exam/ticket/pdf/:id',
    {
      config: { access: { perm: 'exam:printPermit:print', log: { title: '准考证打印', action: 'print' } } },
      schema: {
        tags,
        summary: '打印一份准考证（PDF）',
        description:
          '审核通过的报名；批次报名中、报名截止或已考试时。考核中心、报名企业与考生本人可打印。二维码指向 <访问地址>/web/examTicket/<核验码>。',
        params: z.object({ id: id('报名编号') }),
        produces: [PDF],
      },
    },
    async (req, reply) => {
      const t = await ticketOfSignup(ctx, currentUser(req), req.params.id, publicBaseUrl(req));
      return reply
        .type(PDF)
        .header('content-disposition', inline(`准考证_${t.ticketNo}_${t.name}.pdf`))
        .send(Buffer.from(t.pdf));
    },
  );

  app.get(
    '/exam/ticket/batch/:batchId/pdf',
    {
      config: { access: { perm: 'exam:printPermit:print', log: { title: '准考证打印', action: 'print' } } },
      schema: {
        tags,
        summary: '批量打印准考证（一个 PDF，每人一页）',
        description: '批次中调用者可打印的全部审核通过的报名：考核中心为全部，企业为本企业报名的人员，考生为本人。',
        params: z.object({ batchId: id('考试批次') }),
        produces: [PDF],
      },
    },
    async (req, reply) => {
      const t = await ticketsOfBatch(ctx, currentUser(req), req.params.batchId, publicBaseUrl(req));
      return reply
        .type(PDF)
        .header('content-disposition', inline(`准考证_${t.batchNo}_${t.count}份.pdf`))
        .header('x-ticket-count', String(t.count))
        .send(Buffer.from(t.pdf));
    },
  );
};
