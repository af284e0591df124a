/**
 * 企业查询: the enterprises of the caller's scope with filters, each row with its staff and valid
 * certificates counted for the page's rows only, and the detail with its people and certificates.
 */
import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { pageTail, prerendered } from '../../db/prerendered.js';
import { certificate, enterprise, person } from '../../db/schema.js';
import { addDays } from '../../lib/days.js';
import { listTotal } from '../../services/listTotal.js';
import { sortColumn } from '../../lib/schemas.js';
import { byteOrder, containsText, inDistrict, startsWith } from '../../lib/textMatch.js';
import { enterprisesNamed, unindexed } from '../../services/listOrder.js';
import { anyOf, qualified } from '../../db/sql.js';
import { enterpriseScope } from './scope.js';
import type { DistrictNames } from './districts.js';
import type { EnterpriseFilters, EnterpriseListQuery, EnterpriseRowView } from './schemas.js';

/** Days before its end at which a licence counts as expiring. */
export const LICENCE_EXPIRING_DAYS = 90;

/** `namedIds`: the enterprises the typed word names, when few (listOrder.ts enterprisesNamed). */
export function enterpriseWhere(
  user: AuthUser,
  q: EnterpriseFilters,
  today: string,
  namedIds: number[] | null = null,
): SQL | undefined {
  const w: (SQL | undefined)[] = [enterpriseScope(user)];
  if (q.name) w.push(namedIds ? anyOf(enterprise.id, namedIds) : containsText(enterprise.name, q.name));
  if (q.creditCode) w.push(startsWith(enterprise.creditCode, q.creditCode));
  if (q.districtCode) w.push(inDistrict(enterprise.districtCode, q.districtCode));
  if (q.area) w.push(eq(enterprise.ownership, q.area));
  if (q.qualification) w.push(eq(enterprise.qualification, q.qualification));
  if (q.status) w.push(eq(enterprise.status, q.status));
  switch (q.licenceState) {
    case 'valid':
      w.push(gte(enterprise.licenceValidTo, today));
      break;
    case 'expiring':
      w.push(
        gte(enterprise.licenceValidTo, today),
        lte(enterprise.licenceValidTo, addDays(today, LICENCE_EXPIRING_DAYS)),
      );
      break;
    case 'expired':
      w.push(lt(enterprise.licenceValidTo, today));
      break;
    case 'none':
      w.push(isNull(enterprise.licenceValidTo));
      break;
  }
  if (q.licenceFrom) w.push(gte(enterprise.licenceValidTo, q.licenceFrom));
  if (q.licenceTo) w.push(lte(enterprise.licenceValidTo, q.licenceTo));
  return and(...w);
}

export function licenceStateOf(validTo: string | null, today: string): EnterpriseRowView['licenceState'] {
  if (!validTo) return 'none';
  if (validTo < today) return 'expired';
  return validTo <= addDays(today, LICENCE_EXPIRING_DAYS) ? 'expiring' : 'valid';
}

const SORTS = {
  name: byteOrder(enterprise.name),
  creditCode: byteOrder(enterprise.creditCode),
  districtCode: byteOrder(enterprise.districtCode),
  qualification: enterprise.qualification,
  licenceValidTo: enterprise.licenceValidTo,
};

/**
 * Staff and valid certificates of the enterprise, counted in the statement that reads the rows:
 * PostgreSQL evaluates them for the rows the LIMIT keeps (index-served), with no second round trip.
 */
const counted = {
  staffCount:
    sql<number>`(select count(*)::int from ${person} p where p.enterprise_id = ${qualified(enterprise.id)})`.mapWith(
      Number,
    ),
  validCertCount:
    sql<number>`(select count(*)::int from ${certificate} c where c.enterprise_id = ${qualified(enterprise.id)} and c.status = '01')`.mapWith(
      Number,
    ),
};
/** The columns of an enterprise row as the search shows it. */
const rowColumns = { ...getTableColumns(enterprise), ...counted };
type EnterpriseRecord = typeof enterprise.$inferSelect & { staffCount: number; validCertCount: number };

