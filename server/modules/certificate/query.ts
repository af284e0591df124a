/**
 * The certificate list: filters and the caller's scope as one condition, and a page of rows (the
 * Excel export's keyset batches are in export.ts).
 */
import type { z } from 'zod';
import { and, asc, desc, eq, gte, inArray, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { pageTail, prerendered } from '../../db/prerendered.js';
import { application, certificate, enterprise, person } from '../../db/schema.js';
import type { Labels } from './labels.js';
import type {
  CertificateFilters,
  CertificateListQuery,
  CertificateRowView,
  pickerQuery,
  submittingQuery,
} from './schemas.js';
import { certificateScope, certificateScopeOnEnterprise } from './scope.js';
import { maskIdNo } from '../../services/personalData.js';
import { EXACT_TOTAL_CEILING, listTotal } from '../../services/listTotal.js';
import { enterprisesNamed, fewOf, sameCondition, unindexed } from '../../services/listOrder.js';
import { byteOrder, certNoMatches, certNoMode, containsText, inDistrict, startsWith } from '../../lib/textMatch.js';
import { anyOf, anyOfUnseen, limitInText } from '../../db/sql.js';
import { readShownPage, SHOWN_COLUMNS, shownCertificate, type ShownSource } from './shown.js';

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
 * The list's condition. `storedStatus`: for the planner's estimate of the total only (listTotal):
 * valid certificates expiring within dates are estimated from the valid ones' own expiry dates.
 */
export function certificateWhere(
  user: AuthUser,
  q: Partial<CertificateFilters> & { beginTime?: string; endTime?: string },
  opts: { storedStatus?: boolean; enterpriseIds?: number[] | null } = {},
): SQL | undefined {
  const w: (SQL | undefined)[] = [certificateScope(user)];
  // At the province's scale (2 million certificates) names and ID numbers match by their start, numbers by their start or (digits only) their end: each an index range.
  if (q.certNo) w.push(certNoMatches(certificate.certNo, q.certNo));
  // The holder's name and ID number as the certificate keeps them (migration 0033): one range of their own index.
  if (q.name) w.push(startsWith(certificate.holderName, q.name));
  if (q.idNo) w.push(startsWith(certificate.holderIdNo, q.idNo.toUpperCase()));
  if (q.category) w.push(eq(certificate.category, q.category));
  // The status today is the stored one (the certificate machine's writer keeps it: shown.ts).
  // The estimate of valid certificates expiring within dates is read from the valid ones' own expiry dates.
  const validExpiring = !!opts.storedStatus && q.status === '01' && !!(q.expiryFrom || q.expiryTo);
  if (q.status && !validExpiring) w.push(eq(certificate.status, q.status));
  // The enterprises the word names, when few (listOrder.ts enterprisesNamed), by id.
  if (q.enterpriseName)
    w.push(
      opts.enterpriseIds
        ? anyOfUnseen(certificate.enterpriseId, opts.enterpriseIds)
        : contains(enterprise.name, q.enterpriseName),
    );
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

/** The list's pages, the one SQL form of a certificate as shown (shown.ts), rendered once as text (db/prerendered.ts). */
const shownPage = prerendered<ShownSource>((db) => db.select(SHOWN_COLUMNS).from(certificate), SHOWN_COLUMNS);
/** The same, with the enterprise joined for a page sorted by its name (the order reads the join). */
const shownPageByEnterprise = prerendered<ShownSource>(
  (db) => db.select(SHOWN_COLUMNS).from(certificate).innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId)),
  SHOWN_COLUMNS,
);

