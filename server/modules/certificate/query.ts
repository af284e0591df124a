/**
 * The certificate list: filters and the caller's scope as one condition, and a page of rows (the
 * Excel export's keyset batches are in export.ts).
 */
import { and, asc, desc, eq, getTableColumns, gte, inArray, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { pageTail, prerendered } from '../../db/prerendered.js';
import { certificate, enterprise, person } from '../../db/schema.js';
import { versionLabel } from '../../lib/pdf/format.js';
import type { Labels } from './labels.js';
import type { CertificateFilters, CertificateListQuery, CertificateRowView } from './schemas.js';
import { certificateScope, certificateScopeOnEnterprise } from './scope.js';
import { maskIdNo } from '../../services/personalData.js';
import { eCertIdOf } from './ecert.js';
import { EXACT_TOTAL_CEILING, listTotal } from '../../services/listTotal.js';
import { enterprisesNamed, fewOf, sameCondition, unindexed } from '../../services/listOrder.js';
import { byteOrder, certNoMatches, certNoMode, containsText, inDistrict, startsWith } from '../../lib/textMatch.js';
import { anyOf, anyOfUnseen, limitInText, qualified } from '../../db/sql.js';
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
export function certificateWhere(user: AuthUser, q: Partial<CertificateFilters> & { beginTime?: string; endTime?: string }, opts: { storedStatus?: boolean; exceptions?: TimedExceptions; enterpriseIds?: number[] | null } = {}): SQL | undefined {
  const w: (SQL | undefined)[] = [certificateScope(user)];
  // At the province's scale (2 million certificates) names and ID numbers match by their start, numbers by their start or (digits only) their end: each an index range.
  if (q.certNo) w.push(certNoMatches(certificate.certNo, q.certNo));
  // The holder's name and ID number as the certificate keeps them (migration 0033): one range of their own index.
  if (q.name) w.push(startsWith(certificate.holderName, q.name));
  if (q.idNo) w.push(startsWith(certificate.holderIdNo, q.idNo.toUpperCase()));
  if (q.category) w.push(eq(certificate.category, q.category));
  // The status as of today: a 暂扣 period that began or ended counts before the job writes it.
  // The estimate of valid certificates expiring within dates is read from the valid ones' own expiry dates.
  const validExpiring = !!opts.storedStatus && q.status === '01' && !!(q.expiryFrom || q.expiryTo);
  if (q.status && !validExpiring) w.push(opts.storedStatus ? eq(certificate.status, q.status) : statusIs(q.status, undefined, opts.exceptions));
  // The enterprises the word names, when few (listOrder.ts enterprisesNamed), by id.
  if (q.enterpriseName) w.push(opts.enterpriseIds ? anyOfUnseen(certificate.enterpriseId, opts.enterpriseIds) : contains(enterprise.name, q.enterpriseName));
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
  cert: getTableColumns(certificate),
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

/** joinedCertificates' columns and joins as text, rendered once (db/prerendered.ts): the page sorted by the enterprise's name. */
const certificatePage = prerendered<Joined>(joinedCertificates, columns);

/**
 * The holder's and the enterprise's fields looked up for the page's rows, one JSON sub-select per
 * table, instead of joined: planning the two joins was 0.54 ms of a page whose execution is 0.12;
 * this plans in 0.27 and runs in 0.14. Every certificate has its person and enterprise (non-null
 * foreign keys), as the inner joins assumed.
 */
type Holder = { name: string; sex: string; idNo: string };
type Employer = { name: string; creditCode: string; ownership: string };
const lookedUpColumns = {
  cert: getTableColumns(certificate),
  holder: sql<Holder>`(select json_build_object('name', p.name, 'sex', p.sex, 'idNo', p.id_no) from ${person} p where p.id = ${qualified(certificate.personId)})`,
  employer: sql<Employer>`(select json_build_object('name', e.name, 'creditCode', e.credit_code, 'ownership', e.ownership) from ${enterprise} e where e.id = ${qualified(certificate.enterpriseId)})`,
};
type LookedUp = { cert: typeof certificate.$inferSelect; holder: Holder; employer: Employer };
const lookedUpPage = prerendered<LookedUp>((db) => db.select(lookedUpColumns).from(certificate), lookedUpColumns);
const joinedOf = ({ cert, holder, employer }: LookedUp): Joined => ({
  cert, name: holder.name, sex: holder.sex, idNo: holder.idNo, enterpriseName: employer.name, creditCode: employer.creditCode, ownership: employer.ownership,
});

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

type SortField = NonNullable<CertificateListQuery['sortField']>;

const SORTABLE: Record<SortField, AnyColumn | SQL> = {
  certNo: byteOrder(certificate.certNo),
  name: byteOrder(certificate.holderName),
  category: certificate.category,
  enterpriseName: byteOrder(enterprise.name),
  issueDate: certificate.issueDate,
  expiryDate: certificate.expiryDate,
  status: certificate.status,
  version: certificate.version,
  printCount: certificate.printCount,
};
const TEXT_SORT = new Set<SortField>(['certNo', 'name', 'category', 'enterpriseName', 'status']);
/** Sorts whose ties break by the issue date, then the id (their indexes hold both). */
const TIES_BY_ISSUE = new Set<SortField>(['name', 'category', 'status']);

/** 证书列表 GET /safetyCertificateInfo/list: a page of the filtered certificates and its total. */
export async function listCertificates(db: DbOrTx, user: AuthUser, q: CertificateListQuery, labels: Labels) {
  // The day's exceptions (the few certificates whose status today is not the stored one), looked up
  // once and beside the page rather than after it: the rows' statuses, and the filter by 01 or 02. A
  // filter on a status time never changes needs them for neither.
  const timed = !q.status || isTimed(q.status);
  const lookedUp = timed ? timedExceptions(db) : undefined;
  // Awaited once the page is read; a failure before that is the request's own.
  lookedUp?.catch(() => undefined);
  const enterpriseIds = await enterprisesNamed(db, q.enterpriseName);
  if (!q.status || !lookedUp) return listPage(db, user, q, labels, { enterpriseIds, statusesFrom: lookedUp });
  // The page and its total both filter on the status as of today, which the few certificates the
  // suspension job has not yet written decide (statusIs). The page that assumes there are none, the
  // nightly job's usual result, runs meanwhile; it is redone with them only when some are found (a
  // 暂扣 that began, ended or changed since the job ran).
  const none: TimedExceptions = { suspendedValid: [], restored: [] };
  const [exceptions, page] = await Promise.all([lookedUp, listPage(db, user, q, labels, { exceptions: none, statusesFrom: lookedUp, enterpriseIds })]);
  return exceptions.suspendedValid.length || exceptions.restored.length
    ? listPage(db, user, q, labels, { exceptions, statusesFrom: lookedUp, enterpriseIds }) : page;
}

/**
 * The page and total. `exceptions`: the certificates whose status today is not the stored one
 * (status 01 and 02 only), for the filter; `statusesFrom`: the same look-up, for the rows' statuses;
 * `enterpriseIds`: the enterprises the typed word names, when few.
 */
async function listPage(db: DbOrTx, user: AuthUser, q: CertificateListQuery, labels: Labels,
  found: { exceptions?: TimedExceptions; statusesFrom?: Promise<TimedExceptions>; enterpriseIds: number[] | null }) {
  const { exceptions, enterpriseIds } = found;
  const where = certificateWhere(user, q, found);
  const needsEnterprise = !!((q.enterpriseName && !enterpriseIds) || q.districtCode);
  const withEnterprise = needsEnterprise || q.sortField === 'enterpriseName';
  // The certificates' ids (and `more` columns), joined only to the tables the filters (and the order) read.
  const narrowed = (joinEnterprise: boolean, more: Record<string, SQL.Aliased> = {}) => {
    let base = db.select({ id: certificate.id, ...more }).from(certificate).$dynamic();
    if (joinEnterprise) base = base.innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId));
    return base;
  };
  const direction = q.sortOrder === 'descend' || q.sortOrder === 'desc' ? 'desc' : 'asc';
  const sortColumn = q.sortField ? SORTABLE[q.sortField] : undefined;
  // The list's order: the first key, then ties by the issue date (name, status, category: their
  // indexes hold it) or the id, in the sort's own direction (one index serves both, schema.ts).
  // Looking a number up by its start lists in number order (its index); otherwise the newest issue first.
  const keys: OrderKey[] = sortColumn && q.sortField
    ? [{ key: sortColumn, kind: TEXT_SORT.has(q.sortField) ? 'text' : 'number', dir: direction },
      ...(TIES_BY_ISSUE.has(q.sortField) ? [{ key: certificate.issueDate, kind: 'number', dir: direction } as const] : []), { key: certificate.id, kind: 'number', dir: direction }]
    : q.certNo && certNoMode(q.certNo) === 'start' ? [{ key: byteOrder(certificate.certNo), kind: 'text', dir: 'asc' }]
      : [{ key: certificate.issueDate, kind: 'number', dir: 'desc' }, { key: certificate.id, kind: 'number', dir: 'desc' }];
  const offset = (q.pageNum - 1) * q.pageSize;
  // Sorted by the enterprise's name, the page's order reads the join.
  const rowsOf = async (tail: SQL, samePlan: boolean) => (q.sortField === 'enterpriseName'
    ? certificatePage.rows(db, tail, { samePlan }) : (await lookedUpPage.rows(db, tail, { samePlan })).map(joinedOf));
  // The page's rows with their status as of today, as the list shows them.
  const pageOf = async (ids: SQL, order: SQL[], samePlan = false) =>
    (await withStatusToday(db, await rowsOf(pageTail(ids, order), samePlan), found.statusesFrom)).map((r) => toRow(r, labels));

  // A typed name or ID number: its matches are one range of the holder's index (migration 0033). The
  // planner guesses a start's matches from a histogram (hundreds where there are twenty) and expects
  // them spread evenly, so it may walk the list's order until ten turn up, through most of the table
  // when they are few and old (listOrder.ts). So the matches are read first, at most the exact
  // total's ceiling of them, in the list's order: when that is all of them, they are the total and
  // the page is their ids, read by a statement that keeps one plan per connection (planning the
  // page's joins for its values was 0.8 ms of PostgreSQL's time a request sixteen at a time, its
  // execution 0.3). More than that many: the planner's walk is right, and the total is estimated.
  const typedHolder = !!(q.name || q.idNo);
  let many = false;
  if (typedHolder) {
    const matching = narrowed(withEnterprise, Object.fromEntries(keys.map((k, i) => [`k${i}`, sql`${k.key}`.as(`k${i}`)]))).where(where);
    const ids = await fewOf(db, matching, EXACT_TOTAL_CEILING, sql.join(keys.map((k, i) => sql.raw(`m.k${i} ${k.dir}`)), sql`, `));
    if (ids) {
      const pageIds = ids.slice(offset, offset + q.pageSize);
      const rows = pageIds.length ? await pageOf(anyOf(certificate.id, pageIds), keys.map(plainOrder), true) : [];
      return { rows, total: ids.length, totalExact: true };
    }
    many = true;
  }

  // count(*) over millions of joined rows is not what the page waits for: exact up to a ceiling, else
  // estimated. The count joins only what the filters read (a centre's scope is the certificate's own area).
  const counting = (condition: SQL | undefined) => narrowed(needsEnterprise).where(condition);
  // The enterprises a word names are all the list asks (the province's list): whichever they are,
  // their certificates are read through the enterprise index and sorted, so the page and its count
  // keep one plan per connection instead of being planned on every call (0.5 ms of PostgreSQL's
  // time a request, more than reading them): kept only with the page size in the text and the ids
  // unseen (sql.ts limitInText, anyOfUnseen).
  const samePlan = !!enterpriseIds && sameCondition(where, anyOfUnseen(certificate.enterpriseId, enterpriseIds));
  const counted = listTotal(db, counting(where), undefined, q.status ? counting(certificateWhere(user, q, { storedStatus: true, enterpriseIds })) : undefined, { pastCeiling: many, samePlan });
  // An enterprise word few enterprises have, or the suspended (02, under 1 %) when some stored 01 are
  // among them (an OR no index walks in order): the page sorts the matching certificates rather than
  // walking an index in the list's order (listOrder.ts). Without those, the suspended are the stored
  // 02, which the status index lists newest first.
  const fenced = (q.status === '02' && !!exceptions?.suspendedValid.length && !typedHolder) || !!enterpriseIds;
  const order = keys.map((k, i) => (i === 0 && fenced ? fencedOrder(k) : plainOrder(k)));
  // The page is chosen among the certificates joined only to what the filters, the scope and the
  // order read, and joined to the rest afterwards: the planner joins before it sorts, and tens of
  // thousands of matches (valid and expiring within 90 days: ~80,000; the suspended: ~16,000)
  // would each be joined to keep ten. Every certificate has its person and enterprise (non-null
  // foreign keys), so the inner joins drop none.
  const pageIds = narrowed(withEnterprise).where(where).orderBy(...order).limit(limitInText(q.pageSize)).offset(offset);
  const [rows, total] = await Promise.all([pageOf(inArray(certificate.id, pageIds), order, samePlan), counted]);
  return { rows, ...total };
}

/** A key of the list's order. */
interface OrderKey { key: AnyColumn | SQL; kind: 'text' | 'number'; dir: 'asc' | 'desc' }
const plainOrder = (k: OrderKey): SQL => (k.dir === 'desc' ? desc : asc)(k.key);
/** The key in a form no index provides (listOrder.ts unindexed): the planner sorts the matches. */
const fencedOrder = (k: OrderKey): SQL => (k.dir === 'desc' ? desc : asc)(unindexed(k.key, k.kind));
