/** File preview (SPEC 7 GET /file/preview): the operation guide for enterprise users. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.js';
import { text } from '../../lib/schemas.js';

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  let guide: Uint8Array | null = null;
  app.get(
    '/file/preview',
    {
      schema: {
        tags: ['file'],
        summary: '文件预览（PDF）',
        querystring: z.object({ name: text(64, '文件名').default('guide') }),
        produces: ['application/pdf'],
      },
    },
    async (req, reply) => {
      if (req.query.name !== 'guide') throw notFound('文件不存在');
      // Loaded with its first request: the PDF library is not part of the server's start.
      guide ??= await (await import('./guide.js')).operationGuidePdf();
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="guide.pdf"')
        .send(Buffer.from(guide));
    },
  );
};