/** A list row: the certificate as shown, the identity number masked (the detail view reveals it by duty). */
export function toRow(r: ShownSource, labels: Labels): CertificateRowView {
  const c = shownCertificate(r, labels);
  return {
    id: c.id,
    certNo: c.certNo,
    category: c.category,
    categoryLabel: c.categoryLabel,
    personId: c.personId,
    name: c.holderName,
    sex: c.holderSex,
    sexLabel: c.holderSexLabel,
    idNo: maskIdNo(c.holderIdNo),
    enterpriseId: c.enterpriseId,
    enterpriseName: c.enterpriseName,
    creditCode: c.creditCode,
    ownership: c.ownership,
    position: c.position,
    positionLabel: c.positionLabel,
    issueDate: c.issueDate,
    validFrom: c.validFrom,
    expiryDate: c.expiryDate,
    status: c.status,
    statusLabel: c.statusLabel,
    statusText: c.statusText,
    suspendedFrom: c.suspendedFrom,
    suspendedTo: c.suspendedTo,
    version: c.version,
    versionLabel: c.versionLabel,
    eCertId: c.eCertId,
    issuingAuthority: c.issuingAuthority,
    queryCode: c.queryCode,
    printCount: r.cert.printCount,
    printedVersion: r.cert.printedVersion,
    printedAt: r.cert.printedAt?.toISOString() ?? null,
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
  return listPage(db, user, q, labels, { enterpriseIds: await enterprisesNamed(db, q.enterpriseName) });
}

/** The page and total. `enterpriseIds`: the enterprises the typed word names, when few. */
async function listPage(
  db: DbOrTx,
  user: AuthUser,
  q: CertificateListQuery,
  labels: Labels,
  found: { enterpriseIds: number[] | null },
) {
  const { enterpriseIds } = found;
  const where = certificateWhere(user, q, found);
  const needsEnterprise = !!((q.enterpriseName && !enterpriseIds) || q.districtCode);
  const withEnterprise = needsEnterprise || q.sortField === 'enterpriseName';
  // The certificates' ids (and `more` columns), joined only to the tables the filters (and the order) read.
  const narrowed = (joinEnterprise: boolean, more: Record<string, SQL.Aliased> = {}) => {
    let base = db
      .select({ id: certificate.id, ...more })
      .from(certificate)
      .$dynamic();
    if (joinEnterprise) base = base.innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId));
    return base;
  };
  const direction = q.sortOrder === 'descend' || q.sortOrder === 'desc' ? 'desc' : 'asc';
  const sortColumn = q.sortField ? SORTABLE[q.sortField] : undefined;
  // The list's order: the first key, then ties by the issue date (name, status, category: their
  // indexes hold it) or the id, in the sort's own direction (one index serves both, schema.ts).
  // Looking a number up by its start lists in number order (its index); otherwise the newest issue first.
  const keys: OrderKey[] =
    sortColumn && q.sortField
      ? [
          { key: sortColumn, kind: TEXT_SORT.has(q.sortField) ? 'text' : 'number', dir: direction },
          ...(TIES_BY_ISSUE.has(q.sortField)
            ? [{ key: certificate.issueDate, kind: 'number', dir: direction } as const]
            : []),
          { key: certificate.id, kind: 'number', dir: direction },
        ]
      : q.certNo && certNoMode(q.certNo) === 'start'
        ? [{ key: byteOrder(certificate.certNo), kind: 'text', dir: 'asc' }]
        : [
            { key: certificate.issueDate, kind: 'number', dir: 'desc' },
            { key: certificate.id, kind: 'number', dir: 'desc' },
          ];
  const offset = (q.pageNum - 1) * q.pageSize;
  // Sorted by the enterprise's name, the page's order reads the join.
  const rowsOf = (tail: SQL, samePlan: boolean) =>
    (q.sortField === 'enterpriseName' ? shownPageByEnterprise : shownPage).rows(db, tail, { samePlan });
  // The page's rows as the list shows them.
  const pageOf = async (ids: SQL, order: SQL[], samePlan = false) =>
    (await rowsOf(pageTail(ids, order), samePlan)).map((r) => toRow(r, labels));

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
    const matching = narrowed(
      withEnterprise,
      Object.fromEntries(keys.map((k, i) => [`k${i}`, sql`${k.key}`.as(`k${i}`)])),
    ).where(where);
    const ids = await fewOf(
      db,
      matching,
      EXACT_TOTAL_CEILING,
      sql.join(
        keys.map((k, i) => sql.raw(`m.k${i} ${k.dir}`)),
        sql`, `,
      ),
    );
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
  const counted = listTotal(
    db,
    counting(where),
    undefined,
    q.status ? counting(certificateWhere(user, q, { storedStatus: true, enterpriseIds })) : undefined,
    { pastCeiling: many, samePlan },
  );
  // An enterprise word few enterprises have: the page sorts the matching certificates rather than
  // walking an index in the list's order (listOrder.ts). A status is its index, newest first.
  const fenced = !!enterpriseIds;
  const order = keys.map((k, i) => (i === 0 && fenced ? fencedOrder(k) : plainOrder(k)));
  // The page is chosen among the certificates joined only to what the filters, the scope and the
  // order read, and joined to the rest afterwards: the planner joins before it sorts, and tens of
  // thousands of matches (valid and expiring within 90 days: ~80,000; the suspended: ~16,000)
  // would each be joined to keep ten. Every certificate has its person and enterprise (non-null
  // foreign keys), so the inner joins drop none.
  const pageIds = narrowed(withEnterprise)
    .where(where)
    .orderBy(...order)
    .limit(limitInText(q.pageSize))
    .offset(offset);
  const [rows, total] = await Promise.all([pageOf(inArray(certificate.id, pageIds), order, samePlan), counted]);
  return { rows, ...total };
}

