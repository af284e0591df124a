/**
 * 参数设置 /system/config (SPEC 7 Config): list, get, save (new) / update (configId > 0),
 * remove, export. Built-in rows (configType Y) cannot be removed and keep their key; the
 * security-policy keys change only by the security administrator and take effect at once
 * (the policy cache of this process is dropped; other processes follow within its 5 s).
 */
import { z } from 'zod';
import { storedCode, YES_NO } from '../../../lib/codes.js';
import { and, count, desc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope, envelope, ok, page, pageEnvelope, pageQuery } from '../../../lib/reply.js';
import { AppError, badRequest, forbidden, notFound } from '../../../lib/errors.js';
import { batches, sendExcel, type ExcelColumn } from '../../../lib/excel.js';
import { currentUser } from '../../../lib/authUser.js';
import { sysConfig } from '../../../db/schema.js';
import type { AuthUser } from '../../../context.js';
import { chinaTime, contains, dateRange, idParams, idsQuery, orderBy } from '../catalog/listKit.js';
import { checkPolicyValue, isSecurityKey, SECURITY_DUTY } from './rules.js';
import { id, idOrZero, optionalText, text } from '../../../lib/schemas.js';
import { logAs } from '../../../lib/operLog.js';

const TAG = ['system-config'];
const LOG = logAs('参数设置');

const configRow = z.object({
  configId: z.number(),
  configName: z.string(),
  configKey: z.string(),
  configValue: z.string(),
  configType: z.enum(YES_NO).describe('Y 系统内置（不可删除）, N 自定义'),
  remark: z.string().nullable(),
  security: z.boolean().describe('安全策略参数：只能由安全管理员修改'),
  createdAt: z.string().describe('ISO 8601'),
  updatedAt: z.string().describe('ISO 8601'),
});
type ConfigRecord = typeof sysConfig.$inferSelect;

