/** Districts' SQL: sys_district rows, their children, and the enterprises registered in one. */
import { and, asc, count, eq, ilike, inArray, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { enterprise, sysDistrict } from '../../../db/schema.js';
import { containsPattern } from '../../../lib/textMatch.js';

export type DistrictRecord = typeof sysDistrict.$inferSelect;
const ORDER = [asc(sysDistrict.orderNum), asc(sysDistrict.code)];

/**
 * One page of the children of `parentCode` (the top level without one) or of the districts whose
 * name matches, and their count.
 */
export async function districtPage(
  db: DbOrTx,
  q: { parentCode?: string; name?: string; pageNum: number; pageSize: number },
): Promise<{ rows: DistrictRecord[]; total: number }> {
  const w: SQL[] = [];
  if (q.name) w.push(ilike(sysDistrict.name, containsPattern(q.name)));
  if (q.parentCode) w.push(eq(sysDistrict.parentCode, q.parentCode));
  else if (!q.name) w.push(isNull(sysDistrict.parentCode));
  const cond = and(...w);
  const [{ total }] = await db.select({ total: count() }).from(sysDistrict).where(cond);
  const rows = await db
    .select()
    .from(sysDistrict)
    .where(cond)
    .orderBy(asc(sysDistrict.level), ...ORDER)
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { rows, total };
}

/** Those of the codes that have districts below them. */
export async function codesWithChildren(db: DbOrTx, codes: readonly string[]): Promise<Set<string | null>> {
  const kids = codes.length
    ? await db
        .select({ parentCode: sysDistrict.parentCode, n: count() })
        .from(sysDistrict)
        .where(inArray(sysDistrict.parentCode, [...codes]))
        .groupBy(sysDistrict.parentCode)
    : [];
  return new Set(kids.map((k) => k.parentCode));
}

/** The districts of these codes. */
export async function districtsByCodes(db: DbOrTx, codes: readonly string[]): Promise<DistrictRecord[]> {
  return codes.length
    ? db
        .select()
        .from(sysDistrict)
        .where(inArray(sysDistrict.code, [...codes]))
    : [];
}

/** The code and name of each of these districts. */
export async function districtNames(db: DbOrTx, codes: readonly string[]): Promise<{ code: string; name: string }[]> {
  return codes.length
    ? db
        .select({ code: sysDistrict.code, name: sysDistrict.name })
        .from(sysDistrict)
        .where(inArray(sysDistrict.code, [...codes]))
    : [];
}

/** Every district of a level (2 cities, 3 counties) in their order. */
export async function districtsOfLevel(db: DbOrTx, level: number): Promise<DistrictRecord[]> {
  return db
    .select()
    .from(sysDistrict)
    .where(eq(sysDistrict.level, level))
    .orderBy(...ORDER);
}

/** The district of a code, if any. */
export async function districtByCode(db: DbOrTx, code: string): Promise<DistrictRecord | undefined> {
  const [row] = await db.select().from(sysDistrict).where(eq(sysDistrict.code, code));
  return row;
}

/** Inserts a district. */
export async function insertDistrict(db: DbOrTx, values: typeof sysDistrict.$inferInsert): Promise<DistrictRecord> {
  const [row] = await db.insert(sysDistrict).values(values).returning();
  return row!;
}

/** Updates a district's name, area and order. */
export async function updateDistrictRow(
  db: DbOrTx,
  code: string,
  values: { name: string; area: string | null; orderNum: number },
): Promise<DistrictRecord> {
  const [row] = await db.update(sysDistrict).set(values).where(eq(sysDistrict.code, code)).returning();
  return row!;
}

/** Gives the districts directly below a code this area. */
export async function setChildrenArea(db: DbOrTx, parentCode: string, area: string): Promise<void> {
  await db.update(sysDistrict).set({ area }).where(eq(sysDistrict.parentCode, parentCode));
}

/** Whether a district has any district below it. */
export async function hasChildDistrict(db: DbOrTx, code: string): Promise<boolean> {
  const [child] = await db
    .select({ code: sysDistrict.code })
    .from(sysDistrict)
    .where(eq(sysDistrict.parentCode, code))
    .limit(1);
  return child !== undefined;
}

/** How many enterprises are registered in a district. */
export async function enterpriseCountIn(db: DbOrTx, code: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(enterprise).where(eq(enterprise.districtCode, code));
  return n;
}

/** Deletes the districts. */
export async function deleteDistricts(db: DbOrTx, codes: readonly string[]): Promise<void> {
  await db.delete(sysDistrict).where(inArray(sysDistrict.code, [...codes]));
}
