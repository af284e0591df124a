/** Reading roles: the list, every role, the roles a user may be given, one role, the reviewer's view, the menu tree. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { batches, sendExcel, type ExcelColumn } from '../../../lib/excel.js';
import { envelope, ok, page, pageEnvelope } from '../../../lib/reply.js';
import { currentUser } from '../../../lib/authUser.js';
import { reviewDetail } from '../review/detail.js';
import { isDutyRole } from '../review/duties.js';
import { loadReview, pendingOf } from '../review/review.service.js';
import { reviewDetailSchema } from '../review/schemas.js';
import { chinaDate, chinaDateTime as formatChinaTime } from '../../../lib/days.js';
import { listRoles, liveRolePages, liveRoleRow, roleListQuery, roleRow, type RoleRow } from './query.js';
import { allMenus, enabledRoles } from './store.js';
import { rolesAssignableTo } from './service.js';
import { liveRole } from './record.js';
import { roleView } from './view.js';
import { id, idParams } from '../../../lib/schemas.js';

const TAGS = ['system-role'];
const idParam = idParams;
const option = z.object({
  roleId: z.number(),
  roleName: z.string(),
  roleKey: z.string(),
  dutyRole: z.boolean().describe('三员角色（互斥）'),
});

interface MenuNode {
  id: number;
  label: string;
  name: string | null;
  menuKey: string | null;
  menuType: string;
  children: MenuNode[];
}
const menuNode: z.ZodType<MenuNode> = z
  .lazy(() =>
    z.object({
      id: z.number(),
      label: z.string(),
      name: z.string().nullable().describe('路由名称（目录与菜单；界面按它显示所选语言的名称）'),
      menuKey: z.string().nullable(),
      menuType: z.string(),
      children: z.array(menuNode),
    }),
  )
  .meta({ id: 'MenuOptionNode' });

const EXPORT_COLUMNS: readonly ExcelColumn<RoleRow>[] = [
  { header: '角色编号', value: (r) => r.roleId, width: 10 },
  { header: '角色名称', value: (r) => r.roleName, width: 18 },
  { header: '角色标识', value: (r) => r.roleKey, width: 18 },
  { header: '显示顺序', value: (r) => r.roleSort, width: 10 },
  { header: '数据权限', value: (r) => r.dataScopeLabel, width: 20 },
  { header: '状态', value: (r) => (r.status === '1' ? '正常' : '停用'), width: 8 },
  { header: '用户数', value: (r) => r.userCount, width: 8 },
  { header: '备注', value: (r) => r.remark, width: 40 },
  { header: '创建时间', type: 'dateTime', value: (r) => formatChinaTime(r.createdAt), width: 20 },
];

export const roleReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;
  const list = { access: { perm: 'system:role:list' } };

  app.get(
    '/system/role/list',
    {
      config: list,
      schema: {
        tags: TAGS,
        summary: '角色列表（含待审核信息）',
        description: '待审核的新增角色（尚未生成，roleId 为空）排在最前；每行带待审核变更 pending。',
        querystring: roleListQuery,
        response: { 200: pageEnvelope(roleRow) },
      },
    },
    async (req) => {
      const { rows, total } = await listRoles(db, currentUser(req), req.query);
      return page(rows, total, req.query.pageNum);
    },
  );

  app.get(
    '/system/role/all',
    {
      config: list,
      schema: { tags: TAGS, summary: '全部启用的角色', response: { 200: envelope(z.array(option)) } },
    },
    async () => {
      const rows = await enabledRoles(db);
      return ok(rows.map((r) => ({ ...r, dutyRole: isDutyRole(r.roleKey) })));
    },
  );

  app.get(
    '/system/role/userAlternativeRole',
    {
      config: { access: { perm: 'system:user:list' } },
      schema: {
        tags: TAGS,
        summary: '可分配给用户的角色',
        description:
          '启用的角色；三员角色只提供给系统管理员类型（00）的用户。给出 userId 时按该用户的类型，否则按 userType。',
        querystring: z.object({
          userId: id('用户编号').optional(),
          userType: z.enum(['00', '02', '03', '04']).optional(),
        }),
        response: { 200: envelope(z.array(option)) },
      },
    },
    async (req) => ok(await rolesAssignableTo(db, req.query.userId, req.query.userType)),
  );

  app.get(
    '/system/role/get/:id',
    {
      config: list,
      schema: {
        tags: TAGS,
        summary: '角色详情（含菜单权限、数据权限部门与待审核变更）',
        params: idParam,
        response: {
          200: envelope(
            roleRow.extend({
              menuIds: z.array(z.number()),
              deptIds: z.array(z.number()),
              review: reviewDetailSchema.nullable(),
            }),
          ),
        },
      },
    },
    async (req) => {
      const live = await liveRole(db, req.params.id);
      const row = await liveRoleRow(db, currentUser(req), req.params.id);
      const pending = await pendingOf(db, 'role', req.params.id);
      return ok({
        ...row!,
        menuIds: live.record.menuIds,
        deptIds: live.record.deptIds,
        review: pending ? await reviewDetail(db, pending, currentUser(req), roleView) : null,
      });
    },
  );

  app.get(
    '/system/role/review/:id',
    {
      config: list,
      schema: {
        tags: TAGS,
        summary: '角色变更审核详情（变更对比）',
        params: idParam,
        response: { 200: envelope(reviewDetailSchema) },
      },
    },
    async (req) => ok(await reviewDetail(db, await loadReview(db, 'role', req.params.id), currentUser(req), roleView)),
  );

  app.get(
    '/system/role/menuTree',
    {
      config: list,
      schema: { tags: TAGS, summary: '菜单权限树（角色表单）', response: { 200: envelope(z.array(menuNode)) } },
    },
    async () => {
      const rows = await allMenus(db);
      const nodes = new Map<number, MenuNode>(
        rows.map((m) => [
          m.menuId,
          { id: m.menuId, label: m.menuName, name: m.name, menuKey: m.menuKey, menuType: m.menuType, children: [] },
        ]),
      );
      const roots: MenuNode[] = [];
      for (const m of rows) (nodes.get(m.parentId)?.children ?? roots).push(nodes.get(m.menuId)!);
      return ok(roots);
    },
  );

  app.get(
    '/system/role/export',
    {
      config: { access: { perm: 'system:role:export', log: { title: '角色管理', action: 'export' } } },
      schema: { tags: TAGS, summary: '导出角色（Excel）', querystring: roleListQuery },
    },
    async (req, reply) => {
      return sendExcel(
        reply,
        `角色列表_${chinaDate(app.ctx.clock.now())}.xlsx`,
        EXPORT_COLUMNS,
        batches(liveRolePages(db, currentUser(req), req.query), 500),
        '角色',
      );
    },
  );
};
