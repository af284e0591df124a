/** 部门管理 /system/dept (SPEC 7 Departments): the tree, enabled departments, a role's departments, changes. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope, envelope, ok } from '../../../lib/reply.js';
import { currentUser } from '../../../plugins/auth.js';
import { idParams, requireAnyPerm } from '../menus/kit.js';
import { deptBody, deptListQuery, deptNode, deptRow, deptUpdateBody } from './schemas.js';
import { createDept, deptRowById, deptTree, enabledDeptTree, removeDept, roleDeptIds, updateDept } from './service.js';

const TAG = ['system-dept'];
const LOG = (action: string) => ({ title: '部门管理', action });

export const deptRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;
  app.get('/system/dept/list', {
    config: { access: { perm: 'system:dept:list' } },
    schema: {
      tags: TAG,
      summary: '部门树（可按名称、状态、数据范围筛选）',
      description: '带时间戳参数 _t（或 t）防缓存；筛选时保留匹配部门的上级。',
      querystring: deptListQuery,
      response: { 200: envelope(z.array(deptNode)) },
    },
  }, async (req) => ok(await deptTree(db, req.query), '查询成功'));

  app.get('/system/dept/list/enable', {
    schema: { tags: TAG, summary: '正常状态的部门树（选择部门用）', response: { 200: envelope(z.array(deptNode)) } },
  }, async (req) => {
    requireAnyPerm(currentUser(req), ['system:dept:list', 'system:user:list', 'system:role:list']);
    return ok(await enabledDeptTree(db), '查询成功');
  });

  app.get('/system/dept/role/:id', {
    schema: {
      tags: TAG,
      summary: '角色数据范围涉及的部门与部门树',
      description: '数据范围 1 全部部门；3 角色成员所在部门；4 及其下级；5 仅本人与 2 自定义（未存储）为空。',
      params: idParams,
      response: { 200: envelope(z.object({ dataScope: z.string(), checkedKeys: z.array(z.number()), depts: z.array(deptNode) })) },
    },
  }, async (req) => {
    requireAnyPerm(currentUser(req), ['system:role:list', 'system:dept:list']);
    const scope = await roleDeptIds(db, req.params.id);
    return ok({ ...scope, depts: await deptTree(db, {}) }, '查询成功');
  });

  app.post('/system/dept/save', {
    config: { access: { perm: 'system:dept:add', log: LOG('insert') } },
    schema: { tags: TAG, summary: '新增部门', body: deptBody, response: { 200: envelope(deptRow) } },
  }, async (req) => {
    const row = await db.transaction((tx) => createDept(tx, req.body));
    return ok(await deptRowById(db, row.deptId), '新增成功');
  });

  app.post('/system/dept/update', {
    config: { access: { perm: 'system:dept:edit', log: LOG('update') } },
    schema: { tags: TAG, summary: '修改部门（deptId > 0；移动时下级一并移动）', body: deptUpdateBody, response: { 200: envelope(deptRow) } },
  }, async (req) => {
    const row = await db.transaction((tx) => updateDept(tx, req.body));
    return ok(await deptRowById(db, row.deptId), '修改成功');
  });

  app.post('/system/dept/remove/:id', {
    config: { access: { perm: 'system:dept:remove', log: LOG('delete') } },
    schema: { tags: TAG, summary: '删除部门（有下级或有用户时拒绝）', params: idParams, response: { 200: doneEnvelope } },
  }, async (req) => {
    const row = await db.transaction((tx) => removeDept(tx, req.params.id));
    return done(`已删除部门「${row.deptName}」`);
  });
};
