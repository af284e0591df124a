/** 部门管理 /system/dept (SPEC 7 Departments): the tree, enabled departments, a role's departments, changes. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope, envelope, ok } from '../../../lib/reply.js';
import { sendExcel, type ExcelColumn } from '../../../lib/excel.js';
import { currentUser } from '../../../lib/authUser.js';
import { deptBody, deptListQuery, deptNode, deptRow, deptUpdateBody, type DeptRow } from './schemas.js';
import { createDept, deptRowById, deptTree, enabledDeptTree, removeDept, roleDeptIds, updateDept } from './service.js';
import { logAs } from '../../../lib/operLog.js';
import { chinaDateTime } from '../../../lib/days.js';
import { requireAnyPerm } from '../../../lib/listQuery.js';
import { idParams } from '../../../lib/schemas.js';

const TAG = ['system-dept'];
const LOG = logAs('部门管理');

const AREAS: Record<string, string> = { '1': '广州类区域中心', '2': '深圳类区域中心', '3': '省中心' };
type DeptTreeNode = DeptRow & { children?: DeptTreeNode[] };
type DeptLine = DeptRow & { parentName: string };

/** The tree in screen order (parent, then its children), so the sheet reads like the page. */
function flattenTree(nodes: readonly DeptTreeNode[], parentName = '', out: DeptLine[] = []): DeptLine[] {
  for (const { children, ...row } of nodes) {
    out.push({ ...row, parentName });
    if (children) flattenTree(children, row.deptName, out);
  }
  return out;
}

const EXPORT_COLUMNS: ExcelColumn<DeptLine>[] = [
  { header: '部门编号', value: (r) => r.deptId },
  { header: '部门名称', width: 30, value: (r) => r.deptName },
  { header: '上级部门', width: 30, value: (r) => r.parentName },
  { header: '数据范围', width: 18, value: (r) => (r.area ? (AREAS[r.area] ?? r.area) : '') },
  { header: '负责人', value: (r) => r.leader },
  { header: '联系电话', width: 16, value: (r) => r.phone },
  { header: '用户数', value: (r) => r.userCount },
  { header: '排序', value: (r) => r.orderNum },
  { header: '状态', value: (r) => (r.status === '1' ? '正常' : '停用') },
  { header: '创建时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(new Date(r.createdAt)) },
];

export const deptRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;
  app.get(
    '/system/dept/list',
    {
      config: { access: { perm: 'system:dept:list' } },
      schema: {
        tags: TAG,
        summary: '部门树（可按名称、状态、数据范围筛选）',
        description: '带时间戳参数 _t（或 t）防缓存；筛选时保留匹配部门的上级。',
        querystring: deptListQuery,
        response: { 200: envelope(z.array(deptNode)) },
      },
    },
    async (req) => ok(await deptTree(db, req.query), '查询成功'),
  );

  app.get(
    '/system/dept/list/enable',
    {
      schema: { tags: TAG, summary: '正常状态的部门树（选择部门用）', response: { 200: envelope(z.array(deptNode)) } },
    },
    async (req) => {
      requireAnyPerm(currentUser(req), ['system:dept:list', 'system:user:list', 'system:role:list']);
      return ok(await enabledDeptTree(db), '查询成功');
    },
  );

  app.get(
    '/system/dept/role/:id',
    {
      schema: {
        tags: TAG,
        summary: '角色数据范围涉及的部门与部门树',
        description: '数据范围 1 全部部门；3 角色成员所在部门；4 及其下级；5 仅本人与 2 自定义（未存储）为空。',
        params: idParams,
        response: {
          200: envelope(
            z.object({ dataScope: z.string(), checkedKeys: z.array(z.number()), depts: z.array(deptNode) }),
          ),
        },
      },
    },
    async (req) => {
      requireAnyPerm(currentUser(req), ['system:role:list', 'system:dept:list']);
      const scope = await roleDeptIds(db, req.params.id);
      return ok({ ...scope, depts: await deptTree(db, {}) }, '查询成功');
    },
  );

  app.post(
    '/system/dept/save',
    {
      config: { access: { perm: 'system:dept:add', log: LOG('insert') } },
      schema: { tags: TAG, summary: '新增部门', body: deptBody, response: { 200: envelope(deptRow) } },
    },
    async (req) => {
      const row = await createDept(db, req.body);
      return ok(await deptRowById(db, row.deptId), '新增成功');
    },
  );

  app.post(
    '/system/dept/update',
    {
      config: { access: { perm: 'system:dept:edit', log: LOG('update') } },
      schema: {
        tags: TAG,
        summary: '修改部门（deptId > 0；移动时下级一并移动）',
        body: deptUpdateBody,
        response: { 200: envelope(deptRow) },
      },
    },
    async (req) => {
      const row = await updateDept(db, req.body);
      return ok(await deptRowById(db, row.deptId), '修改成功');
    },
  );

  app.post(
    '/system/dept/remove/:id',
    {
      config: { access: { perm: 'system:dept:remove', log: LOG('delete') } },
      schema: {
        tags: TAG,
        summary: '删除部门（有下级或有用户时拒绝）',
        params: idParams,
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      const row = await removeDept(db, req.params.id);
      return done(`已删除部门「${row.deptName}」`);
    },
  );

  app.get(
    '/system/dept/export',
    {
      config: { access: { perm: 'system:dept:list' } },
      schema: {
        tags: TAG,
        summary: '导出部门（Excel）',
        description: '筛选与部门树相同；按树形顺序导出，匹配项保留其上级。',
        querystring: deptListQuery,
      },
    },
    async (req, reply) => {
      // Departments number in the dozens: one read, no batching needed.
      const rows = flattenTree(await deptTree(db, req.query));
      return sendExcel(reply, '部门管理.xlsx', EXPORT_COLUMNS, rows);
    },
  );
};
