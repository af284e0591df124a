/** The readiness check a load balancer or orchestrator asks before sending this process traffic. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readiness } from '../../services/readiness.js';
import { DATABASE_RETRY_AFTER_S } from '../../plugins/errors.js';

const state = z.object({
  ready: z.boolean(),
  database: z.enum(['up', 'down']).describe('数据库此刻是否应答'),
  migrations: z.enum(['applied', 'pending', 'unknown']).describe('本版本的数据库迁移是否已全部执行'),
  jobs: z.enum(['none', 'starting', 'up', 'failed']).describe('本进程的任务引擎：none 表示本进程不运行任务引擎'),
});

export const readinessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ready',
    {
      // Probed every few seconds from the load balancer's addresses: never rate-limited.
      config: { access: { auth: 'public', log: false }, throttle: false },
      schema: {
        tags: ['public'],
        summary: '就绪检查（数据库可用、迁移已执行、任务引擎已启动时为 200，否则 503）',
        response: {
          200: z.object({ code: z.number(), msg: z.string(), data: state }),
          503: z.object({
            code: z.number(),
            msg: z.string(),
            data: state.optional().describe('数据库不可用时请求在检查前即被拒绝，无此项'),
          }),
        },
      },
    },
    async (_req, reply) => {
      const now = await readiness(app.ctx);
      if (now.ready) return { code: 0, msg: 'ready', data: now };
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ code: 503, msg: '服务尚未就绪', data: now });
    },
  );
};
