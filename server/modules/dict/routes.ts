/** Dictionary options by type (SPEC 3): numbers where the dictionary is numeric, strings otherwise. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../lib/reply.js';
import { text } from '../../lib/schemas.js';
import { enabledDictData } from './store.js';
import { currentRequest } from '../../lib/requestScope.js';
import { localised } from '../certificate/labels.js';

export const dictOption = z.object({
  dictLabel: z.string().describe('按请求头 Accept-Language 的界面语言（zh-CN、zh-TW、en-US、pt-BR）'),
  labels: z.record(z.string(), z.string()).nullable().describe('四种界面语言的标签'),
  dictValue: z.union([z.number(), z.string()]),
  listClass: z.string().nullable(),
  isDefault: z.string(),
});

export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/system/dict/data/type',
    {
      schema: {
        tags: ['dict'],
        summary: '按字典类型取选项',
        querystring: z.object({ dictType: text(100, '字典类型', { min: 1 }) }),
        response: { 200: envelope(z.array(dictOption)) },
      },
    },
    async (req) => {
      const rows = await enabledDictData(app.ctx.db, req.query.dictType);
      const { lang } = currentRequest();
      return ok(
        rows.map((r) => ({
          // In the caller's interface language (Accept-Language); the four are in `labels`.
          dictLabel: localised(r.dictLabel, r.labelI18n, lang),
          labels: r.labelI18n && typeof r.labelI18n === 'object' ? (r.labelI18n as Record<string, string>) : null,
          dictValue: r.numeric && /^-?\d+(\.\d+)?$/.test(r.dictValue) ? Number(r.dictValue) : r.dictValue,
          listClass: r.listClass,
          isDefault: r.isDefault,
        })),
      );
    },
  );
};
