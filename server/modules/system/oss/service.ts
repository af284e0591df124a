/**
 * File storage's decisions: which store new files go to (storage configurations: a key used once,
 * a key kept while files remember it, secret keys go in and never out), removing files with their
 * bytes, and reading a file back for a caller who may download it.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext, AuthUser } from '../../../context.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { AppError, badRequest, forbidden, notFound } from '../../../lib/errors.js';
import { LOCAL_SERVICE, StorageNotFoundError, storageFor } from '../../../lib/storage/index.js';
import { mayDownload } from './fileScope.js';
import type { OssConfigBody } from './schemas.js';
import {
  deleteOssRows,
  fileCountOfService,
  fileCountsByService,
  insertOssConfig,
  moveOssConfigStatus,
  ossById,
  ossConfigById,
  ossConfigKeyTaken,
  ossConfigs,
  setOssConfigStatus,
  updateOssConfigRow,
  type OssConfigRecord,
  type OssRecord,
} from './store.js';
import { storageOfService } from './upload.js';

/** sys_oss_config.status of the configuration new files go to. */
const IN_USE = '0';

/**
 * 存储配置列表 GET /system/oss/config: the storage choices as the configuration page lists them. The
 * local disk is always a choice: when no configuration is keyed `local` it is listed first as
 * ossConfigId 0, in use when no configuration is.
 */
export async function configRows(db: DbOrTx) {
  const rows = await ossConfigs(db);
  const byService = await fileCountsByService(db);
  const listed = rows.map((r) => ({
    ossConfigId: r.ossConfigId,
    configKey: r.configKey,
    endpoint: r.endpoint,
    region: r.region,
    bucketName: r.bucketName,
    prefix: r.prefix,
    accessKey: r.accessKey,
    hasSecret: !!r.secretKey,
    status: r.status,
    inUse: r.status === IN_USE,
    fileCount: byService.get(r.configKey) ?? 0,
    remark: r.remark,
    createdAt: r.createdAt.toISOString(),
  }));
  if (listed.some((r) => r.configKey === LOCAL_SERVICE)) return listed;
  const localInUse = !listed.some((r) => r.inUse);
  const local = {
    ossConfigId: 0,
    configKey: LOCAL_SERVICE,
    endpoint: null,
    region: null,
    bucketName: null,
    prefix: null,
    accessKey: null,
    hasSecret: false,
    status: localInUse ? IN_USE : '1',
    inUse: localInUse,
    fileCount: byService.get(LOCAL_SERVICE) ?? 0,
    remark: null,
    createdAt: null,
  };
  return [local, ...listed];
}

const blank = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

function values(b: OssConfigBody, oldSecret: string | null) {
  const v = {
    configKey: b.configKey,
    endpoint: blank(b.endpoint),
    region: blank(b.region),
    bucketName: blank(b.bucketName),
    prefix: blank(b.prefix),
    accessKey: blank(b.accessKey),
    secretKey: blank(b.secretKey) ?? oldSecret,
    remark: blank(b.remark),
  };
  if (v.configKey !== LOCAL_SERVICE) {
    if (!v.endpoint) throw badRequest('访问站点不能为空', 'endpoint');
    if (!v.bucketName) throw badRequest('桶名称不能为空', 'bucketName');
    if (!v.accessKey) throw badRequest('AccessKey 不能为空', 'accessKey');
    if (!v.secretKey) throw badRequest('SecretKey 不能为空', 'secretKey');
  }
  return v;
}

async function assertKeyFree(tx: DbOrTx, configKey: string, selfId?: number) {
  if (await ossConfigKeyTaken(tx, configKey, selfId))
    throw new AppError(409, `存储配置「${configKey}」已存在`, 'configKey');
}

/** 新增存储配置 POST /system/oss/save */
export async function createConfig(db: Db, b: OssConfigBody): Promise<OssConfigRecord> {
  return db.transaction(async (tx) => {
    await assertKeyFree(tx, b.configKey);
    return insertOssConfig(tx, { ...values(b, null), status: '1' });
  });
}