/** Enterprises with their counts (for the detail, which reads its one row by id). */
export const countedEnterprises = (db: DbOrTx) => db.select(rowColumns).from(enterprise);
/** countedEnterprises as text, rendered once (db/prerendered.ts). */
const enterprisePage = prerendered<EnterpriseRecord>(countedEnterprises, rowColumns);

export function enterpriseRows(rows: EnterpriseRecord[], districts: DistrictNames, today: string): EnterpriseRowView[] {
  return rows.map((e) => ({
    id: e.id,
    name: e.name,
    creditCode: e.creditCode,
    legalRepresentative: e.legalRepresentative,
    address: e.address,
    districtCode: e.districtCode,
    districtName: districts.of(e.districtCode),
    ownership: e.ownership,
    qualification: e.qualification,
    licenceNo: e.licenceNo,
    licenceValidTo: e.licenceValidTo,
    licenceState: licenceStateOf(e.licenceValidTo, today),
    status: e.status,
    staffCount: e.staffCount,
    validCertCount: e.validCertCount,
  }));
}

/**
 * A credit code's first eight characters (GB 32100: registering authority, type, then the six-digit
 * division code) leave at most a city's enterprises (≈ 11,000 for 广州), whose keys the credit-code
 * index holds in name order. A district needs no such help: its own indexes (district or city, then
 * name) give the page in order.
 */
const narrowsByCreditCode = (q: EnterpriseFilters): boolean => (q.creditCode?.length ?? 0) >= 8;

/**
 * One page in name order when a credit code's start or a word few enterprises have narrows the list: the page's ids are sorted from
 * the (credit code, name, id) index or by id alone, then the ten rows are read. Sorting on the
 * name as no index holds it (listOrder.ts unindexed) keeps the planner from walking the name index
 * instead, which it prefers because it assumes a credit code's enterprises spread evenly over the
 * alphabet; they do not (names begin with their city), and that walk read 30,000 rows for ten.
 */
function pageByNameOfFew(db: DbOrTx, where: SQL | undefined, descending: boolean, limit: number, offset: number) {
  const dir = descending ? desc : asc;
  const keys = db
    .select({ id: enterprise.id })
    .from(enterprise)
    .where(where)
    .orderBy(dir(unindexed(byteOrder(enterprise.name), 'text')), dir(enterprise.id))
    .limit(limit)
    .offset(offset);
  return enterprisePage.rows(
    db,
    pageTail(inArray(enterprise.id, keys), [dir(byteOrder(enterprise.name)), dir(enterprise.id)]),
  );
}

export async function listEnterprises(
  db: DbOrTx,
  user: AuthUser,
  q: EnterpriseListQuery,
  districts: DistrictNames,
  today: string,
) {
  const namedIds = await enterprisesNamed(db, q.name);
  const where = enterpriseWhere(user, q, today, namedIds);
  const sort = sortColumn(SORTS, q.sortField);
  const descending = q.sortOrder === 'descend' || q.sortOrder === 'desc';
  const order = sort
    ? descending
      ? [desc(sort), desc(enterprise.id)]
      : [asc(sort), asc(enterprise.id)]
    : [asc(byteOrder(enterprise.name)), asc(enterprise.id)];
  const offset = (q.pageNum - 1) * q.pageSize;
  const byName = !q.sortField || q.sortField === 'name';
  const [page, total] = await Promise.all([
    byName && (narrowsByCreditCode(q) || namedIds)
      ? pageByNameOfFew(db, where, !!sort && descending, q.pageSize, offset)
      : enterprisePage.rows(db, pageTail(where, order, q.pageSize, offset)),
    listTotal(db, db.select({ one: sql`1` }).from(enterprise).where(where)),
  ]);
  return { rows: enterpriseRows(page, districts, today), ...total };
}

/** Keyset batches for the export (id > last id). */
export function enterpriseBatches(db: DbOrTx, where: SQL | undefined, districts: DistrictNames, today: string) {
  let lastId = 0;
  return async (_offset: number, limit: number): Promise<EnterpriseRowView[]> => {
    const rows = await countedEnterprises(db)
      .where(and(where, gt(enterprise.id, lastId)))
      .orderBy(asc(enterprise.id))
      .limit(limit);
    if (rows.length) lastId = rows[rows.length - 1]!.id;
    return enterpriseRows(rows, districts, today);
  };
}
