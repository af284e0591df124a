/** Calls anyone may make: health, client settings, certificate look-up by query code. */
import { z } from 'zod';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok, page, pageEnvelope, pageQuery } from '../../lib/reply.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { certCheckRecord, certificate, person, sysDictData, sysNotice } from '../../db/schema.js';
import { maskIdNo } from '../../services/personalData.js';
import { documentNumber, optionalQuery } from '../../lib/schemas.js';
import { loadLabels } from '../certificate/labels.js';
import { readShown, shownCertificate } from '../certificate/shown.js';
import { outSearchRoutes } from './out-search.js';

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
  const labelOf = async (dictType: string, value: string) => {
    const [row] = await db
      .select({ label: sysDictData.dictLabel })
      .from(sysDictData)
      .where(and(eq(sysDictData.dictType, dictType), eq(sysDictData.dictValue, value)));
    return row?.label ?? value;
  };

  /** The certificate as shown (certificate/shown.ts), the identity number masked, in the caller's language. */
  async function certificateView(where: ReturnType<typeof eq>) {
    const [row] = await readShown(db, where);
    if (!row) return null;
    const c = shownCertificate(row, await loadLabels(db));
    return {
      id: c.id,
      queryCode: c.queryCode,
      area: c.ownership,
      view: {
        certNo: c.certNo,
        category: c.category,
        categoryLabel: c.categoryLabel,
        name: c.holderName,
        sex: c.holderSexLabel,
        idNoMasked: maskIdNo(c.holderIdNo),
        enterpriseName: c.enterpriseName,
        position: c.positionLabel,
        issueDate: c.issueDate,
        validFrom: c.validFrom,
        eCertId: c.eCertId,
        expiryDate: c.expiryDate,
        status: c.status,
        statusLabel: c.statusLabel,
        statusText: c.statusText,
        suspendedFrom: c.suspendedFrom,
        suspendedTo: c.suspendedTo,
        issuingAuthority: c.issuingAuthority,
        version: c.version,
        versionLabel: c.versionLabel,
        valid: c.valid,
        queryCode: c.queryCode,
      },
    };
  }

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
      const found = await certificateView(eq(certificate.queryCode, req.params.queryCode));
      await db.insert(certCheckRecord).values({
        source: 'qr',
        queryCode: req.params.queryCode,
        certificateId: found?.id ?? null,
        found: !!found,
        area: found?.area ?? null,
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
        checkedAt: app.ctx.clock.now(),
      });
      if (!found) throw notFound('未查询到该证书，请核对二维码或查询码');
      return ok(found.view);
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
      const where = orgCode
        ? eq(certificate.certNo, orgCode)
        : and(eq(person.idNo, agentIdentityNo!), eq(person.name, name!));
      const ids = await db
        .select({ id: certificate.id })
        .from(certificate)
        .innerJoin(person, eq(person.id, certificate.personId))
        .where(where)
        .limit(20);
      const found = [];
      for (const { id } of ids) {
        const v = await certificateView(eq(certificate.id, id));
        if (v) found.push(v);
      }
      const queryText = orgCode ?? `${name} ${maskIdNo(agentIdentityNo!)}`;
      const record = {
        source: 'card',
        queryText: queryText.slice(0, 100),
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
        checkedAt: app.ctx.clock.now(),
      };
      await db
        .insert(certCheckRecord)
        .values(
          found.length
            ? found.map((v) => ({ ...record, queryCode: v.queryCode, certificateId: v.id, found: true, area: v.area }))
            : [{ ...record, queryCode: null, certificateId: null, found: false, area: null }],
        );
      return ok(found.map((v) => v.view));
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
      const cond = eq(sysNotice.status, '1');
      const [{ total }] = await db.select({ total: count() }).from(sysNotice).where(cond);
      const rows = await db
        .select()
        .from(sysNotice)
        .where(cond)
        .orderBy(desc(sysNotice.createdAt), desc(sysNotice.noticeId))
        .limit(req.query.pageSize)
        .offset((req.query.pageNum - 1) * req.query.pageSize);
      const items = [];
      for (const r of rows) {
        items.push({
          id: r.noticeId,
          title: r.noticeTitle,
          content: r.noticeContent,
          category: await labelOf('sys_notice_type', r.noticeType),
          publishDate: r.createdAt.toISOString(),
        });
      }
      return page(items, total, req.query.pageNum);
    },
  );
};
