/** The catalog pages' rules: a code used once within its kind, one transaction per change. */
import type { Db, DbOrTx } from '../../../db/client.js';
import { AppError, badRequest, notFound } from '../../../lib/errors.js';
import { CATALOG_LABEL, type CatalogKind } from './kinds.js';
import {
  catalogCodeTaken,
  catalogExists,
  deleteCatalogs,
  insertCatalog,
  updateCatalogRow,
  type CatalogRecord,
} from './store.js';

/** What a kind's form sends. */
export interface CatalogForm {
  id?: number;
  code: string;
  name: string;
  sortOrder: number;
  status: string;
  extra: unknown;
  remark?: string | null;
}

const valuesOf = (b: CatalogForm) => ({
  code: b.code,
  name: b.name,
  sortOrder: b.sortOrder,
  status: b.status,
  extra: b.extra,
  remark: b.remark ?? null,
});

/** The code is unique within a kind. */
async function assertFreeCode(tx: DbOrTx, kind: CatalogKind, code: string, exceptId?: number): Promise<void> {
  if (await catalogCodeTaken(tx, kind, code, exceptId)) throw new AppError(409, `编码「${code}」已存在`, 'code');
}

/** 新增 POST /system/catalog/{kind}/save */
export async function createCatalog(db: Db, kind: CatalogKind, b: CatalogForm): Promise<CatalogRecord> {
  if (b.id && b.id > 0) throw badRequest(`编号：新增时不应带编号，修改请调用 /system/catalog/${kind}/update`, 'id');
  return db.transaction(async (tx) => {
    await assertFreeCode(tx, kind, b.code);
    return insertCatalog(tx, kind, valuesOf(b));
  });
}

/** 修改 POST /system/catalog/{kind}/update */
export async function updateCatalog(
  db: Db,
  kind: CatalogKind,
  b: CatalogForm & { id: number },
): Promise<CatalogRecord> {
  return db.transaction(async (tx) => {
    if (!(await catalogExists(tx, kind, b.id))) throw notFound(`${CATALOG_LABEL[kind]}记录不存在`);
    await assertFreeCode(tx, kind, b.code, b.id);
    return updateCatalogRow(tx, b.id, valuesOf(b));
  });
}

/** 删除 POST /system/catalog/{kind}/remove; how many. */
export async function removeCatalogs(db: Db, kind: CatalogKind, ids: readonly number[]): Promise<number> {
  const removed = await deleteCatalogs(db, kind, ids);
  if (removed === 0) throw notFound(`${CATALOG_LABEL[kind]}记录不存在`);
  return removed;
}
