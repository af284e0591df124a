/** Users to and from Excel: export of the list, the import template, and the import (rows become new-user submissions). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../../lib/errors.js';
import { batches, readExcel, sendExcel, sendTemplate, type ExcelColumn } from '../../../lib/excel.js';
import { envelope, errorEnvelope, ok } from '../../../lib/reply.js';
import { currentUser } from '../../../lib/authUser.js';
import { chinaDate, chinaDateTime as formatChinaTime } from '../../../lib/days.js';
import { IMPORT_COLUMNS, planImport, submitImport } from './import.js';
import { liveConditions, liveUserRows, userListQuery, type UserRow } from './query.js';
import { userScopeOf } from './scope.js';

const TAGS = ['system-user'];
const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
const MAX_IMPORT_ROWS = 2000;
const SEX: Record<string, string> = { '0': '男', '1': '女', '2': '未知' };

const EXPORT_COLUMNS: readonly ExcelColumn<UserRow>[] = [
  { header: '用户编号', value: (r) => r.userId, width: 10 },
  { header: '登录名', value: (r) => r.userName, width: 18 },
  { header: '用户名称', value: (r) => r.nickName, width: 14 },
  { header: '用户类型', value: (r) => `${r.userType} ${r.userTypeLabel}`, width: 18 },
  { header: '部门', value: (r) => r.deptName, width: 18 },
  { header: '所属企业', value: (r) => r.enterpriseName, width: 30 },
  { header: '手机号码', value: (r) => r.phone, width: 14 },
  { header: '邮箱', value: (r) => r.email, width: 26 },
  { header: '性别', value: (r) => SEX[r.sex] ?? r.sex, width: 8 },
  { header: '状态', value: (r) => (r.status === '1' ? '正常' : '停用'), width: 8 },
  {
    header: '审核状态',
    value: (r) => (r.checkStatus === '2' ? '修改待审核' : r.checkStatus === '0' ? '新增待审核' : ''),
    width: 12,
  },
  { header: '角色', value: (r) => r.roleNames.join('、'), width: 30 },
  { header: '创建时间', type: 'dateTime', value: (r) => formatChinaTime(r.createdAt), width: 20 },
  { header: '最后登录时间', type: 'dateTime', value: (r) => formatChinaTime(r.loginDate), width: 20 },
];

export const userExcelRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const db = ctx.db;

  app.get(
    '/system/user/export',
    {
      config: { access: { perm: 'system:user:export', log: { title: '用户管理', action: 'export' } } },
      schema: {
        tags: TAGS,
        summary: '导出用户（Excel）',
        description: '与列表相同的筛选条件，导出全部匹配的用户。',
        querystring: userListQuery,
      },
    },
    async (req, reply) => {
      const cond = liveConditions(db, req.query, await userScopeOf(db, currentUser(req)));
      return sendExcel(
        reply,
        `用户列表_${chinaDate(ctx.clock.now())}.xlsx`,
        EXPORT_COLUMNS,
        batches((offset, limit) => liveUserRows(db, cond, req.query, offset, limit), 500),
        '用户',
      );
    },
  );

  app.get(
    '/system/user/importTemplate',
    {
      config: { access: { perm: 'system:user:import' } },
      schema: {
        tags: TAGS,
        summary: '用户导入模板（Excel）',
        description:
          '带 * 的列必填。用户类型填 00/02/03/04；角色填角色标识或名称，多个用逗号分隔；初始密码留空则随机生成（审核通过后可重置密码告知用户）。',
      },
    },
    async (_req, reply) => sendTemplate(reply, '用户导入模板.xlsx', IMPORT_COLUMNS),
  );

  app.post(
    '/system/user/importData',
    {
      config: {
        access: { perm: 'system:user:import', log: { title: '用户管理', action: 'import' } },
        importKind: 'user',
      },
      schema: {
        tags: TAGS,
        summary: '导入用户（Excel，提交审核）',
        description:
          "multipart/form-data，文件字段 file（.xlsx）。每行生成一条待审核的新增用户（checkStatus '0'）。任一行有误时不写入任何数据，返回 400，data 为每个错误行的 {rowNumber, field, msg}。",
        consumes: ['multipart/form-data'],
        response: {
          200: envelope(z.object({ count: z.number() })),
          400: errorEnvelope.extend({
            data: z.array(z.object({ rowNumber: z.number(), field: z.string(), msg: z.string() })).optional(),
          }),
        },
      },
    },
    async (req) => {
      const caller = currentUser(req);
      if (!req.isMultipart()) throw badRequest('请上传 Excel 文件（multipart/form-data，字段 file）', 'file');
      const file = await req.file({ limits: { fileSize: MAX_IMPORT_BYTES } });
      if (!file || file.fieldname !== 'file') throw badRequest('请上传 Excel 文件（字段 file）', 'file');
      if (!/\.xlsx$/i.test(file.filename)) throw badRequest('只支持 .xlsx 格式的 Excel 文件', 'file');
      const buffer = await file.toBuffer().catch(() => {
        throw new AppError(413, `文件不能超过${MAX_IMPORT_BYTES / 1024 / 1024}MB`, 'file');
      });
      const sheet = await readExcel(buffer, IMPORT_COLUMNS).catch((err: unknown) => {
        throw badRequest(err instanceof Error ? err.message : '文件不是有效的 Excel（.xlsx）文件', 'file');
      });
      if (sheet.missingHeaders.length)
        throw badRequest(`缺少必填列：${sheet.missingHeaders.join('、')}，请使用导入模板`, 'file');
      if (sheet.rows.length === 0) throw badRequest('文件中没有数据行', 'file');
      if (sheet.rows.length > MAX_IMPORT_ROWS) throw badRequest(`一次最多导入${MAX_IMPORT_ROWS}行`, 'file');
      const policy = await ctx.policy.get();
      const plan = await planImport(db, sheet.rows, policy.passwordMinLength);
      if (plan.errors.length) {
        const badRows = new Set(plan.errors.map((e) => e.rowNumber)).size;
        throw new AppError(400, `导入失败：共${badRows}行有错误，未导入任何数据`, 'file', 400, plan.errors);
      }
      const count = await submitImport(ctx, plan, caller.userId);
      return ok({ count }, `导入成功：${count}个用户已提交，等待安全管理员审核`);
    },
  );
};
