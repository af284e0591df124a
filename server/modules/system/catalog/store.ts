/** The catalog pages' SQL: sys_catalog rows of one kind. */
import { and, asc, count, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { sysCatalog } from '../../../db/schema.js';
import type { PageQuery } from '../../../lib/reply.js';
import type { CatalogKind } from './kinds.js';
import { dateRange } from '../../../lib/dateRange.js';
import { listOrder } from '../../../lib/listQuery.js';
import { containsPattern } from '../../../lib/textMatch.js';

export type CatalogRecord = typeof sysCatalog.$inferSelect;

/** The filters of the list and the export. */
export interface CatalogFilter {
  code?: string;
  name?: string;
  status?: string;
  beginTime?: string;
  endTime?: string;
}

/** The columns the form writes. */
export interface CatalogValues {
  code: string;
  name: string;
  sortOrder: number;
  status: string;
  extra: unknown;
  remark: string | null;
}

function catalogWhere(kind: CatalogKind, q: CatalogFilter): SQL {
  const w: SQL[] = [eq(sysCatalog.kind, kind)];
  if (q.code) w.push(ilike(sysCatalog.code, containsPattern(q.code)));
  if (q.name)
    w.push(or(ilike(sysCatalog.name, containsPattern(q.name)), ilike(sysCatalog.remark, containsPattern(q.name)))!);
  if (q.status) w.push(eq(sysCatalog.status, q.status));
  w.push(...dateRange(sysCatalog.createdAt, q.beginTime, q.endTime));
  return and(...w)!;
}

const SORTABLE = {
  id: sysCatalog.id,
  code: sysCatalog.code,
  name: sysCatalog.name,
  sortOrder: sysCatalog.sortOrder,
  createdAt: sysCatalog.createdAt,
};

/** One page of a kind's rows and the count of all that match. */
export async function catalogPage(
  db: DbOrTx,
  kind: CatalogKind,
  q: PageQuery & CatalogFilter,
): Promise<{ rows: CatalogRecord[]; total: number }> {
  const cond = catalogWhere(kind, q);
  const [{ total }] = await db.select({ total: count() }).from(sysCatalog).where(cond);
  const rows = await db
    .select()
    .from(sysCatalog)
    .where(cond)
    .orderBy(...listOrder(q.sortField, q.sortOrder, SORTABLE, [asc(sysCatalog.sortOrder), asc(sysCatalog.id)]))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { rows, total };
}

/** A batch of the export, in the list's order. */
export async function catalogExportBatch(
  db: DbOrTx,
  kind: CatalogKind,
  q: CatalogFilter,
  offset: number,
  limit: number,
): Promise<CatalogRecord[]> {
  return db
    .select()
    .from(sysCatalog)
    .where(catalogWhere(kind, q))
    .orderBy(asc(sysCatalog.sortOrder), asc(sysCatalog.id))
    .limit(limit)
    .offset(offset);
}

/** A kind's row by id, if any. */
export async function catalogById(db: DbOrTx, kind: CatalogKind, id: number): Promise<CatalogRecord | undefined> {
  const [row] = await db
    .select()
    .from(sysCatalog)
    .where(and(eq(sysCatalog.kind, kind), eq(sysCatalog.id, id)));
  return row;
}

/** Whether a kind has a row of this id. */
export async function catalogExists(db: DbOrTx, kind: CatalogKind, id: number): Promise<boolean> {
  const [old] = await db
    .select({ id: sysCatalog.id })
    .from(sysCatalog)
    .where(and(eq(sysCatalog.kind, kind), eq(sysCatalog.id, id)));
  return old !== undefined;
}

/** Whether another row of the kind (not `exceptId`) has this code. */
export async function catalogCodeTaken(
  db: DbOrTx,
  kind: CatalogKind,
  code: string,
  exceptId?: number,
): Promise<boolean> {
  const [dup] = await db
    .select({ id: sysCatalog.id })
    .from(sysCatalog)
    .where(
      and(eq(sysCatalog.kind, kind), eq(sysCatalog.code, code), exceptId ? ne(sysCatalog.id, exceptId) : undefined),
    );
  return dup !== undefined;
}

/** Inserts a row of the kind. */
export async function insertCatalog(db: DbOrTx, kind: CatalogKind, values: CatalogValues): Promise<CatalogRecord> {
  const [inserted] = await db
    .insert(sysCatalog)
    .values({ kind, ...values })
    .returning();
  return inserted!;
}

/** Updates a row's columns. */
export async function updateCatalogRow(db: DbOrTx, id: number, values: CatalogValues): Promise<CatalogRecord> {
  const [updated] = await db.update(sysCatalog).set(values).where(eq(sysCatalog.id, id)).returning();
  return updated!;
}

/** Deletes the kind's rows of these ids; how many. */
export async function deleteCatalogs(db: DbOrTx, kind: CatalogKind, ids: readonly number[]): Promise<number> {
  const removed = await db
    .delete(sysCatalog)
    .where(and(eq(sysCatalog.kind, kind), inArray(sysCatalog.id, [...ids])))
    .returning({ id: sysCatalog.id });
  return removed.length;
}
