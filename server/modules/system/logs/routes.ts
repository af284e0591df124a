/**
 * 操作日志 /system/operlog and 登录日志 /system/logininfor: read and export only. There is no
 * route that edits or deletes a log row: rows are appended (by server/plugins/oplog.ts, the login
 * service and the scheduled jobs) and only the housekeeping job removes them, once they are older
 * than sys.log.retentionDays (at least the 180 days 等保 asks for), after archiving them.
 * The one write here, unlock/{userName}, clears a login lockout on sys_user, not a log row.
 */
import { z } from 'zod';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope, envelope, ok, page, pageEnvelope, pageQuery } from '../../../lib/reply.js';
import { notFound } from '../../../lib/errors.js';
import { batches, sendExcel, type ExcelColumn } from '../../../lib/excel.js';
import { sysLoginLog, sysOperLog, sysUser } from '../../../db/schema.js';
import { chinaTime, contains, dateRange, idParams, orderBy } from '../catalog/listKit.js';
import { optionalText } from '../../../lib/schemas.js';
import { operActionName } from '../../../lib/operLog.js';
import { translateMessage } from '../../../lib/messages.js';
import { clearSignInFailures } from '../../auth/login-attempts.js';

const TAG = ['system-log'];

// ---------- operation log ----------

const operRow = z.object({
  operId: z.number(),
  title: z.string(),
  action: z.string(),
  requestMethod: z.string(),
  operName: z.string().nullable(),
  operUrl: z.string(),
  operIp: z.string().nullable(),
  operParam: z.string().nullable(),
  status: z.string().describe("'0' 成功, '1' 失败"),
  success: z.boolean().describe('操作成功（status 为 0）'),
  httpStatus: z.number(),
  errorMsg: z.string().nullable().describe('失败的原因：应答的 msg（按 Accept-Language 的语言）；成功时为 null'),
  durationMs: z.number(),
  operTime: z.string().describe('ISO 8601'),
});
type OperRecord = typeof sysOperLog.$inferSelect;
/** Log rows write '0' for success and '1' for failure (server/plugins/oplog.ts, the login service). */
const LOG_SUCCESS = '0';
const succeeded = (status: string) => status === LOG_SUCCESS;

const toOperRow = (r: OperRecord) => ({
  ...r,
  success: succeeded(r.status),
  errorMsg: r.errorMsg === null ? null : translateMessage(r.errorMsg),
  operTime: r.operTime.toISOString(),
});

const operFilters = z.object({
  title: optionalText(64, '模块标题'),
  operName: optionalText(64, '操作人员'),
  action: optionalText(32, '操作类型'),
  status: z.enum(['0', '1']).optional(),
});
const operList = pageQuery.extend(operFilters.shape);
const operExport = operList.omit({ pageNum: true, pageSize: true });

function operWhere(q: z.infer<typeof operExport>): SQL | undefined {
  const w: SQL[] = [];
  if (q.title) w.push(ilike(sysOperLog.title, contains(q.title)));
  if (q.operName) w.push(ilike(sysOperLog.operName, contains(q.operName)));
  if (q.action) w.push(eq(sysOperLog.action, q.action));
  if (q.status) w.push(eq(sysOperLog.status, q.status));
  w.push(...dateRange(sysOperLog.operTime, q.beginTime, q.endTime));
  return w.length ? and(...w) : undefined;
}
const OPER_SORT = {
  operId: sysOperLog.operId,
  operTime: sysOperLog.operTime,
  title: sysOperLog.title,
  operName: sysOperLog.operName,
  durationMs: sysOperLog.durationMs,
};

