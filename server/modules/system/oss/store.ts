/** File storage's SQL: the stored files (sys_oss), the storage configurations (sys_oss_config), the upload limit. */
import { and, count, desc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { sysConfig, sysOss, sysOssConfig, sysUser } from '../../../db/schema.js';
import type { PageQuery } from '../../../lib/reply.js';
import { dateRange } from '../../../lib/dateRange.js';
import { listOrder } from '../../../lib/listQuery.js';
import { containsPattern } from '../../../lib/textMatch.js';

export type OssRecord = typeof sysOss.$inferSelect;
export type OssConfigRecord = typeof sysOssConfig.$inferSelect;

/** A stored file and the name of who stored it. */
export interface OssLine {
  oss: OssRecord;
  createdByName: string | null;
}

/** The filters of the file list and its export. */
export interface OssFilter {
  fileName?: string;
  originalName?: string;
  fileSuffix?: string;
  service?: string;
  ownerRef?: string;
  beginTime?: string;
  endTime?: string;
}

function ossWhere(q: OssFilter): SQL | undefined {
  const w: SQL[] = [];
  if (q.fileName) w.push(ilike(sysOss.fileName, containsPattern(q.fileName)));
  if (q.originalName) w.push(ilike(sysOss.originalName, containsPattern(q.originalName)));
  if (q.fileSuffix) w.push(ilike(sysOss.fileSuffix, containsPattern(q.fileSuffix)));
  if (q.service) w.push(eq(sysOss.service, q.service));
  if (q.ownerRef) w.push(eq(sysOss.ownerRef, q.ownerRef));
  w.push(...dateRange(sysOss.createdAt, q.beginTime, q.endTime));
  return w.length ? and(...w) : undefined;
}

const SORTABLE = { id: sysOss.id, originalName: sysOss.originalName, size: sysOss.size, createdAt: sysOss.createdAt };

/** One page of stored files with who stored them, and the count of all that match. */
export async function ossPage(db: DbOrTx, q: PageQuery & OssFilter): Promise<{ rows: OssLine[]; total: number }> {
  const cond = ossWhere(q);
  const [{ total }] = await db.select({ total: count() }).from(sysOss).where(cond);
  const rows = await db
    .select({ oss: sysOss, createdByName: sysUser.nickName })
    .from(sysOss)
    .leftJoin(sysUser, eq(sysUser.userId, sysOss.createdBy))
    .where(cond)
    .orderBy(...listOrder(q.sortField, q.sortOrder, SORTABLE, [desc(sysOss.createdAt), desc(sysOss.id)]))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { rows, total };
}

/** A batch of the export, newest first. */
export async function ossExportBatch(db: DbOrTx, q: OssFilter, offset: number, limit: number): Promise<OssLine[]> {
  return db
    .select({ oss: sysOss, createdByName: sysUser.nickName })
    .from(sysOss)
    .leftJoin(sysUser, eq(sysUser.userId, sysOss.createdBy))
    .where(ossWhere(q))
    .orderBy(desc(sysOss.createdAt), desc(sysOss.id))
    .limit(limit)
    .offset(offset);
}

/** The stored file by id, if any. */
export async function ossById(db: DbOrTx, id: number): Promise<OssRecord | undefined> {
  const [row] = await db.select().from(sysOss).where(eq(sysOss.id, id));
  return row;
}

/** Deletes the file rows; the rows deleted. */
export async function deleteOssRows(db: DbOrTx, ids: readonly number[]): Promise<OssRecord[]> {
  return db
    .delete(sysOss)
    .where(inArray(sysOss.id, [...ids]))
    .returning();
}

/** Inserts a stored file's row; its id. */
export async function insertOssRow(db: DbOrTx, values: typeof sysOss.$inferInsert): Promise<number> {
  const [row] = await db.insert(sysOss).values(values).returning({ id: sysOss.id });
  return row!.id;
}

/** The value of the parameter sys.upload.maxSizeMb (or whichever key), if set. */
export async function configValueOf(db: DbOrTx, configKey: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: sysConfig.configValue })
    .from(sysConfig)
    .where(eq(sysConfig.configKey, configKey));
  return row?.value;
}

// ---------- storage configurations ----------

/** Every storage configuration by id. */
export async function ossConfigs(db: DbOrTx): Promise<OssConfigRecord[]> {
  return db.select().from(sysOssConfig).orderBy(sysOssConfig.ossConfigId);
}

/** How many files each store holds, by service (config key). */
export async function fileCountsByService(db: DbOrTx): Promise<Map<string, number>> {
  const files = await db.select({ service: sysOss.service, n: count() }).from(sysOss).groupBy(sysOss.service);
  return new Map(files.map((f) => [f.service, f.n]));
}

/** How many files are recorded under one service (config key). */
export async function fileCountOfService(db: DbOrTx, service: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(sysOss).where(eq(sysOss.service, service));
  return n;
}

/** The configuration by id, if any. */
export async function ossConfigById(db: DbOrTx, id: number): Promise<OssConfigRecord | undefined> {
  const [row] = await db.select().from(sysOssConfig).where(eq(sysOssConfig.ossConfigId, id));
  return row;
}

/** The configuration of a key, if any. */
export async function ossConfigByKey(db: DbOrTx, configKey: string): Promise<OssConfigRecord | undefined> {
  const [config] = await db.select().from(sysOssConfig).where(eq(sysOssConfig.configKey, configKey));
  return config;
}

/** The first configuration with this status, if any. */
export async function ossConfigOfStatus(db: DbOrTx, status: string): Promise<OssConfigRecord | undefined> {
  const [config] = await db.select().from(sysOssConfig).where(eq(sysOssConfig.status, status)).limit(1);
  return config;
}

/** Whether another configuration (not `selfId`) has this key. */
export async function ossConfigKeyTaken(db: DbOrTx, configKey: string, selfId?: number): Promise<boolean> {
  const [dup] = await db
    .select({ id: sysOssConfig.ossConfigId })
    .from(sysOssConfig)
    .where(and(eq(sysOssConfig.configKey, configKey), selfId ? ne(sysOssConfig.ossConfigId, selfId) : undefined));
  return dup !== undefined;
}

/** The columns the configuration form writes. */
export type OssConfigValues = Omit<typeof sysOssConfig.$inferInsert, 'ossConfigId' | 'createdAt'>;

/** Inserts a configuration. */
export async function insertOssConfig(db: DbOrTx, values: OssConfigValues): Promise<OssConfigRecord> {
  const [row] = await db.insert(sysOssConfig).values(values).returning();
  return row!;
}

/** Updates a configuration's columns. */
export async function updateOssConfigRow(db: DbOrTx, id: number, values: OssConfigValues): Promise<OssConfigRecord> {
  const [row] = await db
    .update(sysOssConfig)
    .set({ ...values })
    .where(eq(sysOssConfig.ossConfigId, id))
    .returning();
  return row!;
}

/** Sets the status of the configurations that have `from` to `to`. */
export async function moveOssConfigStatus(db: DbOrTx, from: string, to: string): Promise<void> {
  await db.update(sysOssConfig).set({ status: to }).where(eq(sysOssConfig.status, from));
}

/** Gives one configuration a status and every other another. */
export async function setOssConfigStatus(db: DbOrTx, id: number, status: string, othersStatus: string): Promise<void> {
  await db.update(sysOssConfig).set({ status: othersStatus }).where(ne(sysOssConfig.ossConfigId, id));
  await db.update(sysOssConfig).set({ status }).where(eq(sysOssConfig.ossConfigId, id));
}
