/**
 * The certificate list: filters and the caller's scope as one condition, and a page of rows (the
 * Excel export's keyset batches are in export.ts).
 */
import { and, asc, desc, eq, gte, inArray, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../context.js';
import { preparedOnMain, type DbOrTx } from '../../db/client.js';
import { certificate, enterprise, person } from '../../db/schema.js';
import { versionLabel } from '../../lib/pdf/format.js';
import type { Labels } from './labels.js';
import type { CertificateFilters, CertificateListQuery, CertificateRowView } from './schemas.js';
import { certificateScope, certificateScopeOnEnterprise } from './scope.js';
import { maskIdNo } from '../../services/personalData.js';
import { eCertIdOf } from './ecert.js';
import { listTotal, NAME_ESTIMATE_TRUSTED_ABOVE } from '../../services/listTotal.js';
import { enterprisesNamed, newestOfPersons, personsNamed, sameCondition, unindexed, WALK_PERSONS_FROM } from '../../services/listOrder.js';
import { byteOrder, certNoMatches, certNoMode, containsText, inDistrict, startsWith } from '../../lib/textMatch.js';
import { anyOf } from '../../db/sql.js';
import { effectiveStatuses, isTimed, statusIs, statusWith, timedExceptions, type TimedExceptions } from './effective-status.js';

/** `ILIKE %text%` with the text's own wildcards escaped. */
export const contains = containsText;

/**
 * A valid certificate's expiry date, null for any other: migration 0029 keeps statistics of this very
 * expression. Valid certificates expire ahead and the others mostly behind, so the planner, taking
 * status and expiry as independent, estimated "valid, expiring within 90 days" at 30,863 where 80,184
 * match (province scale); from this expression's histogram, 79,505. For the total's estimate only
 * (storedStatus): no index serves it.
 */
const VALID_EXPIRY = sql`(case when ${certificate.status} = '01' then ${certificate.expiryDate} end)`;

/**
 * The list's condition. `storedStatus`: the status filter on the stored status instead of the
 * status as of today (for the planner's estimate of the total only: listTotal).
 */
export function certificateWhere(user: AuthUser, q: Partial<CertificateFilters> & { beginTime?: string; endTime?: string }, opts: { storedStatus?: boolean; exceptions?: TimedExceptions; enterpriseIds?: number[] | null; personIds?: number[] | null } = {}): SQL | undefined {
  const w: (SQL | undefined)[] = [certificateScope(user)];
  // At the province's scale (2 million certificates) names and ID numbers match by their start, numbers by their start or (digits only) their end: each an index range.
  if (q.certNo) w.push(certNoMatches(certificate.certNo, q.certNo));
  // The persons a typed name and ID number name, when few (listOrder.ts personsNamed), by id.
  if ((q.name || q.idNo) && opts.personIds) w.push(anyOf(certificate.personId, opts.personIds));
  else {
    if (q.name) w.push(startsWith(person.name, q.name));
    if (q.idNo) w.push(startsWith(person.idNo, q.idNo.toUpperCase()));
  }
  if (q.category) w.push(eq(certificate.category, q.category));
  // The status as of today: a 暂扣 period that began or ended counts before the job writes it.
  // The estimate of valid certificates expiring within dates is read from the valid ones' own expiry dates.
  const validExpiring = !!opts.storedStatus && q.status === '01' && !!(q.expiryFrom || q.expiryTo);
  if (q.status && !validExpiring) w.push(opts.storedStatus ? eq(certificate.status, q.status) : statusIs(q.status, undefined, opts.exceptions));
  // The enterprises the word names, when few (listOrder.ts enterprisesNamed), by id.
  if (q.enterpriseName) w.push(opts.enterpriseIds ? anyOf(certificate.enterpriseId, opts.enterpriseIds) : contains(enterprise.name, q.enterpriseName));
  if (q.enterpriseId) w.push(eq(certificate.enterpriseId, q.enterpriseId));
  if (q.area) w.push(eq(certificate.area, q.area));
  if (q.districtCode) w.push(inDistrict(enterprise.districtCode, q.districtCode), certificateScopeOnEnterprise(user));
  if (q.personId) w.push(eq(certificate.personId, q.personId));
  if (q.expiryFrom) w.push(validExpiring ? gte(VALID_EXPIRY, q.expiryFrom) : gte(certificate.expiryDate, q.expiryFrom));
  if (q.expiryTo) w.push(validExpiring ? lte(VALID_EXPIRY, q.expiryTo) : lte(certificate.expiryDate, q.expiryTo));
  if (q.beginTime) w.push(gte(certificate.issueDate, q.beginTime));
  if (q.endTime) w.push(lte(certificate.issueDate, q.endTime));
  return and(...w);
}

const columns = {
  cert: certificate,
  name: person.name,
  sex: person.sex,
  idNo: person.idNo,
  enterpriseName: enterprise.name,
  creditCode: enterprise.creditCode,
  ownership: enterprise.ownership,
};
type Joined = {
  cert: typeof certificate.$inferSelect; name: string; sex: string; idNo: string; enterpriseName: string; creditCode: string; ownership: string;
  /** The status as of today (effective-status.ts); the stored one when absent. */
  effectiveStatus?: string;
};

/** Certificates with their holder and enterprise, as stored: pass the page through withStatusToday before showing it. */
export const joinedCertificates = (db: DbOrTx) =>
  db.select(columns).from(certificate)
    .innerJoin(person, eq(person.id, certificate.personId))
    .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId));

