/**
 * 通知公告 /system/notice (sys_notice): list, get, save (new) / update (noticeId > 0), remove,
 * export. The page has no export button key, so export goes with system:notice:list.
 */
import { z } from 'zod';
import { STATUS_CODES, storedCode } from '../../../lib/codes.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope, envelope, ok, page, pageEnvelope, pageQuery } from '../../../lib/reply.js';
import { notFound } from '../../../lib/errors.js';
import { id, idOrZero, idParams, idsQuery, optionalText, text } from '../../../lib/schemas.js';
import { batches, sendExcel, type ExcelColumn } from '../../../lib/excel.js';
import { currentUser } from '../../../lib/authUser.js';
import { logAs } from '../../../lib/operLog.js';
import { createNotice, removeNotices, updateNotice } from './service.js';
import { noticeById, noticeExportBatch, noticePage, type NoticeRecord } from './store.js';
import { chinaDateTime } from '../../../lib/days.js';

const TAG = ['system-notice'];
const LOG = logAs('通知公告');
/** sys_notice_type */
const NOTICE_TYPE: Record<string, string> = { '1': '通知', '2': '公告' };

const NOTICE_TYPES = ['1', '2'] as const;

const noticeRow = z.object({
  noticeId: z.number(),
  noticeTitle: z.string(),
  noticeType: z.enum(NOTICE_TYPES).describe("sys_notice_type: '1' 通知, '2' 公告"),
  noticeContent: z.string(),
  status: z.enum(STATUS_CODES).describe("'1' 正常, '0' 关闭"),
  createdBy: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601'),
  updatedAt: z.string().describe('ISO 8601'),
});
const toRow = (r: NoticeRecord) => ({
  ...r,
  noticeType: storedCode(NOTICE_TYPES, r.noticeType),
  status: storedCode(STATUS_CODES, r.status),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const filters = z.object({
  noticeTitle: optionalText(200, '公告标题'),
  noticeType: z.enum(['1', '2']).optional(),
  status: z.enum(['0', '1']).optional(),
  createdBy: optionalText(64, '创建者'),
});
const listQuery = pageQuery.extend(filters.shape);
const exportQuery = listQuery.omit({ pageNum: true, pageSize: true });

const body = z.object({
  noticeId: idOrZero('公告编号').optional(),
  noticeTitle: text(200, '公告标题', { min: 1, tooLong: '公告标题不能超过200个字符' }),
  noticeType: z.enum(['1', '2'], { error: '公告类型应为 1（通知）或 2（公告）' }),
  noticeContent: text(20000, '公告内容', { min: 1, multiline: true, tooLong: '公告内容不能超过20000个字符' }),
  status: z.enum(['0', '1'], { error: '状态应为 1（正常）或 0（关闭）' }).default('1'),
});
const updateBody = body.extend({
  noticeId: id('公告编号', { invalid: '修改时公告编号 noticeId 应为 1 到 2147483647 之间的整数' }),
});

const EXPORT_COLUMNS: ExcelColumn<NoticeRecord>[] = [
  { header: '公告编号', value: (r) => r.noticeId },
  { header: '公告标题', width: 40, value: (r) => r.noticeTitle },
  { header: '公告类型', value: (r) => NOTICE_TYPE[r.noticeType] ?? r.noticeType },
  { header: '公告内容', width: 60, value: (r) => r.noticeContent },
  { header: '状态', value: (r) => (r.status === '1' ? '正常' : '关闭') },
  { header: '创建者', value: (r) => r.createdBy },
  { header: '创建时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.createdAt) },
];

export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;

  app.get(
    '/system/notice/list',
    {
      config: { access: { perm: 'system:notice:list' } },
      schema: {
        tags: TAG,
        summary: '通知公告列表',
        querystring: listQuery,
        response: { 200: pageEnvelope(noticeRow) },
      },
    },
    async (req) => {
      const q = req.query;
      const { rows, total } = await noticePage(db, q);
      return page(rows.map(toRow), total, q.pageNum);
    },
  );

  app.get(
    '/system/notice/get/:id',
    {
      config: { access: { perm: 'system:notice:list' } },
      schema: { tags: TAG, summary: '通知公告详情', params: idParams, response: { 200: envelope(noticeRow) } },
    },
    async (req) => {
      const row = await noticeById(db, req.params.id);
      if (!row) throw notFound('公告不存在');
      return ok(toRow(row), '查询成功');
    },
  );

  app.post(
    '/system/notice/save',
    {
      config: { access: { perm: 'system:notice:add', log: LOG('insert') } },
      schema: { tags: TAG, summary: '新增通知公告', body, response: { 200: envelope(noticeRow) } },
    },
    async (req) => {
      const row = await createNotice(db, req.body, currentUser(req).userName);
      return ok(toRow(row), '新增成功');
    },
  );

  app.post(
    '/system/notice/update',
    {
      config: { access: { perm: 'system:notice:edit', log: LOG('update') } },
      schema: {
        tags: TAG,
        summary: '修改通知公告（noticeId > 0）',
        body: updateBody,
        response: { 200: envelope(noticeRow) },
      },
    },
    async (req) => {
      const row = await updateNotice(db, req.body);
      return ok(toRow(row), '修改成功');
    },
  );

  app.post(
    '/system/notice/remove',
    {
      config: { access: { perm: 'system:notice:remove', log: LOG('delete') } },
      schema: { tags: TAG, summary: '删除通知公告（ids）', querystring: idsQuery, response: { 200: doneEnvelope } },
    },
    async (req) => {
      const removed = await removeNotices(db, req.query.ids);
      return done(`已删除 ${removed} 条公告`);
    },
  );

  app.get(
    '/system/notice/export',
    {
      config: { access: { perm: 'system:notice:list' } },
      schema: { tags: TAG, summary: '导出通知公告（Excel）', querystring: exportQuery },
    },
    async (req, reply) => {
      const q = req.query;
      return sendExcel(
        reply,
        '通知公告.xlsx',
        EXPORT_COLUMNS,
        batches((offset, limit) => noticeExportBatch(db, q, offset, limit)),
      );
    },
  );
};
