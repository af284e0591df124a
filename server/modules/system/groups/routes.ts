/**
 * User groups (UserGroupList): named sets of users, e.g. for messages to several people at once.
 * /system/userGroup list, get, save, update, remove, and the members of a group.
 */
import { z } from 'zod';
import { STATUS_CODES, storedCode } from '../../../lib/codes.js';
import { and, asc, count, desc, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../../db/client.js';
import { sysDept, sysUser, sysUserGroup, sysUserGroupMember } from '../../../db/schema.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { done, doneEnvelope, envelope, ok, page, pageEnvelope, pageQuery } from '../../../lib/reply.js';
import { batches, sendExcel, type ExcelColumn } from '../../../lib/excel.js';
import { chinaTime } from '../menus/kit.js';
import { contains, dateRange, orderBy } from '../review/list-kit.js';
import { idsQuery } from '../review/schemas.js';
import { id, idParams, optionalText, text } from '../../../lib/schemas.js';
import { logAs } from '../../../lib/operLog.js';

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

async function assertNameFree(db: DbOrTx, name: string, self: number | null): Promise<void> {
  const [taken] = await db
    .select({ id: sysUserGroup.groupId })
    .from(sysUserGroup)
    .where(and(eq(sysUserGroup.groupName, name), self === null ? undefined : ne(sysUserGroup.groupId, self)));
  if (taken) throw conflict(`用户组名称“${name}”已存在`);
}

async function writeMembers(db: DbOrTx, groupId: number, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length) {
    const found = await db.select({ id: sysUser.userId }).from(sysUser).where(inArray(sysUser.userId, unique));
    if (found.length !== unique.length) throw badRequest('所选成员中有用户不存在', 'userIds');
  }
  await db.delete(sysUserGroupMember).where(eq(sysUserGroupMember.groupId, groupId));
  if (unique.length) await db.insert(sysUserGroupMember).values(unique.map((userId) => ({ groupId, userId })));
}

async function membersOf(db: DbOrTx, groupId: number) {
  return db
    .select({
      userId: sysUser.userId,
      userName: sysUser.userName,
      nickName: sysUser.nickName,
      deptName: sysDept.deptName,
      status: sysUser.status,
    })
    .from(sysUserGroupMember)
    .innerJoin(sysUser, eq(sysUser.userId, sysUserGroupMember.userId))
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .where(eq(sysUserGroupMember.groupId, groupId))
    .orderBy(asc(sysUser.userName));
}

const exportQuery = pageQuery
  .omit({ pageNum: true, pageSize: true })
  .extend({ groupName: optionalText(64, '用户组名称'), status: z.enum(['0', '1']).optional() });

type GroupLine = typeof sysUserGroup.$inferSelect & { memberCount: number };