/**
 * The rows with their status as of today (effective-status.ts), looked up for these rows only, or
 * read from the day's TimedExceptions when the request has them (a status filter looked them up).
 */
export async function withStatusToday<T extends Joined>(db: DbOrTx, rows: T[], exceptions?: Promise<TimedExceptions>): Promise<T[]> {
  const timed = rows.filter((r) => isTimed(r.cert.status));
  const known = exceptions && await exceptions;
  const statuses = known
    ? new Map(timed.map((r) => [r.cert.id, statusWith(known, r.cert.id, r.cert.status)]))
    : await effectiveStatuses(db, timed.map((r) => r.cert.id));
  return rows.map((r) => {
    const status = statuses.get(r.cert.id);
    return status ? { ...r, effectiveStatus: status } : r;
  });
}

export function toRow(r: Joined, labels: Labels): CertificateRowView {
  const c = r.effectiveStatus ? { ...r.cert, status: r.effectiveStatus } : r.cert;
  return {
    id: c.id,
    certNo: c.certNo,
    category: c.category,
    categoryLabel: labels.of('cer_type', c.category),
    personId: c.personId,
    name: r.name,
    sex: r.sex,
    sexLabel: labels.of('sys_user_sex', r.sex),
    // Lists and exports show the identity number masked; the detail view reveals it by duty.
    idNo: maskIdNo(r.idNo),
    enterpriseId: c.enterpriseId,
    enterpriseName: r.enterpriseName,
    creditCode: r.creditCode,
    ownership: r.ownership,
    position: c.position,
    positionLabel: labels.of('ministerial_position', c.position),
    issueDate: c.issueDate,
    validFrom: c.validFrom,
    expiryDate: c.expiryDate,
    status: c.status,
    statusLabel: labels.of('cert_status', c.status),
    version: c.version,
    versionLabel: versionLabel(c.version),
    eCertId: eCertIdOf(c.certNo),
    issuingAuthority: c.issuingAuthority,
    queryCode: c.queryCode,
    printCount: c.printCount,
    printedVersion: c.printedVersion,
    printedAt: c.printedAt?.toISOString() ?? null,
  };
}

/** Whether `where` asks for the certificates of these persons and nothing else (whatever filters the list gains). */
const onlyThesePersons = (where: SQL | undefined, personIds: number[]): boolean => sameCondition(where, and(anyOf(certificate.personId, personIds)));

