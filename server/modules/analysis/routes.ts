/** Data visualisation for the provincial administrator (SPEC 7 GET /analysis/month-bar). */
import { z } from 'zod';
import { gte, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../lib/reply.js';
import { certificate } from '../../db/schema.js';
import { loadDistrictNames } from '../search/districts.js';
import { asOf } from '../statistics/schemas.js';
import { provinceOverview } from './overview.js';
import { readsOnlyAccess } from '../../context.js';

const monthly = <T extends z.ZodRawShape>(shape: T) => z.array(z.object({ month: z.string().describe('YYYY-MM'), ...shape }));
const overviewAnswer = asOf.extend({
  totals: z.object({ certificates: z.number(), valid: z.number(), expiring: z.number(), open: z.number(), overdue: z.number() }),
  certsByCity: z.array(z.object({ code: z.string(), name: z.string(), total: z.number(), valid: z.number(), expiring: z.number() })).describe('各地市证书数，多到少'),
  issuance: monthly({ total: z.number() }).describe('最近 24 个月每月发证（按发证日期）'),
  workload: monthly({ submitted: z.number(), closed: z.number() }).describe('最近 24 个月每月提交与办结的申请'),
  overdueByCentre: z.array(z.object({ area: z.string(), open: z.number(), overdue: z.number() })).describe('各中心在办与超期，超期多的在前'),
});

export const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/analysis/overview', {
    config: readsOnlyAccess('dashboard:analysis:view'),
    schema: {
      tags: ['analysis'],
      summary: '全省数据概览（数据可视化）',
      description: '各地市证书数（排名）、最近 24 个月的发证与业务量（提交、办结）、各中心在办与超期件数；来自统计表，refreshedAt 为生成时间。',
      response: { 200: envelope(overviewAnswer) },
    },
  }, async () => ok(await provinceOverview(app.ctx.db, await loadDistrictNames(app.ctx.db), app.ctx.clock.now()), '查询成功'));

  app.get('/analysis/month-bar', {
    config: { access: { perm: 'dashboard:analysis:view' } },
    schema: {
      tags: ['analysis'],
      summary: '近12个月发证数量（按月）',
      response: { 200: envelope(z.array(z.object({ x: z.string().describe('YYYY-MM'), y: z.number() }))) },
    },
  }, async () => {
    const now = app.ctx.clock.now();
    const months: string[] = [];
    for (let i = 11; i >= 0; i--) {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
      months.push(d.toISOString().slice(0, 7));
    }
    const month = sql<string>`to_char(${certificate.issueDate}, 'YYYY-MM')`;
    const rows = await app.ctx.db
      .select({ x: month, y: sql<number>`count(*)::int` })
      .from(certificate)
      .where(gte(certificate.issueDate, `${months[0]}-01`))
      .groupBy(month);
    const byMonth = new Map(rows.map((r) => [r.x, r.y]));
    return ok(months.map((x) => ({ x, y: byMonth.get(x) ?? 0 })));
  });
};
