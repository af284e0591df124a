/**
 * A certificate as shown — the one read (DESIGN "every other view reads it"): its status today, the
 * validity as printed (from … to), 发证日期, the 暂扣's period, the holder and the enterprise. The PDF,
 * the public /cert page and its API, the public search, the lists and the picker, the search pages'
 * certificates, the exports, the case view and the national platform outbox all take it from
 * {@link shownCertificate} over rows read with {@link SHOWN_COLUMNS}, its one SQL form.
 *
 * The status today is the stored status: the certificate machine's one writer keeps it (a 暂扣's
 * start and end and the end of a validity are moved by the jobs at 00:01 and 00:05, China time),
 * so no read looks at punishments or dates to correct it.
 */
import { count, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { certificate, enterprise, person } from '../../db/schema.js';
import { qualified } from '../../db/sql.js';
import { eCertIdOf } from './ecert.js';
import { loadLabels, type Labels } from './labels.js';

export type CertificateRow = typeof certificate.$inferSelect;
export interface Holder {
  name: string;
  sex: string;
  idNo: string;
}
export interface Employer {
  name: string;
  creditCode: string;
  ownership: string;
}
/** A row read with SHOWN_COLUMNS. */
export interface ShownSource {
  cert: CertificateRow;
  holder: Holder;
  employer: Employer;
}

/**
 * The one SQL form: the certificate's columns, and its holder's and enterprise's fields looked up per
 * row (one JSON sub-select each: planning two joins was 0.54 ms of a list page whose execution is
 * 0.12; this plans in 0.27 and runs in 0.14). Every certificate has its person and enterprise
 * (non-null foreign keys).
 */
export const SHOWN_COLUMNS = {
  cert: getTableColumns(certificate),
  holder: sql<Holder>`(select json_build_object('name', p.name, 'sex', p.sex, 'idNo', p.id_no) from ${person} p where p.id = ${qualified(certificate.personId)})`,
  employer: sql<Employer>`(select json_build_object('name', e.name, 'creditCode', e.credit_code, 'ownership', e.ownership) from ${enterprise} e where e.id = ${qualified(certificate.enterpriseId)})`,
};

/** The certificate as every view shows it. Codes come with their labels (in the caller's language, or zh-CN for documents). */
export interface ShownCertificate {
  id: number;
  certNo: string;
  category: string;
  categoryLabel: string;
  /** cert_status today (the machine's state). */
  status: string;
  statusLabel: string;
  /** The status in words for a verifier: the label, with the 暂扣's period while suspended. */
  statusText: string;
  /** Valid today: status 01. */
  valid: boolean;
  /** 发证日期: the decision day of the issue or of the latest version. */
  issueDate: string;
  /** The validity as printed: from … to. */
  validFrom: string;
  expiryDate: string;
  /** The period of the 暂扣 in force while suspended (to null: until lifted). */
  suspendedFrom: string | null;
  suspendedTo: string | null;
  version: number;
  versionLabel: string;
  position: string;
  positionLabel: string;
  queryCode: string;
  issuingAuthority: string;
  eCertId: string | null;
  personId: number;
  holderName: string;
  holderSex: string;
  holderSexLabel: string;
  /** The whole number: each view masks or reveals it by the caller's duty. */
  holderIdNo: string;
  enterpriseId: number;
  enterpriseName: string;
  creditCode: string;
  ownership: string;
}

/** The three-digit version, e.g. 002. */
export const versionLabelOf = (version: number): string => String(version).padStart(3, '0');

/** A 暂扣's period in words: 2026-01-01 至 2026-06-30, or from its start until lifted. */
export const suspensionWords = (from: string | null, to: string | null): string =>
  from ? (to ? `${from} 至 ${to}` : `自 ${from} 起至解除`) : '';

/** The one function: a row read with SHOWN_COLUMNS, as it is shown. */
export function shownCertificate(src: ShownSource, labels: Labels): ShownCertificate {
  const c = src.cert;
  const statusLabel = labels.of('cert_status', c.status);
  const suspended = c.status === '02' && c.suspendedFrom !== null;
  return {
    id: c.id,
    certNo: c.certNo,
    category: c.category,
    categoryLabel: labels.of('cer_type', c.category),
    status: c.status,
    statusLabel,
    statusText: suspended ? `${statusLabel}（${suspensionWords(c.suspendedFrom, c.suspendedTo)}）` : statusLabel,
    valid: c.status === '01',
    issueDate: c.issueDate,
    validFrom: c.validFrom,
    expiryDate: c.expiryDate,
    suspendedFrom: c.status === '02' ? c.suspendedFrom : null,
    suspendedTo: c.status === '02' ? c.suspendedTo : null,
    version: c.version,
    versionLabel: versionLabelOf(c.version),
    position: c.position,
    positionLabel: labels.of('ministerial_position', c.position),
    queryCode: c.queryCode,
    issuingAuthority: c.issuingAuthority,
    eCertId: eCertIdOf(c.certNo),
    personId: c.personId,
    holderName: src.holder.name,
    holderSex: src.holder.sex,
    holderSexLabel: labels.of('sys_user_sex', src.holder.sex),
    holderIdNo: src.holder.idNo,
    enterpriseId: c.enterpriseId,
    enterpriseName: src.employer.name,
    creditCode: src.employer.creditCode,
    ownership: src.employer.ownership,
  };
}

/** The rows `where` selects, read with the one SQL form. */
export async function readShown(db: DbOrTx, where: SQL | undefined, limit = 1000): Promise<ShownSource[]> {
  return db.select(SHOWN_COLUMNS).from(certificate).where(where).orderBy(certificate.id).limit(limit);
}

/**
 * A page of the rows `where` selects, read with the one SQL form, and their total. The holder
 * (person) and employer (enterprise) are joined for the filters and the order to name.
 */
export async function readShownPage(
  db: DbOrTx,
  where: SQL | undefined,
  order: readonly SQL[],
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: ShownSource[]; total: number }> {
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(certificate)
    .innerJoin(person, eq(person.id, certificate.personId))
    .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId))
    .where(where);
  const rows = await db
    .select(SHOWN_COLUMNS)
    .from(certificate)
    .innerJoin(person, eq(person.id, certificate.personId))
    .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId))
    .where(where)
    .orderBy(...order)
    .limit(page.pageSize)
    .offset((page.pageNum - 1) * page.pageSize);
  return { rows, total };
}

/** What the national platform is told of a certificate: the certificate as shown (zh-CN), whole, in the record the outbox keeps. */
export async function shownForOutbox(db: DbOrTx, certificateId: number): Promise<ShownCertificate | null> {
  const [row] = await readShown(db, sql`${certificate.id} = ${certificateId}`);
  return row ? shownCertificate(row, await loadLabels(db, 'zh-CN')) : null;
}
