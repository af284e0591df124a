/** Data visualisation for the provincial administrator (SPEC 7 GET /analysis/month-bar). */
import { z } from 'zod';
import { gte, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../lib/reply.js';
import { certificate } from '../../db/schema.js';

export const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
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
