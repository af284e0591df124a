/**
 * 文件存储 /system/oss (SPEC 7 File storage): stored files, storage configurations and the one in
 * use; plus the product-wide upload and download calls /file/upload and /file/download/:ossId.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope, envelope, ok, page, pageEnvelope } from '../../../lib/reply.js';
import { AppError } from '../../../lib/errors.js';
import { attachment, batches, sendExcel, type ExcelColumn } from '../../../lib/excel.js';
import { currentUser } from '../../../lib/authUser.js';
import { chooseConfig, configRows, createConfig, fileForDownload, removeFiles, updateConfig } from './service.js';
import { ossExportBatch, ossPage, type OssLine } from './store.js';
import { readMultipart } from './multipart.js';
import {
  ossConfigBody,
  ossConfigRow,
  ossConfigUpdateBody,
  ossListQuery,
  ossRow,
  saveConfigBody,
  uploadResult,
} from './schemas.js';
import { downloadUrl, uploadFile, uploadLimitBytes } from './upload.js';
import { id, idsQuery } from '../../../lib/schemas.js';
import { logAs } from '../../../lib/operLog.js';
import { chinaDateTime } from '../../../lib/days.js';

const TAG = ['system-oss'];
const LOG = logAs('文件存储');
/** Configuring where files go is its own button (存储配置), apart from uploading (add) and removing. */
export const OSS_CONFIG_PERM = 'system:oss:edit';

const ossExportQuery = ossListQuery.omit({ pageNum: true, pageSize: true });

