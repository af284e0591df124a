/**
 * 人员查询: persons of the caller's scope by name, ID number (both by their start), a certificate
 * they hold, their employer; the ID number masked in every row, with the certificates each holds.
 */
import { and, asc, desc, eq, getTableColumns, gt, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { pageTail, prerendered } from '../../db/prerendered.js';
import { certificate, enterprise, person } from '../../db/schema.js';
import { listTotal, NAME_ESTIMATE_TRUSTED_ABOVE } from '../../services/listTotal.js';
import { sortColumn } from '../../lib/schemas.js';
import { maskIdNo } from '../../services/personalData.js';
import { byteOrder, certNoMatches, containsText, inDistrict, startsWith } from '../../lib/textMatch.js';
import { personScope } from './scope.js';
import { enterprisesNamed, unindexed } from '../../services/listOrder.js';
import { anyOf, qualified } from '../../db/sql.js';
import type { StaffFilters, StaffListQuery, StaffRowView } from './schemas.js';

/** The national code of a valid certificate (cert_status 01). */
const VALID = '01';

/** `enterpriseIds`: the enterprises the typed word names, when few (listOrder.ts enterprisesNamed). */
export function staffWhere(
  db: DbOrTx,
  user: AuthUser,
  q: StaffFilters,
  enterpriseIds: number[] | null = null,
): SQL | undefined {
  const w: (SQL | undefined)[] = [personScope(user)];
  if (q.name) w.push(startsWith(person.name, q.name));
  if (q.idNo) w.push(startsWith(person.idNo, q.idNo));
  if (q.certNo || q.category || q.certStatus)
    w.push(inArray(person.id, db.select({ id: certificate.personId }).from(certificate).where(heldWhere(q))));
  if (q.enterpriseId) w.push(eq(person.enterpriseId, q.enterpriseId));
  if (q.enterpriseName && enterpriseIds) w.push(anyOf(person.enterpriseId, enterpriseIds));
  const employer: (SQL | undefined)[] = [];
  if (q.enterpriseName && !enterpriseIds) employer.push(containsText(enterprise.name, q.enterpriseName));
  if (q.area) employer.push(eq(enterprise.ownership, q.area));
  if (q.districtCode) employer.push(inDistrict(enterprise.districtCode, q.districtCode));
  if (employer.length)
    w.push(
      inArray(
        person.enterpriseId,
        db
          .select({ id: enterprise.id })
          .from(enterprise)
          .where(and(...employer)),
      ),
    );
  if (q.employStatus) w.push(eq(person.employStatus, q.employStatus));
  if (q.sex) w.push(eq(person.sex, q.sex));
  return and(...w);
}

/** The certificate a person must hold, as asked (number, category, status: the same certificate). */
function heldWhere(q: StaffFilters): SQL | undefined {
  return and(
    q.certNo ? certNoMatches(certificate.certNo, q.certNo) : undefined,
    q.category ? eq(certificate.category, q.category) : undefined,
    q.certStatus ? eq(certificate.status, q.certStatus) : undefined,
  );
}

/**
 * The holders of the asked certificates, when nothing else narrows the persons (the province, no
 * person or employer filter): counted as the certificates' distinct holders from their index alone.
 * Every certificate has its person (a non-null foreign key), so no person is lost by not joining,
 * and a bounded count through a semi-join to person looked up 2,001 persons one by one (3.4 ms
 * for the suspended C3 at the province's scale, several times that sixteen at a time).
 */
function heldOnly(db: DbOrTx, user: AuthUser, q: StaffFilters) {
  const narrowsPersons =
    personScope(user) ||
    q.name ||
    q.idNo ||
    q.enterpriseId ||
    q.enterpriseName ||
    q.area ||
    q.districtCode ||
    q.employStatus ||
    q.sex;
  if (narrowsPersons || !(q.certNo || q.category || q.certStatus)) return null;
  return db.selectDistinct({ id: certificate.personId }).from(certificate).where(heldWhere(q));
}

const SORTS = {
  name: byteOrder(person.name),
  idNo: byteOrder(person.idNo),
  birthDate: person.birthDate,
  // Read from the join (staffPage): sorting every person by a looked-up name was 4 × slower.
  enterpriseName: byteOrder(enterprise.name),
};

type Held = Omit<StaffRowView['certificates'][number], 'valid'>;
/**
 * The certificates a person holds (all statuses), in the statement that reads the person: one round
 * trip, not a second one for the page's persons. PostgreSQL evaluates it for the rows the LIMIT
 * keeps (the sort's input leaves it out), each an index lookup by person.
 */
const held = sql<
  Held[]
>`(select coalesce(json_agg(json_build_object('id', c.id, 'certNo', c.cert_no, 'category', c.category, 'status', c.status, 'expiryDate', c.expiry_date)
  order by c.category, c.issue_date desc, c.id desc), '[]'::json) from ${certificate} c where c.person_id = ${qualified(person.id)})`;
const columns = { p: getTableColumns(person), enterpriseName: enterprise.name, held };
type Joined = { p: typeof person.$inferSelect; enterpriseName: string | null; held: Held[] };
const joined = (db: DbOrTx) =>
  db.select(columns).from(person).leftJoin(enterprise, eq(enterprise.id, person.enterpriseId));
/** joined's columns and join as text, rendered once (db/prerendered.ts): the page sorted by the employer's name. */
const staffPage = prerendered<Joined>(joined, columns);
/**
 * The employer's name looked up, as the certificates are, for the rows the LIMIT keeps: the planner
 * joins before it sorts, and a typed ID number start's 221 persons were each joined to their
 * enterprise to keep ten (0.56 ms of execution; the join's planning 0.27 ms). The filters read the
 * employer through semi-joins (staffWhere), so no condition needs the join.
 */
const lookedUpColumns = {
  ...columns,
  enterpriseName: sql<
    string | null
  >`(select e.name from ${enterprise} e where e.id = ${qualified(person.enterpriseId)})`,
};
const lookedUpPage = prerendered<Joined>((db) => db.select(lookedUpColumns).from(person), lookedUpColumns);
// The parsed objects are the row's own: the flag is added to them (a spread with a property after it is V8's slow path: work.ts toWorkRow).
const withValidity = (certs: Held[]): StaffRowView['certificates'] =>
  certs.map((c) => Object.assign(c, { valid: c.status === VALID }));

/** One person with the employer's name and every certificate they hold (the detail), or undefined. */
export async function personWithCertificates(db: DbOrTx, id: number) {
  const [row] = await joined(db).where(eq(person.id, id));
  return row && { p: row.p, enterpriseName: row.enterpriseName, certificates: withValidity(row.held) };
}

function toRows(rows: Joined[]): StaffRowView[] {
  return rows.map(({ p, enterpriseName, held: certs }) => ({
    id: p.id,
    name: p.name,
    sex: p.sex,
    idType: p.idType,
    idNo: maskIdNo(p.idNo),
    birthYear: p.birthDate.slice(0, 4),
    education: p.education,
    title: p.title,
    enterpriseId: p.enterpriseId,
    enterpriseName,
    employStatus: p.employStatus,
    certificates: withValidity(certs),
  }));
}

export async function listStaff(db: DbOrTx, user: AuthUser, q: StaffListQuery) {
  const enterpriseIds = await enterprisesNamed(db, q.enterpriseName);
  const where = staffWhere(db, user, q, enterpriseIds);
  const sort = sortColumn(SORTS, q.sortField);
  const descending = q.sortOrder === 'descend' || q.sortOrder === 'desc';
  // The few enterprises' staff are sorted rather than found by walking the order's index (listOrder.ts).
  const first = (key: SQL | AnyColumn, kind: 'text' | 'number' | 'time') =>
    enterpriseIds ? unindexed(key, kind) : key;
  const kind = q.sortField === 'birthDate' ? 'time' : 'text';
  const order = sort
    ? descending
      ? [desc(first(sort, kind)), desc(person.id)]
      : [asc(first(sort, kind)), asc(person.id)]
    : [desc(first(person.id, 'number'))];
  const [page, total] = await Promise.all([
    (q.sortField === 'enterpriseName' ? staffPage : lookedUpPage).rows(
      db,
      pageTail(where, order, q.pageSize, (q.pageNum - 1) * q.pageSize),
    ),
    listTotal(
      db,
      heldOnly(db, user, q) ?? db.select({ one: sql`1` }).from(person).where(where),
      undefined,
      undefined,
      q.name ? { estimateOnlyAbove: NAME_ESTIMATE_TRUSTED_ABOVE } : undefined,
    ),
  ]);
  return { rows: toRows(page), ...total };
}

/** A page of persons as the enterprise detail shows them. */
export async function staffOfEnterprise(db: DbOrTx, enterpriseId: number, limit: number): Promise<StaffRowView[]> {
  return toRows(
    await joined(db)
      .where(eq(person.enterpriseId, enterpriseId))
      .orderBy(byteOrder(person.name), asc(person.id))
      .limit(limit),
  );
}

export function staffBatches(db: DbOrTx, where: SQL | undefined) {
  let lastId = 0;
  return async (_offset: number, limit: number): Promise<StaffRowView[]> => {
    const rows = await joined(db)
      .where(and(where, gt(person.id, lastId)))
      .orderBy(asc(person.id))
      .limit(limit);
    if (rows.length) lastId = rows[rows.length - 1]!.p.id;
    return toRows(rows);
  };
}
