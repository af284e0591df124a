/**
 * Changing roles: create, edit, data scope and delete are submissions the security administrator
 * reviews; the submitter may take one back (cancel-commit); enabling/disabling acts at once.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope, envelope, ok } from '../../../lib/reply.js';
import { currentUser } from '../../../lib/authUser.js';
import { decisionBody, idsQuery, submittedSchema } from '../review/schemas.js';
import { normaliseRole, roleFields } from './record.js';
import { id } from '../../../lib/schemas.js';
import { logAs } from '../../../lib/operLog.js';
import {
  cancelRoleChange,
  changeRoleStatus,
  decideRoleChange,
  submitNewRole,
  submitRoleRemovals,
  submitRoleUpdate,
} from './service.js';

const TAGS = ['system-role'];
const LOG = logAs('角色管理');
const roleId = id('角色编号');
const SUBMITTED = '已提交，等待安全管理员审核';

export const roleWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.post(
    '/system/role/save',
    {
      config: { access: { perm: 'system:role:add', log: LOG('insert') } },
      schema: {
        tags: TAGS,
        summary: '新增角色（提交审核）',
        description:
          "生成待审核的新增（checkStatus '0'）；menuIds 为菜单权限（上级菜单自动补全），dataScope 为 2 时 deptIds 为自定数据权限的部门。",
        body: roleFields.extend({ status: z.enum(['0', '1']).default('1') }),
        response: { 200: envelope(submittedSchema) },
      },
    },
    async (req) => {
      const rec = normaliseRole(req.body, req.body.status);
      const result = await submitNewRole(ctx, currentUser(req).userId, rec);
      return ok(result, SUBMITTED);
    },
  );

  app.post(
    '/system/role/updateV2',
    {
      config: { access: { perm: 'system:role:edit', log: LOG('update') } },
      schema: {
        tags: TAGS,
        summary: '修改角色（提交审核）',
        description: "生成待审核的修改（checkStatus '2'），审核通过前角色不变。三员角色只能修改名称、顺序和备注。",
        body: roleFields.extend({ roleId }),
        response: { 200: envelope(submittedSchema) },
      },
    },
    async (req) => {
      const caller = currentUser(req);
      return ok(
        await submitRoleUpdate(ctx, caller.userId, req.body.roleId, (live) => normaliseRole(req.body, live.status)),
        SUBMITTED,
      );
    },
  );

  app.post(
    '/system/role/authDataScope',
    {
      config: { access: { perm: 'system:role:edit', log: LOG('grant') } },
      schema: {
        tags: TAGS,
        summary: '角色数据权限（提交审核）',
        description: '数据权限 1 全部 2 自定（deptIds） 3 本部门 4 本部门及以下 5 仅本人；按修改审核。',
        body: z.object({
          roleId,
          dataScope: z.enum(['1', '2', '3', '4', '5'], { error: '数据权限须为 1 至 5' }),
          deptIds: z.array(id('部门编号')).max(2000).default([]),
        }),
        response: { 200: envelope(submittedSchema) },
      },
    },
    async (req) => {
      const caller = currentUser(req);
      const { dataScope, deptIds } = req.body;
      return ok(
        await submitRoleUpdate(ctx, caller.userId, req.body.roleId, (live) => ({
          ...live,
          dataScope,
          deptIds: dataScope === '2' ? [...new Set(deptIds)].sort((a, b) => a - b) : [],
        })),
        SUBMITTED,
      );
    },
  );

  app.post(
    '/system/role/removeV2',
    {
      config: { access: { perm: 'system:role:remove', log: LOG('delete') } },
      schema: {
        tags: TAGS,
        summary: '删除角色（提交审核）',
        description: "每个角色生成一条待审核的删除（checkStatus '3'）。已分配给用户的角色、内置角色不能删除。",
        querystring: idsQuery,
        response: { 200: envelope(z.array(submittedSchema)) },
      },
    },
    async (req) => {
      const results = await submitRoleRemovals(ctx, currentUser(req).userId, req.query.ids);
      return ok(results, '已提交删除，等待安全管理员审核');
    },
  );

  /** One decision route per kind of submission (SPEC 7: new-check, update-check, delete-check). */
  const decide = (path: string, change: 'create' | 'update' | 'delete', summary: string, approvedMsg: string) =>
    app.post(
      path,
      {
        config: { access: { perm: 'system:role:audit', log: LOG('audit') } },
        schema: {
          tags: TAGS,
          summary,
          description: '通过则变更生效；驳回须填写审核意见，角色不变。审核人不能是提交人。',
          body: decisionBody,
          response: { 200: doneEnvelope },
        },
      },
      async (req) => {
        const approved = await decideRoleChange(ctx, currentUser(req).userId, change, path.split('/').pop()!, req.body);
        return done(approved ? approvedMsg : '已驳回，角色未改变');
      },
    );
  decide('/system/role/new-check', 'create', '审核新增角色', '审核通过，角色已创建');
  decide('/system/role/update-check', 'update', '审核角色修改', '审核通过，修改已生效');
  decide('/system/role/delete-check', 'delete', '审核角色删除', '审核通过，角色已删除');

  app.post(
    '/system/role/cancel-commit',
    {
      config: { access: { perm: 'system:role:edit', log: LOG('update') } },
      schema: {
        tags: TAGS,
        summary: '撤回待审核的角色变更',
        description: '只有提交人可以撤回；撤回后角色保持原样。',
        body: z.object({ reviewId: id('审核记录') }),
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      await cancelRoleChange(ctx, currentUser(req).userId, req.body.reviewId);
      return done('已撤回');
    },
  );

  app.post(
    '/system/role/status',
    {
      config: { access: { perm: 'system:role:edit', log: LOG('update') } },
      schema: {
        tags: TAGS,
        summary: '启用或停用角色',
        description: "status '1' 正常 '0' 停用；停用立即结束持有该角色的用户的会话。三员角色不能停用。",
        body: z.object({ roleId, status: z.enum(['0', '1'], { error: "状态只能是 '0' 停用或 '1' 正常" }) }),
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      const { roleId: id, status } = req.body;
      await changeRoleStatus(ctx, id, status);
      return done(status === '0' ? '角色已停用' : '角色已启用');
    },
  );
};
