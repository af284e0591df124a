/** Dictionary types and their data: one transaction per change, the numeric rule of SPEC 3 kept. */
import { and, asc, count, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { sysDictData, sysDictType } from '../../../db/schema.js';
import { AppError, badRequest, notFound } from '../../../lib/errors.js';
import { contains, dateRange } from '../menus/kit.js';
import { BUILT_IN_TYPES, numericFor, valueProblem } from './numeric.js';
import type { DataBody, TypeBody } from './schemas.js';
import { STATUS_CODES, storedCode, YES_NO } from '../../../lib/codes.js';

export type TypeRecord = typeof sysDictType.$inferSelect;
export type DataRecord = typeof sysDictData.$inferSelect;

export const toDataRow = (r: DataRecord) => ({
  dictCode: r.dictCode,
  dictSort: r.dictSort,
  dictLabel: r.dictLabel,
  dictValue: r.dictValue,
  dictType: r.dictType,
  numeric: r.numeric,
  listClass: r.listClass,
  isDefault: storedCode(YES_NO, r.isDefault),
  status: storedCode(STATUS_CODES, r.status),
  remark: r.remark,
  createdAt: r.createdAt.toISOString(),
});

/** Answer rows of types, with their data count and numeric flag. */
export async function typeRows(db: DbOrTx, rows: TypeRecord[]) {
  const types = rows.map((r) => r.dictType);
  const stats = types.length
    ? await db
        .select({ dictType: sysDictData.dictType, n: count(), numeric: sysDictData.numeric })
        .from(sysDictData)
        .where(inArray(sysDictData.dictType, types))
        .groupBy(sysDictData.dictType, sysDictData.numeric)
    : [];
  return rows.map((r) => {
    const mine = stats.filter((s) => s.dictType === r.dictType);
    return {
      dictId: r.dictId,
      dictName: r.dictName,
      dictType: r.dictType,
      status: storedCode(STATUS_CODES, r.status),
      remark: r.remark,
      builtIn: BUILT_IN_TYPES.has(r.dictType),
      numeric: mine.length ? mine.some((s) => s.numeric) : null,
      dataCount: mine.reduce((s, x) => s + x.n, 0),
      createdAt: r.createdAt.toISOString(),
    };
  });
}

export function typeWhere(q: {
  dictName?: string;
  dictType?: string;
  status?: string;
  beginTime?: string;
  endTime?: string;
}): SQL | undefined {
  const w: SQL[] = [];
  if (q.dictName) w.push(ilike(sysDictType.dictName, contains(q.dictName)));
  if (q.dictType) w.push(ilike(sysDictType.dictType, contains(q.dictType)));
  if (q.status) w.push(eq(sysDictType.status, q.status));
  w.push(...dateRange(sysDictType.createdAt, q.beginTime, q.endTime));
  return w.length ? and(...w) : undefined;
}

export function dataWhere(q: {
  dictType?: string;
  dictLabel?: string;
  status?: string;
  beginTime?: string;
  endTime?: string;
}): SQL | undefined {
  const w: SQL[] = [];
  if (q.dictType) w.push(eq(sysDictData.dictType, q.dictType));
  if (q.dictLabel) w.push(ilike(sysDictData.dictLabel, contains(q.dictLabel)));
  if (q.status) w.push(eq(sysDictData.status, q.status));
  w.push(...dateRange(sysDictData.createdAt, q.beginTime, q.endTime));
  return w.length ? and(...w) : undefined;
}

async function assertTypeFree(tx: DbOrTx, dictType: string, selfId?: number) {
  const [dup] = await tx
    .select({ id: sysDictType.dictId })
    .from(sysDictType)
    .where(and(eq(sysDictType.dictType, dictType), selfId ? ne(sysDictType.dictId, selfId) : undefined));
  if (dup) throw new AppError(409, `字典类型「${dictType}」已存在`, 'dictType');
}

export async function createType(tx: DbOrTx, b: TypeBody): Promise<TypeRecord> {
  await assertTypeFree(tx, b.dictType);
  const [row] = await tx
    .insert(sysDictType)
    .values({ dictName: b.dictName, dictType: b.dictType, status: b.status, remark: b.remark ?? null })
    .returning();
  return row!;
}

export async function updateType(tx: DbOrTx, dictId: number, b: TypeBody): Promise<TypeRecord> {
  const [old] = await tx.select().from(sysDictType).where(eq(sysDictType.dictId, dictId));
  if (!old) throw notFound('字典类型不存在');
  if (old.dictType !== b.dictType) {
    if (BUILT_IN_TYPES.has(old.dictType))
      throw badRequest(`字典类型：系统字典「${old.dictType}」的类型不能修改`, 'dictType');
    await assertTypeFree(tx, b.dictType, dictId);
    // The data follow their type.
    await tx.update(sysDictData).set({ dictType: b.dictType }).where(eq(sysDictData.dictType, old.dictType));
  }
  const [row] = await tx
    .update(sysDictType)
    .set({ dictName: b.dictName, dictType: b.dictType, status: b.status, remark: b.remark ?? null })
    .where(eq(sysDictType.dictId, dictId))
    .returning();
  return row!;
}

/** Removes the types and all their data (the screen asked for confirmation first). */
export async function removeTypes(tx: DbOrTx, ids: number[]): Promise<{ types: number; data: number }> {
  const rows = await tx.select().from(sysDictType).where(inArray(sysDictType.dictId, ids));
  if (rows.length === 0) throw notFound('字典类型不存在');
  const builtIn = rows.find((r) => BUILT_IN_TYPES.has(r.dictType));
  if (builtIn) throw badRequest(`系统字典「${builtIn.dictName}」（${builtIn.dictType}）不能删除`, 'ids');
  const data = await tx
    .delete(sysDictData)
    .where(
      inArray(
        sysDictData.dictType,
        rows.map((r) => r.dictType),
      ),
    )
    .returning({ id: sysDictData.dictCode });
  await tx.delete(sysDictType).where(
    inArray(
      sysDictType.dictId,
      rows.map((r) => r.dictId),
    ),
  );
  return { types: rows.length, data: data.length };
}

/** The numeric flag of a type's existing rows (null when it has none), excluding one row. */
export async function typeNumeric(tx: DbOrTx, dictType: string, exceptCode?: number): Promise<boolean | null> {
  const [row] = await tx
    .select({ numeric: sysDictData.numeric })
    .from(sysDictData)
    .where(and(eq(sysDictData.dictType, dictType), exceptCode ? ne(sysDictData.dictCode, exceptCode) : undefined))
    .limit(1);
  return row ? row.numeric : null;
}

async function checkedData(tx: DbOrTx, b: DataBody, selfCode?: number) {
  const [type] = await tx
    .select({ id: sysDictType.dictId })
    .from(sysDictType)
    .where(eq(sysDictType.dictType, b.dictType));
  if (!type) throw badRequest(`字典类型「${b.dictType}」不存在`, 'dictType');
  const numeric = numericFor(b.dictType, await typeNumeric(tx, b.dictType, selfCode), b.dictValue);
  const problem = valueProblem(b.dictType, numeric, b.dictValue);
  if (problem) throw badRequest(problem, 'dictValue');
  const [dup] = await tx
    .select({ id: sysDictData.dictCode })
    .from(sysDictData)
    .where(
      and(
        eq(sysDictData.dictType, b.dictType),
        eq(sysDictData.dictValue, b.dictValue),
        selfCode ? ne(sysDictData.dictCode, selfCode) : undefined,
      ),
    );
  if (dup) throw new AppError(409, `字典「${b.dictType}」中键值「${b.dictValue}」已存在`, 'dictValue');
  if (b.isDefault === 'Y') {
    // One default per dictionary: the new default replaces the old one.
    await tx
      .update(sysDictData)
      .set({ isDefault: 'N' })
      .where(and(eq(sysDictData.dictType, b.dictType), selfCode ? ne(sysDictData.dictCode, selfCode) : undefined));
  }
  return {
    dictType: b.dictType,
    dictLabel: b.dictLabel,
    dictValue: b.dictValue,
    dictSort: b.dictSort,
    numeric,
    listClass: b.listClass ? b.listClass : null,
    isDefault: b.isDefault,
    status: b.status,
    remark: b.remark ?? null,
  };
}

export async function createData(tx: DbOrTx, b: DataBody): Promise<DataRecord> {
  const [row] = await tx
    .insert(sysDictData)
    .values(await checkedData(tx, b))
    .returning();
  return row!;
}

export async function updateData(tx: DbOrTx, dictCode: number, b: DataBody): Promise<DataRecord> {
  const [old] = await tx
    .select({ id: sysDictData.dictCode })
    .from(sysDictData)
    .where(eq(sysDictData.dictCode, dictCode));
  if (!old) throw notFound('字典数据不存在');
  const [row] = await tx
    .update(sysDictData)
    .set({ ...(await checkedData(tx, b, dictCode)) })
    .where(eq(sysDictData.dictCode, dictCode))
    .returning();
  return row!;
}

export async function removeData(tx: DbOrTx, ids: number[]): Promise<number> {
  const removed = await tx
    .delete(sysDictData)
    .where(inArray(sysDictData.dictCode, ids))
    .returning({ id: sysDictData.dictCode });
  if (removed.length === 0) throw notFound('字典数据不存在');
  return removed.length;
}

export const DATA_ORDER = [asc(sysDictData.dictType), asc(sysDictData.dictSort), asc(sysDictData.dictCode)];
