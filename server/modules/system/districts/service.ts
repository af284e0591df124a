/** Districts of the province: lazy levels, the whole tree for cascaders, and guarded changes. */
import type { Db, DbOrTx } from '../../../db/client.js';
import { AREA_CODES, storedCodeOrNull } from '../../../lib/codes.js';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.js';
import type { DistrictBody, DistrictUpdateBody } from './schemas.js';
import {
  codesWithChildren,
  deleteDistricts,
  districtByCode,
  districtNames,
  districtPage,
  districtsByCodes,
  districtsOfLevel,
  enterpriseCountIn,
  hasChildDistrict,
  insertDistrict,
  setChildrenArea,
  updateDistrictRow,
  type DistrictRecord,
} from './store.js';
import { buildTree } from '../../../lib/tree.js';

const MAX_LEVEL = 3;

async function withDetails(db: DbOrTx, rows: DistrictRecord[]) {
  const withKids = await codesWithChildren(
    db,
    rows.map((r) => r.code),
  );
  const parentCodes = [...new Set(rows.map((r) => r.parentCode).filter((c): c is string => !!c))];
  const parents = await districtsByCodes(db, parentCodes);
  const parentName = new Map(parents.filter((p) => p.level > 1).map((p) => [p.code, p.name]));
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    parentCode: r.parentCode,
    level: r.level,
    area: storedCodeOrNull(AREA_CODES, r.area),
    orderNum: r.orderNum,
    hasChildren: withKids.has(r.code),
    fullName: r.parentCode && parentName.has(r.parentCode) ? `${parentName.get(r.parentCode)} / ${r.name}` : r.name,
  }));
}

/**
 * 行政区划列表 GET /system/districts/list: children of `parentCode` (the top level without one), or
 * the districts whose name matches.
 */
export async function listDistricts(
  db: DbOrTx,
  q: { parentCode?: string; name?: string; pageNum: number; pageSize: number },
) {
  const { rows, total } = await districtPage(db, q);
  return { rows: await withDetails(db, rows), total };
}

/** 导出行政区划 GET /system/districts/export: one batch of the list, with each parent's name. */
export async function districtExportBatch(
  db: DbOrTx,
  filter: { parentCode?: string; name?: string },
  offset: number,
  limit: number,
) {
  const { rows } = await listDistricts(db, { ...filter, pageNum: offset / limit + 1, pageSize: limit });
  const codes = [...new Set(rows.map((r) => r.parentCode).filter((c): c is string => !!c))];
  const parents = await districtNames(db, codes);
  const nameOf = new Map(parents.map((p) => [p.code, p.name]));
  return rows.map((r) => ({ ...r, parentName: (r.parentCode && nameOf.get(r.parentCode)) || '' }));
}

/** 全省市、区县树 GET /system/districts/list2: cities with their counties (the province itself is the implicit root). */
export async function provinceTree(db: DbOrTx) {
  const rows = await districtsOfLevel(db, 2);
  const counties = await districtsOfLevel(db, 3);
  const all = [...rows, ...counties].map((r) => ({
    code: r.code,
    name: r.name,
    level: r.level,
    area: r.area,
    parentCode: r.parentCode,
  }));
  const cityCodes = new Set(rows.map((r) => r.code));
  return buildTree(
    all,
    (r) => r.code,
    (r) => (r.level === 2 || !r.parentCode || !cityCodes.has(r.parentCode) ? null : r.parentCode),
  )
    .filter((n) => n.level === 2)
    .map(function strip(n): {
      code: string;
      name: string;
      level: number;
      area: string | null;
      children?: ReturnType<typeof strip>[];
    } {
      return {
        code: n.code,
        name: n.name,
        level: n.level,
        area: n.area,
        ...(n.children ? { children: n.children.map(strip) } : {}),
      };
    });
}

/** One district as the list answers it. */
export async function districtRow(db: DbOrTx, code: string) {
  const row = await districtByCode(db, code);
  if (!row) throw notFound('行政区划不存在');
  return (await withDetails(db, [row]))[0]!;
}

const blank = (v: string | null | undefined) => (v ? v : null);

/** 新增行政区划 POST /system/districts/save: below a city or the province, its code led by the parent's. */
export async function createDistrict(db: Db, b: DistrictBody): Promise<DistrictRecord> {
  return db.transaction(async (tx) => {
    const parent = await districtByCode(tx, b.parentCode);
    if (!parent) throw badRequest('上级区划不存在', 'parentCode');
    if (parent.level >= MAX_LEVEL) throw badRequest('上级区划：区县下不能再新增区划', 'parentCode');
    // GB/T 2260: a city shares the province's first 2 digits, a county the city's first 4.
    const prefix = parent.code.slice(0, parent.level * 2);
    if (!b.code.startsWith(prefix) || b.code === parent.code)
      throw badRequest(`行政区划代码应以上级代码前缀 ${prefix} 开头且不同于上级代码`, 'code');
    if (await districtByCode(tx, b.code)) throw new AppError(409, `行政区划代码「${b.code}」已存在`, 'code');
    return insertDistrict(tx, {
      code: b.code,
      name: b.name,
      parentCode: parent.code,
      level: parent.level + 1,
      area: (blank(b.area) ?? parent.area ?? '3') as DistrictRecord['area'],
      orderNum: b.orderNum,
    });
  });
}

/** 修改行政区划 POST /system/districts/update: name, area and order; a changed area is passed down to the counties below. */
export async function updateDistrict(db: Db, b: DistrictUpdateBody): Promise<DistrictRecord> {
  return db.transaction(async (tx) => {
    const old = await districtByCode(tx, b.code);
    if (!old) throw notFound('行政区划不存在');
    const area = blank(b.area);
    const row = await updateDistrictRow(tx, b.code, { name: b.name, area, orderNum: b.orderNum });
    if (area !== old.area && area !== null) await setChildrenArea(tx, b.code, area);
    return row;
  });
}

/** 删除行政区划 POST /system/districts/remove: none with districts below or enterprises registered in it; how many. */
export async function removeDistricts(db: Db, codes: string[]): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await districtsByCodes(tx, codes);
    if (rows.length === 0) throw notFound('行政区划不存在');
    for (const r of rows) {
      if (await hasChildDistrict(tx, r.code)) throw conflict(`「${r.name}」（${r.code}）存在下级区划，不允许删除`);
      const n = await enterpriseCountIn(tx, r.code);
      if (n > 0) throw conflict(`「${r.name}」（${r.code}）有 ${n} 家企业登记在此，不允许删除`);
    }
    await deleteDistricts(
      tx,
      rows.map((r) => r.code),
    );
    return rows.length;
  });
}
