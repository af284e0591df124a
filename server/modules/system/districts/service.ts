/** Districts of the province: lazy levels, the whole tree for cascaders, and guarded changes. */
import { and, asc, count, eq, ilike, inArray, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { enterprise, sysDistrict } from '../../../db/schema.js';
import { AREA_CODES, storedCodeOrNull } from '../../../lib/codes.js';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.js';
import { buildTree, contains } from '../menus/kit.js';
import type { DistrictBody, DistrictUpdateBody } from './schemas.js';

type DistrictRecord = typeof sysDistrict.$inferSelect;
const MAX_LEVEL = 3;
const ORDER = [asc(sysDistrict.orderNum), asc(sysDistrict.code)];

async function withDetails(db: DbOrTx, rows: DistrictRecord[]) {
  const codes = rows.map((r) => r.code);
  const kids = codes.length
    ? await db
        .select({ parentCode: sysDistrict.parentCode, n: count() })
        .from(sysDistrict)
        .where(inArray(sysDistrict.parentCode, codes))
        .groupBy(sysDistrict.parentCode)
    : [];
  const withKids = new Set(kids.map((k) => k.parentCode));
  const parentCodes = [...new Set(rows.map((r) => r.parentCode).filter((c): c is string => !!c))];
  const parents = parentCodes.length
    ? await db.select().from(sysDistrict).where(inArray(sysDistrict.code, parentCodes))
    : [];
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

/** Children of `parentCode` (the top level without one), or the districts whose name matches. */
export async function listDistricts(
  db: DbOrTx,
  q: { parentCode?: string; name?: string; pageNum: number; pageSize: number },
) {
  const w: SQL[] = [];
  if (q.name) w.push(ilike(sysDistrict.name, contains(q.name)));
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
  return { rows: await withDetails(db, rows), total };
}

/** Cities with their counties (the province itself is the implicit root). */
export async function provinceTree(db: DbOrTx) {
  const rows = await db
    .select()
    .from(sysDistrict)
    .where(and(eq(sysDistrict.level, 2)))
    .orderBy(...ORDER);
  const counties = await db
    .select()
    .from(sysDistrict)
    .where(eq(sysDistrict.level, 3))
    .orderBy(...ORDER);
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

export async function districtRow(db: DbOrTx, code: string) {
  const [row] = await db.select().from(sysDistrict).where(eq(sysDistrict.code, code));
  if (!row) throw notFound('行政区划不存在');
  return (await withDetails(db, [row]))[0]!;
}

const blank = (v: string | null | undefined) => (v ? v : null);

export async function createDistrict(tx: DbOrTx, b: DistrictBody): Promise<DistrictRecord> {
  const [parent] = await tx.select().from(sysDistrict).where(eq(sysDistrict.code, b.parentCode));
  if (!parent) throw badRequest('上级区划不存在', 'parentCode');
  if (parent.level >= MAX_LEVEL) throw badRequest('上级区划：区县下不能再新增区划', 'parentCode');
  // GB/T 2260: a city shares the province's first 2 digits, a county the city's first 4.
  const prefix = parent.code.slice(0, parent.level * 2);
  if (!b.code.startsWith(prefix) || b.code === parent.code)
    throw badRequest(`行政区划代码应以上级代码前缀 ${prefix} 开头且不同于上级代码`, 'code');
  const [dup] = await tx.select({ code: sysDistrict.code }).from(sysDistrict).where(eq(sysDistrict.code, b.code));
  if (dup) throw new AppError(409, `行政区划代码「${b.code}」已存在`, 'code');
  const [row] = await tx
    .insert(sysDistrict)
    .values({
      code: b.code,
      name: b.name,
      parentCode: parent.code,
      level: parent.level + 1,
      area: (blank(b.area) ?? parent.area ?? '3') as DistrictRecord['area'],
      orderNum: b.orderNum,
    })
    .returning();
  return row!;
}

/** Name, area and order; a changed area is passed down to the counties below. */
export async function updateDistrict(tx: DbOrTx, b: DistrictUpdateBody): Promise<DistrictRecord> {
  const [old] = await tx.select().from(sysDistrict).where(eq(sysDistrict.code, b.code));
  if (!old) throw notFound('行政区划不存在');
  const area = blank(b.area);
  const [row] = await tx
    .update(sysDistrict)
    .set({ name: b.name, area, orderNum: b.orderNum })
    .where(eq(sysDistrict.code, b.code))
    .returning();
  if (area !== old.area && area !== null) {
    await tx.update(sysDistrict).set({ area }).where(eq(sysDistrict.parentCode, b.code));
  }
  return row!;
}

export async function removeDistricts(tx: DbOrTx, codes: string[]): Promise<number> {
  const rows = await tx.select().from(sysDistrict).where(inArray(sysDistrict.code, codes));
  if (rows.length === 0) throw notFound('行政区划不存在');
  for (const r of rows) {
    const [child] = await tx
      .select({ code: sysDistrict.code })
      .from(sysDistrict)
      .where(eq(sysDistrict.parentCode, r.code))
      .limit(1);
    if (child) throw conflict(`「${r.name}」（${r.code}）存在下级区划，不允许删除`);
    const [{ n }] = await tx.select({ n: count() }).from(enterprise).where(eq(enterprise.districtCode, r.code));
    if (n > 0) throw conflict(`「${r.name}」（${r.code}）有 ${n} 家企业登记在此，不允许删除`);
  }
  await tx.delete(sysDistrict).where(
    inArray(
      sysDistrict.code,
      rows.map((r) => r.code),
    ),
  );
  return rows.length;
}
