/**
 * Changing users. Creating, editing, assigning roles and deleting are submissions the security
 * administrator reviews (four-eyes); enabling/disabling and password resets act at once, except
 * that enabling or disabling one of the three administrators is reviewed too (三员分立). No
 * administrator chooses another user's password: a reset issues a one-time password, sent to the
 * user's phone when there is one, that must be changed at the next sign-in.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope, envelope, ok } from '../../../lib/reply.js';
import { currentUser } from '../../../lib/authUser.js';
import { decisionBody, idsQuery, submittedSchema } from '../review/schemas.js';
import { normalise, userFields, userPatch } from './record.js';
import { changeEffectSchema, diffRowSchema } from '../review/schemas.js';
import { REVIEW_WARNINGS } from '../../../../machines/recordReview.machine.js';
import { id } from '../../../lib/schemas.js';
import { logAs } from '../../../lib/operLog.js';
import {
  changeUserStatus,
  decideNewUser,
  decideUserChange,
  previewNewUser,
  previewUserPatch,
  resetUserPassword,
  submitNewUser,
  submitUserPatch,
  submitUserRemovals,
  submitUserRoles,
} from './service.js';

const TAGS = ['system-user'];
const LOG = logAs('用户管理');
const userId = id('用户编号');
/** The effects the submitter chooses explicitly (effect.ts warnings). */
const acknowledged = z
  .array(z.enum(REVIEW_WARNINGS))
  .max(REVIEW_WARNINGS.length)
  .optional()
  .describe('明确选择的影响，如 unlinksPerson（解除账号与持证人员的关联）');
const changePreview = z.object({ diff: z.array(diffRowSchema), effect: changeEffectSchema });

