/** 行政区划 /system/districts (SPEC 7 Districts): a lazy level list, the province tree for cascaders, changes. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope, envelope, ok, page, pageEnvelope } from '../../../lib/reply.js';
import { codesQuery } from '../menus/kit.js';
import { districtBody, districtListQuery, districtNode, districtRow, districtUpdateBody } from './schemas.js';
import { createDistrict, districtRow as rowOf, listDistricts, provinceTree, removeDistricts, updateDistrict } from './service.js';

const TAG = ['system-district'];
const LOG = (action: string) => ({ title: '行政区划', action });

export const districtRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;

  app.get('/system/districts/list', {
    config: { access: { perm: 'system:district:list' } },
    schema: {
      tags: TAG,
      summary: '行政区划列表：某上级的下级（无上级时为省级），或按名称搜索',
      querystring: districtListQuery,
      response: { 200: pageEnvelope(districtRow) },
    },
  }, async (req) => {
    const { rows, total } = await listDistricts(db, req.query);
    return page(rows, total, req.query.pageNum);
  });

  app.get('/system/districts/list2', {
    schema: {
      tags: TAG,
      summary: '全省市、区县树（级联选择用）',
      response: { 200: envelope(z.array(districtNode)) },
    },
  }, async () => ok(await provinceTree(db), '查询成功'));

  app.post('/system/districts/save', {
    config: { access: { perm: 'system:district:add', log: LOG('insert') } },
    schema: { tags: TAG, summary: '新增行政区划（代码须以上级代码前缀开头）', body: districtBody, response: { 200: envelope(districtRow) } },
  }, async (req) => {
    const row = await db.transaction((tx) => createDistrict(tx, req.body));
    return ok(await rowOf(db, row.code), '新增成功');
  });

  app.post('/system/districts/update', {
    config: { access: { perm: 'system:district:edit', log: LOG('update') } },
    schema: { tags: TAG, summary: '修改行政区划（名称、受理中心、顺序；受理中心随之下传区县）', body: districtUpdateBody, response: { 200: envelope(districtRow) } },
  }, async (req) => {
    const row = await db.transaction((tx) => updateDistrict(tx, req.body));
    return ok(await rowOf(db, row.code), '修改成功');
  });

  app.post('/system/districts/remove', {
    config: { access: { perm: 'system:district:remove', log: LOG('delete') } },
    schema: { tags: TAG, summary: '删除行政区划（ids 为代码；有下级或有企业登记时拒绝）', querystring: codesQuery, response: { 200: doneEnvelope } },
  }, async (req) => {
    const n = await db.transaction((tx) => removeDistricts(tx, req.query.ids));
    return done(`已删除 ${n} 个行政区划`);
  });
};