const toRow = (r: ConfigRecord) => ({
  configId: r.configId,
  configName: r.configName,
  configKey: r.configKey,
  configValue: r.configValue,
  configType: storedCode(YES_NO, r.configType),
  remark: r.remark,
  security: isSecurityKey(r.configKey),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const filters = z.object({
  configName: optionalText(100, '参数名称'),
  configKey: optionalText(100, '参数键名'),
  configType: z.enum(['Y', 'N']).optional(),
});
const listQuery = pageQuery.extend(filters.shape);
const exportQuery = listQuery.omit({ pageNum: true, pageSize: true });

const configBody = z.object({
  configId: idOrZero('参数编号').optional(),
  configName: text(100, '参数名称', { min: 1 }),
  configKey: z
    .string({ error: '参数键名不能为空' })
    .trim()
    .min(1, '参数键名不能为空')
    .max(100, '参数键名不能超过100个字符')
    .regex(/^[A-Za-z0-9_.-]+$/, '参数键名只能包含字母、数字、点、下划线和短横线'),
  configValue: z
    .string({ error: '参数键值不能为空' })
    .min(1, '参数键值不能为空')
    .max(2000, '参数键值不能超过2000个字符'),
  configType: z.enum(['Y', 'N'], { error: '系统内置应为 Y 或 N' }).default('N'),
  remark: text(500, '备注', { multiline: true }).nullish(),
});
const updateBody = configBody.extend({
  configId: id('参数编号', { invalid: '修改时参数编号 configId 应为 1 到 2147483647 之间的整数' }),
});

function where(q: z.infer<typeof exportQuery>): SQL | undefined {
  const w: SQL[] = [];
  if (q.configName) w.push(ilike(sysConfig.configName, contains(q.configName)));
  if (q.configKey) w.push(ilike(sysConfig.configKey, contains(q.configKey)));
  if (q.configType) w.push(eq(sysConfig.configType, q.configType));
  w.push(...dateRange(sysConfig.createdAt, q.beginTime, q.endTime));
  return w.length ? and(...w) : undefined;
}

const SORTABLE = {
  configId: sysConfig.configId,
  configName: sysConfig.configName,
  configKey: sysConfig.configKey,
  createdAt: sysConfig.createdAt,
  updatedAt: sysConfig.updatedAt,
};

/** 等保 三员分立: the security policy is the security administrator's, not the system administrator's. */
function guardSecurity(user: AuthUser, ...keys: string[]): void {
  if (keys.some(isSecurityKey) && user.duty !== SECURITY_DUTY) {
    throw forbidden(
      '安全策略参数（sys.password.*、sys.login.*、sys.session.*、sys.sms.*、sys.log.*）只能由安全管理员修改',
    );
  }
}

const EXPORT_COLUMNS: ExcelColumn<ConfigRecord>[] = [
  { header: '参数编号', value: (r) => r.configId },
  { header: '参数名称', width: 30, value: (r) => r.configName },
  { header: '参数键名', width: 30, value: (r) => r.configKey },
  { header: '参数键值', width: 20, value: (r) => r.configValue },
  { header: '系统内置', value: (r) => (r.configType === 'Y' ? '是' : '否') },
  { header: '备注', width: 40, value: (r) => r.remark },
  { header: '创建时间', type: 'dateTime', width: 20, value: (r) => chinaTime(r.createdAt) },
];

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;

  app.get(
    '/system/config/list',
    {
      config: { access: { perm: 'system:config:list' } },
      schema: { tags: TAG, summary: '参数列表', querystring: listQuery, response: { 200: pageEnvelope(configRow) } },
    },
    async (req) => {
      const q = req.query;
      const cond = where(q);
      const [{ total }] = await db.select({ total: count() }).from(sysConfig).where(cond);
      const rows = await db
        .select()
        .from(sysConfig)
        .where(cond)
        .orderBy(...orderBy(q.sortField, q.sortOrder, SORTABLE, [desc(sysConfig.configType), sysConfig.configKey]))
        .limit(q.pageSize)
        .offset((q.pageNum - 1) * q.pageSize);
      return page(rows.map(toRow), total, q.pageNum);
    },
  );

  app.get(
    '/system/config/get/:id',
    {
      config: { access: { perm: 'system:config:list' } },
      schema: { tags: TAG, summary: '参数详情', params: idParams, response: { 200: envelope(configRow) } },
    },
    async (req) => {
      const [row] = await db.select().from(sysConfig).where(eq(sysConfig.configId, req.params.id));
      if (!row) throw notFound('参数不存在');
      return ok(toRow(row), '查询成功');
    },
  );

  app.post(
    '/system/config/save',
    {
      config: { access: { perm: 'system:config:add', log: LOG('insert') } },
      schema: { tags: TAG, summary: '新增参数', body: configBody, response: { 200: envelope(configRow) } },
    },
    async (req) => {
      const user = currentUser(req);
      const b = req.body;
      if (b.configId && b.configId > 0)
        throw badRequest('参数编号：新增参数时不应带参数编号，修改请调用 /system/config/update', 'configId');
      guardSecurity(user, b.configKey);
      checkPolicyValue(b.configKey, b.configValue);
      const row = await db.transaction(async (tx) => {
        const [dup] = await tx
          .select({ id: sysConfig.configId })
          .from(sysConfig)
          .where(eq(sysConfig.configKey, b.configKey));
        if (dup) throw new AppError(409, `参数键名「${b.configKey}」已存在`, 'configKey');
        const [inserted] = await tx
          .insert(sysConfig)
          .values({
            configName: b.configName,
            configKey: b.configKey,
            configValue: b.configValue,
            configType: b.configType,
            remark: b.remark ?? null,
          })
          .returning();
        return inserted!;
      });
      if (isSecurityKey(row.configKey)) app.ctx.policy.invalidate();
      return ok(toRow(row), '新增成功');
    },
  );

  app.post(
    '/system/config/update',
    {
      config: { access: { perm: 'system:config:edit', log: LOG('update') } },
      schema: {
        tags: TAG,
        summary: '修改参数（configId > 0）',
        body: updateBody,
        response: { 200: envelope(configRow) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const b = req.body;
      const row = await db.transaction(async (tx) => {
        const [old] = await tx.select().from(sysConfig).where(eq(sysConfig.configId, b.configId));
        if (!old) throw notFound('参数不存在');
        guardSecurity(user, old.configKey, b.configKey);
        if (old.configType === 'Y' && b.configKey !== old.configKey)
          throw badRequest('参数键名：系统内置参数的键名不能修改', 'configKey');
        if (old.configType === 'Y' && b.configType !== 'Y')
          throw badRequest('系统内置：系统内置参数不能改为自定义参数', 'configType');
        checkPolicyValue(b.configKey, b.configValue);
        const [dup] = await tx
          .select({ id: sysConfig.configId })
          .from(sysConfig)
          .where(and(eq(sysConfig.configKey, b.configKey), ne(sysConfig.configId, b.configId)));
        if (dup) throw new AppError(409, `参数键名「${b.configKey}」已存在`, 'configKey');
        const [updated] = await tx
          .update(sysConfig)
          .set({
            configName: b.configName,
            configKey: b.configKey,
            configValue: b.configValue,
            configType: b.configType,
            remark: b.remark ?? null,
          })
          .where(eq(sysConfig.configId, b.configId))
          .returning();
        return { old, updated: updated! };
      });
      if (isSecurityKey(row.old.configKey) || isSecurityKey(row.updated.configKey)) app.ctx.policy.invalidate();
      return ok(toRow(row.updated), '修改成功');
    },
  );

  app.post(
    '/system/config/remove',
    {
      config: { access: { perm: 'system:config:remove', log: LOG('delete') } },
      schema: {
        tags: TAG,
        summary: '删除参数（ids，内置参数不可删除）',
        querystring: idsQuery,
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const ids = req.query.ids;
      const removed = await db.transaction(async (tx) => {
        const rows = await tx.select().from(sysConfig).where(inArray(sysConfig.configId, ids));
        if (rows.length === 0) throw notFound('参数不存在');
        const builtIn = rows.find((r) => r.configType === 'Y');
        if (builtIn) throw badRequest(`内置参数「${builtIn.configName}」（${builtIn.configKey}）不能删除`, 'ids');
        guardSecurity(user, ...rows.map((r) => r.configKey));
        await tx.delete(sysConfig).where(
          inArray(
            sysConfig.configId,
            rows.map((r) => r.configId),
          ),
        );
        return rows;
      });
      if (removed.some((r) => isSecurityKey(r.configKey))) app.ctx.policy.invalidate();
      return done(`已删除 ${removed.length} 个参数`);
    },
  );

  app.get(
    '/system/config/export',
    {
      config: { access: { perm: 'system:config:export' } },
      schema: { tags: TAG, summary: '导出参数（Excel）', querystring: exportQuery },
    },
    async (req, reply) => {
      const cond = where(req.query);
      return sendExcel(
        reply,
        '参数设置.xlsx',
        EXPORT_COLUMNS,
        batches((offset, limit) =>
          db.select().from(sysConfig).where(cond).orderBy(sysConfig.configId).limit(limit).offset(offset),
        ),
      );
    },
  );
};
