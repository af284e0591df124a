/** Calls anyone may make: health, client settings, certificate look-up by query code. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok, page, pageEnvelope, pageQuery } from '../../lib/reply.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { documentNumber, optionalQuery } from '../../lib/schemas.js';
import { outSearchRoutes } from './out-search-routes.js';
import { checkByCard, checkByQueryCode, disclosurePage } from './service.js';

const publicAccess = { access: { auth: 'public' as const, log: false as const } };

const certView = z.object({
  certNo: z.string(),
  category: z.string(),
  categoryLabel: z.string(),
  name: z.string(),
  sex: z.string(),
  idNoMasked: z.string(),
  enterpriseName: z.string(),
  position: z.string(),
  issueDate: z.string().describe('发证日期'),
  validFrom: z.string().describe('有效期起'),
  expiryDate: z.string().describe('有效期至'),
  eCertId: z.string().nullable().describe('全国电子证照标识'),
  status: z.string().describe('今日的证书状态'),
  statusLabel: z.string(),
  statusText: z.string().describe('状态的文字：暂扣时含暂扣期'),
  suspendedFrom: z.string().nullable().describe('暂扣期起（状态为 02 时）'),
  suspendedTo: z.string().nullable().describe('暂扣期止（状态为 02 时；为空：至解除）'),
  issuingAuthority: z.string(),
  version: z.number(),
  versionLabel: z.string().describe('三位版本号，如 002'),
  valid: z.boolean().describe('状态为 01 有效'),
  queryCode: z.string().describe('证书二维码的查询码：打开 /cert/{queryCode} 的证书信息页'),
});

export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;
  await app.register(outSearchRoutes);

  // Liveness: the process answers. It reads nothing, so a database restart does not make an
  // orchestrator restart every API process; whether to send traffic is /api/ready's question.
  app.get(
    '/health',
    {
      config: publicAccess,
      schema: {
        tags: ['public'],
        summary: '存活检查（进程在运行；不访问数据库，是否可接收请求见 /api/ready）',
        response: { 200: z.object({ code: z.number(), msg: z.string() }) },
      },
    },
    async () => ({ code: 0, msg: 'ok' }),
  );

  app.get(
    '/public/settings',
    {
      config: publicAccess,
      schema: {
        tags: ['public'],
        summary: '客户端运行参数',
        response: {
          200: envelope(
            z.object({
              production: z.boolean(),
              oldPlatformUrl: z.string(),
              oldExamUrl: z.string(),
              ssoEndSessionUrl: z.string().nullable(),
              skapiHost: z.string().nullable(),
              smsResendSeconds: z.number(),
            }),
          ),
        },
      },
    },
    async () => {
      const c = app.ctx.config;
      return ok({
        production: c.production,
        oldPlatformUrl: c.oldPlatformUrl,
        oldExamUrl: c.oldExamUrl,
        ssoEndSessionUrl: c.sso.endSessionUrl,
        skapiHost: c.skapiHost,
        smsResendSeconds: c.sms.resendSeconds,
      });
    },
  );

  app.get(
    '/cert/:queryCode',
    {
      config: publicAccess,
      schema: {
        tags: ['public'],
        summary: '按查询码查看证书（二维码）',
        description:
          '每次查询记入证书核验记录（来源 qr）。身份证号只显示前 3 位与后 4 位。状态不是 01 有效的证书照常返回（valid 为 false），由页面提示证书已失效；查询码不存在时 404。',
        params: z.object({ queryCode: z.string().regex(/^[A-Za-z0-9_-]{6,32}$/, '查询码格式不正确') }),
        response: { 200: envelope(certView) },
      },
    },
    async (req) => {
      const found = await checkByQueryCode(app.ctx, req.params.queryCode, {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
      });
      if (!found) throw notFound('未查询到该证书，请核对二维码或查询码');
      return ok(found);
    },
  );

  app.get(
    '/public/validCard',
    {
      config: publicAccess,
      schema: {
        tags: ['public'],
        summary: '证书查询（姓名+证件号码，或证书编号）',
        description: '每次查询记入证书核验记录（来源 card）：查到的每个证书一条，查不到时一条（证件号码脱敏记录）。',
        querystring: z.object({
          agentIdentityNo: optionalQuery(documentNumber('证件号码')),
          name: z.string().trim().max(64).optional(),
          orgCode: z.string().trim().max(40).optional().describe('证书编号'),
        }),
        response: { 200: envelope(z.array(certView)) },
      },
    },
    async (req) => {
      const { agentIdentityNo, name, orgCode } = req.query;
      if (!orgCode && !(agentIdentityNo && name))
        throw badRequest(
          '请输入证书编号，或同时输入姓名和证件号码',
          orgCode === undefined ? 'agentIdentityNo' : 'orgCode',
        );
      const found = await checkByCard(
        app.ctx,
        { orgCode, idNo: agentIdentityNo!, name: name! },
        {
          ip: req.ip,
          userAgent: req.headers['user-agent'] ?? null,
        },
      );
      return ok(found);
    },
  );

  app.get(
    '/public/disclosure',
    {
      config: publicAccess,
      schema: {
        tags: ['public'],
        summary: '信息公开（已发布的通知公告）',
        querystring: pageQuery,
        response: {
          200: pageEnvelope(
            z.object({
              id: z.number(),
              title: z.string(),
              content: z.string(),
              category: z.string(),
              publishDate: z.string(),
            }),
          ),
        },
      },
    },
    async (req) => {
      const { items, total } = await disclosurePage(db, req.query.pageNum, req.query.pageSize);
      return page(items, total, req.query.pageNum);
    },
  );
};
