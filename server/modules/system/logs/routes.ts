/**
 * 操作日志 /system/operlog and 登录日志 /system/logininfor: read and export only. There is no
 * route that edits or deletes a log row: rows are appended (by server/plugins/oplog.ts, the login
 * service and the scheduled jobs) and only the housekeeping job removes them, once they are older
 * than sys.log.retentionDays (at least the 180 days 等保 asks for), after archiving them.
 * The one write here, unlock/{userName}, clears a login lockout on sys_user, not a log row.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope, envelope, ok, page, pageEnvelope, pageQuery } from '../../../lib/reply.js';
import { notFound } from '../../../lib/errors.js';
import { batches, sendExcel, type ExcelColumn } from '../../../lib/excel.js';
import { idParams, optionalText } from '../../../lib/schemas.js';
import { operActionName } from '../../../lib/operLog.js';
import { translateMessage } from '../../../lib/messages.js';
import { unlockAccount } from './service.js';
import {
  loginExportBatch,
  loginPage,
  operById,
  operExportBatch,
  operPage,
  type LoginRecord,
  type OperRecord,
} from './store.js';
import { chinaDateTime } from '../../../lib/days.js';

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
  { header: '操作时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.operTime) },
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

const METHOD_LABEL: Record<string, string> = { password: '账号密码', sms: '短信验证码', sso: '统一认证' };

const LOGIN_COLUMNS: ExcelColumn<LoginRecord>[] = [
  { header: '访问编号', value: (r) => r.infoId },
  { header: '用户名称', width: 16, value: (r) => r.userName },
  { header: '登录方式', value: (r) => METHOD_LABEL[r.method] ?? r.method },
  { header: '登录地址', width: 16, value: (r) => r.ipaddr },
  { header: '浏览器', width: 40, value: (r) => r.userAgent },
  { header: '登录状态', value: (r) => (succeeded(r.status) ? '成功' : '失败') },
  { header: '提示消息', width: 40, value: (r) => r.msg },
  { header: '访问时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.loginTime) },
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
      const { rows, total } = await operPage(db, q);
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
      const row = await operById(db, req.params.id);
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
      const q = req.query;
      return sendExcel(
        reply,
        '操作日志.xlsx',
        OPER_COLUMNS,
        batches((offset, limit) => operExportBatch(db, q, offset, limit)),
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
      const { rows, total } = await loginPage(db, q);
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
      const q = req.query;
      return sendExcel(
        reply,
        '登录日志.xlsx',
        LOGIN_COLUMNS,
        batches((offset, limit) => loginExportBatch(db, q, offset, limit)),
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
      await unlockAccount(db, req.params.userName);
      return done(`账户「${req.params.userName}」已解锁`);
    },
  );
};
