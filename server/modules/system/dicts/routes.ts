/**
 * 字典管理 (SPEC 7 Dictionary types / data): types under /system/dict/type, their data under
 * /system/dict/data (GET /system/dict/data/type, the options by type, lives in modules/dict),
 * Excel export, an import template and the import itself.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope, envelope, ok, page, pageEnvelope } from '../../../lib/reply.js';
import { badRequest } from '../../../lib/errors.js';
import { batches, readExcel, sendExcel, sendTemplate, type ExcelColumn } from '../../../lib/excel.js';
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
  removeData,
  removeTypes,
  toDataRow,
  typeRows,
  updateData,
  updateType,
} from './service.js';
import { dataExportBatch, dataPage, typeExportBatch, typePage, type DataRecord, type TypeRecord } from './store.js';
import { logAs } from '../../../lib/operLog.js';
import { chinaDateTime } from '../../../lib/days.js';
import { idsQuery } from '../../../lib/schemas.js';

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
  { header: '创建时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.createdAt) },
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
  { header: '创建时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.createdAt) },
];

export const dictAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;
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
      const { rows, total } = await typePage(db, q);
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
      const row = await createType(db, req.body);
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
      const row = await updateType(db, req.body.dictId, req.body);
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
      const r = await removeTypes(db, req.query.ids);
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
      const q = req.query;
      return sendExcel(
        reply,
        '字典类型.xlsx',
        TYPE_COLUMNS,
        batches((offset, limit) => typeExportBatch(db, q, offset, limit)),
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
      const { rows, total } = await dataPage(db, q);
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
      const row = await createData(db, req.body);
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
      const row = await updateData(db, req.body.dictCode, req.body);
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
      const n = await removeData(db, req.query.ids);
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
      const q = req.query;
      const name = req.query.dictType ? `字典数据_${req.query.dictType}.xlsx` : '字典数据.xlsx';
      return sendExcel(
        reply,
        name,
        DATA_COLUMNS,
        batches((offset, limit) => dataExportBatch(db, q, offset, limit)),
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
      const r = await importDictData(db, sheet, updateSupport);
      return ok(r, `导入成功：新增 ${r.inserted} 条${r.updated ? `，更新 ${r.updated} 条` : ''}`);
    },
  );
};
