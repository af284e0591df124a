/**
 * 菜单权限 /menu (SPEC 7 Menus): the menu tree, a role's grants, ancestors of chosen ids, and
 * changes to directories (M), pages (C) and buttons (F). GET /menu/user/0 lives in modules/menu.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope, envelope, ok } from '../../../lib/reply.js';
import { sendExcel, type ExcelColumn } from '../../../lib/excel.js';
import { currentUser } from '../../../lib/authUser.js';
import { menuBody, menuListQuery, menuNode, menuRow, menuUpdateBody, type MenuRow } from './schemas.js';
import {
  createMenu,
  idsWithAncestors,
  listMenus,
  menuTree,
  removeMenu,
  roleMenuIds,
  toMenuRow,
  updateMenu,
} from './service.js';
import { allMenus } from './store.js';
import { id, idParams } from '../../../lib/schemas.js';
import { logAs } from '../../../lib/operLog.js';
import { requireAnyPerm } from '../../../lib/listQuery.js';

const TAG = ['system-menu'];
const LOG = logAs('菜单权限');
/** The role screen (create, edit, review) shows the menu tree too. */
const TREE_READERS = ['system:menu:list', 'system:role:list'] as const;

const menuIdsBody = z.union(
  [z.array(id('菜单编号')).max(2000), z.object({ menuIds: z.array(id('菜单编号')).max(2000) })],
  { error: '请提交菜单编号数组 menuIds' },
);

const MENU_TYPES: Record<string, string> = { M: '目录', C: '菜单', F: '按钮' };
type MenuTreeNode = MenuRow & { children?: MenuTreeNode[] };

/** The tree in screen order (parent, then its children), so the sheet reads like the page. */
function flattenTree(nodes: readonly MenuTreeNode[], out: MenuRow[] = []): MenuRow[] {
  for (const { children, ...row } of nodes) {
    out.push(row);
    if (children) flattenTree(children, out);
  }
  return out;
}

const EXPORT_COLUMNS: ExcelColumn<MenuRow>[] = [
  { header: '菜单编号', value: (r) => r.menuId },
  { header: '上级编号', value: (r) => r.parentId },
  { header: '菜单名称', width: 24, value: (r) => r.menuName },
  { header: '类型', value: (r) => MENU_TYPES[r.menuType] ?? r.menuType },
  { header: '权限标识', width: 32, value: (r) => r.menuKey },
  { header: '路由地址', width: 28, value: (r) => r.path },
  { header: '组件', width: 28, value: (r) => r.component },
  { header: '排序', value: (r) => r.orderNum },
  { header: '显示/隐藏', value: (r) => (r.menuType === 'F' ? '' : r.visible === '1' ? '隐藏' : '显示') },
  { header: '状态', value: (r) => (r.status === '1' ? '正常' : '停用') },
];

export const menuAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;

  app.get(
    '/menu/list',
    {
      config: { access: { perm: 'system:menu:list' } },
      schema: {
        tags: TAG,
        summary: '菜单列表（默认树形；flat=1 平铺）',
        description: '按菜单名称、权限标识、状态、类型筛选；树形结果保留匹配项的上级。',
        querystring: menuListQuery,
        response: { 200: envelope(z.array(menuNode)) },
      },
    },
    async (req) => {
      const { flat, ...filter } = req.query;
      return ok(await listMenus(db, filter, !(flat === '1' || flat === 'true')), '查询成功');
    },
  );

  app.get(
    '/menu/role/:id',
    {
      schema: {
        tags: TAG,
        summary: '角色已授权的菜单编号与完整菜单树',
        params: idParams,
        response: { 200: envelope(z.object({ checkedKeys: z.array(z.number()), menus: z.array(menuNode) })) },
      },
    },
    async (req) => {
      requireAnyPerm(currentUser(req), TREE_READERS);
      const checkedKeys = await roleMenuIds(db, req.params.id);
      return ok({ checkedKeys, menus: menuTree(await allMenus(db)) }, '查询成功');
    },
  );

  app.post(
    '/menu/getMenuIdsByMenuIds',
    {
      schema: {
        tags: TAG,
        summary: '菜单编号补全上级（授权时勾选子节点即授权其上级）',
        body: menuIdsBody,
        response: { 200: envelope(z.array(z.number())) },
      },
    },
    async (req) => {
      requireAnyPerm(currentUser(req), TREE_READERS);
      const ids = Array.isArray(req.body) ? req.body : req.body.menuIds;
      return ok(await idsWithAncestors(db, ids), '查询成功');
    },
  );

  app.post(
    '/menu/save',
    {
      config: { access: { perm: 'system:menu:add', log: LOG('insert') } },
      schema: { tags: TAG, summary: '新增菜单、目录或按钮', body: menuBody, response: { 200: envelope(menuRow) } },
    },
    async (req) => {
      const row = await createMenu(db, req.body);
      return ok(toMenuRow(row), '新增成功');
    },
  );

  app.post(
    '/menu/update',
    {
      config: { access: { perm: 'system:menu:edit', log: LOG('update') } },
      schema: {
        tags: TAG,
        summary: '修改菜单（menuId > 0）',
        body: menuUpdateBody,
        response: { 200: envelope(menuRow) },
      },
    },
    async (req) => {
      const row = await updateMenu(db, currentUser(req), req.body.menuId, req.body);
      return ok(toMenuRow(row), '修改成功');
    },
  );

  app.post(
    '/menu/remove/:id',
    {
      config: { access: { perm: 'system:menu:remove', log: LOG('delete') } },
      schema: {
        tags: TAG,
        summary: '删除菜单（有下级或已授权给角色时拒绝）',
        params: idParams,
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      const row = await removeMenu(db, currentUser(req), req.params.id);
      return done(`已删除菜单「${row.menuName}」`);
    },
  );

  app.get(
    '/menu/export',
    {
      config: { access: { perm: 'system:menu:list' } },
      schema: {
        tags: TAG,
        summary: '导出菜单（Excel）',
        description: '筛选与菜单列表相同；按树形顺序导出，匹配项保留其上级。',
        querystring: menuListQuery.omit({ flat: true }),
      },
    },
    async (req, reply) => {
      // The menu table holds a few hundred rows: one read, no batching needed.
      const rows = flattenTree((await listMenus(db, req.query, true)) as MenuTreeNode[]);
      return sendExcel(reply, '菜单权限.xlsx', EXPORT_COLUMNS, rows);
    },
  );
};