const OPER_COLUMNS: ExcelColumn<OperRecord>[] = [
  { header: '日志编号', value: (r) => r.operId },
  { header: '系统模块', width: 20, value: (r) => r.title },
  { header: '操作类型', value: (r) => operActionName(r.action) },
  { header: '请求方式', value: (r) => r.requestMethod },
  { header: '操作人员', value: (r) => r.operName },
  { header: '请求地址', width: 40, value: (r) => r.operUrl },
  { header: '操作地址', width: 16, value: (r) => r.operIp },
  { header: '请求参数', width: 50, value: (r) => r.operParam },
  { header: '操作状态', value: (r) => (succeeded(r.status) ? '成功' : '失败') },
  { header: '错误消息', width: 40, value: (r) => r.errorMsg ?? '' },
  { header: 'HTTP状态', value: (r) => r.httpStatus },
  { header: '耗时（毫秒）', value: (r) => r.durationMs },
  { header: '操作时间', type: 'dateTime', width: 20, value: (r) => chinaTime(r.operTime) },
];

// ---------- login log ----------

const loginRow = z.object({
  infoId: z.number(),
  userName: z.string().nullable(),
  method: z.string().describe('password | sms | sso'),
  ipaddr: z.string().nullable(),
  userAgent: z.string().nullable(),
  status: z.string().describe("'0' 成功, '1' 失败"),
  success: z.boolean().describe('登录成功（status 为 0）'),
  unlockable: z.boolean().describe('可从这一行解锁账户：一次写明用户名称的失败登录'),
  msg: z.string().nullable(),
  loginTime: z.string().describe('ISO 8601'),
});
type LoginRecord = typeof sysLoginLog.$inferSelect;
const toLoginRow = (r: LoginRecord) => ({
  ...r,
  success: succeeded(r.status),
  // A failed sign-in of a named account is what may have locked it; the unlock button stands there.
  unlockable: r.userName !== null && r.userName !== '' && !succeeded(r.status),
  // Stored as the server said it (Chinese); read in the reader's language.
  msg: r.msg === null ? null : translateMessage(r.msg),
  loginTime: r.loginTime.toISOString(),
});

const loginFilters = z.object({
  userName: optionalText(64, '用户账号'),
  ipaddr: optionalText(64, '登录地址'),
  method: optionalText(16, '请求方式'),
  status: z.enum(['0', '1']).optional(),
});
const loginList = pageQuery.extend(loginFilters.shape);
const loginExport = loginList.omit({ pageNum: true, pageSize: true });

function loginWhere(q: z.infer<typeof loginExport>): SQL | undefined {
  const w: SQL[] = [];
  if (q.userName) w.push(ilike(sysLoginLog.userName, contains(q.userName)));
  if (q.ipaddr) w.push(ilike(sysLoginLog.ipaddr, contains(q.ipaddr)));
  if (q.method) w.push(eq(sysLoginLog.method, q.method));
  if (q.status) w.push(eq(sysLoginLog.status, q.status));
  w.push(...dateRange(sysLoginLog.loginTime, q.beginTime, q.endTime));
  return w.length ? and(...w) : undefined;
}
const LOGIN_SORT = {
  infoId: sysLoginLog.infoId,
  loginTime: sysLoginLog.loginTime,
  userName: sysLoginLog.userName,
  ipaddr: sysLoginLog.ipaddr,
};
const METHOD_LABEL: Record<string, string> = { password: '账号密码', sms: '短信验证码', sso: '统一认证' };

const LOGIN_COLUMNS: ExcelColumn<LoginRecord>[] = [
  { header: '访问编号', value: (r) => r.infoId },
  { header: '用户名称', width: 16, value: (r) => r.userName },
  { header: '登录方式', value: (r) => METHOD_LABEL[r.method] ?? r.method },
  { header: '登录地址', width: 16, value: (r) => r.ipaddr },
  { header: '浏览器', width: 40, value: (r) => r.userAgent },
  { header: '登录状态', value: (r) => (succeeded(r.status) ? '成功' : '失败') },
  { header: '提示消息', width: 40, value: (r) => r.msg },
  { header: '访问时间', type: 'dateTime', width: 20, value: (r) => chinaTime(r.loginTime) },
];