const EXPORT_COLUMNS: ExcelColumn<GroupLine>[] = [
  { header: '用户组编号', value: (r) => r.groupId },
  { header: '用户组名称', width: 28, value: (r) => r.groupName },
  { header: '成员数', value: (r) => r.memberCount },
  { header: '状态', value: (r) => (r.status === '1' ? '正常' : '停用') },
  { header: '备注', width: 40, value: (r) => r.remark },
  { header: '创建时间', type: 'dateTime', width: 20, value: (r) => chinaTime(r.createdAt) },
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
      const w: (SQL | undefined)[] = [];
      if (q.groupName) w.push(contains(sysUserGroup.groupName, q.groupName));
      if (q.status) w.push(eq(sysUserGroup.status, q.status));
      w.push(...dateRange(sysUserGroup.createdAt, q.beginTime, q.endTime));
      const cond = and(...w);
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(sysUserGroup).where(cond);
      const rows = await db
        .select()
        .from(sysUserGroup)
        .where(cond)
        .orderBy(
          ...orderBy(
            q.sortField,
            q.sortOrder,
            { groupName: sysUserGroup.groupName, createdAt: sysUserGroup.createdAt },
            [desc(sysUserGroup.createdAt), desc(sysUserGroup.groupId)],
          ),
        )
        .limit(q.pageSize)
        .offset((q.pageNum - 1) * q.pageSize);
      const ids = rows.map((r) => r.groupId);
      const counts = ids.length
        ? await db
            .select({ groupId: sysUserGroupMember.groupId, n: count() })
            .from(sysUserGroupMember)
            .where(inArray(sysUserGroupMember.groupId, ids))
            .groupBy(sysUserGroupMember.groupId)
        : [];
      const countOf = new Map(counts.map((c) => [c.groupId, c.n]));
      return page(
        rows.map((r) => ({
          groupId: r.groupId,
          groupName: r.groupName,
          remark: r.remark,
          status: storedCode(STATUS_CODES, r.status),
          memberCount: countOf.get(r.groupId) ?? 0,
          createdAt: r.createdAt.toISOString(),
        })),
        n,
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
      const [g] = await db.select().from(sysUserGroup).where(eq(sysUserGroup.groupId, req.params.id));
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
      const [g] = await db
        .select({ id: sysUserGroup.groupId })
        .from(sysUserGroup)
        .where(eq(sysUserGroup.groupId, req.params.id));
      if (!g) throw notFound('用户组不存在');
      return ok((await membersOf(db, g.id)).map((m) => ({ ...m, deptName: m.deptName ?? null })));
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
      const k = req.query.keyword;
      const rows = await db
        .select({ value: sysUser.userId, userName: sysUser.userName, nickName: sysUser.nickName })
        .from(sysUser)
        .where(k ? or(contains(sysUser.userName, k), contains(sysUser.nickName, k)) : undefined)
        .orderBy(asc(sysUser.userName))
        .limit(30);
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
      const b = req.body;
      const groupId = await db.transaction(async (tx) => {
        await assertNameFree(tx, b.groupName, null);
        const now = ctx.clock.now();
        const [g] = await tx
          .insert(sysUserGroup)
          .values({
            groupName: b.groupName,
            remark: b.remark?.trim() || null,
            status: b.status,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: sysUserGroup.groupId });
        if (b.userIds) await writeMembers(tx, g!.id, b.userIds);
        return g!.id;
      });
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
      const b = req.body;
      await db.transaction(async (tx) => {
        await assertNameFree(tx, b.groupName, b.groupId);
        const updated = await tx
          .update(sysUserGroup)
          .set({
            groupName: b.groupName,
            remark: b.remark?.trim() || null,
            status: b.status,
            updatedAt: ctx.clock.now(),
          })
          .where(eq(sysUserGroup.groupId, b.groupId))
          .returning({ id: sysUserGroup.groupId });
        if (updated.length === 0) throw notFound('用户组不存在');
        if (b.userIds) await writeMembers(tx, b.groupId, b.userIds);
      });
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
      await db.transaction(async (tx) => {
        const [g] = await tx
          .select({ id: sysUserGroup.groupId })
          .from(sysUserGroup)
          .where(eq(sysUserGroup.groupId, req.body.groupId));
        if (!g) throw notFound('用户组不存在');
        await writeMembers(tx, g.id, req.body.userIds);
      });
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
      const removed = await db
        .delete(sysUserGroup)
        .where(inArray(sysUserGroup.groupId, req.query.ids))
        .returning({ id: sysUserGroup.groupId });
      if (removed.length === 0) throw notFound('用户组不存在');
      return done(`已删除${removed.length}个用户组`);
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
      const w: (SQL | undefined)[] = [];
      if (q.groupName) w.push(contains(sysUserGroup.groupName, q.groupName));
      if (q.status) w.push(eq(sysUserGroup.status, q.status));
      w.push(...dateRange(sysUserGroup.createdAt, q.beginTime, q.endTime));
      const cond = and(...w);
      return sendExcel(
        reply,
        '用户组.xlsx',
        EXPORT_COLUMNS,
        batches(async (offset, limit) => {
          const rows = await db
            .select()
            .from(sysUserGroup)
            .where(cond)
            .orderBy(desc(sysUserGroup.createdAt), desc(sysUserGroup.groupId))
            .limit(limit)
            .offset(offset);
          const ids = rows.map((r) => r.groupId);
          const counts = ids.length
            ? await db
                .select({ groupId: sysUserGroupMember.groupId, n: count() })
                .from(sysUserGroupMember)
                .where(inArray(sysUserGroupMember.groupId, ids))
                .groupBy(sysUserGroupMember.groupId)
            : [];
          const countOf = new Map(counts.map((c) => [c.groupId, c.n]));
          return rows.map((r) => ({ ...r, memberCount: countOf.get(r.groupId) ?? 0 }));
        }),
      );
    },
  );
};
