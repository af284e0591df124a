/** Dictionaries' SQL: the types (sys_dict_type) and their data (sys_dict_data). */
import { and, asc, count, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { sysDictData, sysDictType } from '../../../db/schema.js';
import type { PageQuery } from '../../../lib/reply.js';
import { dateRange } from '../../../lib/dateRange.js';
import { listOrder } from '../../../lib/listQuery.js';
import { containsPattern } from '../../../lib/textMatch.js';

export type TypeRecord = typeof sysDictType.$inferSelect;
export type DataRecord = typeof sysDictData.$inferSelect;
/** The columns a type's form writes. */
export type TypeValues = Pick<TypeRecord, 'dictName' | 'dictType' | 'status' | 'remark'>;
/** The columns a data row's form (or an import) writes. */
export type DataValues = Omit<typeof sysDictData.$inferInsert, 'dictCode' | 'createdAt' | 'updatedAt'>;

// ---------- types ----------

/** The filters of the type list and its export. */
export interface TypeFilter {
  dictName?: string;
  dictType?: string;
  status?: string;
  beginTime?: string;
  endTime?: string;
}

function typeWhere(q: TypeFilter): SQL | undefined {
  const w: SQL[] = [];
  if (q.dictName) w.push(ilike(sysDictType.dictName, containsPattern(q.dictName)));
  if (q.dictType) w.push(ilike(sysDictType.dictType, containsPattern(q.dictType)));
  if (q.status) w.push(eq(sysDictType.status, q.status));
  w.push(...dateRange(sysDictType.createdAt, q.beginTime, q.endTime));
  return w.length ? and(...w) : undefined;
}

const TYPE_SORT = {
  dictId: sysDictType.dictId,
  dictName: sysDictType.dictName,
  dictType: sysDictType.dictType,
  createdAt: sysDictType.createdAt,
};

/** One page of types and the count of all that match. */
export async function typePage(db: DbOrTx, q: PageQuery & TypeFilter): Promise<{ rows: TypeRecord[]; total: number }> {
  const cond = typeWhere(q);
  const [{ total }] = await db.select({ total: count() }).from(sysDictType).where(cond);
  const rows = await db
    .select()
    .from(sysDictType)
    .where(cond)
    .orderBy(...listOrder(q.sortField, q.sortOrder, TYPE_SORT, [asc(sysDictType.dictId)]))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { rows, total };
}

/** A batch of the type export, by id. */
export async function typeExportBatch(db: DbOrTx, q: TypeFilter, offset: number, limit: number): Promise<TypeRecord[]> {
  return db.select().from(sysDictType).where(typeWhere(q)).orderBy(sysDictType.dictId).limit(limit).offset(offset);
}

/** Per type and numeric flag, how many data rows the types have. */
export async function dataCountsOfTypes(db: DbOrTx, types: readonly string[]) {
  return types.length
    ? db
        .select({ dictType: sysDictData.dictType, n: count(), numeric: sysDictData.numeric })
        .from(sysDictData)
        .where(inArray(sysDictData.dictType, [...types]))
        .groupBy(sysDictData.dictType, sysDictData.numeric)
    : [];
}

/** The type by id, if any. */
export async function typeById(db: DbOrTx, dictId: number): Promise<TypeRecord | undefined> {
  const [row] = await db.select().from(sysDictType).where(eq(sysDictType.dictId, dictId));
  return row;
}

/** The types of these ids that exist. */
export async function typesByIds(db: DbOrTx, ids: readonly number[]): Promise<TypeRecord[]> {
  return db
    .select()
    .from(sysDictType)
    .where(inArray(sysDictType.dictId, [...ids]));
}

/** Whether a type (other than `selfId`) is named `dictType`. */
export async function typeTaken(db: DbOrTx, dictType: string, selfId?: number): Promise<boolean> {
  const [dup] = await db
    .select({ id: sysDictType.dictId })
    .from(sysDictType)
    .where(and(eq(sysDictType.dictType, dictType), selfId ? ne(sysDictType.dictId, selfId) : undefined));
  return dup !== undefined;
}

/** Those of the type names that exist. */
export async function knownTypeNames(db: DbOrTx, types: readonly string[]): Promise<string[]> {
  if (types.length === 0) return [];
  const rows = await db
    .select({ t: sysDictType.dictType })
    .from(sysDictType)
    .where(inArray(sysDictType.dictType, [...types]));
  return rows.map((r) => r.t);
}

/** Inserts a type. */
export async function insertType(db: DbOrTx, values: TypeValues): Promise<TypeRecord> {
  const [row] = await db.insert(sysDictType).values(values).returning();
  return row!;
}

/** Updates a type's columns. */
export async function updateTypeRow(db: DbOrTx, dictId: number, values: TypeValues): Promise<TypeRecord> {
  const [row] = await db.update(sysDictType).set(values).where(eq(sysDictType.dictId, dictId)).returning();
  return row!;
}

/** Moves a type's data to another type name. */
export async function renameDataType(db: DbOrTx, from: string, to: string): Promise<void> {
  await db.update(sysDictData).set({ dictType: to }).where(eq(sysDictData.dictType, from));
}

/** Deletes the data of the types; how many rows. */
export async function deleteDataOfTypes(db: DbOrTx, types: readonly string[]): Promise<number> {
  const data = await db
    .delete(sysDictData)
    .where(inArray(sysDictData.dictType, [...types]))
    .returning({ id: sysDictData.dictCode });
  return data.length;
}

/** Deletes the types. */
export async function deleteTypes(db: DbOrTx, ids: readonly number[]): Promise<void> {
  await db.delete(sysDictType).where(inArray(sysDictType.dictId, [...ids]));
}

// ---------- data ----------

/** The filters of the data list and its export. */
export interface DataFilter {
  dictType?: string;
  dictLabel?: string;
  status?: string;
  beginTime?: string;
  endTime?: string;
}

function dataWhere(q: DataFilter): SQL | undefined {
  const w: SQL[] = [];
  if (q.dictType) w.push(eq(sysDictData.dictType, q.dictType));
  if (q.dictLabel) w.push(ilike(sysDictData.dictLabel, containsPattern(q.dictLabel)));
  if (q.status) w.push(eq(sysDictData.status, q.status));
  w.push(...dateRange(sysDictData.createdAt, q.beginTime, q.endTime));
  return w.length ? and(...w) : undefined;
}

const DATA_ORDER = [asc(sysDictData.dictType), asc(sysDictData.dictSort), asc(sysDictData.dictCode)];
const DATA_SORT = {
  dictCode: sysDictData.dictCode,
  dictSort: sysDictData.dictSort,
  dictValue: sysDictData.dictValue,
  createdAt: sysDictData.createdAt,
};

/** One page of data rows and the count of all that match. */
export async function dataPage(db: DbOrTx, q: PageQuery & DataFilter): Promise<{ rows: DataRecord[]; total: number }> {
  const cond = dataWhere(q);
  const [{ total }] = await db.select({ total: count() }).from(sysDictData).where(cond);
  const rows = await db
    .select()
    .from(sysDictData)
    .where(cond)
    .orderBy(...listOrder(q.sortField, q.sortOrder, DATA_SORT, DATA_ORDER))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { rows, total };
}

/** A batch of the data export, by type and order. */
export async function dataExportBatch(db: DbOrTx, q: DataFilter, offset: number, limit: number): Promise<DataRecord[]> {
  return db
    .select()
    .from(sysDictData)
    .where(dataWhere(q))
    .orderBy(...DATA_ORDER)
    .limit(limit)
    .offset(offset);
}

/** Whether a data row of this code exists. */
export async function dataExists(db: DbOrTx, dictCode: number): Promise<boolean> {
  const [old] = await db
    .select({ id: sysDictData.dictCode })
    .from(sysDictData)
    .where(eq(sysDictData.dictCode, dictCode));
  return old !== undefined;
}

/** The numeric flag of a type's existing rows (null when it has none), excluding one row. */
export async function typeNumeric(db: DbOrTx, dictType: string, exceptCode?: number): Promise<boolean | null> {
  const [row] = await db
    .select({ numeric: sysDictData.numeric })
    .from(sysDictData)
    .where(and(eq(sysDictData.dictType, dictType), exceptCode ? ne(sysDictData.dictCode, exceptCode) : undefined))
    .limit(1);
  return row ? row.numeric : null;
}

/** Whether another row (not `selfCode`) of the type has this value. */
export async function dataValueTaken(
  db: DbOrTx,
  dictType: string,
  dictValue: string,
  selfCode?: number,
): Promise<boolean> {
  const [dup] = await db
    .select({ id: sysDictData.dictCode })
    .from(sysDictData)
    .where(
      and(
        eq(sysDictData.dictType, dictType),
        eq(sysDictData.dictValue, dictValue),
        selfCode ? ne(sysDictData.dictCode, selfCode) : undefined,
      ),
    );
  return dup !== undefined;
}

/** Makes every row of the type except `selfCode` not the default. */
export async function clearDefaults(db: DbOrTx, dictType: string, selfCode?: number): Promise<void> {
  await db
    .update(sysDictData)
    .set({ isDefault: 'N' })
    .where(and(eq(sysDictData.dictType, dictType), selfCode ? ne(sysDictData.dictCode, selfCode) : undefined));
}

/** The code, type, value and numeric flag of every data row of the types. */
export async function dataKeysOfTypes(db: DbOrTx, types: readonly string[]) {
  return types.length
    ? db
        .select({
          dictCode: sysDictData.dictCode,
          dictType: sysDictData.dictType,
          dictValue: sysDictData.dictValue,
          numeric: sysDictData.numeric,
        })
        .from(sysDictData)
        .where(inArray(sysDictData.dictType, [...types]))
    : [];
}

/** Inserts a data row. */
export async function insertData(db: DbOrTx, values: DataValues): Promise<DataRecord> {
  const [row] = await db.insert(sysDictData).values(values).returning();
  return row!;
}

/** Inserts data rows, 500 a statement. */
export async function insertDataRows(db: DbOrTx, rows: readonly DataValues[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insert(sysDictData).values(rows.slice(i, i + 500));
}

/** Updates a data row's columns. */
export async function updateDataRow(db: DbOrTx, dictCode: number, values: DataValues): Promise<DataRecord> {
  const [row] = await db
    .update(sysDictData)
    .set({ ...values })
    .where(eq(sysDictData.dictCode, dictCode))
    .returning();
  return row!;
}

/** Updates the label, order and status of the row of a type and value. */
export async function updateDataByValue(
  db: DbOrTx,
  dictType: string,
  dictValue: string,
  values: { dictLabel: string; dictSort: number; status: string },
): Promise<void> {
  await db
    .update(sysDictData)
    .set(values)
    .where(and(eq(sysDictData.dictType, dictType), eq(sysDictData.dictValue, dictValue)));
}

/** Deletes the data rows; how many there were. */
export async function deleteData(db: DbOrTx, codes: readonly number[]): Promise<number> {
  const removed = await db
    .delete(sysDictData)
    .where(inArray(sysDictData.dictCode, [...codes]))
    .returning({ id: sysDictData.dictCode });
  return removed.length;
}
