/**
 * 文件存储 /system/oss (SPEC 7 File storage): stored files, storage configurations and the one in
 * use; plus the product-wide upload and download calls /file/upload and /file/download/:ossId.
 */
import { z } from 'zod';
import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
import { done, doneEnvelope, envelope, ok, page, pageEnvelope } from '../../../lib/reply.js';
import { AppError, forbidden, notFound } from '../../../lib/errors.js';
import { attachment, batches, sendExcel, type ExcelColumn } from '../../../lib/excel.js';
import { StorageNotFoundError } from '../../../lib/storage/index.js';
import { currentUser } from '../../../lib/authUser.js';
import { sysOss, sysUser } from '../../../db/schema.js';

import { chinaTime, contains, dateRange, idsQuery, orderBy } from '../menus/kit.js';
import { chooseConfig, configRows, createConfig, updateConfig } from './config.service.js';
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
import { downloadUrl, storageOfService, storeUpload, uploadLimitBytes } from './upload.js';
import { mayDownload } from './fileScope.js';
import { id } from '../../../lib/schemas.js';
import { logAs } from '../../../lib/operLog.js';

const TAG = ['system-oss'];
const LOG = logAs('文件存储');
/** Configuring where files go is its own button (存储配置), apart from uploading (add) and removing. */
export const OSS_CONFIG_PERM = 'system:oss:edit';

const ossExportQuery = ossListQuery.omit({ pageNum: true, pageSize: true });

function ossWhere(q: z.infer<typeof ossExportQuery>): SQL | undefined {
  const w: SQL[] = [];
  if (q.fileName) w.push(ilike(sysOss.fileName, contains(q.fileName)));
  if (q.originalName) w.push(ilike(sysOss.originalName, contains(q.originalName)));
  if (q.fileSuffix) w.push(ilike(sysOss.fileSuffix, contains(q.fileSuffix)));
  if (q.service) w.push(eq(sysOss.service, q.service));
  if (q.ownerRef) w.push(eq(sysOss.ownerRef, q.ownerRef));
  w.push(...dateRange(sysOss.createdAt, q.beginTime, q.endTime));
  return w.length ? and(...w) : undefined;
}

interface OssLine {
  oss: typeof sysOss.$inferSelect;
  createdByName: string | null;
}

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
  { header: '上传时间', type: 'dateTime', width: 20, value: (r) => chinaTime(r.oss.createdAt) },
];

export const ossRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;
  const SORTABLE = { id: sysOss.id, originalName: sysOss.originalName, size: sysOss.size, createdAt: sysOss.createdAt };

  app.get(
    '/system/oss/list',
    {
      config: { access: { perm: 'system:oss:list' } },
      schema: { tags: TAG, summary: '文件列表', querystring: ossListQuery, response: { 200: pageEnvelope(ossRow) } },
    },
    async (req) => {
      const q = req.query;
      const cond = ossWhere(q);
      const [{ total }] = await db.select({ total: count() }).from(sysOss).where(cond);
      const rows = await db
        .select({ oss: sysOss, createdByName: sysUser.nickName })
        .from(sysOss)
        .leftJoin(sysUser, eq(sysUser.userId, sysOss.createdBy))
        .where(cond)
        .orderBy(...orderBy(q.sortField, q.sortOrder, SORTABLE, [desc(sysOss.createdAt), desc(sysOss.id)]))
        .limit(q.pageSize)
        .offset((q.pageNum - 1) * q.pageSize);
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
      const cond = ossWhere(req.query);
      return sendExcel(
        reply,
        '文件存储.xlsx',
        OSS_EXPORT_COLUMNS,
        batches((offset, limit) =>
          db
            .select({ oss: sysOss, createdByName: sysUser.nickName })
            .from(sysOss)
            .leftJoin(sysUser, eq(sysUser.userId, sysOss.createdBy))
            .where(cond)
            .orderBy(desc(sysOss.createdAt), desc(sysOss.id))
            .limit(limit)
            .offset(offset),
        ),
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
      const row = await db.transaction((tx) => createConfig(tx, req.body));
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
      const row = await db.transaction((tx) => updateConfig(tx, req.body.ossConfigId, req.body));
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
      const key = await db.transaction((tx) => chooseConfig(tx, req.body.ossConfigId, app.ctx.config.fileRoot));
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
      const removed = await db.transaction(async (tx) => {
        const rows = await tx.delete(sysOss).where(inArray(sysOss.id, req.query.ids)).returning();
        if (rows.length === 0) throw notFound('文件不存在');
        return rows;
      });
      // The rows are gone for good; a byte left behind in a store is only wasted space.
      let failed = 0;
      for (const r of removed) {
        try {
          await (await storageOfService(app.ctx, db, r.service)).delete(r.storageKey);
        } catch (err) {
          failed += 1;
          req.log.warn({ err, ossId: r.id, service: r.service }, 'stored file could not be deleted');
        }
      }
      return done(
        failed
          ? `已删除 ${removed.length} 个文件记录，其中 ${failed} 个文件未能从存储中删除`
          : `已删除 ${removed.length} 个文件`,
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
        const stored = await db.transaction((tx) =>
          storeUpload(app.ctx, tx, {
            bytes: file.bytes,
            originalName: file.filename,
            mimeType: file.mimetype,
            ownerRef: fields.ownerRef ?? null,
            userId: user.userId,
          }),
        );
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
      const user = currentUser(req);
      const [row] = await db.select().from(sysOss).where(eq(sysOss.id, req.params.ossId));
      if (!row) throw notFound('文件不存在');
      if (!(await mayDownload(app.ctx, user, row))) throw forbidden('没有权限下载该文件');
      let bytes: Uint8Array;
      try {
        bytes = await (await storageOfService(app.ctx, db, row.service)).get(row.storageKey);
      } catch (err) {
        if (err instanceof StorageNotFoundError) throw notFound('文件已不在存储中');
        req.log.error({ err, ossId: row.id }, 'stored file could not be read');
        throw new AppError(502, '文件存储暂时无法访问，请稍后再试');
      }
      if (createHash('sha256').update(bytes).digest('hex') !== row.sha256) {
        req.log.error({ ossId: row.id }, 'stored file does not match its sha256');
        throw new AppError(500, '文件校验失败：内容与登记的摘要不一致');
      }
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
