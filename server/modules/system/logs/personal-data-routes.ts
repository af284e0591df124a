/**
 * 个人信息访问日志 /system/pdlog: who saw whose unmasked identity number, phone or birth date, for
 * which duty, when, where and through which record (server/services/personalData.ts writes the
 * rows: a click on 显示, a certificate PDF). Read and export only, for the audit administrator; like
 * the other logs, rows are never edited or purged.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { page, pageEnvelope, pageQuery } from '../../../lib/reply.js';
import { batches, sendExcel, type ExcelColumn } from '../../../lib/excel.js';
import { accessExportBatch, accessPage, type AccessRecord } from './store.js';
import { chinaDateTime } from '../../../lib/days.js';

const TAG = ['system-log'];

/** The duties of server/lib/personalData.ts in words. */
export const PURPOSE_LABELS: Record<string, string> = {
  review: '业务审核',
  employer: '所在企业办理业务',
  'admin:person': '人员信息维护',
  'admin:user': '用户账号维护',
  'certificate:staff': '证书查询（中心人员）',
  'certificate:pdf': '证书文件',
  'search:staff': '人员查询详情（中心人员、本企业）',
};
const FIELD_LABELS: Record<string, string> = { idNo: '证件号码', phone: '手机号码', birthDate: '出生日期' };

const row = z.object({
  id: z.number(),
  userId: z.number(),
  userName: z.string(),
  personId: z.number().nullable(),
  subjectUserId: z.number().nullable(),
  subjectName: z.string().nullable(),
  fields: z.string().describe('idNo, phone, birthDate（逗号分隔）'),
  fieldsLabel: z.string(),
  purpose: z.string(),
  purposeLabel: z.string(),
  route: z.string(),
  ip: z.string().nullable(),
  via: z.string().nullable().describe('经由的记录，如 application:123（点击“显示”查看）；证书文件等为空'),
  accessedAt: z.string().describe('ISO 8601'),
});
const fieldsLabel = (fields: string) =>
  fields
    .split(',')
    .map((f) => FIELD_LABELS[f] ?? f)
    .join('、');
const toRow = (r: AccessRecord) => ({
  ...r,
  fieldsLabel: fieldsLabel(r.fields),
  purposeLabel: PURPOSE_LABELS[r.purpose] ?? r.purpose,
  accessedAt: r.accessedAt.toISOString(),
});

const filters = z.object({
  userName: z.string().trim().max(64).optional().describe('查看人登录名（包含）'),
  subjectName: z.string().trim().max(64).optional().describe('被查看人姓名（包含）'),
  personId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  purpose: z.string().trim().max(64).optional(),
  via: z.string().trim().max(64).optional().describe('经由的记录（开头一致），如 application: 或 application:123'),
});
const listQuery = pageQuery.extend(filters.shape);
const exportQuery = listQuery.omit({ pageNum: true, pageSize: true });

const COLUMNS: ExcelColumn<AccessRecord>[] = [
  { header: '日志编号', value: (r) => r.id },
  { header: '查看人', width: 16, value: (r) => r.userName },
  { header: '被查看人', width: 16, value: (r) => r.subjectName ?? '' },
  { header: '人员编号', value: (r) => r.personId ?? '' },
  { header: '账号编号', value: (r) => r.subjectUserId ?? '' },
  { header: '查看内容', width: 24, value: (r) => fieldsLabel(r.fields) },
  { header: '事由', width: 20, value: (r) => PURPOSE_LABELS[r.purpose] ?? r.purpose },
  { header: '接口', width: 40, value: (r) => r.route },
  { header: '地址', width: 16, value: (r) => r.ip ?? '' },
  { header: '经由记录', width: 22, value: (r) => r.via ?? '' },
  { header: '查看时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.accessedAt) },
];

export const personalDataLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;

  app.get(
    '/system/pdlog/list',
    {
      config: { access: { perm: 'system:pdlog:list' } },
      schema: {
        tags: TAG,
        summary: '个人信息访问日志列表',
        querystring: listQuery,
        response: { 200: pageEnvelope(row) },
      },
    },
    async (req) => {
      const q = req.query;
      const { rows, total } = await accessPage(db, q);
      return page(rows.map(toRow), total, q.pageNum);
    },
  );

  app.get(
    '/system/pdlog/export',
    {
      config: { access: { perm: 'system:pdlog:export' } },
      schema: { tags: TAG, summary: '导出个人信息访问日志（Excel）', querystring: exportQuery },
    },
    async (req, reply) => {
      const q = req.query;
      return sendExcel(
        reply,
        '个人信息访问日志.xlsx',
        COLUMNS,
        batches((offset, limit) => accessExportBatch(db, q, offset, limit)),
      );
    },
  );
};
