/**
 * One set of calls per business type (SPEC 7's revocation shape for all): GET {base}/list,
 * GET {base}/get/{id}, POST {base}/save, POST {base}/update, POST {base}/submit, POST {base}/remove,
 * plus GET {base}/candidates for step 0, the revocation extras and the pre-check
 * GET /applyCertification/checkDataByApplyId.
 */
import { z } from 'zod';
import { revealOfferSchema } from '../../services/personalDataSchemas.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BUSINESS_ROUTES, BUSINESS_TYPES, type BusinessType } from '../../../machines/businessTypes.js';
import { envelope, ok, page, pageEnvelope, pageQuery } from '../../lib/reply.js';
import { badRequest } from '../../lib/errors.js';
import { id, idList, keyword, optionalText, uint32 } from '../../lib/schemas.js';
import { currentUser } from '../../lib/authUser.js';
import { applicationDetailSchema, queueRow } from '../workflow/routes.js';
import { enterpriseApplyRefusal } from './rules.js';
import { REVOCATION_REASONS } from './payloads.js';
import {
  applyAndSubmit,
  candidates,
  getBusiness,
  listBusiness,
  precheck,
  removeBusiness,
  saveBusiness,
  submitBusiness,
  updateBusiness,
  materialOwner,
} from './service.js';
import { registerFileOwner } from '../system/oss/fileScope.js';
import { caseView } from './case.js';

/** Base path and permission entity of each business type. */
export const BUSINESS_BASES: Record<BusinessType, { base: string; entity: string }> = {
  newCert: { base: '/apply/newCert', entity: 'newCert' },
  delay: { base: '/apply/delay', entity: 'delay' },
  inner: { base: '/apply/inner', entity: 'inner' },
  inProvince: { base: '/apply/inProvince', entity: 'inProvince' },
  outProvince: { base: '/apply/outProvince', entity: 'outProvince' },
  modify: { base: '/apply/modify', entity: 'modify' },
  revocation: { base: '/certificate/revocation', entity: 'revocation' },
  personRevocation: { base: '/apply/personRevocation', entity: 'personRevocation' },
  rename: { base: '/apply/rename', entity: 'rename' },
};

const businessRow = queueRow.extend({
  holderIdNo: z.string().nullable().describe('持证人证件号码（脱敏）'),
  category: z.string().nullable(),
  createdAt: z.string(),
  lastComment: z.string().nullable().describe('最近一次退回、不同意或持证人不确认的意见'),
});

const businessDetail = applicationDetailSchema.extend({
  personId: z.number().nullable(),
  certificateId: z.number().nullable(),
  enterpriseId: z.number().nullable(),
  lastComment: z.string().nullable(),
  person: z
    .object({
      id: z.number(),
      name: z.string(),
      sex: z.string(),
      idNo: z.string(),
      birthDate: z.string(),
      age: z.number(),
      education: z.string().nullable(),
      title: z.string().nullable(),
      phone: z.string().nullable(),
      personalData: revealOfferSchema,
    })
    .nullable()
    .describe('人员（证件号码、出生日期、手机号码脱敏；持证人本人为完整值；personalData 说明可点击查看的字段）'),
  certificate: z
    .object({
      id: z.number(),
      certNo: z.string(),
      category: z.string(),
      position: z.string(),
      issueDate: z.string(),
      expiryDate: z.string(),
      status: z.string(),
      version: z.number(),
      enterpriseId: z.number(),
    })
    .nullable(),
  enterprise: z
    .object({
      id: z.number(),
      name: z.string(),
      creditCode: z.string(),
      legalRepresentative: z.string(),
      ownership: z.string(),
    })
    .nullable(),
  materials: z.array(z.object({ ossId: z.number(), originalName: z.string(), size: z.number(), mimeType: z.string() })),
});

const candidateRow = z.object({
  personId: z.number(),
  name: z.string(),
  idNo: z.string(),
  sex: z.string(),
  age: z.number(),
  certificateId: z.number().nullable(),
  certNo: z.string().nullable(),
  category: z.string().nullable(),
  expiryDate: z.string().nullable(),
  status: z.string().nullable(),
  enterpriseName: z.string().nullable(),
});