/** What a file is and who stored it; never the storage key or anything of the store's credentials. */
const OSS_EXPORT_COLUMNS: ExcelColumn<OssLine>[] = [
  { header: '文件编号', value: (r) => r.oss.id },
  { header: '原文件名', width: 36, value: (r) => r.oss.originalName },
  { header: '存储文件名', width: 36, value: (r) => r.oss.fileName },
  { header: '后缀', value: (r) => r.oss.fileSuffix },
  { header: '文件类型', width: 20, value: (r) => r.oss.mimeType },
  { header: '大小（字节）', value: (r) => r.oss.size },
  { header: 'SHA-256', width: 66, value: (r) => r.oss.sha256 },
  { header: '存储位置', value: (r) => (r.oss.service === 'local' ? '本地磁盘' : r.oss.service) },
  { header: '所属业务', width: 20, value: (r) => r.oss.ownerRef },
  { header: '上传人', value: (r) => r.createdByName },
  { header: '上传时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.oss.createdAt) },
];

export const ossRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;

  app.get(
    '/system/oss/list',
    {
      config: { access: { perm: 'system:oss:list' } },
      schema: { tags: TAG, summary: '文件列表', querystring: ossListQuery, response: { 200: pageEnvelope(ossRow) } },
    },
    async (req) => {
      const q = req.query;
      const { rows, total } = await ossPage(db, q);
      return page(
        rows.map(({ oss: r, createdByName }) => ({
          id: r.id,
          fileName: r.fileName,
          originalName: r.originalName,
          fileSuffix: r.fileSuffix,
          mimeType: r.mimeType,
          size: r.size,
          sha256: r.sha256,
          service: r.service,
          ownerRef: r.ownerRef,
          createdBy: r.createdBy,
          createdByName,
          createdAt: r.createdAt.toISOString(),
          url: downloadUrl(r.id),
        })),
        total,
        q.pageNum,
      );
    },
  );

  app.get(
    '/system/oss/export',
    {
      config: { access: { perm: 'system:oss:list' } },
      schema: { tags: TAG, summary: '导出文件列表（Excel，不含任何密钥）', querystring: ossExportQuery },
    },
    async (req, reply) => {
      const q = req.query;
      return sendExcel(
        reply,
        '文件存储.xlsx',
        OSS_EXPORT_COLUMNS,
        batches((offset, limit) => ossExportBatch(db, q, offset, limit)),
      );
    },
  );

  app.get(
    '/system/oss/config',
    {
      config: { access: { perm: 'system:oss:list' } },
      schema: {
        tags: TAG,
        summary: '存储配置列表（不返回密钥）',
        description:
          "inUse 的配置为当前使用的存储（status '0'）；没有时使用本地磁盘（<DATA_DIR>/files）。本地磁盘总是一项选择：没有名为 local 的配置时，以 ossConfigId 0 列在最前。",
        response: { 200: envelope(z.array(ossConfigRow)) },
      },
    },
    async () => ok(await configRows(db), '查询成功'),
  );

  const configRowOf = async (id: number) => (await configRows(db)).find((r) => r.ossConfigId === id)!;

  app.post(
    '/system/oss/save',
    {
      config: { access: { perm: OSS_CONFIG_PERM, log: LOG('insert') } },
      schema: {
        tags: TAG,
        summary: '新增存储配置（S3 兼容：AWS、MinIO、阿里云 OSS、腾讯云 COS 等）',
        description:
          '访问站点写作 https://{bucket}.域名 时按虚拟主机方式访问，否则按路径方式（https://域名/桶/对象）。configKey 为 local 表示本地磁盘。',
        body: ossConfigBody,
        response: { 200: envelope(ossConfigRow) },
      },
    },
    async (req) => {
      const row = await createConfig(db, req.body);
      return ok(await configRowOf(row.ossConfigId), '新增成功');
    },
  );

  app.post(
    '/system/oss/update',
    {
      config: { access: { perm: OSS_CONFIG_PERM, log: LOG('update') } },
      schema: {
        tags: TAG,
        summary: '修改存储配置（SecretKey 留空不变）',
        body: ossConfigUpdateBody,
        response: { 200: envelope(ossConfigRow) },
      },
    },
    async (req) => {
      const row = await updateConfig(db, req.body.ossConfigId, req.body);
      return ok(await configRowOf(row.ossConfigId), '修改成功');
    },
  );

  app.post(
    '/system/oss/saveConfig',
    {
      config: { access: { perm: OSS_CONFIG_PERM, log: LOG('update') } },
      schema: {
        tags: TAG,
        summary: '选择使用的存储配置（0 为本地磁盘）',
        body: saveConfigBody,
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      const key = await chooseConfig(db, req.body.ossConfigId, app.ctx.config.fileRoot);
      return done(key === 'local' ? '已切换为本地磁盘存储' : `已切换为存储配置「${key}」`);
    },
  );

  app.post(
    '/system/oss/remove',
    {
      config: { access: { perm: 'system:oss:remove', log: LOG('delete') } },
      schema: {
        tags: TAG,
        summary: '删除文件（ids：记录与存储中的文件一并删除）',
        querystring: idsQuery,
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      const { removed, failed } = await removeFiles(app.ctx, req.query.ids, req.log);
      return done(
        failed ? `已删除 ${removed} 个文件记录，其中 ${failed} 个文件未能从存储中删除` : `已删除 ${removed} 个文件`,
      );
    },
  );

  app.post(
    '/file/upload',
    {
      config: { access: { log: { title: '文件上传', action: 'insert' } } },
      schema: {
        tags: ['file'],
        summary: '上传文件（PDF、JPG、PNG）',
        description:
          'multipart/form-data：字段 file（必填）、ownerRef（可选，所属业务，如 application:12）。按文件头与扩展名识别类型；大小上限为参数 sys.upload.maxSizeMb（默认 10 MB）。',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadResult) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const maxBytes = await uploadLimitBytes(db);
      const { file, fields } = await readMultipart(req, maxBytes);
      if (!file) throw new AppError(400, '请选择要上传的文件（字段 file）', 'file');
      try {
        const stored = await uploadFile(app.ctx, {
          bytes: file.bytes,
          originalName: file.filename,
          mimeType: file.mimetype,
          ownerRef: fields.ownerRef ?? null,
          userId: user.userId,
        });
        return ok(stored, '上传成功');
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 502)
          req.log.error({ err: err.cause }, 'file store refused an upload');
        throw err;
      }
    },
  );

  app.get(
    '/file/download/:ossId',
    {
      schema: {
        tags: ['file'],
        summary: '下载文件',
        description:
          '上传者本人、文件存储管理员，以及有权查看该文件所属记录（如申请材料所属的申请）的用户可下载。inline=1 时在浏览器中打开（预览）。',
        params: z.object({ ossId: id('文件编号') }),
        querystring: z.object({ inline: z.enum(['0', '1', 'true', 'false']).optional() }),
      },
    },
    async (req, reply) => {
      const { row, bytes } = await fileForDownload(app.ctx, currentUser(req), req.params.ossId, req.log);
      const inline = req.query.inline === '1' || req.query.inline === 'true';
      attachment(reply, row.originalName, row.mimeType);
      if (inline)
        reply.header(
          'content-disposition',
          String(reply.getHeader('content-disposition')).replace(/^attachment/, 'inline'),
        );
      return reply
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  );
};
