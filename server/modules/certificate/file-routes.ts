/** Files of certificates: the PDF (preview and counted print), the Excel export of the list, a zip of PDFs, the printing queue's export. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BUSINESS_ROUTES, BUSINESS_TYPES, type BusinessType } from '../../../machines/businessTypes.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { attachment, batches, sendExcel, type ExcelColumn } from '../../lib/excel.js';
import { certificatePdf } from '../../lib/pdf/lazy.js';
import { versionLabel } from '../../lib/pdf/format.js';
import { envelope, ok, pageQuery } from '../../lib/reply.js';
import { id, idParams, keyword } from '../../lib/schemas.js';
import { currentUser } from '../../lib/authUser.js';
import { publicBaseUrl } from './base-url.js';
import { loadCertificate, loadVisibleCertificate, pdfDataOf, recordPdfAccess } from './detail.js';
import { loadLabels } from './labels.js';
import { certificateWhere } from './query.js';
import { CERTIFICATE_EXPORT_COLUMNS, EXPORT_BATCH, exportFetch } from './export.js';
import { certificateExportQuery, idList, printInfoRow } from './schemas.js';
import { printApplicationCertificate, printInfoRows, printQueueFetch, type PrintQueueRow } from './print.js';
import { canSeeCertificate } from './scope.js';
import { safeFileName, zipStream } from './zip.js';

const TAGS = ['certificate'];
const PDF = 'application/pdf';
/** A zip is built in memory (~90 kB per certificate): the ceiling keeps a request bounded. */
export const ZIP_MAX = 200;

const pdfName = (certNo: string, name: string, version: number) =>
  safeFileName(`${certNo}_${name}_${versionLabel(version)}.pdf`);
const inline = (name: string) => `inline; filename="certificate.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`;

const printQueueExportQuery = z.object({
  queue: z.enum(['printWait', 'printDone'], { error: 'queue 应为 printWait 或 printDone' }),
  businessType: z.enum(BUSINESS_TYPES as [BusinessType, ...BusinessType[]]).optional(),
  keyword: keyword('关键字', 64),
  beginTime: pageQuery.shape.beginTime,
  endTime: pageQuery.shape.endTime,
});

const time = (d: Date | null) =>
  d ? new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ') : '';
const PRINT_COLUMNS: ExcelColumn<PrintQueueRow>[] = [
  { header: '申请编号', width: 20, value: (r) => r.applyNo },
  {
    header: '业务类型',
    width: 12,
    value: (r) => BUSINESS_ROUTES[r.businessType as BusinessType]?.label ?? r.businessType,
  },
  { header: '证书编号', width: 26, value: (r) => r.certNo },
  { header: '持证人', width: 12, value: (r) => r.holderName },
  { header: '企业名称', width: 36, value: (r) => r.enterpriseName },
  { header: '证书版本', width: 10, value: (r) => (r.version === null ? '' : versionLabel(r.version)) },
  { header: '打印次数', width: 10, value: (r) => r.printCount },
  { header: '已打印版本', width: 12, value: (r) => (r.printedVersion === null ? '' : versionLabel(r.printedVersion)) },
  { header: '办结时间', type: 'dateTime', width: 20, value: (r) => time(r.closedAt) },
  { header: '打印时间', type: 'dateTime', width: 20, value: (r) => time(r.printedAt) },
];

