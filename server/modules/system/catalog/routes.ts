/**
 * The further system pages kept in sys_catalog (职务, 文件标签, 机构标签, 数据排序, 违规类型, 常见问题,
 * 网关): one generic module, /system/catalog/{kind}/list | get/{id} | save | update | remove |
 * export, registered once per kind so that each has its exact body schema (the `extra` fields
 * of kinds.ts) and its own permission keys.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope, envelope, ok, page, pageEnvelope, pageQuery } from '../../../lib/reply.js';
import { notFound } from '../../../lib/errors.js';
import { batches, sendExcel, type ExcelColumn } from '../../../lib/excel.js';
import {
  CATALOG_EXTRA,
  CATALOG_EXTRA_COLUMNS,
  CATALOG_KINDS,
  CATALOG_LABEL,
  catalogPerms,
  type CatalogKind,
} from './kinds.js';
import { id, idOrZero, idParams, idsQuery, optionalText, text } from '../../../lib/schemas.js';
import { STATUS_CODES, storedCode } from '../../../lib/codes.js';
import { logAs } from '../../../lib/operLog.js';
import { createCatalog, removeCatalogs, updateCatalog } from './service.js';
import { catalogById, catalogExportBatch, catalogPage, type CatalogRecord } from './store.js';
import { chinaDateTime } from '../../../lib/days.js';

const catalogRow = z.object({
  id: z.number(),
  kind: z.string(),
  code: z.string(),
  name: z.string(),
  sortOrder: z.number(),
  status: z.enum(STATUS_CODES).describe("'1' 正常, '0' 停用"),
  extra: z.record(z.string(), z.unknown()),
  remark: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601'),
  updatedAt: z.string().describe('ISO 8601'),
});
const toRow = (r: CatalogRecord) => ({
  ...r,
  status: storedCode(STATUS_CODES, r.status),
  extra: (r.extra && typeof r.extra === 'object' ? r.extra : {}) as Record<string, unknown>,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const filters = z.object({
  code: optionalText(64, '编码'),
  name: optionalText(200, '名称').describe('名称或备注'),
  status: z.enum(['0', '1']).optional(),
});
const listQuery = pageQuery.extend(filters.shape);
const exportQuery = listQuery.omit({ pageNum: true, pageSize: true });

const common = {
  code: text(64, '编码', { min: 1 }).regex(/^[A-Za-z0-9_.-]+$/, '编码只能包含字母、数字、点、下划线和短横线'),
  name: text(200, '名称', { min: 1 }),
  sortOrder: z.coerce
    .number({ error: '排序应为数字' })
    .int('排序应为整数')
    .min(0, '排序不能小于 0')
    .max(9999, '排序不能超过 9999')
    .default(0),
  status: z.enum(['0', '1'], { error: '状态应为 1（正常）或 0（停用）' }).default('1'),
  remark: text(500, '备注', { multiline: true }).nullish(),
};

function exportColumns(kind: CatalogKind): ExcelColumn<CatalogRecord>[] {
  const extra = (r: CatalogRecord) => (r.extra ?? {}) as Record<string, unknown>;
  return [
    { header: '编号', value: (r) => r.id },
    { header: '编码', width: 20, value: (r) => r.code },
    { header: '名称', width: 30, value: (r) => r.name },
    ...CATALOG_EXTRA_COLUMNS[kind].map((c) => ({
      header: c.header,
      width: c.width,
      value: (r: CatalogRecord) => c.value(extra(r)),
    })),
    { header: '排序', value: (r) => r.sortOrder },
    { header: '状态', value: (r) => (r.status === '1' ? '正常' : '停用') },
    { header: '备注', width: 30, value: (r) => r.remark },
    { header: '创建时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.createdAt) },
  ];
}

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;

  for (const kind of CATALOG_KINDS) {
    const base = `/system/catalog/${kind}`;
    const label = CATALOG_LABEL[kind];
    const perms = catalogPerms(kind);
    const tags = ['system-catalog'];
    const log = logAs(label);
    const body = z.object({ id: idOrZero('编号').optional(), ...common, extra: CATALOG_EXTRA[kind] });
    const updateBody = body.extend({ id: id('编号', { invalid: '修改时编号 id 应为 1 到 2147483647 之间的整数' }) });

    app.get(
      `${base}/list`,
      {
        config: { access: { perm: perms.list } },
        schema: { tags, summary: `${label}列表`, querystring: listQuery, response: { 200: pageEnvelope(catalogRow) } },
      },
      async (req) => {
        const q = req.query;
        const { rows, total } = await catalogPage(db, kind, q);
        return page(rows.map(toRow), total, q.pageNum);
      },
    );

    app.get(
      `${base}/get/:id`,
      {
        config: { access: { perm: perms.list } },
        schema: { tags, summary: `${label}详情`, params: idParams, response: { 200: envelope(catalogRow) } },
      },
      async (req) => {
        const row = await catalogById(db, kind, req.params.id);
        if (!row) throw notFound(`${label}记录不存在`);
        return ok(toRow(row), '查询成功');
      },
    );

    app.post(
      `${base}/save`,
      {
        config: { access: { perm: perms.add, log: log('insert') } },
        schema: { tags, summary: `新增${label}`, body, response: { 200: envelope(catalogRow) } },
      },
      async (req) => {
        const row = await createCatalog(db, kind, req.body);
        return ok(toRow(row), '新增成功');
      },
    );

    app.post(
      `${base}/update`,
      {
        config: { access: { perm: perms.edit, log: log('update') } },
        schema: { tags, summary: `修改${label}（id > 0）`, body: updateBody, response: { 200: envelope(catalogRow) } },
      },
      async (req) => {
        const row = await updateCatalog(db, kind, req.body);
        return ok(toRow(row), '修改成功');
      },
    );

    app.post(
      `${base}/remove`,
      {
        config: { access: { perm: perms.remove, log: log('delete') } },
        schema: { tags, summary: `删除${label}（ids）`, querystring: idsQuery, response: { 200: doneEnvelope } },
      },
      async (req) => {
        const removed = await removeCatalogs(db, kind, req.query.ids);
        return done(`已删除 ${removed} 条记录`);
      },
    );

    app.get(
      `${base}/export`,
      {
        config: { access: { perm: perms.export } },
        schema: { tags, summary: `导出${label}（Excel）`, querystring: exportQuery },
      },
      async (req, reply) => {
        const q = req.query;
        return sendExcel(
          reply,
          `${label}.xlsx`,
          exportColumns(kind),
          batches((offset, limit) => catalogExportBatch(db, kind, q, offset, limit)),
        );
      },
    );
  }
};
