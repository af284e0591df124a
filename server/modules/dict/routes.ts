/** Dictionary options by type (SPEC 3): numbers where the dictionary is numeric, strings otherwise. */
import { z } from 'zod';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../lib/reply.js';
import { text } from '../../lib/schemas.js';
import { sysDictData } from '../../db/schema.js';

export const dictOption = z.object({ dictLabel: z.string(), dictValue: z.union([z.number(), z.string()]), listClass: z.string().nullable(), isDefault: z.string() });

export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/system/dict/data/type', {
    schema: {
      tags: ['dict'],
      summary: '按字典类型取选项',
      querystring: z.object({ dictType: text(100, '字典类型', { min: 1 }) }),
      response: { 200: envelope(z.array(dictOption)) },
    },
  }, async (req) => {
    const rows = await app.ctx.db
      .select()
      .from(sysDictData)
      .where(and(eq(sysDictData.dictType, req.query.dictType), eq(sysDictData.status, '1')))
      .orderBy(asc(sysDictData.dictSort), asc(sysDictData.dictCode));
    return ok(rows.map((r) => ({
      dictLabel: r.dictLabel,
      dictValue: r.numeric && /^-?\d+(\.\d+)?$/.test(r.dictValue) ? Number(r.dictValue) : r.dictValue,
      listClass: r.listClass,
      isDefault: r.isDefault,
    })));
  });
};
