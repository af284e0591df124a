/** Result entry (考试成绩) and result search (成绩查询). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/authUser.js';
import { batches, sendExcel, type ExcelColumn } from '../../lib/excel.js';
import { envelope, ok, page, pageEnvelope } from '../../lib/reply.js';
import { id } from '../../lib/schemas.js';
import { loadLabels } from '../certificate/labels.js';
import { loadVisibleBatch } from './batches.js';
import {
  scoreListQuery,
  scoreSaveBody,
  scoreSearchQuery,
  scoreSearchRow,
  signupView,
  type SignupView,
} from './schemas.js';
import { saveScores, scoreExportFetch, scoreSearchExportFetch, listScores, searchScores } from './scores.js';
import { staffOfArea } from './scope.js';
import { forbidden } from '../../lib/errors.js';

const tags = ['exam'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const yesNo = (v: string | undefined, yes: string, no: string) => (v === undefined ? '' : v === '1' ? yes : no);

const SCORE_COLUMNS: ExcelColumn<SignupView>[] = [
  { header: '准考证号', width: 16, value: (r) => r.ticketNo },
  { header: '姓名', width: 12, value: (r) => r.name },
  { header: '证件号码', width: 22, value: (r) => r.idNo },
  { header: '报名企业', width: 36, value: (r) => r.enterpriseName },
  { header: '考试情况', width: 10, value: (r) => yesNo(r.result?.attended, '参加', '缺考') },
  { header: '安全生产知识', width: 14, value: (r) => yesNo(r.result?.knowledgeResult, '合格', '不合格') },
  { header: '安全生产知识分数', width: 16, value: (r) => r.result?.knowledgeScore ?? null },
  { header: '管理能力', width: 12, value: (r) => yesNo(r.result?.abilityResult, '合格', '不合格') },
  { header: '管理能力分数', width: 14, value: (r) => r.result?.abilityScore ?? null },
  { header: '是否发布', width: 10, value: (r) => (r.result ? (r.result.published ? '已发布' : '未发布') : '') },
];

type SearchRow = z.infer<typeof scoreSearchRow>;
const SEARCH_COLUMNS: ExcelColumn<SearchRow>[] = [
  { header: '姓名', width: 12, value: (r) => r.name },
  { header: '证件号码', width: 22, value: (r) => r.idNo },
  { header: '所在企业', width: 36, value: (r) => r.enterpriseName },
  { header: '证书类别', width: 28, value: (r) => r.categoryLabel },
  { header: '批次编号', width: 14, value: (r) => r.batchNo },
  { header: '准考证号', width: 16, value: (r) => r.ticketNo },
  { header: '考试日期', type: 'date', width: 12, value: (r) => r.examDate },
  { header: '考试情况', width: 10, value: (r) => yesNo(r.attended, '参加', '缺考') },
  { header: '安全生产知识', width: 14, value: (r) => yesNo(r.knowledgeResult, '合格', '不合格') },
  { header: '管理能力', width: 12, value: (r) => yesNo(r.abilityResult, '合格', '不合格') },
  { header: '结论', width: 10, value: (r) => (r.passed ? '合格' : '不合格') },
  { header: '是否发布', width: 10, value: (r) => (r.published ? '已发布' : '未发布') },
];

export const examScoreRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/exam/score/list',
    {
      config: { access: { perm: 'exam:examScore:list' } },
      schema: {
        tags,
        summary: '考试成绩：某批次审核通过的考生及其成绩',
        description: '本区域的批次。每行带 actions（enterResult：批次已考试时可录入）。',
        querystring: scoreListQuery,
        response: { 200: pageEnvelope(signupView) },
      },
    },
    async (req) => {
      const { rows, total } = await listScores(ctx, currentUser(req), req.query);
      return page(rows, total, req.query.pageNum);
    },
  );

  app.post(
    '/exam/score/save',
    {
      config: { access: { perm: 'exam:examScore:edit', log: { title: '考试成绩', action: 'update' } } },
      schema: {
        tags,
        summary: '录入成绩（可多行，全部成功或全部不写）',
        description:
          '批次登记为已考试后、发布前；每名审核通过的考生一行（再次录入即覆盖）。attended 1 参加 / 0 缺考（缺考两科均为不合格），knowledgeResult、abilityResult 1 合格 / 0 不合格，分数可选（0–100）。' +
          '字段错误 400（field 为 rows.<序号>.<字段>）；批次已发布或未登记已考试 409。',
        body: scoreSaveBody,
        response: { 200: envelope(z.object({ count: z.number() })) },
      },
    },
    async (req) =>
      ok({ count: await saveScores(ctx, currentUser(req), req.body.batchId, req.body.rows) }, '成绩已保存'),
  );

  app.get(
    '/exam/score/export',
    {
      config: { access: { perm: 'exam:examScore:export' } },
      schema: {
        tags,
        summary: '导出某批次成绩（Excel）',
        querystring: z.object({ batchId: id('考试批次', { missing: '请选择考试批次', invalid: '请选择考试批次' }) }),
        produces: [XLSX],
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const batch = await loadVisibleBatch(ctx.db, user, req.query.batchId);
      if (!staffOfArea(user, batch.area)) throw forbidden('成绩由考核中心录入');
      const fetch = scoreExportFetch(ctx, user, batch.id, await loadLabels(ctx.db, 'zh-CN'));
      return sendExcel(reply, `考试成绩_${batch.batchNo}.xlsx`, SCORE_COLUMNS, batches(fetch, 1000), '考试成绩');
    },
  );

  app.get(
    '/exam/scoreSearch/list',
    {
      config: { access: { perm: 'exam:scoreSearch:list' } },
      schema: {
        tags,
        summary: '成绩查询',
        description:
          '按姓名、证件号码、批次编号查找成绩。区域中心人员：本区域批次的成绩和本区域企业人员平台前的成绩；省级管理员：全部；个人：本人已发布的成绩。证件号码脱敏。',
        querystring: scoreSearchQuery,
        response: { 200: pageEnvelope(scoreSearchRow) },
      },
    },
    async (req) => {
      const { rows, total } = await searchScores(ctx, currentUser(req), req.query);
      return page(rows, total, req.query.pageNum);
    },
  );

  app.get(
    '/exam/scoreSearch/export',
    {
      config: { access: { perm: 'exam:scoreSearch:export' } },
      schema: {
        tags,
        summary: '导出成绩查询结果（Excel）',
        querystring: scoreSearchQuery.omit({ pageNum: true, pageSize: true }),
        produces: [XLSX],
      },
    },
    async (req, reply) => {
      const fetch = scoreSearchExportFetch(ctx, currentUser(req), req.query, await loadLabels(ctx.db, 'zh-CN'));
      return sendExcel(reply, '成绩查询.xlsx', SEARCH_COLUMNS, batches(fetch, 1000), '成绩查询');
    },
  );
};
