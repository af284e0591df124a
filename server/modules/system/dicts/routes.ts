/**
 * 字典管理 (SPEC 7 Dictionary types / data): types under /system/dict/type, their data under
 * /system/dict/data (GET /system/dict/data/type, the options by type, lives in modules/dict),
 * Excel export, an import template and the import itself.
 */
import { z } from 'zod';
import { asc, count } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope, envelope, ok, page, pageEnvelope } from '../../../lib/reply.js';
import { badRequest } from '../../../lib/errors.js';
import { batches, readExcel, sendExcel, sendTemplate, type ExcelColumn } from '../../../lib/excel.js';
import { sysDictData, sysDictType } from '../../../db/schema.js';
import { chinaTime, idsQuery, orderBy } from '../menus/kit.js';
import { readMultipart } from '../oss/multipart.js';
import { IMPORT_COLUMNS, importDictData } from './import.js';
import {
  dataBody,
  dictDataRow,
  dataExportQuery,
  dataListQuery,
  dataUpdateBody,
  dictTypeRow,
  importQuery,
  importRowError,
  typeBody,
  typeExportQuery,
  typeListQuery,
  typeUpdateBody,
} from './schemas.js';
import {
  createData,
  createType,
  DATA_ORDER,
  dataWhere,
  removeData,
  removeTypes,
  toDataRow,
  typeRows,
  typeWhere,
  updateData,
  updateType,
  type DataRecord,
  type TypeRecord,
} from './service.js';
import { logAs } from '../../../lib/operLog.js';

const TAG = ['system-dict'];
const LOG = logAs('字典管理');
const MAX_IMPORT_BYTES = 5 * 1_048_576;
const STATUS_TEXT = (s: string) => (s === '1' ? '正常' : '停用');

const TYPE_COLUMNS: ExcelColumn<TypeRecord>[] = [
  { header: '字典编号', value: (r) => r.dictId },
  { header: '字典名称', width: 24, value: (r) => r.dictName },
  { header: '字典类型', width: 28, value: (r) => r.dictType },
  { header: '状态', value: (r) => STATUS_TEXT(r.status) },
  { header: '备注', width: 40, value: (r) => r.remark },
  { header: '创建时间', type: 'dateTime', width: 20, value: (r) => chinaTime(r.createdAt) },
];

/** The import headers first, so an export can be edited and imported back. */
const DATA_COLUMNS: ExcelColumn<DataRecord>[] = [
  { header: '字典类型', width: 28, value: (r) => r.dictType },
  { header: '字典标签', width: 30, value: (r) => r.dictLabel },
  { header: '字典键值', width: 14, value: (r) => r.dictValue },
  { header: '字典排序', value: (r) => r.dictSort },
  { header: '状态', value: (r) => STATUS_TEXT(r.status) },
  { header: '字典编码', value: (r) => r.dictCode },
  { header: '回显样式', value: (r) => r.listClass },
  { header: '默认', value: (r) => (r.isDefault === 'Y' ? '是' : '否') },
  { header: '备注', width: 30, value: (r) => r.remark },
  { header: '创建时间', type: 'dateTime', width: 20, value: (r) => chinaTime(r.createdAt) },
];