type SortField = NonNullable<CertificateListQuery['sortField']>;

const SORTABLE: Record<SortField, AnyColumn | SQL> = {
  certNo: byteOrder(certificate.certNo),
  name: byteOrder(person.name),
  category: certificate.category,
  enterpriseName: byteOrder(enterprise.name),
  issueDate: certificate.issueDate,
  expiryDate: certificate.expiryDate,
  status: certificate.status,
  version: certificate.version,
  printCount: certificate.printCount,
};
const TEXT_SORT = new Set<SortField>(['certNo', 'name', 'category', 'enterpriseName', 'status']);

/** 证书列表 GET /safetyCertificateInfo/list: a page of the filtered certificates and its total. */
export async function listCertificates(db: DbOrTx, user: AuthUser, q: CertificateListQuery, labels: Labels, opts: { walkPersonsFrom?: number } = {}) {
  // The day's exceptions (the few certificates whose status today is not the stored one), looked up
  // once and beside the page rather than after it: the rows' statuses, and the filter by 01 or 02. A
  // filter on a status time never changes needs them for neither.
  const timed = !q.status || isTimed(q.status);
  const lookedUp = timed ? timedExceptions(db) : undefined;
  // Awaited once the page is read; a failure before that is the request's own.
  lookedUp?.catch(() => undefined);
  const [enterpriseIds, personIds] = await Promise.all([enterprisesNamed(db, q.enterpriseName), personsNamed(db, q.name, q.idNo)]);
  if (!q.status || !lookedUp) return listPage(db, user, q, labels, { enterpriseIds, personIds, walkPersonsFrom: opts.walkPersonsFrom, statusesFrom: lookedUp });
  // The page and its total both filter on the status as of today, which the few certificates the
  // suspension job has not yet written decide (statusIs). The page that assumes there are none, the
  // nightly job's usual result, runs meanwhile; it is redone with them only when some are found (a
  // 暂扣 that began, ended or changed since the job ran).
  const none: TimedExceptions = { suspendedValid: [], restored: [] };
  const [exceptions, page] = await Promise.all([lookedUp, listPage(db, user, q, labels, { exceptions: none, statusesFrom: lookedUp, enterpriseIds, personIds })]);
  return exceptions.suspendedValid.length || exceptions.restored.length
    ? listPage(db, user, q, labels, { exceptions, statusesFrom: lookedUp, enterpriseIds, personIds }) : page;
}

/**
 * The page and total. `exceptions`: the certificates whose status today is not the stored one
 * (status 01 and 02 only), for the filter; `statusesFrom`: the same look-up, for the rows' statuses; `enterpriseIds`, `personIds`: the enterprises and persons the typed words name, when few.
 */
