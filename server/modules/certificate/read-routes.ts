/** Reading certificates: the scoped list, pickers' valid certificates, those with business in progress, one certificate. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPLY_STATUS_LABELS,
  BUSINESS_ROUTES,
  type ApplyStatusCode,
  type BusinessType,
} from '../../../machines/businessTypes.js';
import { envelope, ok, page, pageEnvelope } from '../../lib/reply.js';
import { currentUser } from '../../lib/authUser.js';
import { idParams } from '../../lib/schemas.js';
import { certificateDetailView, loadVisibleCertificate } from './detail.js';
import { loadLabels } from './labels.js';
import { listCertificates, submittingCertificates, toRow, validCertificatesPage } from './query.js';
import {
  certificateDetail,
  certificateListQuery,
  certificateRow,
  pickerQuery,
  submittingQuery,
  submittingRow,
} from './schemas.js';
import { assertMayList } from './scope.js';

const TAGS = ['certificate'];
const idParam = idParams;

export const certificateReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;

  app.get(
    '/safetyCertificateInfo/list',
    {
      config: { access: { readsOnly: true } },
      schema: {
        tags: TAGS,
        summary: '证书列表',
        description:
          '按数据权限筛选：省级管理员全部；区域中心人员为其区域（企业所属区域）的企业的证书；企业用户为本企业的证书；个人用户为本人的证书。' +
          'beginTime/endTime 为发证日期，expiryFrom/expiryTo 为有效期至。需 search:cert:list（个人用户查看本人证书不需要）。' +
          '总数不超过 2000 条时精确，超过时为估算值（totalExact 为 false）。',
        querystring: certificateListQuery,
        response: {
          200: pageEnvelope(certificateRow).extend({
            totalExact: z.boolean().describe('false：total 为估算值（匹配超过 2000 条），页面显示「约 N 条」'),
          }),
        },
      },
    },
    async (req) => {
      const user = currentUser(req);
      assertMayList(user);
      const { rows, total, totalExact } = await listCertificates(
        app.ctx.database.reads,
        user,
        req.query,
        await loadLabels(db),
      );
      return Object.assign(page(rows, total, req.query.pageNum), { totalExact });
    },
  );

  app.get(
    '/safetyCertificateInfo/listCertificate',
    {
      config: { access: { readsOnly: true } },
      schema: {
        tags: TAGS,
        summary: '有效证书（选择证书用）',
        description:
          '某人（personId 或 idNo）或某企业（enterpriseId）状态为 01 有效的证书，在调用者的数据权限内；企业用户不传条件时为本企业、个人用户为本人。',
        querystring: pickerQuery,
        response: { 200: pageEnvelope(certificateRow) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const q = req.query;
      const { rows, total } = await validCertificatesPage(db, user, q);
      const labels = await loadLabels(db);
      return page(
        rows.map((r) => toRow(r, labels)),
        total,
        q.pageNum,
      );
    },
  );

  app.get(
    '/safetyCertificateInfo/getSubmittingCertificates',
    {
      schema: {
        tags: TAGS,
        summary: '有业务办理中的证书',
        description:
          '关联了未删除、状态为 0 申请中、1 已保存、2 已提交或 3 已受理的申请的证书（每个申请一行），在调用者的数据权限内；可按 personId、enterpriseId、certificateId 缩小。选择证书时据此排除正在办理的证书。',
        querystring: submittingQuery,
        response: { 200: envelope(z.array(submittingRow)) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const q = req.query;
      const rows = await submittingCertificates(db, user, q);
      return ok(
        rows.map((r) => ({
          certificateId: r.certificateId,
          certNo: r.certNo,
          name: r.name,
          applicationId: r.app.id,
          applyNo: r.app.applyNo,
          businessType: r.app.businessType,
          businessLabel: BUSINESS_ROUTES[r.app.businessType as BusinessType]?.label ?? r.app.businessType,
          status: r.app.status,
          statusLabel: APPLY_STATUS_LABELS[r.app.status as ApplyStatusCode] ?? String(r.app.status),
        })),
        '查询成功',
      );
    },
  );

  app.get(
    '/safetyCertificateInfo/get/:id',
    {
      schema: {
        tags: TAGS,
        summary: '证书详情（持证人、企业与版本历史）',
        description: '不在调用者数据权限内时 403。',
        params: idParam,
        response: { 200: envelope(certificateDetail) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const row = await loadVisibleCertificate(db, user, req.params.id);
      return ok(await certificateDetailView(db, user, row, await loadLabels(db)), '查询成功');
    },
  );
};
