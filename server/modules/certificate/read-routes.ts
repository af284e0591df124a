/** Reading certificates: the scoped list, pickers' valid certificates, those with business in progress, one certificate. */
import { z } from 'zod';
import { and, asc, count, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPLY_STATUS_LABELS,
  BUSINESS_ROUTES,
  type ApplyStatusCode,
  type BusinessType,
} from '../../../machines/businessTypes.js';
import { application, certificate, enterprise, person } from '../../db/schema.js';
import { envelope, ok, page, pageEnvelope } from '../../lib/reply.js';
import { currentUser } from '../../lib/authUser.js';
import { idParams } from '../../lib/schemas.js';
import { certificateDetailView, loadVisibleCertificate } from './detail.js';
import { loadLabels } from './labels.js';
import { contains, listCertificates, toRow } from './query.js';
import { SHOWN_COLUMNS } from './shown.js';
import {
  certificateDetail,
  certificateListQuery,
  certificateRow,
  pickerQuery,
  submittingQuery,
  submittingRow,
} from './schemas.js';
import { assertMayList, certificateScope } from './scope.js';

const TAGS = ['certificate'];
const idParam = idParams;
/** SPEC 4: applying, saved, submitted, accepted — an application that still holds its certificate. */
export const IN_PROGRESS_STATUSES = [0, 1, 2, 3];

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
      const w: (SQL | undefined)[] = [certificateScope(user), eq(certificate.status, '01')];
      if (q.personId) w.push(eq(certificate.personId, q.personId));
      if (q.enterpriseId) w.push(eq(certificate.enterpriseId, q.enterpriseId));
      if (q.idNo) w.push(eq(person.idNo, q.idNo.toUpperCase()));
      if (q.category) w.push(eq(certificate.category, q.category));
      if (q.keyword) w.push(or(contains(certificate.certNo, q.keyword), contains(person.name, q.keyword)));
      const where = and(...w);
      const [{ total }] = await db
        .select({ total: count() })
        .from(certificate)
        .innerJoin(person, eq(person.id, certificate.personId))
        .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId))
        .where(where);
      const rows = await db
        .select(SHOWN_COLUMNS)
        .from(certificate)
        .innerJoin(person, eq(person.id, certificate.personId))
        .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId))
        .where(where)
        .orderBy(asc(person.name), asc(certificate.category), asc(certificate.id))
        .limit(q.pageSize)
        .offset((q.pageNum - 1) * q.pageSize);
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
      const rows = await db
        .select({
          certificateId: certificate.id,
          certNo: certificate.certNo,
          name: person.name,
          app: {
            id: application.id,
            applyNo: application.applyNo,
            businessType: application.businessType,
            status: application.status,
          },
        })
        .from(application)
        .innerJoin(certificate, eq(certificate.id, application.certificateId))
        .innerJoin(person, eq(person.id, certificate.personId))
        .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId))
        .where(
          and(
            certificateScope(user),
            eq(application.deleted, false),
            inArray(application.status, IN_PROGRESS_STATUSES),
            q.personId ? eq(certificate.personId, q.personId) : undefined,
            q.enterpriseId ? eq(certificate.enterpriseId, q.enterpriseId) : undefined,
            q.certificateId ? eq(certificate.id, q.certificateId) : undefined,
          ),
        )
        .orderBy(asc(certificate.id), asc(application.id))
        .limit(5000);
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
