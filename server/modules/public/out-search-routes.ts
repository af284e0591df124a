/**
 * /web/outSearch (SPEC 1, public): certificates transferred out of the province (status 06 办理转出)
 * by certificate number, or by the holder's name and identity number together. Only exact keys
 * find anything, nothing is listed without them, the holder's identity number leaves masked, and
 * the route is rate-limited per client address like every public look-up.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.js';
import { envelope, ok } from '../../lib/reply.js';
import { documentNumber, optionalQuery } from '../../lib/schemas.js';
import { transferredOutByCard } from './service.js';

const outView = z.object({
  certNo: z.string(),
  category: z.string(),
  categoryLabel: z.string(),
  name: z.string(),
  idNoMasked: z.string().describe('身份证号只显示前 3 位与后 4 位'),
  enterpriseName: z.string().describe('转出前的聘用企业'),
  issueDate: z.string(),
  expiryDate: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  targetProvince: z.string().nullable().describe('调往的省份'),
  transferDate: z.string().nullable().describe('办理转出的日期（中国日期）'),
});

const query = z.object({
  certNo: z.string().trim().max(40, '证书编号不能超过40个字符').optional(),
  name: z.string().trim().max(64, '姓名不能超过64个字符').optional(),
  idNo: optionalQuery(documentNumber('证件号码')),
});

export const outSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/outSearch',
    {
      config: { access: { auth: 'public', log: false } },
      schema: {
        tags: ['public'],
        summary: '省外转出证书查询（证书编号，或姓名+证件号码）',
        description:
          '只查已办理转出（状态 06）的证书。须给出证书编号，或同时给出姓名和证件号码；身份证号脱敏。按客户端地址限流。',
        querystring: query,
        response: { 200: envelope(z.array(outView)) },
      },
    },
    async (req) => {
      const certNo = req.query.certNo || undefined;
      const name = req.query.name || undefined;
      const idNo = req.query.idNo || undefined;
      if (!certNo && !(name && idNo)) {
        throw badRequest('请输入证书编号，或同时输入姓名和证件号码', name ? 'idNo' : idNo ? 'name' : 'certNo');
      }
      return ok(await transferredOutByCard(app.ctx.db, certNo ? { certNo } : { name: name!, idNo: idNo! }));
    },
  );
};
