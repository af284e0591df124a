/** Reading punishments: the list, its Excel export, one punishment, a submission's diff, the pickers of the form. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/authUser.js';
import { chinaDate, chinaDateTime } from '../../lib/days.js';
import { batches, sendExcel, type ExcelColumn } from '../../lib/excel.js';
import { envelope, ok, page, pageEnvelope, pageQuery } from '../../lib/reply.js';
import { idParams, keyword, optionalText } from '../../lib/schemas.js';
import { maskIdNo, personalDataOf } from '../../services/personalData.js';
import { revealOfferSchema } from '../../services/personalDataSchemas.js';
import { loadLabels } from '../certificate/labels.js';
import { shownCertificate } from '../certificate/shown.js';
import { downloadUrl } from '../system/oss/upload.js';
import { reviewDetail } from '../system/review/detail.js';
import { loadReview, pendingOf, userNames } from '../system/review/review.service.js';
import { reviewDetailSchema } from '../system/review/schemas.js';
import {
  certificatesToPunish,
  listPunishments,
  punishmentListQuery,
  punishmentPages,
  punishmentReviews,
  punishmentRow,
  punishmentRowOf,
  storedFiles,
  type PunishmentRowView,
} from './query.js';
import { BAN_YEARS_OF_VIOLATION, loadPunishment, PUNISHMENT_TYPES, violateTypes } from './record.js';
import { assertCanSee } from './scope.js';
import { ENTITY, punishmentPersonalData } from './service.js';
import { punishmentView } from './view.js';

const TAGS = ['credit'];
const LIST = { access: { perm: 'credit:punishment:list' } };

const fileView = z.object({
  ossId: z.number(),
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number(),
  url: z.string(),
});
const decisionView = z.object({
  reviewId: z.number(),
  change: z.enum(['create', 'update', 'delete']),
  state: z.enum(['pending', 'approved', 'rejected', 'cancelled']),
  submitterName: z.string(),
  submittedAt: z.string(),
  reviewerName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  comment: z.string().nullable(),
});
const detailSchema = punishmentRow.extend({
  idNo: z.string().describe('证件号码（脱敏；经办人员可点击查看，记入个人信息访问日志）'),
  personalData: revealOfferSchema,
  files: z.array(fileView),
  pendingReview: reviewDetailSchema.nullable().describe('待审核的提交（变更对比）'),
  decisions: z.array(decisionView).describe('审核记录，新到旧'),
});

const pickerRow = z.object({
  id: z.number(),
  certNo: z.string(),
  category: z.string(),
  categoryLabel: z.string(),
  personId: z.number(),
  name: z.string(),
  idNo: z.string().describe('脱敏'),
  enterpriseName: z.string(),
  expiryDate: z.string(),
  status: z.string(),
  statusLabel: z.string(),
});
const pickerQuery = pageQuery.extend({
  keyword: keyword('关键字', 64).describe('证书编号或姓名'),
  name: optionalText(64, '姓名'),
  idNo: optionalText(32, '证件号码'),
  certNo: optionalText(40, '证书编号'),
  personId: z.coerce
    .number()
    .int()
    .min(1)
    .max(2_147_483_647)
    .optional()
    .describe('只列这名持证人的证书（已选了一张时）'),
  type: z.enum(PUNISHMENT_TYPES).optional().describe('处罚类型：暂扣、吊销、撤销只列有效或暂扣的证书'),
});

const violateOption = z.object({
  code: z.string(),
  name: z.string(),
  banYears: z.number().nullable().describe('吊销、撤销时规定的禁考年限'),
});

const EXPORT_COLUMNS: readonly ExcelColumn<PunishmentRowView>[] = [
  { header: '持证人', value: (r) => r.name, width: 12 },
  { header: '证件号码', value: (r) => r.idNo, width: 22 },
  { header: '处罚类型', value: (r) => r.type, width: 10 },
  { header: '处罚文号', value: (r) => r.docNo, width: 24 },
  { header: '违规类型', value: (r) => r.violateTypeName, width: 30 },
  { header: '处罚事由', value: (r) => r.reason, width: 40 },
  { header: '开始日期', type: 'date', value: (r) => r.startDate, width: 12 },
  { header: '结束日期', type: 'date', value: (r) => r.endDate, width: 12 },
  { header: '禁考年限', value: (r) => (r.banYears ? `${r.banYears}年` : ''), width: 10 },
  { header: '禁考至', type: 'date', value: (r) => r.banUntil, width: 12 },
  { header: '处罚证书', value: (r) => r.certificates.map((c) => c.certNo).join('、'), width: 40 },
  { header: '审核状态', value: (r) => r.reviewStateLabel, width: 10 },
  { header: '录入人', value: (r) => r.createdByName, width: 12 },
  { header: '录入时间', type: 'dateTime', value: (r) => chinaDateTime(r.createdAt), width: 20 },
];

export const punishmentReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const db = ctx.db;

  app.get(
    '/credit/punishment/list',
    {
      config: LIST,
      schema: {
        tags: TAGS,
        summary: '处罚记录列表',
        description:
          '数据权限：省级管理员全部；区域中心人员为其区域企业的证书的处罚。每行带证书（今天的状态）、待审核提交 pending 与调用者现在可做的操作（canEdit、canRemove）。',
        querystring: punishmentListQuery,
        response: { 200: pageEnvelope(punishmentRow) },
      },
    },
    async (req) => {
      const { rows, total } = await listPunishments(
        db,
        currentUser(req),
        req.query,
        await loadLabels(db),
        ctx.clock.now(),
      );
      return page(rows, total, req.query.pageNum);
    },
  );

  app.get(
    '/credit/punishment/export',
    {
      config: { access: { perm: 'credit:punishment:export', log: { title: '处罚管理', action: 'export' } } },
      schema: { tags: TAGS, summary: '导出处罚记录（Excel，按列表的筛选条件）', querystring: punishmentListQuery },
    },
    async (req, reply) => {
      const caller = currentUser(req);
      const labels = await loadLabels(db, 'zh-CN');
      const today = chinaDate(ctx.clock.now());
      return sendExcel(
        reply,
        `处罚记录_${today}.xlsx`,
        EXPORT_COLUMNS,
        batches(punishmentPages(db, caller, req.query, labels, today), 500),
        '处罚记录',
      );
    },
  );

  app.get(
    '/credit/punishment/get/:id',
    {
      config: { access: { perm: 'credit:punishment:query' } },
      schema: {
        tags: TAGS,
        summary: '处罚记录详情（证书、附件、审核记录、待审核的变更）',
        params: idParams,
        response: { 200: envelope(detailSchema) },
      },
    },
    async (req) => {
      const caller = currentUser(req);
      await assertCanSee(db, caller, req.params.id);
      const today = chinaDate(ctx.clock.now());
      const row = (await punishmentRowOf(db, caller, req.params.id, await loadLabels(db), today))!;
      const live = await loadPunishment(db, req.params.id);
      // The officer handling the punishment may reveal the holder's number (a logged click).
      const { values: shown, offer } = personalDataOf(
        await punishmentPersonalData(db, caller, req.params.id),
        'punishment',
        req.params.id,
      );
      const fileIds = Array.isArray(live.fileIds) ? (live.fileIds as number[]) : [];
      const files = await storedFiles(db, fileIds);
      const pending = await pendingOf(db, ENTITY, req.params.id);
      const reviews = await punishmentReviews(db, req.params.id);
      const names = await userNames(
        db,
        reviews.flatMap((r) => [r.submittedBy, r.reviewedBy]),
      );
      return ok({
        ...row,
        idNo: shown.idNo,
        personalData: offer,
        files: fileIds.flatMap((fid) => {
          const f = files.find((x) => x.id === fid);
          return f
            ? [
                {
                  ossId: f.id,
                  originalName: f.originalName,
                  mimeType: f.mimeType,
                  size: f.size,
                  url: downloadUrl(f.id),
                },
              ]
            : [];
        }),
        pendingReview: pending ? await reviewDetail(db, pending, caller, punishmentView) : null,
        decisions: reviews.map((r) => ({
          reviewId: r.id,
          change: (r.snapshot as { context: { change: 'create' | 'update' | 'delete' } }).context.change,
          state: r.state as 'pending' | 'approved' | 'rejected' | 'cancelled',
          submitterName: names.get(r.submittedBy) ?? '',
          submittedAt: r.submittedAt.toISOString(),
          reviewerName: r.reviewedBy === null ? null : (names.get(r.reviewedBy) ?? null),
          reviewedAt: r.reviewedAt?.toISOString() ?? null,
          comment: r.comment,
        })),
      });
    },
  );

  app.get(
    '/credit/punishment/review/:id',
    {
      config: LIST,
      schema: {
        tags: TAGS,
        summary: '处罚记录变更审核详情（变更对比）',
        params: idParams,
        response: { 200: envelope(reviewDetailSchema) },
      },
    },
    async (req) => {
      const caller = currentUser(req);
      const review = await loadReview(db, ENTITY, req.params.id);
      if (review.recordId !== null) await assertCanSee(db, caller, review.recordId);
      return ok(await reviewDetail(db, review, caller, punishmentView));
    },
  );

  app.get(
    '/credit/punishment/certificates',
    {
      config: LIST,
      schema: {
        tags: TAGS,
        summary: '选择处罚证书（调用者数据权限内的证书）',
        description:
          '按关键字（证书编号或姓名）、姓名、证件号码、证书编号查找；type 为暂扣、吊销、撤销时只列今天有效或暂扣的证书；personId 限定同一持证人。',
        querystring: pickerQuery,
        response: { 200: pageEnvelope(pickerRow) },
      },
    },
    async (req) => {
      const caller = currentUser(req);
      const q = req.query;
      const { rows, total } = await certificatesToPunish(db, caller, q);
      const labels = await loadLabels(db);
      return page(
        rows
          .map((r) => shownCertificate(r, labels))
          .map((c) => ({
            id: c.id,
            certNo: c.certNo,
            category: c.category,
            categoryLabel: c.categoryLabel,
            personId: c.personId,
            name: c.holderName,
            idNo: maskIdNo(c.holderIdNo),
            enterpriseName: c.enterpriseName,
            expiryDate: c.expiryDate,
            status: c.status,
            statusLabel: c.statusLabel,
          })),
        total,
        q.pageNum,
      );
    },
  );

  app.get(
    '/credit/punishment/violateTypes',
    {
      config: LIST,
      schema: {
        tags: TAGS,
        summary: '违规类型（处罚事由的选项）',
        response: { 200: envelope(z.array(violateOption)) },
      },
    },
    async () => {
      const types = await violateTypes(db);
      return ok([...types].map(([code, name]) => ({ code, name, banYears: BAN_YEARS_OF_VIOLATION[code] ?? null })));
    },
  );
};
