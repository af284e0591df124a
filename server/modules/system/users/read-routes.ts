/** Reading users: lists, one user, users with roles, user types, the reviewer's view of a submission, form options. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok, page, pageEnvelope, pageQuery } from '../../../lib/reply.js';
import { currentUser } from '../../../lib/authUser.js';
import { reviewDetail } from '../review/detail.js';
import { loadReview, pendingOf, summaryOf, userNames } from '../review/review.service.js';
import { reviewDetailSchema } from '../review/schemas.js';
import { assertInScope } from './access.js';
import {
  listUsers,
  listUsersV2,
  listUsersWithRoles,
  liveUserRow,
  userListQuery,
  userListV2Query,
  userRow,
  userRowV2,
} from './query.js';
import { USER_TYPES } from './record.js';
import { userView } from './view.js';
import { allDepts, certificateCountsOf, enterpriseOptionRows, personOptionRows } from './store.js';
import { maskIdNo, personalDataOf } from '../../../services/personalData.js';
import { revealOfferSchema } from '../../../services/personalDataSchemas.js';
import { userPersonalData } from './access.js';
import { id, idParams, optionalText } from '../../../lib/schemas.js';
import { isEnabled } from '../../../lib/status.js';
import { translateMessage } from '../../../lib/messages.js';

const idParam = idParams;
const TAGS = ['system-user'];

interface DeptNode {
  id: number;
  label: string;
  area: string | null;
  disabled: boolean;
  children: DeptNode[];
}
const deptNode: z.ZodType<DeptNode> = z
  .lazy(() =>
    z.object({
      id: z.number(),
      label: z.string(),
      area: z.string().nullable(),
      disabled: z.boolean(),
      children: z.array(deptNode),
    }),
  )
  .meta({ id: 'DeptOptionNode' });

export const userReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;
  const list = { access: { perm: 'system:user:list' } };

  app.get(
    '/system/user/list',
    {
      config: list,
      schema: {
        tags: TAGS,
        summary: '用户列表',
        description: '按数据权限筛选；beginTime/endTime 为创建日期。',
        querystring: userListQuery,
        response: { 200: pageEnvelope(userRow) },
      },
    },
    async (req) => {
      const { rows, total } = await listUsers(db, currentUser(req), req.query);
      return page(rows, total, req.query.pageNum);
    },
  );

  app.get(
    '/system/user/listV2',
    {
      config: list,
      schema: {
        tags: TAGS,
        summary: '用户列表（含待审核信息）',
        description:
          '在 list 的基础上：每行带待审核变更 pending；待审核的新增用户（尚未生成账号，userId 为空）排在最前。pending=1 只列出待审核的。',
        querystring: userListV2Query,
        response: { 200: pageEnvelope(userRowV2) },
      },
    },
    async (req) => {
      const { rows, total } = await listUsersV2(db, currentUser(req), req.query);
      return page(rows, total, req.query.pageNum);
    },
  );

  app.get(
    '/system/user/get/:id',
    {
      config: list,
      schema: {
        tags: TAGS,
        summary: '用户详情（含角色与待审核变更）',
        params: idParam,
        response: {
          200: envelope(userRowV2.extend({ review: reviewDetailSchema.nullable(), personalData: revealOfferSchema })),
        },
      },
    },
    async (req) => {
      const caller = currentUser(req);
      await assertInScope(db, caller, req.params.id);
      const row = await liveUserRow(db, req.params.id);
      // The phone as the list shows it; the user administrator reveals it by a click (logged). The form sends it back masked to keep it.
      const { offer } = personalDataOf(await userPersonalData(db, caller, req.params.id), 'user', req.params.id);
      const pending = await pendingOf(db, 'user', req.params.id);
      const names = pending ? await userNames(db, [pending.submittedBy]) : new Map<number, string>();
      return ok({
        ...row!,
        personalData: offer,
        pending: pending ? summaryOf(pending, names.get(pending.submittedBy) ?? '', caller) : null,
        review: pending ? await reviewDetail(db, pending, caller, userView) : null,
      });
    },
  );

  app.get(
    '/system/user/review/:id',
    {
      config: list,
      schema: {
        tags: TAGS,
        summary: '用户变更审核详情（变更对比）',
        params: idParam,
        response: { 200: envelope(reviewDetailSchema) },
      },
    },
    async (req) => ok(await reviewDetail(db, await loadReview(db, 'user', req.params.id), currentUser(req), userView)),
  );

  app.get(
    '/system/user/userRoleMnglist',
    {
      config: { access: { perm: 'system:userRole:list' } },
      schema: {
        tags: TAGS,
        summary: '用户及其角色（用户角色分配）',
        querystring: pageQuery.extend({
          userName: optionalText(64, '用户账号'),
          nickName: optionalText(64, '用户名称'),
          userType: z.enum(['00', '02', '03', '04']).optional(),
          roleId: id('角色编号').optional().describe('只列出拥有该角色的用户'),
        }),
        response: { 200: pageEnvelope(userRowV2) },
      },
    },
    async (req) => {
      const { rows, total } = await listUsersWithRoles(db, currentUser(req), req.query);
      return page(rows, total, req.query.pageNum);
    },
  );

  app.get(
    '/system/user/loadUserTypes',
    {
      config: list,
      schema: {
        tags: TAGS,
        summary: '用户类型',
        response: { 200: envelope(z.array(z.object({ value: z.string(), label: z.string() }))) },
      },
    },
    async () => ok(Object.entries(USER_TYPES).map(([value, label]) => ({ value, label: translateMessage(label) }))),
  );

  app.get(
    '/system/user/deptTree',
    {
      config: list,
      schema: { tags: TAGS, summary: '部门树（用户与角色表单）', response: { 200: envelope(z.array(deptNode)) } },
    },
    async () => {
      const rows = await allDepts(db);
      const nodes = new Map<number, DeptNode>(
        rows.map((d) => [
          d.deptId,
          { id: d.deptId, label: d.deptName, area: d.area, disabled: !isEnabled(d.status), children: [] },
        ]),
      );
      const roots: DeptNode[] = [];
      for (const d of rows) {
        const parent = nodes.get(d.parentId);
        (parent ? parent.children : roots).push(nodes.get(d.deptId)!);
      }
      return ok(roots);
    },
  );

  app.get(
    '/system/user/personOptions',
    {
      config: list,
      schema: {
        tags: TAGS,
        summary: '人员选项（个人用户关联的持证人员）',
        description: '按姓名（包含）或完整证件号码查找，至多 20 个；证件号码脱敏。id：答该人员本身（表单回显）。',
        querystring: z.object({ keyword: optionalText(64, '关键字'), id: id('人员编号').optional() }),
        response: {
          200: envelope(
            z.array(
              z.object({
                value: z.number(),
                label: z.string(),
                enterpriseName: z.string().nullable(),
                certificates: z.number(),
              }),
            ),
          ),
        },
      },
    },
    async (req) => {
      const { keyword, id: personId } = req.query;
      if (!personId && !keyword) return ok([]);
      const rows = await personOptionRows(db, keyword, personId);
      const held = await certificateCountsOf(
        db,
        rows.map((r) => r.value),
      );
      return ok(
        rows.map((r) => ({
          value: r.value,
          label: `${r.name}（${maskIdNo(r.idNo)}）`,
          enterpriseName: r.enterpriseName,
          certificates: held.get(r.value) ?? 0,
        })),
      );
    },
  );

  app.get(
    '/system/user/enterpriseOptions',
    {
      config: list,
      schema: {
        tags: TAGS,
        summary: '企业选项（企业用户的所属企业）',
        querystring: z.object({ keyword: optionalText(100, '关键字'), id: id('企业编号').optional() }),
        response: {
          200: envelope(z.array(z.object({ value: z.number(), label: z.string(), creditCode: z.string() }))),
        },
      },
    },
    async (req) => {
      const { keyword, id } = req.query;
      const rows = await enterpriseOptionRows(db, keyword, id);
      return ok(rows);
    },
  );
};
