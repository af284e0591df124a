/** Dictionary types and their data: one transaction per change, the numeric rule of SPEC 3 kept. */
import type { Db, DbOrTx } from '../../../db/client.js';
import { AppError, badRequest, notFound } from '../../../lib/errors.js';
import { BUILT_IN_TYPES, numericFor, valueProblem } from './numeric.js';
import type { DataBody, TypeBody } from './schemas.js';
import { STATUS_CODES, storedCode, YES_NO } from '../../../lib/codes.js';
import {
  clearDefaults,
  dataCountsOfTypes,
  dataExists,
  dataValueTaken,
  deleteData,
  deleteDataOfTypes,
  deleteTypes,
  insertData,
  insertType,
  renameDataType,
  typeById,
  typeNumeric,
  typesByIds,
  typeTaken,
  updateDataRow,
  updateTypeRow,
  type DataRecord,
  type TypeRecord,
} from './store.js';

/** A data row as the API answers it. */
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
  const stats = await dataCountsOfTypes(
    db,
    rows.map((r) => r.dictType),
  );
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

async function assertTypeFree(tx: DbOrTx, dictType: string, selfId?: number) {
  if (await typeTaken(tx, dictType, selfId)) throw new AppError(409, `字典类型「${dictType}」已存在`, 'dictType');
}

const typeValues = (b: TypeBody) => ({
  dictName: b.dictName,
  dictType: b.dictType,
  status: b.status,
  remark: b.remark ?? null,
});

/** 新增字典类型 POST /system/dict/type/save */
export async function createType(db: Db, b: TypeBody & { dictId?: number }): Promise<TypeRecord> {
  if (b.dictId) throw badRequest('字典编号：新增时不应带字典编号，修改请调用 /system/dict/type/update', 'dictId');
  return db.transaction(async (tx) => {
    await assertTypeFree(tx, b.dictType);
    return insertType(tx, typeValues(b));
  });
}

/** 修改字典类型 POST /system/dict/type/update: the data follow a renamed type. */
export async function updateType(db: Db, dictId: number, b: TypeBody): Promise<TypeRecord> {
  return db.transaction(async (tx) => {
    const old = await typeById(tx, dictId);
    if (!old) throw notFound('字典类型不存在');
    if (old.dictType !== b.dictType) {
      if (BUILT_IN_TYPES.has(old.dictType))
        throw badRequest(`字典类型：系统字典「${old.dictType}」的类型不能修改`, 'dictType');
      await assertTypeFree(tx, b.dictType, dictId);
      // The data follow their type.
      await renameDataType(tx, old.dictType, b.dictType);
    }
    return updateTypeRow(tx, dictId, typeValues(b));
  });
}

/**
 * 删除字典类型 POST /system/dict/type/remove: the types and all their data (the screen asked for
 * confirmation first); system dictionaries stay.
 */
export async function removeTypes(db: Db, ids: number[]): Promise<{ types: number; data: number }> {
  return db.transaction(async (tx) => {
    const rows = await typesByIds(tx, ids);
    if (rows.length === 0) throw notFound('字典类型不存在');
    const builtIn = rows.find((r) => BUILT_IN_TYPES.has(r.dictType));
    if (builtIn) throw badRequest(`系统字典「${builtIn.dictName}」（${builtIn.dictType}）不能删除`, 'ids');
    const data = await deleteDataOfTypes(
      tx,
      rows.map((r) => r.dictType),
    );
    await deleteTypes(
      tx,
      rows.map((r) => r.dictId),
    );
    return { types: rows.length, data };
  });
}

async function checkedData(tx: DbOrTx, b: DataBody, selfCode?: number) {
  if (!(await typeTaken(tx, b.dictType))) throw badRequest(`字典类型「${b.dictType}」不存在`, 'dictType');
  const numeric = numericFor(b.dictType, await typeNumeric(tx, b.dictType, selfCode), b.dictValue);
  const problem = valueProblem(b.dictType, numeric, b.dictValue);
  if (problem) throw badRequest(problem, 'dictValue');
  if (await dataValueTaken(tx, b.dictType, b.dictValue, selfCode))
    throw new AppError(409, `字典「${b.dictType}」中键值「${b.dictValue}」已存在`, 'dictValue');
  if (b.isDefault === 'Y') {
    // One default per dictionary: the new default replaces the old one.
    await clearDefaults(tx, b.dictType, selfCode);
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

/** 新增字典数据 POST /system/dict/data/save */
export async function createData(db: Db, b: DataBody & { dictCode?: number }): Promise<DataRecord> {
  if (b.dictCode) throw badRequest('字典编码：新增时不应带字典编码，修改请调用 /system/dict/data/update', 'dictCode');
  return db.transaction(async (tx) => insertData(tx, await checkedData(tx, b)));
}

/** 修改字典数据 POST /system/dict/data/update */
export async function updateData(db: Db, dictCode: number, b: DataBody): Promise<DataRecord> {
  return db.transaction(async (tx) => {
    if (!(await dataExists(tx, dictCode))) throw notFound('字典数据不存在');
    return updateDataRow(tx, dictCode, await checkedData(tx, b, dictCode));
  });
}

/** 删除字典数据 POST /system/dict/data/remove; how many. */
export async function removeData(db: Db, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const removed = await deleteData(tx, ids);
    if (removed === 0) throw notFound('字典数据不存在');
    return removed;
  });
}