export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;

  app.get(
    '/system/operlog/list',
    {
      config: { access: { perm: 'system:operlog:list' } },
      schema: { tags: TAG, summary: '操作日志列表', querystring: operList, response: { 200: pageEnvelope(operRow) } },
    },
    async (req) => {
      const q = req.query;
      const cond = operWhere(q);
      const [{ total }] = await db.select({ total: count() }).from(sysOperLog).where(cond);
      const rows = await db
        .select()
        .from(sysOperLog)
        .where(cond)
        .orderBy(...orderBy(q.sortField, q.sortOrder, OPER_SORT, [desc(sysOperLog.operTime), desc(sysOperLog.operId)]))
        .limit(q.pageSize)
        .offset((q.pageNum - 1) * q.pageSize);
      return page(rows.map(toOperRow), total, q.pageNum);
    },
  );

  app.get(
    '/system/operlog/get/:id',
    {
      config: { access: { perm: 'system:operlog:list' } },
      schema: { tags: TAG, summary: '操作日志详情', params: idParams, response: { 200: envelope(operRow) } },
    },
    async (req) => {
      const [row] = await db.select().from(sysOperLog).where(eq(sysOperLog.operId, req.params.id));
      if (!row) throw notFound('日志不存在');
      return ok(toOperRow(row), '查询成功');
    },
  );

  app.get(
    '/system/operlog/export',
    {
      config: { access: { perm: 'system:operlog:export' } },
      schema: { tags: TAG, summary: '导出操作日志（Excel）', querystring: operExport },
    },
    async (req, reply) => {
      const cond = operWhere(req.query);
      return sendExcel(
        reply,
        '操作日志.xlsx',
        OPER_COLUMNS,
        batches((offset, limit) =>
          db.select().from(sysOperLog).where(cond).orderBy(desc(sysOperLog.operId)).limit(limit).offset(offset),
        ),
      );
    },
  );

  app.get(
    '/system/logininfor/list',
    {
      config: { access: { perm: 'system:logininfor:list' } },
      schema: { tags: TAG, summary: '登录日志列表', querystring: loginList, response: { 200: pageEnvelope(loginRow) } },
    },
    async (req) => {
      const q = req.query;
      const cond = loginWhere(q);
      const [{ total }] = await db.select({ total: count() }).from(sysLoginLog).where(cond);
      const rows = await db
        .select()
        .from(sysLoginLog)
        .where(cond)
        .orderBy(
          ...orderBy(q.sortField, q.sortOrder, LOGIN_SORT, [desc(sysLoginLog.loginTime), desc(sysLoginLog.infoId)]),
        )
        .limit(q.pageSize)
        .offset((q.pageNum - 1) * q.pageSize);
      return page(rows.map(toLoginRow), total, q.pageNum);
    },
  );

  app.get(
    '/system/logininfor/export',
    {
      config: { access: { perm: 'system:logininfor:export' } },
      schema: { tags: TAG, summary: '导出登录日志（Excel）', querystring: loginExport },
    },
    async (req, reply) => {
      const cond = loginWhere(req.query);
      return sendExcel(
        reply,
        '登录日志.xlsx',
        LOGIN_COLUMNS,
        batches((offset, limit) =>
          db.select().from(sysLoginLog).where(cond).orderBy(desc(sysLoginLog.infoId)).limit(limit).offset(offset),
        ),
      );
    },
  );

  app.post(
    '/system/logininfor/unlock/:userName',
    {
      config: { access: { perm: 'system:logininfor:unlock', log: { title: '登录日志', action: 'unlock' } } },
      schema: {
        tags: TAG,
        summary: '解锁账户（清除登录失败次数与锁定）',
        params: z.object({ userName: z.string().trim().min(1, '用户名称不能为空').max(64) }),
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      const updated = await db
        .update(sysUser)
        .set({ failCount: 0, lockedUntil: null })
        .where(eq(sysUser.userName, req.params.userName))
        .returning({ userId: sysUser.userId });
      if (updated.length === 0) throw notFound(`用户「${req.params.userName}」不存在`);
      // The locks of the account from one address, too (modules/auth/login-attempts.ts).
      await clearSignInFailures(db, req.params.userName);
      return done(`账户「${req.params.userName}」已解锁`);
    },
  );
};
