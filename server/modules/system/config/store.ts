/** Configuration parameters' SQL: sys_config rows. */
import { and, count, desc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { sysConfig } from '../../../db/schema.js';
import type { PageQuery } from '../../../lib/reply.js';
import { dateRange } from '../../../lib/dateRange.js';
import { listOrder } from '../../../lib/listQuery.js';
import { containsPattern } from '../../../lib/textMatch.js';

export type ConfigRecord = typeof sysConfig.$inferSelect;

/** The filters of the list and the export. */
export interface ConfigFilter {
  configName?: string;
  configKey?: string;
  configType?: string;
  beginTime?: string;
  endTime?: string;
}

/** The columns the form writes. */
export interface ConfigValues {
  configName: string;
  configKey: string;
  configValue: string;
  configType: string;
  remark: string | null;
}

function configWhere(q: ConfigFilter): SQL | undefined {
  const w: SQL[] = [];
  if (q.configName) w.push(ilike(sysConfig.configName, containsPattern(q.configName)));
  if (q.configKey) w.push(ilike(sysConfig.configKey, containsPattern(q.configKey)));
  if (q.configType) w.push(eq(sysConfig.configType, q.configType));
  w.push(...dateRange(sysConfig.createdAt, q.beginTime, q.endTime));
  return w.length ? and(...w) : undefined;
}

const SORTABLE = {
  configId: sysConfig.configId,
  configName: sysConfig.configName,
  configKey: sysConfig.configKey,
  createdAt: sysConfig.createdAt,
  updatedAt: sysConfig.updatedAt,
};

/** One page of parameters (built-in first, then by key) and the count of all that match. */
export async function configPage(
  db: DbOrTx,
  q: PageQuery & ConfigFilter,
): Promise<{ rows: ConfigRecord[]; total: number }> {
  const cond = configWhere(q);
  const [{ total }] = await db.select({ total: count() }).from(sysConfig).where(cond);
  const rows = await db
    .select()
    .from(sysConfig)
    .where(cond)
    .orderBy(...listOrder(q.sortField, q.sortOrder, SORTABLE, [desc(sysConfig.configType), sysConfig.configKey]))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { rows, total };
}

/** A batch of the export, by id. */
export async function configExportBatch(
  db: DbOrTx,
  q: ConfigFilter,
  offset: number,
  limit: number,
): Promise<ConfigRecord[]> {
  return db.select().from(sysConfig).where(configWhere(q)).orderBy(sysConfig.configId).limit(limit).offset(offset);
}

/** The parameter by id, if any. */
export async function configById(db: DbOrTx, configId: number): Promise<ConfigRecord | undefined> {
  const [row] = await db.select().from(sysConfig).where(eq(sysConfig.configId, configId));
  return row;
}

/** The parameters of these ids that exist. */
export async function configsByIds(db: DbOrTx, ids: readonly number[]): Promise<ConfigRecord[]> {
  return db
    .select()
    .from(sysConfig)
    .where(inArray(sysConfig.configId, [...ids]));
}

/** Whether another parameter (not `self`) has this key. */
export async function configKeyTaken(db: DbOrTx, configKey: string, self?: number): Promise<boolean> {
  const [dup] = await db
    .select({ id: sysConfig.configId })
    .from(sysConfig)
    .where(
      self === undefined
        ? eq(sysConfig.configKey, configKey)
        : and(eq(sysConfig.configKey, configKey), ne(sysConfig.configId, self)),
    );
  return dup !== undefined;
}

/** Inserts a parameter. */
export async function insertConfig(db: DbOrTx, values: ConfigValues): Promise<ConfigRecord> {
  const [inserted] = await db.insert(sysConfig).values(values).returning();
  return inserted!;
}

/** Updates a parameter's columns. */
export async function updateConfigRow(db: DbOrTx, configId: number, values: ConfigValues): Promise<ConfigRecord> {
  const [updated] = await db.update(sysConfig).set(values).where(eq(sysConfig.configId, configId)).returning();
  return updated!;
}

/** Deletes the parameters. */
export async function deleteConfigs(db: DbOrTx, ids: readonly number[]): Promise<void> {
  await db.delete(sysConfig).where(inArray(sysConfig.configId, [...ids]));
}