export const dictAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;
  const TYPE_SORT = {
    dictId: sysDictType.dictId,
    dictName: sysDictType.dictName,
    dictType: sysDictType.dictType,
    createdAt: sysDictType.createdAt,
  };
  const DATA_SORT = {
    dictCode: sysDictData.dictCode,
    dictSort: sysDictData.dictSort,
    dictValue: sysDictData.dictValue,
    createdAt: sysDictData.createdAt,
  };

  // ---------- types ----------

  app.get(
    '/system/dict/type/list',
    {
      config: { access: { perm: 'system:dict:list' } },
      schema: {
        tags: TAG,
        summary: '字典类型列表',
        querystring: typeListQuery,
        response: { 200: pageEnvelope(dictTypeRow) },
      },
    },
    async (req) => {
      const q = req.query;
      const cond = typeWhere(q);
      const [{ total }] = await db.select({ total: count() }).from(sysDictType).where(cond);
      const rows = await db
        .select()
        .from(sysDictType)
        .where(cond)
        .orderBy(...orderBy(q.sortField, q.sortOrder, TYPE_SORT, [asc(sysDictType.dictId)]))
        .limit(q.pageSize)
        .offset((q.pageNum - 1) * q.pageSize);
      return page(await typeRows(db, rows), total, q.pageNum);
    },
  );

  app.post(
    '/system/dict/type/save',
    {
      config: { access: { perm: 'system:dict:add', log: LOG('insert') } },
      schema: { tags: TAG, summary: '新增字典类型', body: typeBody, response: { 200: envelope(dictTypeRow) } },
    },
    async (req) => {
      if (req.body.dictId)
        throw badRequest('字典编号：新增时不应带字典编号，修改请调用 /system/dict/type/update', 'dictId');
      const row = await db.transaction((tx) => createType(tx, req.body));
      return ok((await typeRows(db, [row]))[0]!, '新增成功');
    },
  );

  app.post(
    '/system/dict/type/update',
    {
      config: { access: { perm: 'system:dict:edit', log: LOG('update') } },
      schema: {
        tags: TAG,
        summary: '修改字典类型（dictId > 0；改类型时数据随之改）',
        body: typeUpdateBody,
        response: { 200: envelope(dictTypeRow) },
      },
    },
    async (req) => {
      const row = await db.transaction((tx) => updateType(tx, req.body.dictId, req.body));
      return ok((await typeRows(db, [row]))[0]!, '修改成功');
    },
  );

  app.post(
    '/system/dict/type/remove',
    {
      config: { access: { perm: 'system:dict:remove', log: LOG('delete') } },
      schema: {
        tags: TAG,
        summary: '删除字典类型及其全部数据（ids；系统字典不可删除）',
        querystring: idsQuery,
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      const r = await db.transaction((tx) => removeTypes(tx, req.query.ids));
      return done(`已删除 ${r.types} 个字典类型及其 ${r.data} 条数据`);
    },
  );

  app.get(
    '/system/dict/type/export',
    {
      config: { access: { perm: 'system:dict:export' } },
      schema: { tags: TAG, summary: '导出字典类型（Excel）', querystring: typeExportQuery },
    },
    async (req, reply) => {
      const cond = typeWhere(req.query);
      return sendExcel(
        reply,
        '字典类型.xlsx',
        TYPE_COLUMNS,
        batches((offset, limit) =>
          db.select().from(sysDictType).where(cond).orderBy(sysDictType.dictId).limit(limit).offset(offset),
        ),
      );
    },
  );

  // ---------- data ----------

  app.get(
    '/system/dict/data/list',
    {
      config: { access: { perm: 'system:dict:list' } },
      schema: {
        tags: TAG,
        summary: '字典数据列表（按字典类型等筛选）',
        querystring: dataListQuery,
        response: { 200: pageEnvelope(dictDataRow) },
      },
    },
    async (req) => {
      const q = req.query;
      const cond = dataWhere(q);
      const [{ total }] = await db.select({ total: count() }).from(sysDictData).where(cond);
      const rows = await db
        .select()
        .from(sysDictData)
        .where(cond)
        .orderBy(...orderBy(q.sortField, q.sortOrder, DATA_SORT, DATA_ORDER))
        .limit(q.pageSize)
        .offset((q.pageNum - 1) * q.pageSize);
      return page(rows.map(toDataRow), total, q.pageNum);
    },
  );

  app.post(
    '/system/dict/data/save',
    {
      config: { access: { perm: 'system:dict:add', log: LOG('insert') } },
      schema: { tags: TAG, summary: '新增字典数据', body: dataBody, response: { 200: envelope(dictDataRow) } },
    },
    async (req) => {
      if (req.body.dictCode)
        throw badRequest('字典编码：新增时不应带字典编码，修改请调用 /system/dict/data/update', 'dictCode');
      const row = await db.transaction((tx) => createData(tx, req.body));
      return ok(toDataRow(row), '新增成功');
    },
  );

  app.post(
    '/system/dict/data/update',
    {
      config: { access: { perm: 'system:dict:edit', log: LOG('update') } },
      schema: {
        tags: TAG,
        summary: '修改字典数据（dictCode > 0）',
        body: dataUpdateBody,
        response: { 200: envelope(dictDataRow) },
      },
    },
    async (req) => {
      const row = await db.transaction((tx) => updateData(tx, req.body.dictCode, req.body));
      return ok(toDataRow(row), '修改成功');
    },
  );

  app.post(
    '/system/dict/data/remove',
    {
      config: { access: { perm: 'system:dict:remove', log: LOG('delete') } },
      schema: { tags: TAG, summary: '删除字典数据（ids）', querystring: idsQuery, response: { 200: doneEnvelope } },
    },
    async (req) => {
      const n = await db.transaction((tx) => removeData(tx, req.query.ids));
      return done(`已删除 ${n} 条字典数据`);
    },
  );

  app.get(
    '/system/dict/data/export',
    {
      config: { access: { perm: 'system:dict:export' } },
      schema: { tags: TAG, summary: '导出字典数据（Excel，可改后导入）', querystring: dataExportQuery },
    },
    async (req, reply) => {
      const cond = dataWhere(req.query);
      const name = req.query.dictType ? `字典数据_${req.query.dictType}.xlsx` : '字典数据.xlsx';
      return sendExcel(
        reply,
        name,
        DATA_COLUMNS,
        batches((offset, limit) =>
          db
            .select()
            .from(sysDictData)
            .where(cond)
            .orderBy(...DATA_ORDER)
            .limit(limit)
            .offset(offset),
        ),
      );
    },
  );

  app.get(
    '/system/dict/data/importTemplate',
    {
      config: { access: { perm: 'system:dict:import' } },
      schema: { tags: TAG, summary: '字典数据导入模板（Excel）' },
    },
    async (_req, reply) => sendTemplate(reply, '字典数据导入模板.xlsx', IMPORT_COLUMNS),
  );

  app.post(
    '/system/dict/data/importData',
    {
      config: { access: { perm: 'system:dict:import', log: LOG('import') }, importKind: 'dict' },
      schema: {
        tags: TAG,
        summary: '导入字典数据（multipart 字段 file，.xlsx）',
        description:
          '列：字典类型、字典标签、字典键值、字典排序、状态（1 正常 / 0 停用）。任一行有错时不写入任何数据，返回 400 与每个错误（data: [{rowNumber, field, msg}]）。',
        consumes: ['multipart/form-data'],
        querystring: importQuery,
        response: {
          200: envelope(z.object({ inserted: z.number(), updated: z.number() })),
          400: z.object({
            code: z.number(),
            msg: z.string(),
            field: z.string().optional(),
            data: z.array(importRowError).optional(),
          }),
        },
      },
    },
    async (req) => {
      const { file } = await readMultipart(req, MAX_IMPORT_BYTES);
      if (!file) throw badRequest('请选择要导入的文件（字段 file）', 'file');
      if (!/\.xlsx$/i.test(file.filename)) throw badRequest('文件类型不支持：请上传 .xlsx 格式的 Excel 文件', 'file');
      let sheet;
      try {
        sheet = await readExcel(file.bytes, IMPORT_COLUMNS);
      } catch (err) {
        throw badRequest(err instanceof Error ? err.message : '文件不是有效的 Excel（.xlsx）文件', 'file');
      }
      const updateSupport = req.query.updateSupport === 'true' || req.query.updateSupport === '1';
      const r = await db.transaction((tx) => importDictData(tx, sheet, updateSupport));
      return ok(r, `导入成功：新增 ${r.inserted} 条${r.updated ? `，更新 ${r.updated} 条` : ''}`);
    },
  );
};