/** 修改存储配置 POST /system/oss/update */
export async function updateConfig(db: Db, id: number, b: OssConfigBody): Promise<OssConfigRecord> {
  return db.transaction(async (tx) => {
    const old = await ossConfigById(tx, id);
    if (!old) throw notFound('存储配置不存在');
    if (old.configKey !== b.configKey) {
      const n = await fileCountOfService(tx, old.configKey);
      // Files remember their store by this key.
      if (n > 0) throw badRequest(`配置名称：「${old.configKey}」中已存有 ${n} 个文件，不能改名`, 'configKey');
      await assertKeyFree(tx, b.configKey, id);
    }
    return updateOssConfigRow(tx, id, values(b, old.secretKey));
  });
}

/**
 * 选择使用的存储配置 POST /system/oss/saveConfig: puts one config in use (status '0') and the others
 * out; 0 means the local disk.
 */
export async function chooseConfig(db: Db, id: number, fileRoot: string): Promise<string> {
  return db.transaction(async (tx) => {
    if (id === 0) {
      await moveOssConfigStatus(tx, IN_USE, '1');
      return LOCAL_SERVICE;
    }
    const row = await ossConfigById(tx, id);
    if (!row) throw notFound('存储配置不存在');
    try {
      storageFor(row, fileRoot);
    } catch {
      throw badRequest(
        `存储配置「${row.configKey}」不完整（访问站点、桶名称、AccessKey、SecretKey），不能启用`,
        'ossConfigId',
      );
    }
    await setOssConfigStatus(tx, id, IN_USE, '1');
    return row.configKey;
  });
}

/**
 * 删除文件 POST /system/oss/remove: the rows in one transaction, then their bytes; how many rows and
 * how many files stayed in their store.
 */
export async function removeFiles(
  ctx: AppContext,
  ids: readonly number[],
  log: FastifyBaseLogger,
): Promise<{ removed: number; failed: number }> {
  const db: Db = ctx.db;
  const removed = await db.transaction(async (tx) => {
    const rows = await deleteOssRows(tx, ids);
    if (rows.length === 0) throw notFound('文件不存在');
    return rows;
  });
  // The rows are gone for good; a byte left behind in a store is only wasted space.
  let failed = 0;
  for (const r of removed) {
    try {
      await (await storageOfService(ctx, db, r.service)).delete(r.storageKey);
    } catch (err) {
      failed += 1;
      log.warn({ err, ossId: r.id, service: r.service }, 'stored file could not be deleted');
    }
  }
  return { removed: removed.length, failed };
}

/** 下载文件 GET /file/download/{ossId}: the row and its bytes, checked against the recorded digest. */
export async function fileForDownload(
  ctx: AppContext,
  user: AuthUser,
  ossId: number,
  log: FastifyBaseLogger,
): Promise<{ row: OssRecord; bytes: Uint8Array }> {
  const db = ctx.db;
  const row = await ossById(db, ossId);
  if (!row) throw notFound('文件不存在');
  if (!(await mayDownload(ctx, user, row))) throw forbidden('没有权限下载该文件');
  let bytes: Uint8Array;
  try {
    bytes = await (await storageOfService(ctx, db, row.service)).get(row.storageKey);
  } catch (err) {
    if (err instanceof StorageNotFoundError) throw notFound('文件已不在存储中');
    log.error({ err, ossId: row.id }, 'stored file could not be read');
    throw new AppError(502, '文件存储暂时无法访问，请稍后再试');
  }
  if (createHash('sha256').update(bytes).digest('hex') !== row.sha256) {
    log.error({ ossId: row.id }, 'stored file does not match its sha256');
    throw new AppError(500, '文件校验失败：内容与登记的摘要不一致');
  }
  return { row, bytes };
}
