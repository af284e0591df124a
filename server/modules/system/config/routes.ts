/**
 * 参数设置 /system/config (SPEC 7 Config): list, get, save (new) / update (configId > 0),
 * remove, export. Built-in rows (configType Y) cannot be removed and keep their key; the
 * security-policy keys change only by the security administrator and take effect at once
 * (the policy cache of this process is dropped; other processes follow within its 5 s).
 */
import { z } from 'zod';
import { storedCode, YES_NO } from '../../../lib/codes.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope, envelope, ok, page, pageEnvelope, pageQuery } from '../../../lib/reply.js';
import { notFound } from '../../../lib/errors.js';
import { batches, sendExcel, type ExcelColumn } from '../../../lib/excel.js';
import { currentUser } from '../../../lib/authUser.js';
import { isSecurityKey } from './rules.js';
import { createConfig, removeConfigs, updateConfig } from './service.js';
import { configById, configExportBatch, configPage, type ConfigRecord } from './store.js';
import { id, idOrZero, idParams, idsQuery, optionalText, text } from '../../../lib/schemas.js';
import { logAs } from '../../../lib/operLog.js';
import { chinaDateTime } from '../../../lib/days.js';

const TAG = ['system-config'];
const LOG = logAs('参数设置');

const configRow = z.object({
  configId: z.number(),
  configName: z.string(),
  configKey: z.string(),
  configValue: z.string(),
  configType: z.enum(YES_NO).describe('Y 系统内置（不可删除）, N 自定义'),
  remark: z.string().nullable(),
  security: z.boolean().describe('安全策略参数：只能由安全管理员修改'),
  createdAt: z.string().describe('ISO 8601'),
  updatedAt: z.string().describe('ISO 8601'),
});

const toRow = (r: ConfigRecord) => ({
  configId: r.configId,
  configName: r.configName,
  configKey: r.configKey,
  configValue: r.configValue,
  configType: storedCode(YES_NO, r.configType),
  remark: r.remark,
  security: isSecurityKey(r.configKey),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const filters = z.object({
  configName: optionalText(100, '参数名称'),
  configKey: optionalText(100, '参数键名'),
  configType: z.enum(['Y', 'N']).optional(),
});
const listQuery = pageQuery.extend(filters.shape);
const exportQuery = listQuery.omit({ pageNum: true, pageSize: true });

const configBody = z.object({
  configId: idOrZero('参数编号').optional(),
  configName: text(100, '参数名称', { min: 1 }),
  configKey: z
    .string({ error: '参数键名不能为空' })
    .trim()
    .min(1, '参数键名不能为空')
    .max(100, '参数键名不能超过100个字符')
    .regex(/^[A-Za-z0-9_.-]+$/, '参数键名只能包含字母、数字、点、下划线和短横线'),
  configValue: z
    .string({ error: '参数键值不能为空' })
    .min(1, '参数键值不能为空')
    .max(2000, '参数键值不能超过2000个字符'),
  configType: z.enum(['Y', 'N'], { error: '系统内置应为 Y 或 N' }).default('N'),
  remark: text(500, '备注', { multiline: true }).nullish(),
});
const updateBody = configBody.extend({
  configId: id('参数编号', { invalid: '修改时参数编号 configId 应为 1 到 2147483647 之间的整数' }),
});

const EXPORT_COLUMNS: ExcelColumn<ConfigRecord>[] = [
  { header: '参数编号', value: (r) => r.configId },
  { header: '参数名称', width: 30, value: (r) => r.configName },
  { header: '参数键名', width: 30, value: (r) => r.configKey },
  { header: '参数键值', width: 20, value: (r) => r.configValue },
  { header: '系统内置', value: (r) => (r.configType === 'Y' ? '是' : '否') },
  { header: '备注', width: 40, value: (r) => r.remark },
  { header: '创建时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.createdAt) },
];

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;

  app.get(
    '/system/config/list',
    {
      config: { access: { perm: 'system:config:list' } },
      schema: { tags: TAG, summary: '参数列表', querystring: listQuery, response: { 200: pageEnvelope(configRow) } },
    },
    async (req) => {
      const q = req.query;
      const { rows, total } = await configPage(db, q);
      return page(rows.map(toRow), total, q.pageNum);
    },
  );

  app.get(
    '/system/config/get/:id',
    {
      config: { access: { perm: 'system:config:list' } },
      schema: { tags: TAG, summary: '参数详情', params: idParams, response: { 200: envelope(configRow) } },
    },
    async (req) => {
      const row = await configById(db, req.params.id);
      if (!row) throw notFound('参数不存在');
      return ok(toRow(row), '查询成功');
    },
  );

  app.post(
    '/system/config/save',
    {
      config: { access: { perm: 'system:config:add', log: LOG('insert') } },
      schema: { tags: TAG, summary: '新增参数', body: configBody, response: { 200: envelope(configRow) } },
    },
    async (req) => {
      const row = await createConfig(app.ctx, currentUser(req), req.body);
      return ok(toRow(row), '新增成功');
    },
  );

  app.post(
    '/system/config/update',
    {
      config: { access: { perm: 'system:config:edit', log: LOG('update') } },
      schema: {
        tags: TAG,
        summary: '修改参数（configId > 0）',
        body: updateBody,
        response: { 200: envelope(configRow) },
      },
    },
    async (req) => {
      const row = await updateConfig(app.ctx, currentUser(req), req.body);
      return ok(toRow(row), '修改成功');
    },
  );

  app.post(
    '/system/config/remove',
    {
      config: { access: { perm: 'system:config:remove', log: LOG('delete') } },
      schema: {
        tags: TAG,
        summary: '删除参数（ids，内置参数不可删除）',
        querystring: idsQuery,
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      const removed = await removeConfigs(app.ctx, currentUser(req), req.query.ids);
      return done(`已删除 ${removed} 个参数`);
    },
  );

  app.get(
    '/system/config/export',
    {
      config: { access: { perm: 'system:config:export' } },
      schema: { tags: TAG, summary: '导出参数（Excel）', querystring: exportQuery },
    },
    async (req, reply) => {
      const q = req.query;
      return sendExcel(
        reply,
        '参数设置.xlsx',
        EXPORT_COLUMNS,
        batches((offset, limit) => configExportBatch(db, q, offset, limit)),
      );
    },
  );
};
