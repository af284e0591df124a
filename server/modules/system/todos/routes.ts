/**
 * 待办管理 /system/sysTodo: the administrator's view of every user's to-dos (the user's own list
 * is GET /system/sysTodo/list in server/modules/message/routes.ts). To-dos are created by the
 * business flows, so the page lists, removes (system:todo:remove) and exports (with :list).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope, page, pageEnvelope, pageQuery } from '../../../lib/reply.js';
import { notFound } from '../../../lib/errors.js';
import { batches, sendExcel, type ExcelColumn } from '../../../lib/excel.js';
import { idsQuery, optionalText } from '../../../lib/schemas.js';
import { deleteTodos, todoExportBatch, todoPage } from './store.js';
import { chinaDateTime } from '../../../lib/days.js';

const TAG = ['system-todo'];

const todoRow = z.object({
  id: z.number(),
  mc: z.string(),
  url: z.string().nullable(),
  status: z.string().describe("'0' 待办, '1' 已办"),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  nickName: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601'),
});
type Row = Omit<z.infer<typeof todoRow>, 'createdAt'> & { createdAt: Date };

const filters = z.object({
  mc: optionalText(200, '待办名称'),
  status: z.enum(['0', '1']).optional(),
  userName: optionalText(64, '用户账号').describe('处理人账号或姓名'),
});
const listQuery = pageQuery.extend(filters.shape);
const exportQuery = listQuery.omit({ pageNum: true, pageSize: true });

const EXPORT_COLUMNS: ExcelColumn<Row>[] = [
  { header: '待办编号', value: (r) => r.id },
  { header: '待办事项', width: 50, value: (r) => r.mc },
  { header: '处理人账号', width: 16, value: (r) => r.userName },
  { header: '处理人姓名', width: 16, value: (r) => r.nickName },
  { header: '状态', value: (r) => (r.status === '1' ? '已办' : '待办') },
  { header: '办理地址', width: 30, value: (r) => r.url },
  { header: '创建时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.createdAt) },
];

export const todoAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;

  app.get(
    '/system/sysTodo/listAll',
    {
      config: { access: { perm: 'system:todo:list' } },
      schema: {
        tags: TAG,
        summary: '全部待办（管理）',
        querystring: listQuery,
        response: { 200: pageEnvelope(todoRow) },
      },
    },
    async (req) => {
      const q = req.query;
      const { rows, total } = await todoPage(db, q);
      return page(
        rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        total,
        q.pageNum,
      );
    },
  );

  app.post(
    '/system/sysTodo/remove',
    {
      config: { access: { perm: 'system:todo:remove', log: { title: '待办管理', action: 'delete' } } },
      schema: { tags: TAG, summary: '删除待办（ids）', querystring: idsQuery, response: { 200: doneEnvelope } },
    },
    async (req) => {
      const removed = await deleteTodos(db, req.query.ids);
      if (removed === 0) throw notFound('待办不存在');
      return done(`已删除 ${removed} 条待办`);
    },
  );

  app.get(
    '/system/sysTodo/export',
    {
      config: { access: { perm: 'system:todo:list' } },
      schema: { tags: TAG, summary: '导出待办（Excel）', querystring: exportQuery },
    },
    async (req, reply) => {
      const q = req.query;
      return sendExcel(
        reply,
        '待办事项.xlsx',
        EXPORT_COLUMNS,
        batches((offset, limit) => todoExportBatch(db, q, offset, limit)),
      );
    },
  );
};
