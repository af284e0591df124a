/** Exam batches (考试批次): list, pickers, detail, editor, removal of drafts, lifecycle events, export. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/authUser.js';
import { chinaDateTime } from '../../lib/days.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { batches, sendExcel, type ExcelColumn } from '../../lib/excel.js';
import { envelope, ok, page, pageEnvelope } from '../../lib/reply.js';
import { id, idList, idParams, uint32 } from '../../lib/schemas.js';
import { loadLabels } from '../certificate/labels.js';
import {
  batchExportFetch,
  batchOptions,
  getBatch,
  listBatches,
  removeBatches,
  saveBatch,
  sendBatchEvent,
  updateBatch,
} from './batches.js';
import { batchEventBody, batchFields, batchListQuery, batchView, type BatchView } from './schemas.js';
import { EVENT_PERMISSION } from './scope.js';
import { areaCentre } from '../../lib/areas.js';

const tags = ['exam'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Anyone working on an exam page picks batches. */
export const BATCH_PICKER_PERMISSIONS = [
  'exam:examBatch:list',
  'exam:examSign:list',
  'exam:printPermit:list',
  'exam:examScore:list',
  'exam:scoreSearch:list',
] as const;

const EXPORT_COLUMNS: ExcelColumn<BatchView>[] = [
  { header: '批次编号', width: 14, value: (r) => r.batchNo },
  { header: '批次名称', width: 36, value: (r) => r.name },
  { header: '证书类别', width: 28, value: (r) => r.categoryLabel },
  { header: '所属区域', width: 14, value: (r) => areaCentre(r.area) },
  { header: '考试地点', width: 36, value: (r) => r.place },
  { header: '安全生产知识开始', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.knowledgeStart) },
  { header: '安全生产知识结束', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.knowledgeEnd) },
  { header: '管理能力开始', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.abilityStart) },
  { header: '管理能力结束', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.abilityEnd) },
  { header: '报名开始', type: 'date', width: 12, value: (r) => r.signupFrom },
  { header: '报名截止', type: 'date', width: 12, value: (r) => r.signupTo },
  { header: '人数上限', width: 10, value: (r) => r.capacity },
  { header: '待审核', width: 10, value: (r) => r.pending },
  { header: '审核通过', width: 10, value: (r) => r.accepted },
  { header: '已录成绩', width: 10, value: (r) => r.withResults },
  { header: '状态', width: 12, value: (r) => r.stateLabel },
];