/** A key of the list's order. */
interface OrderKey {
  key: AnyColumn | SQL;
  kind: 'text' | 'number';
  dir: 'asc' | 'desc';
}
const plainOrder = (k: OrderKey): SQL => (k.dir === 'desc' ? desc : asc)(k.key);
/** The key in a form no index provides (listOrder.ts unindexed): the planner sorts the matches. */
const fencedOrder = (k: OrderKey): SQL => (k.dir === 'desc' ? desc : asc)(unindexed(k.key, k.kind));

/** SPEC 4: applying, saved, submitted, accepted — an application that still holds its certificate. */
export const IN_PROGRESS_STATUSES = [0, 1, 2, 3];

/** 有效证书 GET /safetyCertificateInfo/listCertificate: a page of valid certificates in the caller's scope (pickers). */
export async function validCertificatesPage(db: DbOrTx, user: AuthUser, q: z.infer<typeof pickerQuery>) {
  const w: (SQL | undefined)[] = [certificateScope(user), eq(certificate.status, '01')];
  if (q.personId) w.push(eq(certificate.personId, q.personId));
  if (q.enterpriseId) w.push(eq(certificate.enterpriseId, q.enterpriseId));
  if (q.idNo) w.push(eq(person.idNo, q.idNo.toUpperCase()));
  if (q.category) w.push(eq(certificate.category, q.category));
  if (q.keyword) w.push(or(contains(certificate.certNo, q.keyword), contains(person.name, q.keyword)));
  const where = and(...w);
  return readShownPage(db, where, [asc(person.name), asc(certificate.category), asc(certificate.id)], q);
}

/**
 * 有业务办理中的证书 GET /safetyCertificateInfo/getSubmittingCertificates: the certificates in the
 * caller's scope held by an application in progress, one row per application (at most 5,000).
 */
export async function submittingCertificates(db: DbOrTx, user: AuthUser, q: z.infer<typeof submittingQuery>) {
  return db
    .select({
      certificateId: certificate.id,
      certNo: certificate.certNo,
      name: person.name,
      app: {
        id: application.id,
        applyNo: application.applyNo,
        businessType: application.businessType,
        status: application.status,
      },
    })
    .from(application)
    .innerJoin(certificate, eq(certificate.id, application.certificateId))
    .innerJoin(person, eq(person.id, certificate.personId))
    .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId))
    .where(
      and(
        certificateScope(user),
        eq(application.deleted, false),
        inArray(application.status, IN_PROGRESS_STATUSES),
        q.personId ? eq(certificate.personId, q.personId) : undefined,
        q.enterpriseId ? eq(certificate.enterpriseId, q.enterpriseId) : undefined,
        q.certificateId ? eq(certificate.id, q.certificateId) : undefined,
      ),
    )
    .orderBy(asc(certificate.id), asc(application.id))
    .limit(5000);
}
