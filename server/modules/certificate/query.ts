/**
 * The certificate list: filters and the caller's scope as one condition, and a page of rows (the
 * Excel export's keyset batches are in export.ts).
 */
import { and, asc, count, desc, eq, gte, ilike, lte, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { certificate, enterprise, person } from '../../db/schema.js';
import { versionLabel } from '../../lib/pdf/format.js';
import type { Labels } from './labels.js';
import type { CertificateFilters, CertificateListQuery, CertificateRowView } from './schemas.js';
import { certificateScope } from './scope.js';
import { maskIdNo } from '../../services/personalData.js';
import { eCertIdOf } from './ecert.js';
import { effectiveStatusSql, statusIs } from './effective-status.js';

/** `ILIKE %text%` with the text's own wildcards escaped. */
export const contains = (column: AnyColumn, text: string): SQL => ilike(column, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);

export function certificateWhere(user: AuthUser, q: Partial<CertificateFilters> & { beginTime?: string; endTime?: string }): SQL | undefined {
  const w: (SQL | undefined)[] = [certificateScope(user)];
  if (q.certNo) w.push(contains(certificate.certNo, q.certNo));
  if (q.name) w.push(contains(person.name, q.name));
  if (q.idNo) w.push(contains(person.idNo, q.idNo.toUpperCase()));
  if (q.category) w.push(eq(certificate.category, q.category));
  // The status as of today: a 暂扣 period that began or ended counts before the job writes it.
  if (q.status) w.push(statusIs(q.status));
  if (q.enterpriseName) w.push(contains(enterprise.name, q.enterpriseName));
  if (q.enterpriseId) w.push(eq(certificate.enterpriseId, q.enterpriseId));
  if (q.personId) w.push(eq(certificate.personId, q.personId));
  if (q.expiryFrom) w.push(gte(certificate.expiryDate, q.expiryFrom));
  if (q.expiryTo) w.push(lte(certificate.expiryDate, q.expiryTo));
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

export const joinedCertificates = (db: DbOrTx) =>
  db.select({ ...columns, effectiveStatus: effectiveStatusSql() }).from(certificate)
    .innerJoin(person, eq(person.id, certificate.personId))
    .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId));

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

const SORTABLE: Record<NonNullable<CertificateListQuery['sortField']>, AnyColumn> = {
  certNo: certificate.certNo,
  name: person.name,
  category: certificate.category,
  enterpriseName: enterprise.name,
  issueDate: certificate.issueDate,
  expiryDate: certificate.expiryDate,
  status: certificate.status,
  version: certificate.version,
  printCount: certificate.printCount,
};

export async function listCertificates(db: DbOrTx, user: AuthUser, q: CertificateListQuery, labels: Labels) {
  const where = certificateWhere(user, q);
  const [{ total }] = await db.select({ total: count() }).from(certificate)
    .innerJoin(person, eq(person.id, certificate.personId))
    .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId))
    .where(where);
  const sortColumn = q.sortField ? SORTABLE[q.sortField] : undefined;
  const order = sortColumn
    ? [q.sortOrder === 'descend' || q.sortOrder === 'desc' ? desc(sortColumn) : asc(sortColumn), desc(certificate.id)]
    : [desc(certificate.issueDate), desc(certificate.id)];
  const rows = await joinedCertificates(db).where(where).orderBy(...order).limit(q.pageSize).offset((q.pageNum - 1) * q.pageSize);
  return { rows: rows.map((r) => toRow(r, labels)), total };
}