const idParam = z.object({ id: id('业务编号', { invalid: '业务编号不正确' }) });
const payloadSchema = z.record(z.string(), z.unknown(), { error: '申请内容格式不正确' }).default({});
const listQuery = pageQuery.extend({
  status: z.coerce
    .number()
    .int()
    .refine((n) => [0, 1, 2, 3, 4, 8].includes(n), '状态不正确')
    .optional(),
  keyword: keyword('关键字', 64),
});
const idsOf = (raw: number[] | undefined): number[] => {
  if (!raw || raw.length === 0) throw badRequest('请选择要删除的业务', 'ids');
  return raw;
};

const checkAnswer = z.object({
  code: z.number().describe('0 可以申请；延期 1–9 为 SPEC 4 的不可延期原因；10 起为其他业务规则'),
  msg: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(),
  errorMsg: z.string().nullable(),
  warnMsg: z.string().nullable(),
});

export const businessRoutes: FastifyPluginAsyncZod = async (app) => {
  registerFileOwner(materialOwner);
  for (const type of BUSINESS_TYPES) {
    const { base, entity } = BUSINESS_BASES[type];
    const label = BUSINESS_ROUTES[type].label;
    const perm = (action: string) => `business:${entity}:${action}`;
    const tags = ['business'];

    app.get(
      `${base}/list`,
      {
        config: { access: { perm: perm('list') } },
        schema: {
          tags,
          summary: `${label}：申请列表`,
          description: '企业用户看本企业的申请，个人用户看本人提出的或须本人确认的申请。',
          querystring: listQuery,
          response: { 200: pageEnvelope(businessRow) },
        },
      },
      async (req) => {
        const { rows, total } = await listBusiness(app.ctx, currentUser(req), type, req.query);
        return page(rows, total, req.query.pageNum);
      },
    );

    app.get(
      `${base}/get/:id`,
      {
        config: { access: { perm: perm('list') } },
        schema: { tags, summary: `${label}：申请详情`, params: idParam, response: { 200: envelope(businessDetail) } },
      },
      async (req) => ok(await getBusiness(app.ctx, currentUser(req), type, req.params.id)),
    );

    app.get(
      `${base}/applicable`,
      {
        config: { access: { perm: perm('list') } },
        schema: {
          tags,
          summary: `${label}：本企业此刻能否新建申请`,
          description:
            '企业层面的业务（企业更名）在企业无效或已有同类业务办理中时不能新建，页面据此决定是否提供“申请”；其他业务按所选人员或证书在向导中检查，总是 allowed。',
          response: {
            200: envelope(
              z.object({
                allowed: z.boolean(),
                code: z.number().int().describe('规则编号，0 为可以'),
                msg: z.string().nullable().describe('不能申请的原因'),
              }),
            ),
          },
        },
      },
      async (req) => {
        const refusal = await enterpriseApplyRefusal(app.ctx.db, type, currentUser(req).enterpriseId);
        return ok(
          refusal
            ? { allowed: false, code: refusal.code, msg: refusal.message }
            : { allowed: true, code: 0, msg: null },
        );
      },
    );

    app.get(
      `${base}/candidates`,
      {
        config: { access: { perm: perm('list') } },
        schema: {
          tags,
          summary: `${label}：第 0 步可选择的人员或证书`,
          querystring: z.object({ keyword: keyword('关键字', 64) }),
          response: { 200: envelope(z.array(candidateRow)) },
        },
      },
      async (req) => ok(await candidates(app.ctx, currentUser(req), type, req.query.keyword || undefined)),
    );

    app.post(
      `${base}/save`,
      {
        config: { access: { perm: perm('add'), log: { title: label, action: 'insert' } } },
        schema: {
          tags,
          summary: `${label}：保存（新建草稿）`,
          description: '任意一步均可保存；已填写的字段逐项校验，提交时校验全部内容与业务规则。',
          body: z.object({
            personId: id('人员编号', { invalid: '人员编号不正确' }).nullish(),
            certificateId: id('证书编号', { invalid: '证书编号不正确' }).nullish(),
            payload: payloadSchema,
          }),
          response: { 200: envelope(businessDetail) },
        },
      },
      async (req) => ok(await saveBusiness(app.ctx, currentUser(req), type, req.body), '保存成功'),
    );

    app.post(
      `${base}/update`,
      {
        config: { access: { perm: perm('edit'), log: { title: label, action: 'update' } } },
        schema: {
          tags,
          summary: `${label}：修改草稿（仅已保存状态）`,
          body: z.object({
            id: id('业务编号', { missing: '业务编号不能为空' }),
            version: uint32('版本号').optional(),
            payload: payloadSchema,
          }),
          response: { 200: envelope(businessDetail) },
        },
      },
      async (req) => ok(await updateBusiness(app.ctx, currentUser(req), type, req.body.id, req.body), '保存成功'),
    );

    app.post(
      `${base}/submit`,
      {
        config: { access: { perm: perm('edit'), log: { title: label, action: 'submit' } } },
        schema: {
          tags,
          summary: `${label}：提交`,
          description:
            '经工作流发送 SUBMIT：业务规则不满足时返回 422，code 为规则编号（延期为 SPEC 4 的 1–9），msg 说明原因；须持证人确认的业务进入“申请中”。',
          querystring: z.object({ id: id('业务编号').optional() }),
          body: z.object({ id: id('业务编号').optional(), version: uint32('版本号').optional() }).nullish(),
          response: { 200: envelope(businessDetail) },
        },
      },
      async (req) => {
        const id = req.body?.id ?? req.query.id;
        if (!id) throw badRequest('业务编号不能为空', 'id');
        return ok(await submitBusiness(app.ctx, currentUser(req), type, id, req.body?.version), '提交成功');
      },
    );

    app.post(
      `${base}/remove`,
      {
        config: { access: { perm: perm('remove'), log: { title: label, action: 'delete' } } },
        schema: {
          tags,
          summary: `${label}：删除草稿（可多选，全部成功或全部不删）`,
          querystring: z.object({ ids: idList('ids', 500).optional() }),
          body: z
            .object({
              ids: z
                .array(id('业务编号', { invalid: '请选择要删除的业务' }))
                .max(500, '一次最多删除 500 条业务')
                .optional(),
            })
            .nullish(),
          response: { 200: envelope(z.object({ removed: z.number() })) },
        },
      },
      async (req) =>
        ok(
          { removed: await removeBusiness(app.ctx, currentUser(req), type, idsOf(req.body?.ids ?? req.query.ids)) },
          '删除成功',
        ),
    );
  }

  // ---- revocation extras (SPEC 7) ----
  app.post(
    '/certificate/revocation/revoke',
    {
      config: { access: { perm: 'business:revocation:add', log: { title: '证书注销', action: 'submit' } } },
      schema: {
        tags: ['business'],
        summary: '证书注销：从证书详情直接申请并提交（规则不满足时不写入任何数据）',
        querystring: z.object({
          certificateId: id('证书编号', { missing: '请选择证书', invalid: '请选择证书' }),
          reason: z.enum(Object.keys(REVOCATION_REASONS) as [string, ...string[]], { error: '注销原因不正确' }),
          remark: optionalText(500, '备注', { multiline: true, tooLong: '备注不能超过500字' }),
        }),
        response: { 200: envelope(businessDetail) },
      },
    },
    async (req) =>
      ok(
        await applyAndSubmit(app.ctx, currentUser(req), 'revocation', {
          certificateId: req.query.certificateId,
          payload: { reason: req.query.reason, remark: req.query.remark },
        }),
        '注销申请已提交',
      ),
  );

  app.get(
    '/certificate/revocation/person/list',
    {
      config: { access: { perm: 'business:revocation:list' } },
      schema: {
        tags: ['business'],
        summary: '证书注销：本企业可注销的人员证书',
        querystring: pageQuery.extend({ keyword: keyword('关键字', 64) }),
        response: { 200: pageEnvelope(candidateRow) },
      },
    },
    async (req) => {
      const rows = await candidates(app.ctx, currentUser(req), 'revocation', req.query.keyword || undefined);
      const start = (req.query.pageNum - 1) * req.query.pageSize;
      return page(rows.slice(start, start + req.query.pageSize), rows.length, req.query.pageNum);
    },
  );

  app.get(
    '/certificate/revocation/personApply/list',
    {
      config: { access: { perm: 'business:personRevocation:list' } },
      schema: {
        tags: ['business'],
        summary: '证书注销：个人提出的注销申请',
        querystring: listQuery,
        response: { 200: pageEnvelope(businessRow) },
      },
    },
    async (req) => {
      const { rows, total } = await listBusiness(app.ctx, currentUser(req), 'personRevocation', req.query);
      return page(rows, total, req.query.pageNum);
    },
  );

  const changeLine = z.object({
    field: z.string(),
    label: z.string(),
    before: z.string().nullable(),
    after: z.string().nullable(),
  });
  const caseFact = z.object({
    label: z.string(),
    value: z.string(),
    kind: z.enum(['idNo']).optional().describe('idNo：身份证号'),
  });
  app.get(
    '/workflow/:id/case',
    {
      schema: {
        tags: ['workflow'],
        summary: '审核案卷：材料、变更前后、规则核查、本人证书与在办业务',
        description:
          '审核人员决定前看到的全部事实：申请材料（可预览）、业务办结后证书的变化（变更前后对比）、提交时与此刻业务规则看到的事实、持证人的全部证书和其他在办申请。',
        params: z.object({ id: id('业务编号') }),
        response: {
          200: envelope(
            z.object({
              id: z.number(),
              applyNo: z.string(),
              businessType: z.string(),
              businessLabel: z.string(),
              materials: z.array(
                z.object({
                  ossId: z.number(),
                  originalName: z.string(),
                  mimeType: z.string(),
                  size: z.number(),
                  url: z.string(),
                }),
              ),
              changes: z.array(changeLine),
              checks: z.object({
                submitted: z
                  .object({
                    at: z.string(),
                    facts: z.record(z.string(), z.unknown()),
                    words: z.array(caseFact).describe('同一事实的文字（字典词语）'),
                  })
                  .nullable()
                  .describe('提交时规则核查所见（早于本功能的申请为空）'),
                now: z
                  .object({ code: z.number(), message: z.string(), facts: z.record(z.string(), z.unknown()) })
                  .describe('此刻重新核查的结果'),
              }),
              why: z.object({
                verdict: z
                  .object({ code: z.number(), message: z.string() })
                  .describe('业务规则此刻的结论（与申请前校验、提交时相同）'),
                checks: z
                  .array(
                    z.object({
                      key: z.string(),
                      code: z.number().nullable().describe('规则编号（延期为 SPEC 4 的 1–9）；仅列事实时为空'),
                      title: z.string(),
                      verdict: z
                        .enum(['pass', 'fail', 'warn', 'info'])
                        .describe('pass 符合、fail 不符合、warn 提醒、info 仅列事实'),
                      answer: z.string(),
                      facts: z.array(caseFact),
                    }),
                  )
                  .describe('逐条规则：按规则执行的顺序，每条的结论与所依据的事实'),
                warnings: z.array(z.string()).describe('提醒每一位审核人员的问题（如未上传申请材料）'),
              }),
              certificates: z.array(
                z.object({
                  id: z.number(),
                  certNo: z.string(),
                  category: z.string(),
                  categoryLabel: z.string(),
                  status: z.string(),
                  statusLabel: z.string(),
                  validFrom: z.string(),
                  expiryDate: z.string(),
                  enterpriseName: z.string(),
                }),
              ),
              openApplications: z.array(
                z.object({
                  id: z.number(),
                  applyNo: z.string(),
                  businessType: z.string(),
                  businessLabel: z.string(),
                  status: z.number(),
                }),
              ),
              personalData: revealOfferSchema.describe(
                '持证人的证件号码等在案卷中脱敏；审核人员可点击查看（见 RevealOffer）；没有持证人的业务 fields 为空',
              ),
            }),
          ),
        },
      },
    },
    async (req) => ok(await caseView(app.ctx, currentUser(req), req.params.id), '查询成功'),
  );

  app.get(
    '/applyCertification/checkDataByApplyId',
    {
      schema: {
        tags: ['business'],
        summary: '申请前校验（第 0 步）',
        description:
          '按申请编号 applyId，或按业务类型与所选人员/证书校验业务规则。code 为 0 且 data 不为空时可以继续；否则依次显示 errorMsg、warnMsg、“校验失败”（SPEC 5）。提交时服务器执行同一校验。',
        querystring: z.object({
          applyId: id('申请编号').optional(),
          businessType: z
            .enum(BUSINESS_TYPES as [BusinessType, ...BusinessType[]], { error: '业务类型不正确' })
            .optional(),
          personId: id('人员编号').optional(),
          certificateId: id('证书编号').optional(),
          category: optionalText(2, '证书类别'),
          position: optionalText(2, '职务'),
        }),
        response: { 200: checkAnswer },
      },
    },
    async (req) => {
      const answer = await precheck(app.ctx, currentUser(req), req.query);
      const passed = answer.code === 0;
      return {
        code: answer.code,
        msg: answer.message,
        data: passed ? answer.facts : null,
        errorMsg: passed ? null : answer.message,
        warnMsg: answer.warnings.length ? answer.warnings.join('；') : null,
      };
    },
  );
};