export const userWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.post(
    '/system/user/save',
    {
      config: { access: { perm: 'system:user:add', log: LOG('insert') } },
      schema: {
        tags: TAGS,
        summary: '新增用户（提交审核）',
        description:
          "提交后生成待审核的新增（checkStatus '0'），安全管理员审核通过后才创建账号。未填写初始密码时随机生成并在 data.initialPassword 中返回一次；用户首次登录须修改密码。",
        body: userFields.extend({
          status: z.enum(['0', '1']).default('1'),
          password: z.string().max(128, '密码不能超过128个字符').optional(),
        }),
        response: { 200: envelope(submittedSchema.extend({ initialPassword: z.string().nullable() })) },
      },
    },
    async (req) => {
      const rec = normalise(req.body, req.body.status);
      const result = await submitNewUser(ctx, currentUser(req).userId, rec, req.body.password);
      return ok(result, '已提交，等待安全管理员审核');
    },
  );

  app.post(
    '/system/user/updateV2',
    {
      config: { access: { perm: 'system:user:edit', log: LOG('update') } },
      schema: {
        tags: TAGS,
        summary: '修改用户（提交审核）',
        description:
          "提交后生成待审核的修改（checkStatus '2'），审核通过前用户信息不变。只修改请求中给出的字段：未给出的字段保持原值，null 或空字符串为清空；手机号码给出列表中的脱敏值视为未修改。会解除账号与持证人员关联（其证书不再显示在“我的证书”）的修改须在 acknowledged 中给出 unlinksPerson，否则答 409（data.warnings 说明影响）；修改前可用 /system/user/previewUpdate 查看全部影响。状态请用 /system/user/status。",
        body: userPatch.extend({ userId, acknowledged }),
        response: { 200: envelope(submittedSchema) },
      },
    },
    async (req) => {
      const caller = currentUser(req);
      const { userId: id, acknowledged: chosen, ...patch } = req.body;
      const result = await submitUserPatch(ctx, caller, id, patch, chosen);
      return ok(result, '已提交，等待安全管理员审核');
    },
  );

  app.post(
    '/system/user/previewUpdate',
    {
      config: { access: { perm: 'system:user:edit' } },
      schema: {
        tags: TAGS,
        summary: '修改用户前查看其全部影响（不提交）',
        description:
          '与 updateV2 相同的请求：答变更对比（diff）与全部影响（关联人员及其证书、角色、数据范围）和须明确选择的警示，什么都不写入。',
        body: userPatch.extend({ userId, acknowledged }),
        response: { 200: envelope(changePreview) },
      },
    },
    async (req) => {
      const { userId: id, acknowledged: _chosen, ...patch } = req.body;
      return ok(await previewUserPatch(ctx.db, currentUser(req), id, patch), '查询成功');
    },
  );

  app.post(
    '/system/user/preview',
    {
      config: { access: { perm: 'system:user:add' } },
      schema: {
        tags: TAGS,
        summary: '新增用户前查看其全部影响（不提交）',
        description:
          '与 save 相同的请求：答将创建的账号（diff）与全部影响（关联人员及其证书、角色、数据范围），什么都不写入。',
        body: userFields.extend({
          status: z.enum(['0', '1']).default('1'),
          password: z.string().max(128, '密码不能超过128个字符').optional(),
        }),
        response: { 200: envelope(changePreview) },
      },
    },
    async (req) => {
      return ok(await previewNewUser(ctx.db, normalise(req.body, req.body.status)), '查询成功');
    },
  );

  app.post(
    '/system/user/userAuthorize',
    {
      config: { access: { perm: 'system:userRole:edit', log: LOG('grant') } },
      schema: {
        tags: TAGS,
        summary: '分配角色（提交审核）',
        description:
          '角色变更经安全管理员审核通过后生效，同时结束该用户的全部会话。三员（系统管理员、安全管理员、审计管理员）角色互斥。',
        body: z.object({
          userId,
          roleIds: z
            .array(id('角色编号'), { error: '请至少选择一个角色' })
            .min(1, '请至少选择一个角色')
            .max(20, '角色不能超过20个'),
        }),
        response: { 200: envelope(submittedSchema) },
      },
    },
    async (req) => {
      const result = await submitUserRoles(ctx, currentUser(req), req.body.userId, req.body.roleIds);
      return ok(result, '已提交，等待安全管理员审核');
    },
  );

  app.post(
    '/system/user/remove',
    {
      config: { access: { perm: 'system:user:remove', log: LOG('delete') } },
      schema: {
        tags: TAGS,
        summary: '删除用户（提交审核）',
        description:
          "每个用户生成一条待审核的删除（用户的 checkStatus 为 '2'：SPEC 中用户除新增外均按修改计），审核通过后删除账号并结束其会话。已有业务、办理或审核记录的用户不能删除，请停用。",
        querystring: idsQuery,
        response: { 200: envelope(z.array(submittedSchema)) },
      },
    },
    async (req) => {
      const results = await submitUserRemovals(ctx, currentUser(req), req.query.ids);
      return ok(results, '已提交删除，等待安全管理员审核');
    },
  );

  app.post(
    '/system/user/new-check',
    {
      config: { access: { perm: 'system:user:audit', log: LOG('audit') } },
      schema: {
        tags: TAGS,
        summary: '审核新增用户',
        description: '通过则创建账号（用户首次登录须修改初始密码）；驳回须填写审核意见。审核人不能是提交人。',
        body: decisionBody,
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      const approved = await decideNewUser(ctx, currentUser(req).userId, req.body);
      return done(approved ? '审核通过，账号已创建' : '已驳回');
    },
  );

  app.post(
    '/system/user/update-check',
    {
      config: { access: { perm: 'system:user:audit', log: LOG('audit') } },
      schema: {
        tags: TAGS,
        summary: '审核用户修改或删除',
        description:
          '通过则修改（或删除）生效；角色有变化或账号被删除时结束该用户的全部会话。驳回须填写审核意见，用户信息不变。审核人不能是提交人，也不能是被修改的用户本人。审核详情的 warnings 中的每一项（如 unlinksPerson：解除账号与持证人员的关联）须在 acknowledged 中逐项确认才能通过，否则答 409。',
        body: decisionBody,
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      const outcome = await decideUserChange(ctx, currentUser(req).userId, req.body);
      const msg = {
        deleted: '审核通过，用户已删除',
        updated: '审核通过，修改已生效',
        rejected: '已驳回，用户信息未改变',
      }[outcome];
      return done(msg);
    },
  );

  app.post(
    '/system/user/status',
    {
      config: { access: { perm: 'system:user:edit', log: LOG('update') } },
      schema: {
        tags: TAGS,
        summary: '启用或停用用户',
        description:
          "status '1' 正常 '0' 停用；停用立即结束该用户的全部会话。三员（系统管理员、安全管理员、审计管理员）账号的启用停用提交安全管理员审核后生效。",
        body: z.object({ userId, status: z.enum(['0', '1'], { error: "状态只能是 '0' 停用或 '1' 正常" }) }),
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      const { userId: id, status } = req.body;
      if ((await changeUserStatus(ctx, currentUser(req), id, status)) === 'submitted')
        return done('三员账号的启用或停用已提交，等待安全管理员审核');
      return done(status === '0' ? '已停用，该用户已被强制下线' : '已启用');
    },
  );

  app.post(
    '/system/user/resetPwd',
    {
      config: { access: { perm: 'system:user:resetPwd', log: LOG('update') } },
      schema: {
        tags: TAGS,
        summary: '重置用户密码',
        description:
          '系统生成一次性密码：用户有手机号码时以短信发送（data.sentTo 为脱敏号码，data.password 为空），否则在 data.password 中返回一次由管理员转交。用户下次登录须修改密码；其现有会话立即结束。管理员不能为他人指定密码；安全管理员、审计管理员账号的密码只能由本人修改（三员分立）。',
        body: z.object({
          userId,
          password: z.undefined({ error: '不能为他人指定密码：重置后由系统生成一次性密码' }).optional(),
        }),
        response: { 200: envelope(z.object({ password: z.string().nullable(), sentTo: z.string().nullable() })) },
      },
    },
    async (req) => {
      const { password, sentTo } = await resetUserPassword(ctx, currentUser(req), req.body.userId);
      if (sentTo) return ok({ password, sentTo }, `密码已重置，一次性密码已发送至 ${sentTo}，用户登录后须修改密码`);
      return ok({ password, sentTo }, '密码已重置：用户没有登记手机号码，请将一次性密码当面转交，用户登录后须修改密码');
    },
  );
};
