/** Data visualisation for the provincial administrator (SPEC 7 GET /analysis/month-bar). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../lib/reply.js';
import { loadDistrictNames } from '../search/districts.js';
import { asOf } from '../statistics/schemas.js';
import { issuedPerMonth, provinceOverview } from './overview.js';
import { readsOnlyAccess } from '../../context.js';
import { sendSheets, sheetOf } from '../../lib/excel.js';
import { areaCentre } from '../../lib/areas.js';

const XLSX = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

const monthly = <T extends z.ZodRawShape>(shape: T) =>
  z.array(z.object({ month: z.string().describe('YYYY-MM'), ...shape }));
const overviewAnswer = asOf.extend({
  totals: z.object({
    certificates: z.number(),
    valid: z.number(),
    expiring: z.number(),
    open: z.number(),
    overdue: z.number(),
  }),
  certsByCity: z
    .array(z.object({ code: z.string(), name: z.string(), total: z.number(), valid: z.number(), expiring: z.number() }))
    .describe('各地市证书数，多到少'),
  issuance: monthly({ total: z.number() }).describe('最近 24 个月每月发证（按发证日期）'),
  workload: monthly({ submitted: z.number(), closed: z.number() }).describe('最近 24 个月每月提交与办结的申请'),
  overdueByCentre: z
    .array(z.object({ area: z.string(), open: z.number(), overdue: z.number() }))
    .describe('各中心在办与超期，超期多的在前'),
});

export const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/analysis/overview',
    {
      config: readsOnlyAccess('dashboard:analysis:view'),
      schema: {
        tags: ['analysis'],
        summary: '全省数据概览（数据可视化）',
        description:
          '各地市证书数（排名）、最近 24 个月的发证与业务量（提交、办结）、各中心在办与超期件数；来自统计表，refreshedAt 为生成时间。',
        response: { 200: envelope(overviewAnswer) },
      },
    },
    async () =>
      ok(await provinceOverview(app.ctx.db, await loadDistrictNames(app.ctx.db), app.ctx.clock.now()), '查询成功'),
  );

  app.get(
    '/analysis/overview/export',
    {
      config: { access: { perm: 'dashboard:analysis:view' } },
      schema: {
        tags: ['analysis'],
        summary: '导出全省数据概览（Excel）',
        description:
          '数据可视化页面的全部数字：总数、各地市证书、最近 24 个月的发证与业务量、各中心在办与超期，每项一个工作表；生成时间见“总览”。',
        produces: XLSX,
      },
    },
    async (_req, reply) => {
      const o = await provinceOverview(app.ctx.db, await loadDistrictNames(app.ctx.db), app.ctx.clock.now());
      type Row<K extends keyof typeof o> = (typeof o)[K] extends readonly (infer R)[] ? R : never;
      return sendSheets(reply, '全省数据概览.xlsx', [
        sheetOf({
          sheetName: '总览',
          columns: [
            { header: '证书总数', width: 12, value: (r: typeof o) => r.totals.certificates },
            { header: '有效证书', width: 12, value: (r) => r.totals.valid },
            { header: '90天内到期', width: 12, value: (r) => r.totals.expiring },
            { header: '在办业务', width: 12, value: (r) => r.totals.open },
            { header: '超期业务', width: 12, value: (r) => r.totals.overdue },
            { header: '统计生成时间', width: 26, value: (r) => r.refreshedAt ?? '' },
          ],
          rows: [o],
        }),
        sheetOf({
          sheetName: '各地市证书',
          columns: [
            { header: '地市', width: 16, value: (r: Row<'certsByCity'>) => r.name || r.code },
            { header: '证书数', width: 12, value: (r) => r.total },
            { header: '有效证书', width: 12, value: (r) => r.valid },
            { header: '90天内到期', width: 14, value: (r) => r.expiring },
          ],
          rows: o.certsByCity,
        }),
        sheetOf({
          sheetName: '每月发证',
          columns: [
            { header: '月份', width: 10, value: (r: Row<'issuance'>) => r.month },
            { header: '发证数', width: 12, value: (r) => r.total },
          ],
          rows: o.issuance,
        }),
        sheetOf({
          sheetName: '每月业务量',
          columns: [
            { header: '月份', width: 10, value: (r: Row<'workload'>) => r.month },
            { header: '提交', width: 12, value: (r) => r.submitted },
            { header: '办结', width: 12, value: (r) => r.closed },
          ],
          rows: o.workload,
        }),
        sheetOf({
          sheetName: '各中心在办与超期',
          columns: [
            { header: '办理中心', width: 16, value: (r: Row<'overdueByCentre'>) => areaCentre(r.area) },
            { header: '在办', width: 12, value: (r) => r.open },
            { header: '超期', width: 12, value: (r) => r.overdue },
          ],
          rows: o.overdueByCentre,
        }),
      ]);
    },
  );

  app.get(
    '/analysis/month-bar',
    {
      config: { access: { perm: 'dashboard:analysis:view' } },
      schema: {
        tags: ['analysis'],
        summary: '近12个月发证数量（按月）',
        response: { 200: envelope(z.array(z.object({ x: z.string().describe('YYYY-MM'), y: z.number() }))) },
      },
    },
    async () => {
      return ok(await issuedPerMonth(app.ctx.db, app.ctx.clock.now()));
    },
  );
};