export const certificateFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;

  app.get(
    '/safetyCertificateInfo/pdf/:id',
    {
      schema: {
        tags: TAGS,
        summary: '证书 PDF 预览（不计打印次数）',
        description: '在调用者数据权限内的证书；二维码指向 <访问地址>/cert/<查询码>。',
        params: idParams,
        produces: [PDF],
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const row = await loadVisibleCertificate(db, user, req.params.id);
      await recordPdfAccess(db, user, row);
      const pdf = await certificatePdf(pdfDataOf(row, await loadLabels(db, 'zh-CN'), publicBaseUrl(req)));
      return reply
        .type(PDF)
        .header('content-disposition', inline(pdfName(row.cert.certNo, row.holder.name, row.cert.version)))
        .send(Buffer.from(pdf));
    },
  );

  app.post(
    '/safetyCertificateInfo/print',
    {
      config: { access: { log: { title: '证书打印', action: 'print' } } },
      schema: {
        tags: TAGS,
        summary: '打印证书（计打印次数）',
        description:
          '需 print:waitPrint:print 或 print:printed:print，且申请属于调用者所在中心。返回申请所关联证书的 PDF；同一事务中证书打印次数 +1、记录已打印版本与时间，申请记为已打印（进入已打印证书队列）。' +
          '响应头 x-print-count 为打印后的次数。',
        body: z.object({
          applicationId: id('申请编号', { missing: '请选择要打印的申请', invalid: '请选择要打印的申请' }),
        }),
        produces: [PDF],
      },
    },
    async (req, reply) => {
      const result = await printApplicationCertificate(
        app.ctx,
        currentUser(req),
        req.body.applicationId,
        publicBaseUrl(req),
      );
      return reply
        .type(PDF)
        .header('content-disposition', inline(safeFileName(`${result.certNo}_${versionLabel(result.version)}.pdf`)))
        .header('x-print-count', String(result.printCount))
        .send(Buffer.from(result.pdf));
    },
  );

  app.get(
    '/safetyCertificateInfo/printInfo',
    {
      schema: {
        tags: TAGS,
        summary: '打印队列行的证书与打印信息',
        description:
          '按申请 id（逗号分隔，最多 100 个）返回其证书编号、版本、状态、打印次数与已打印版本；只含调用者所在中心的申请。',
        querystring: z.object({ applicationIds: idList('applicationIds') }),
        response: { 200: envelope(z.array(printInfoRow)) },
      },
    },
    async (req) => {
      const ids = req.query.applicationIds.slice(0, 100);
      const rows = await printInfoRows(db, currentUser(req), ids);
      const labels = await loadLabels(db);
      return ok(
        rows.map(({ app: a, cert: c, holderName }) => ({
          applicationId: a.id,
          certificateId: c?.id ?? null,
          certNo: c?.certNo ?? null,
          holderName: holderName ?? null,
          version: c?.version ?? null,
          versionLabel: c ? versionLabel(c.version) : null,
          status: c?.status ?? null,
          statusLabel: c ? labels.of('cert_status', c.status) : null,
          printCount: c?.printCount ?? null,
          printedVersion: c?.printedVersion ?? null,
          printedAt: c?.printedAt?.toISOString() ?? null,
          applicationPrintedAt: a.printedAt?.toISOString() ?? null,
        })),
        '查询成功',
      );
    },
  );

  app.get(
    '/safetyCertificateInfo/export/excel',
    {
      config: { access: { perm: 'search:cert:export' } },
      schema: {
        tags: TAGS,
        summary: '导出证书列表（Excel）',
        description: '与证书列表相同的筛选条件与数据权限；按 id 分批流式写出。',
        querystring: certificateExportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (req, reply) => {
      const where = certificateWhere(currentUser(req), req.query);
      return sendExcel(
        reply,
        '证书列表.xlsx',
        CERTIFICATE_EXPORT_COLUMNS,
        batches(exportFetch(db, where, await loadLabels(db, 'zh-CN')), EXPORT_BATCH),
        '证书',
      );
    },
  );

  app.get(
    '/safetyCertificateInfo/export/zip',
    {
      config: { access: { perm: 'search:cert:export' } },
      schema: {
        tags: TAGS,
        summary: '导出所选证书的 PDF（zip）',
        description: `ids 为逗号分隔的证书 id，最多 ${ZIP_MAX} 个；每个证书一份 PDF。任一证书不存在时 404，不在数据权限内时 403。`,
        querystring: z.object({ ids: idList('ids') }),
        produces: ['application/zip'],
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const ids = req.query.ids;
      if (ids.length > ZIP_MAX) throw badRequest(`一次最多导出 ${ZIP_MAX} 个证书`, 'ids');
      // The zip holds printed certificates: Chinese documents.
      const labels = await loadLabels(db, 'zh-CN');
      const base = publicBaseUrl(req);
      const entries = [];
      for (const id of ids) {
        const row = await loadCertificate(db, id).catch(() => {
          throw notFound(`证书（id ${id}）不存在`);
        });
        if (
          !canSeeCertificate(user, {
            personId: row.cert.personId,
            enterpriseId: row.cert.enterpriseId,
            ownership: row.ent.ownership,
          })
        ) {
          throw forbidden(`证书 ${row.cert.certNo} 不在您的数据权限范围内`);
        }
        await recordPdfAccess(db, user, row);
        entries.push({
          name: pdfName(row.cert.certNo, row.holder.name, row.cert.version),
          data: await certificatePdf(pdfDataOf(row, labels, base)),
        });
      }
      attachment(reply, `证书_${entries.length}份.zip`, 'application/zip');
      return reply.send(zipStream(entries));
    },
  );

  app.get(
    '/safetyCertificateInfo/print/export',
    {
      schema: {
        tags: TAGS,
        summary: '导出证书打印队列（Excel）',
        description:
          'queue=printWait 待打印（需 print:waitPrint:export）或 printDone 已打印（需 print:printed:export），范围与 /workflow/queue 的打印队列相同；beginTime/endTime 为提交日期。',
        querystring: printQueueExportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (req, reply) => {
      const q = req.query;
      const fetch = printQueueFetch(db, currentUser(req), q);
      return sendExcel(
        reply,
        q.queue === 'printWait' ? '待打印证书.xlsx' : '已打印证书.xlsx',
        PRINT_COLUMNS,
        batches(fetch, 1000),
        '证书打印',
      );
    },
  );
};
