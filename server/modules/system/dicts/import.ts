/**
 * Dictionary data from Excel: every row is checked first; one bad row and nothing is written,
 * the answer lists each problem by row (ImportRowError[]).
 */
import type { Db, DbOrTx } from '../../../db/client.js';
import { AppError, badRequest } from '../../../lib/errors.js';
import type { ImportColumn, ImportRowError, ParsedSheet } from '../../../lib/excel.js';
import { numericFor, valueProblem } from './numeric.js';
import { dataKeysOfTypes, insertDataRows, knownTypeNames, updateDataByValue } from './store.js';

export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  { header: '字典类型', key: 'dictType', required: true },
  { header: '字典标签', key: 'dictLabel', required: true },
  { header: '字典键值', key: 'dictValue', required: true },
  { header: '字典排序', key: 'dictSort' },
  { header: '状态', key: 'status' },
];

export const MAX_IMPORT_ROWS = 5000;

const STATUS: Record<string, '0' | '1'> = { '': '1', '1': '1', 正常: '1', '0': '0', 停用: '0' };

interface GoodRow {
  rowNumber: number;
  dictType: string;
  dictLabel: string;
  dictValue: string;
  dictSort: number;
  status: '0' | '1';
  numeric: boolean;
}

/** 导入字典数据 POST /system/dict/data/importData: all rows in one transaction, or none. */
export async function importDictData(
  db: Db,
  sheet: ParsedSheet,
  updateSupport: boolean,
): Promise<{ inserted: number; updated: number }> {
  return db.transaction((tx) => importRows(tx, sheet, updateSupport));
}

async function importRows(
  tx: DbOrTx,
  sheet: ParsedSheet,
  updateSupport: boolean,
): Promise<{ inserted: number; updated: number }> {
  if (sheet.missingHeaders.length)
    throw badRequest(`导入文件缺少列：${sheet.missingHeaders.join('、')}（请使用导入模板）`, 'file');
  if (sheet.rows.length === 0) throw badRequest('导入文件中没有数据', 'file');
  if (sheet.rows.length > MAX_IMPORT_ROWS)
    throw badRequest(`一次最多导入 ${MAX_IMPORT_ROWS} 行，文件中有 ${sheet.rows.length} 行`, 'file');

  const typesInFile = [...new Set(sheet.rows.map((r) => r.values.dictType).filter(Boolean))];
  const knownTypes = new Set(await knownTypeNames(tx, typesInFile));
  const existing = await dataKeysOfTypes(tx, typesInFile);
  const existingByKey = new Map(existing.map((e) => [`${e.dictType}\u0000${e.dictValue}`, e.dictCode]));
  const numericOfType = new Map<string, boolean>();
  for (const e of existing) if (!numericOfType.has(e.dictType)) numericOfType.set(e.dictType, e.numeric);

  const errors: ImportRowError[] = [];
  const good: GoodRow[] = [];
  const seen = new Map<string, number>();
  for (const { rowNumber, values } of sheet.rows) {
    const bad = (field: string, msg: string) => errors.push({ rowNumber, field, msg });
    const before = errors.length;
    const { dictType, dictLabel, dictValue } = values;
    if (!dictType) bad('dictType', '字典类型不能为空');
    else if (!knownTypes.has(dictType)) bad('dictType', `字典类型「${dictType}」不存在，请先新增字典类型`);
    if (!dictLabel) bad('dictLabel', '字典标签不能为空');
    else if (dictLabel.length > 100) bad('dictLabel', '字典标签不能超过100个字符');
    if (!dictValue) bad('dictValue', '字典键值不能为空');
    else if (dictValue.length > 100) bad('dictValue', '字典键值不能超过100个字符');
    const sortText = values.dictSort ?? '';
    const dictSort = sortText === '' ? 0 : Number(sortText);
    if (!Number.isInteger(dictSort) || dictSort < 0 || dictSort > 9999)
      bad('dictSort', `字典排序应为 0 到 9999 的整数，「${sortText}」不是`);
    const status = STATUS[values.status ?? ''];
    if (!status) bad('status', `状态应为 1（正常）或 0（停用），「${values.status}」不是`);
    if (dictType && knownTypes.has(dictType) && dictValue) {
      if (!numericOfType.has(dictType)) numericOfType.set(dictType, numericFor(dictType, null, dictValue));
      const problem = valueProblem(dictType, numericOfType.get(dictType)!, dictValue);
      if (problem) bad('dictValue', problem);
      const key = `${dictType}\u0000${dictValue}`;
      const first = seen.get(key);
      if (first !== undefined) bad('dictValue', `与第 ${first} 行的字典键值「${dictValue}」重复`);
      else seen.set(key, rowNumber);
      if (existingByKey.has(key) && !updateSupport) bad('dictValue', `字典「${dictType}」中键值「${dictValue}」已存在`);
    }
    if (errors.length === before) {
      good.push({
        rowNumber,
        dictType,
        dictLabel,
        dictValue,
        dictSort,
        status: status!,
        numeric: numericOfType.get(dictType)!,
      });
    }
  }
  if (errors.length) {
    const rows = new Set(errors.map((e) => e.rowNumber)).size;
    throw new AppError(400, `导入失败：${rows} 行有错误，未导入任何数据`, 'file', 400, errors);
  }

  let inserted = 0;
  let updated = 0;
  const fresh = good.filter((g) => !existingByKey.has(`${g.dictType}\u0000${g.dictValue}`));
  await insertDataRows(
    tx,
    fresh.map(({ rowNumber: _r, ...v }) => v),
  );
  inserted = fresh.length;
  for (const g of good.filter((x) => existingByKey.has(`${x.dictType}\u0000${x.dictValue}`))) {
    await updateDataByValue(tx, g.dictType, g.dictValue, {
      dictLabel: g.dictLabel,
      dictSort: g.dictSort,
      status: g.status,
    });
    updated += 1;
  }
  return { inserted, updated };
}
