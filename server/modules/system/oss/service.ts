/** Storage configurations (sys_oss_config): which store new files go to; secret keys go in, never out. */
import { and, count, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { sysOss, sysOssConfig } from '../../../db/schema.js';
import { AppError, badRequest, notFound } from '../../../lib/errors.js';
import { LOCAL_SERVICE, storageFor } from '../../../lib/storage/index.js';
import type { OssConfigBody } from './schemas.js';

type ConfigRecord = typeof sysOssConfig.$inferSelect;

/** sys_oss_config.status of the configuration new files go to. */
const IN_USE = '0';

/**
 * The storage choices as the configuration page lists them. The local disk is always a choice: when
 * no configuration is keyed `local` it is listed first as ossConfigId 0, in use when no configuration is.
 */
export async function configRows(db: DbOrTx) {
  const rows = await db.select().from(sysOssConfig).orderBy(sysOssConfig.ossConfigId);
  const files = await db.select({ service: sysOss.service, n: count() }).from(sysOss).groupBy(sysOss.service);
  const byService = new Map(files.map((f) => [f.service, f.n]));
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
  const [dup] = await tx
    .select({ id: sysOssConfig.ossConfigId })
    .from(sysOssConfig)
    .where(and(eq(sysOssConfig.configKey, configKey), selfId ? ne(sysOssConfig.ossConfigId, selfId) : undefined));
  if (dup) throw new AppError(409, `存储配置「${configKey}」已存在`, 'configKey');
}

export async function createConfig(tx: DbOrTx, b: OssConfigBody): Promise<ConfigRecord> {
  await assertKeyFree(tx, b.configKey);
  const [row] = await tx
    .insert(sysOssConfig)
    .values({ ...values(b, null), status: '1' })
    .returning();
  return row!;
}

export async function updateConfig(tx: DbOrTx, id: number, b: OssConfigBody): Promise<ConfigRecord> {
  const [old] = await tx.select().from(sysOssConfig).where(eq(sysOssConfig.ossConfigId, id));
  if (!old) throw notFound('存储配置不存在');
  if (old.configKey !== b.configKey) {
    const [{ n }] = await tx.select({ n: count() }).from(sysOss).where(eq(sysOss.service, old.configKey));
    // Files remember their store by this key.
    if (n > 0) throw badRequest(`配置名称：「${old.configKey}」中已存有 ${n} 个文件，不能改名`, 'configKey');
    await assertKeyFree(tx, b.configKey, id);
  }
  const [row] = await tx
    .update(sysOssConfig)
    .set({ ...values(b, old.secretKey) })
    .where(eq(sysOssConfig.ossConfigId, id))
    .returning();
  return row!;
}

/** Puts one config in use (status '0') and the others out; 0 means the local disk. */
export async function chooseConfig(tx: DbOrTx, id: number, fileRoot: string): Promise<string> {
  if (id === 0) {
    await tx.update(sysOssConfig).set({ status: '1' }).where(eq(sysOssConfig.status, IN_USE));
    return LOCAL_SERVICE;
  }
  const [row] = await tx.select().from(sysOssConfig).where(eq(sysOssConfig.ossConfigId, id));
  if (!row) throw notFound('存储配置不存在');
  try {
    storageFor(row, fileRoot);
  } catch {
    throw badRequest(
      `存储配置「${row.configKey}」不完整（访问站点、桶名称、AccessKey、SecretKey），不能启用`,
      'ossConfigId',
    );
  }
  await tx.update(sysOssConfig).set({ status: '1' }).where(ne(sysOssConfig.ossConfigId, id));
  await tx.update(sysOssConfig).set({ status: IN_USE }).where(eq(sysOssConfig.ossConfigId, id));
  return row.configKey;
}
