/**
 * User groups (UserGroupList): named sets of users, e.g. for messages to several people at once.
 * /system/userGroup list, get, save, update, remove, and the members of a group.
 */
import { z } from 'zod';
import { STATUS_CODES, storedCode } from '../../../lib/codes.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../../lib/errors.js';
import { done, doneEnvelope, envelope, ok, page, pageEnvelope, pageQuery } from '../../../lib/reply.js';
import { batches, sendExcel, type ExcelColumn } from '../../../lib/excel.js';
import { idsQuery } from '../review/schemas.js';
import { id, idParams, optionalText, text } from '../../../lib/schemas.js';
import { logAs } from '../../../lib/operLog.js';
import { createGroup, removeGroups, setMembers, updateGroup } from './service.js';
import {
  groupById,
  groupExists,
  groupExportBatch,
  groupPage,
  memberCounts,
  membersOf,
  userOptions,
  type GroupLine,
} from './store.js';
import { chinaDateTime } from '../../../lib/days.js';

const TAGS = ['system-userGroup'];
const LOG = logAs('用户组管理');
const idParam = idParams;
const userIds = z.array(id('用户编号')).max(5000, '成员不能超过5000个');

const groupFields = z.object({
  groupName: text(64, '用户组名称', { min: 1 }),
  remark: text(500, '备注', { multiline: true }).nullish(),
  status: z.enum(['0', '1'], { error: "状态只能是 '0' 停用或 '1' 正常" }).default('1'),
  userIds: userIds.optional(),
});
const groupRow = z.object({
  groupId: z.number(),
  groupName: z.string(),
  remark: z.string().nullable(),
  status: z.enum(STATUS_CODES),
  memberCount: z.number(),
  createdAt: z.string(),
});
const memberRow = z.object({
  userId: z.number(),
  userName: z.string(),
  nickName: z.string(),
  deptName: z.string().nullable(),
  status: z.string(),
});

const exportQuery = pageQuery
  .omit({ pageNum: true, pageSize: true })
  .extend({ groupName: optionalText(64, '用户组名称'), status: z.enum(['0', '1']).optional() });

const EXPORT_COLUMNS: ExcelColumn<GroupLine>[] = [
  { header: '用户组编号', value: (r) => r.groupId },
  { header: '用户组名称', width: 28, value: (r) => r.groupName },
  { header: '成员数', value: (r) => r.memberCount },
  { header: '状态', value: (r) => (r.status === '1' ? '正常' : '停用') },
  { header: '备注', width: 40, value: (r) => r.remark },
  { header: '创建时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.createdAt) },
];

export const userGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const db = ctx.db;
  const list = { access: { perm: 'system:userGroup:list' } };

  app.get(
    '/system/userGroup/list',
    {
      config: list,
      schema: {
        tags: TAGS,
        summary: '用户组列表',
        querystring: pageQuery.extend({
          groupName: optionalText(64, '用户组名称'),
          status: z.enum(['0', '1']).optional(),
        }),
        response: { 200: pageEnvelope(groupRow) },
      },
    },
    async (req) => {
      const q = req.query;
      const { rows, total } = await groupPage(db, q);
      const countOf = await memberCounts(
        db,
        rows.map((r) => r.groupId),
      );
      return page(
        rows.map((r) => ({
          groupId: r.groupId,
          groupName: r.groupName,
          remark: r.remark,
          status: storedCode(STATUS_CODES, r.status),
          memberCount: countOf.get(r.groupId) ?? 0,
          createdAt: r.createdAt.toISOString(),
        })),
        total,
        q.pageNum,
      );
    },
  );

  app.get(
    '/system/userGroup/get/:id',
    {
      config: list,
      schema: {
        tags: TAGS,
        summary: '用户组详情（含成员）',
        params: idParam,
        response: { 200: envelope(groupRow.extend({ userIds: z.array(z.number()), members: z.array(memberRow) })) },
      },
    },
    async (req) => {
      const g = await groupById(db, req.params.id);
      if (!g) throw notFound('用户组不存在');
      const members = await membersOf(db, g.groupId);
      return ok({
        groupId: g.groupId,
        groupName: g.groupName,
        remark: g.remark,
        status: storedCode(STATUS_CODES, g.status),
        memberCount: members.length,
        createdAt: g.createdAt.toISOString(),
        userIds: members.map((m) => m.userId),
        members: members.map((m) => ({ ...m, deptName: m.deptName ?? null })),
      });
    },
  );

  app.get(
    '/system/userGroup/members/:id',
    {
      config: list,
      schema: { tags: TAGS, summary: '用户组成员', params: idParam, response: { 200: envelope(z.array(memberRow)) } },
    },
    async (req) => {
      if (!(await groupExists(db, req.params.id))) throw notFound('用户组不存在');
      return ok((await membersOf(db, req.params.id)).map((m) => ({ ...m, deptName: m.deptName ?? null })));
    },
  );

  app.get(
    '/system/userGroup/userOptions',
    {
      config: list,
      schema: {
        tags: TAGS,
        summary: '可选成员（按登录名或姓名搜索）',
        querystring: z.object({ keyword: optionalText(64, '关键字') }),
        response: { 200: envelope(z.array(z.object({ value: z.number(), label: z.string() }))) },
      },
    },
    async (req) => {
      const rows = await userOptions(db, req.query.keyword);
      return ok(
        rows.map((r) => ({ value: r.value, label: r.nickName ? `${r.nickName}（${r.userName}）` : r.userName })),
      );
    },
  );

  app.post(
    '/system/userGroup/save',
    {
      config: { access: { perm: 'system:userGroup:add', log: LOG('insert') } },
      schema: {
        tags: TAGS,
        summary: '新增用户组',
        body: groupFields,
        response: { 200: envelope(z.object({ groupId: z.number() })) },
      },
    },
    async (req) => {
      const groupId = await createGroup(db, req.body, ctx.clock);
      return ok({ groupId }, '新增成功');
    },
  );

  app.post(
    '/system/userGroup/update',
    {
      config: { access: { perm: 'system:userGroup:edit', log: LOG('update') } },
      schema: {
        tags: TAGS,
        summary: '修改用户组',
        description: '给出 userIds 时同时替换成员。',
        body: groupFields.extend({ groupId: id('用户组编号') }),
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      await updateGroup(db, req.body, ctx.clock);
      return done('修改成功');
    },
  );

  app.post(
    '/system/userGroup/members',
    {
      config: { access: { perm: 'system:userGroup:edit', log: LOG('update') } },
      schema: {
        tags: TAGS,
        summary: '设置用户组成员',
        body: z.object({ groupId: id('用户组编号'), userIds }),
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      await setMembers(db, req.body.groupId, req.body.userIds);
      return done('成员已更新');
    },
  );

  app.post(
    '/system/userGroup/remove',
    {
      config: { access: { perm: 'system:userGroup:remove', log: LOG('delete') } },
      schema: { tags: TAGS, summary: '删除用户组', querystring: idsQuery, response: { 200: doneEnvelope } },
    },
    async (req) => {
      const removed = await removeGroups(db, req.query.ids);
      return done(`已删除${removed}个用户组`);
    },
  );

  app.get(
    '/system/userGroup/export',
    {
      config: list,
      schema: { tags: TAGS, summary: '导出用户组（Excel）', querystring: exportQuery },
    },
    async (req, reply) => {
      const q = req.query;
      return sendExcel(
        reply,
        '用户组.xlsx',
        EXPORT_COLUMNS,
        batches((offset, limit) => groupExportBatch(db, q, offset, limit)),
      );
    },
  );
};