async function listPage(db: DbOrTx, user: AuthUser, q: CertificateListQuery, labels: Labels,
  found: { exceptions?: TimedExceptions; statusesFrom?: Promise<TimedExceptions>; enterpriseIds: number[] | null; personIds: number[] | null; walkPersonsFrom?: number }) {
  const { exceptions, enterpriseIds, personIds } = found;
  const where = certificateWhere(user, q, found);
  // count(*) over millions of joined rows is not what the page waits for: exact up to a ceiling, else estimated.
  // The count joins only what the filters read (a centre's scope is the certificate's own area).
  const typedPerson = !!(q.name || q.idNo);
  const needsPerson = typedPerson && !personIds;
  const needsEnterprise = !!((q.enterpriseName && !enterpriseIds) || q.districtCode);
  // The certificates' ids, joined only to the tables the filters (and the order) read.
  const narrowed = (withPerson = needsPerson, withEnterprise = needsEnterprise) => {
    let base = db.select({ id: certificate.id }).from(certificate).$dynamic();
    if (withPerson) base = base.innerJoin(person, eq(person.id, certificate.personId));
    if (withEnterprise) base = base.innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId));
    return base;
  };
  const counting = (condition: SQL | undefined) => narrowed().where(condition);
  // The typed persons are all the list asks: whichever they are, their rows are read through the
  // person index and sorted, so the page and its count keep one plan per connection (preparedOnMain)
  // instead of being parsed and planned on every call (0.5–1 ms of a ~3 ms request at the province's
  // scale; their generic plan ran within 1.6 × the plan for the values, where the status filters'
  // ran 20–270 ms against under 1: those stay planned per call).
  const onlyPersons = !!personIds && onlyThesePersons(where, personIds);
  const counted = listTotal(db, counting(where), undefined, q.status ? counting(certificateWhere(user, q, { storedStatus: true, enterpriseIds, personIds })) : undefined,
    // A name prefix that few persons have is counted through them (personIds), cheaply.
    q.name && !personIds ? { estimateOnlyAbove: NAME_ESTIMATE_TRUSTED_ABOVE } : { samePlan: onlyPersons });
  // A typed name or ID number that few persons match, an enterprise word few enterprises have, or
  // the suspended (02, under 1 %) when some stored 01 are among them (an OR no index walks in order): the
  // page sorts the matching certificates rather than walking an index in the list's order
  // (listOrder.ts). Without those, the suspended are the stored 02, which the status index lists
  // newest first.
  const fenced = (q.status === '02' && !!exceptions?.suspendedValid.length && !typedPerson) || !!personIds || !!enterpriseIds;
  const sortColumn = q.sortField ? SORTABLE[q.sortField] : undefined;
  const dir = q.sortOrder === 'descend' || q.sortOrder === 'desc' ? desc : asc;
  const first = (key: AnyColumn | SQL, text: boolean) => (fenced ? unindexed(key, text ? 'text' : 'number') : key);
  // Ties break by the issue date (status, category: their indexes hold it) or the id, in the sort's own direction.
  const ties = q.sortField === 'status' || q.sortField === 'category' ? [dir(certificate.issueDate), dir(certificate.id)] : [dir(certificate.id)];
  const order = sortColumn && q.sortField
    ? [dir(first(sortColumn, TEXT_SORT.has(q.sortField))), ...ties]
    // Looking a number up by its start lists in number order (its index); otherwise the newest issue first.
    : q.certNo && certNoMode(q.certNo) === 'start' ? [asc(first(byteOrder(certificate.certNo), true))] : [desc(first(certificate.issueDate, false)), desc(certificate.id)];
  // (The id breaks ties in the sort's own direction: one index serves both, schema.ts.)
  const offset = (q.pageNum - 1) * q.pageSize;
  // The page is chosen among the certificates joined only to what the filters, the scope and the
  // order read, and joined to the rest afterwards: the planner joins before it sorts, and tens of
  // thousands of matches (valid and expiring within 90 days: ~80,000; the suspended: ~16,000)
  // would each be joined to keep ten. Every certificate has its person and enterprise (non-null
  // foreign keys), so the inner joins drop none.
  const pageIds = narrowed(needsPerson || q.sortField === 'name', needsEnterprise || q.sortField === 'enterpriseName')
    .where(where).orderBy(...order).limit(q.pageSize).offset(offset);
  // Many persons typed, nothing else asked, the default order: their newest rows first (listOrder.ts newestOfPersons).
  const walked = personIds && personIds.length >= (found.walkPersonsFrom ?? WALK_PERSONS_FROM) && !q.sortField && onlyPersons
    ? await newestOfPersons(db, { table: 'certificate', order: 'issue_date, id' }, personIds, { limit: q.pageSize, offset })
    : null;
  const pageOn = (on: DbOrTx) => joinedCertificates(on).where(inArray(certificate.id, walked ?? pageIds)).orderBy(...order);
  const pageQuery = onlyPersons && !walked ? preparedOnMain(db, pageOn) : pageOn(db);
  const [rows, total] = await Promise.all([pageQuery.then((page) => withStatusToday(db, page, found.statusesFrom)), counted]);
  return { rows: rows.map((r) => toRow(r, labels)), ...total };
}
