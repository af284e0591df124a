/** 行政区划 /system/districts (SPEC 7 Districts): a lazy level list, the province tree for cascaders, changes. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope, envelope, ok, page, pageEnvelope } from '../../../lib/reply.js';
import { batches, sendExcel, type ExcelColumn } from '../../../lib/excel.js';
import { districtBody, districtListQuery, districtNode, districtRow, districtUpdateBody } from './schemas.js';
import {
  createDistrict,
  districtExportBatch,
  districtRow as rowOf,
  listDistricts,
  provinceTree,
  removeDistricts,
  updateDistrict,
} from './service.js';
import { logAs } from '../../../lib/operLog.js';
import { codesQuery } from '../../../modules/system/districts/codes.js';

const TAG = ['system-district'];
const LOG = logAs('行政区划');

const LEVELS: Record<number, string> = { 1: '省', 2: '市', 3: '县' };
const AREAS: Record<string, string> = { '1': '广州类区域中心', '2': '深圳类区域中心', '3': '省中心' };
/** Districts come in pages of up to 500 in the list; the export reads them in batches of that size. */
const EXPORT_BATCH = 500;
type DistrictLine = z.infer<typeof districtRow> & { parentName: string };

const EXPORT_COLUMNS: ExcelColumn<DistrictLine>[] = [
  { header: '行政区划代码', width: 16, value: (r) => r.code },
  { header: '名称', width: 20, value: (r) => r.name },
  { header: '级别', value: (r) => LEVELS[r.level] ?? String(r.level) },
  { header: '上级代码', width: 16, value: (r) => r.parentCode },
  { header: '上级名称', width: 20, value: (r) => r.parentName },
  { header: '受理中心', width: 18, value: (r) => (r.area ? (AREAS[r.area] ?? r.area) : '') },
  { header: '排序', value: (r) => r.orderNum },
];

export const districtRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;

  app.get(
    '/system/districts/list',
    {
      config: { access: { perm: 'system:district:list' } },
      schema: {
        tags: TAG,
        summary: '行政区划列表：某上级的下级（无上级时为省级），或按名称搜索',
        querystring: districtListQuery,
        response: { 200: pageEnvelope(districtRow) },
      },
    },
    async (req) => {
      const { rows, total } = await listDistricts(db, req.query);
      return page(rows, total, req.query.pageNum);
    },
  );

  app.get(
    '/system/districts/list2',
    {
      schema: {
        tags: TAG,
        summary: '全省市、区县树（级联选择用）',
        response: { 200: envelope(z.array(districtNode)) },
      },
    },
    async () => ok(await provinceTree(db), '查询成功'),
  );

  app.post(
    '/system/districts/save',
    {
      config: { access: { perm: 'system:district:add', log: LOG('insert') } },
      schema: {
        tags: TAG,
        summary: '新增行政区划（代码须以上级代码前缀开头）',
        body: districtBody,
        response: { 200: envelope(districtRow) },
      },
    },
    async (req) => {
      const row = await createDistrict(db, req.body);
      return ok(await rowOf(db, row.code), '新增成功');
    },
  );

  app.post(
    '/system/districts/update',
    {
      config: { access: { perm: 'system:district:edit', log: LOG('update') } },
      schema: {
        tags: TAG,
        summary: '修改行政区划（名称、受理中心、顺序；受理中心随之下传区县）',
        body: districtUpdateBody,
        response: { 200: envelope(districtRow) },
      },
    },
    async (req) => {
      const row = await updateDistrict(db, req.body);
      return ok(await rowOf(db, row.code), '修改成功');
    },
  );

  app.post(
    '/system/districts/remove',
    {
      config: { access: { perm: 'system:district:remove', log: LOG('delete') } },
      schema: {
        tags: TAG,
        summary: '删除行政区划（ids 为代码；有下级或有企业登记时拒绝）',
        querystring: codesQuery,
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      const n = await removeDistricts(db, req.query.ids);
      return done(`已删除 ${n} 个行政区划`);
    },
  );

  app.get(
    '/system/districts/export',
    {
      config: { access: { perm: 'system:district:list' } },
      schema: {
        tags: TAG,
        summary: '导出行政区划（Excel）',
        description: '筛选与行政区划列表相同：某上级的下级（无上级时为省级），或按名称搜索。',
        querystring: districtListQuery.omit({ pageNum: true, pageSize: true }),
      },
    },
    async (req, reply) => {
      const filter = req.query;
      return sendExcel(
        reply,
        '行政区划.xlsx',
        EXPORT_COLUMNS,
        batches((offset, limit) => districtExportBatch(db, filter, offset, limit), EXPORT_BATCH),
      );
    },
  );
};