export const examBatchRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/exam/batch/list',
    {
      config: { access: { perm: 'exam:examBatch:list' } },
      schema: {
        tags,
        summary: '考试批次列表',
        description:
          '区域中心人员看本区域的批次（含草稿），省级管理员看全部。每行带 events：调用者此刻可以进行的操作（由批次状态机回答）。',
        querystring: batchListQuery,
        response: { 200: pageEnvelope(batchView) },
      },
    },
    async (req) => {
      const { rows, total } = await listBatches(ctx, currentUser(req), req.query);
      return page(rows, total, req.query.pageNum);
    },
  );

  app.get(
    '/exam/batch/options',
    {
      schema: {
        tags,
        summary: '可选择的考试批次（报名、打印准考证、成绩页面用）',
        description:
          '调用者数据权限内已开放的批次（报名中、报名截止、已考试、成绩已发布），最多 200 个，考试日期新者在前，每个带调用者此刻可进行的操作。',
        response: { 200: envelope(z.array(batchView)) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      if (!BATCH_PICKER_PERMISSIONS.some((p) => user.permissions.has(p))) throw forbidden();
      return ok(await batchOptions(ctx, user), '查询成功');
    },
  );

  app.get(
    '/exam/batch/get/:id',
    {
      config: { access: { perm: 'exam:examBatch:list' } },
      schema: { tags, summary: '考试批次详情', params: idParams, response: { 200: envelope(batchView) } },
    },
    async (req) => ok(await getBatch(ctx, currentUser(req), req.params.id), '查询成功'),
  );

  app.post(
    '/exam/batch/save',
    {
      config: { access: { perm: 'exam:examBatch:add', log: { title: '考试批次', action: 'insert' } } },
      schema: {
        tags,
        summary: '新建考试批次（草稿）',
        description:
          '时间可写北京时间 YYYY-MM-DD HH:mm，或带时区的 ISO 8601。报名截止日期须早于考试日（安全生产知识科目的日期）；管理能力科目在安全生产知识科目结束后开始。区域中心人员只能为本区域建批次。',
        body: batchFields,
        response: { 200: envelope(batchView) },
      },
    },
    async (req) => ok(await saveBatch(ctx, currentUser(req), req.body), '保存成功'),
  );

  app.post(
    '/exam/batch/update',
    {
      config: { access: { perm: 'exam:examBatch:edit', log: { title: '考试批次', action: 'update' } } },
      schema: {
        tags,
        summary: '修改考试批次（仅草稿）',
        description: 'version 为调用者看到的版本，已被他人修改时 409；非草稿状态 409。',
        body: batchFields.extend({
          id: id('考试批次编号', { missing: '考试批次编号不能为空' }),
          version: uint32('版本号'),
        }),
        response: { 200: envelope(batchView) },
      },
    },
    async (req) => ok(await updateBatch(ctx, currentUser(req), req.body.id, req.body.version, req.body), '保存成功'),
  );

  app.post(
    '/exam/batch/remove',
    {
      config: { access: { perm: 'exam:examBatch:remove', log: { title: '考试批次', action: 'delete' } } },
      schema: {
        tags,
        summary: '删除考试批次（仅草稿，可多选，全部成功或全部不删）',
        querystring: z.object({ ids: idList('ids', 500).optional() }),
        body: z
          .object({
            ids: z
              .array(id('考试批次编号', { invalid: '请选择要删除的考试批次' }))
              .max(500, '一次最多删除 500 个考试批次')
              .optional(),
          })
          .nullish(),
        response: { 200: envelope(z.object({ removed: z.number() })) },
      },
    },
    async (req) => {
      const ids = req.body?.ids ?? req.query.ids;
      if (!ids || ids.length === 0) throw badRequest('请选择要删除的考试批次', 'ids');
      return ok({ removed: await removeBatches(ctx, currentUser(req), ids) }, '删除成功');
    },
  );

  app.post(
    '/exam/batch/event/:id',
    {
      config: { access: { log: { title: '考试批次', action: 'update' } } },
      schema: {
        tags,
        summary: '考试批次状态操作：开放报名、截止报名、重新开放、取消、登记已考试、发布成绩',
        description:
          'OPEN 开放报名（报名截止日期未过）；CLOSE 截止报名；REOPEN 重新开放（报名期内）；CANCEL 取消（草稿或报名中，comment 为原因，必填，报名随之取消）；' +
          'HOLD 登记已考试（考试日已到且没有待审核的报名）；PUBLISH 发布成绩（每名审核通过的考生都有成绩，发布后成绩为最终成绩并计入新办证书条件）。' +
          '需 exam:examBatch:edit（PUBLISH 需 exam:examScore:publish），且为该批次所属区域的中心人员。version 过期 409；当前状态没有该操作 409；条件不满足 422（说明原因）。',
        params: z.object({ id: id('考试批次编号') }),
        body: batchEventBody,
        response: { 200: envelope(batchView) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      // The permission first: a caller without it learns nothing about the batch.
      if (!user.permissions.has(EVENT_PERMISSION[req.body.type])) throw forbidden();
      const msg = {
        OPEN: '已开放报名',
        CLOSE: '已截止报名',
        REOPEN: '已重新开放报名',
        CANCEL: '考试批次已取消',
        HOLD: '已登记为已考试',
        PUBLISH: '成绩已发布',
      }[req.body.type];
      return ok(await sendBatchEvent(ctx, user, req.params.id, req.body), msg);
    },
  );

  app.get(
    '/exam/batch/export',
    {
      config: { access: { perm: 'exam:examBatch:export' } },
      schema: {
        tags,
        summary: '导出考试批次（Excel）',
        description: '与列表相同的筛选条件与数据权限。',
        querystring: batchListQuery.omit({ pageNum: true, pageSize: true }),
        produces: [XLSX],
      },
    },
    async (req, reply) => {
      const fetch = batchExportFetch(ctx, currentUser(req), req.query, await loadLabels(ctx.db, 'zh-CN'));
      return sendExcel(reply, '考试批次.xlsx', EXPORT_COLUMNS, batches(fetch, 500), '考试批次');
    },
  );
};
