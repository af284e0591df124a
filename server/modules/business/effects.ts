/**
 * What happens to certificates when an application closes approved (DOMAIN.md "Flows"): one effect
 * per business type, run by the engine in the same transaction as the transition, so a certificate
 * changes exactly when its application reaches 办结 and never otherwise. Every change of an existing
 * certificate first copies its current version into certificate_history.
 */
import { and, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { BusinessType } from '../../../machines/businessTypes.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { application, certificate, certificateHistory, employmentRecord, enterprise, nationalOutbox, person } from '../../db/schema.js';
import { certExpiryDate, type CertCategory } from '../../db/seed/certNo.js';
import { ISSUING_AUTHORITY } from '../../db/seed/dictionaries.js';
import { chinaDate } from '../../lib/days.js';
import { nextCertNo, newQueryCode } from '../certificate/numbering.js';
import type { CloseEffect } from '../../workflow/registry.js';
import type { ApplicationRow } from '../../workflow/types.js';
import { delayedValidity } from './validity.js';


type CertificateRow = typeof certificate.$inferSelect;
type Payload = Record<string, unknown>;

const str = (p: Payload, key: string): string | undefined => (typeof p[key] === 'string' && p[key] !== '' ? (p[key] as string) : undefined);

async function lockCertificate(tx: Tx, id: number | null): Promise<CertificateRow> {
  if (!id) throw new Error('close effect: the application names no certificate');
  const [row] = await tx.select().from(certificate).where(eq(certificate.id, id)).for('update');
  if (!row) throw new Error(`close effect: certificate ${id} is missing`);
  return row;
}

/**
 * A kept version's data: the certificate row (alias c) keyed and formatted as drizzle reads it
 * (timestamps as ISO instants), with its holder (alias p) and enterprise (alias e) as they were.
 */
export const CERTIFICATE_VERSION_JSON = sql.raw(`jsonb_build_object(${Object.entries(getTableColumns(certificate)).map(([key, col]) =>
  `'${key}', ${col.columnType === 'PgTimestamp' ? `to_char(c."${col.name}" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : `c."${col.name}"`}`).join(', ')})
  || jsonb_build_object('holderName', p.name, 'holderIdNo', p.id_no, 'holderSex', p.sex, 'holderBirthDate', p.birth_date,
    'enterpriseName', e.name, 'creditCode', e.credit_code)`);

/** Why a version was replaced: the business type and its application, or another cause (a punishment) with its own note. */
export interface VersionCause {
  reason: string;
  applicationId: number | null;
  /** Kept with the old version's data (e.g. which punishment replaced it). */
  note?: Record<string, unknown>;
}

const causeOf = (app: ApplicationRow): VersionCause => ({ reason: app.businessType, applicationId: app.id });

/**
 * Keeps the versions being replaced, with the holder and enterprise as they were: one statement for
 * any number of certificates, so a close effect keeps one and the nightly expiry (server/jobs)
 * keeps thousands the same way. The caller holds the rows' locks.
 */
export async function keepVersions(tx: DbOrTx, certificateIds: readonly number[], cause: VersionCause, now: Date): Promise<void> {
  if (certificateIds.length === 0) return;
  if (!certificateIds.every((id) => Number.isInteger(id) && id > 0)) throw new Error('keepVersions: certificate ids must be positive integers');
  const note = cause.note ? sql`|| jsonb_build_object('cause', ${JSON.stringify(cause.note)}::jsonb)` : sql``;
  await tx.execute(sql`
    insert into ${certificateHistory} (certificate_id, version, data, reason, application_id, changed_at)
    select c.id, c.version, ${CERTIFICATE_VERSION_JSON} ${note}, ${cause.reason}, ${cause.applicationId}::int, ${now.toISOString()}::timestamptz
    from ${certificate} c
    left join ${person} p on p.id = c.person_id
    left join ${enterprise} e on e.id = c.enterprise_id
    where c.id = any(${`{${certificateIds.join(',')}}`}::int[])
    order by c.id`);
}

/** Keeps the version being replaced, with the holder and enterprise as they were. */
export async function keepVersion(tx: Tx, cert: CertificateRow, cause: VersionCause, now: Date): Promise<void> {
  await keepVersions(tx, [cert.id], cause, now);
}

/** A new version of the certificate: +1, a new query code, 发证日期 the day of the decision, waiting to be printed again. */
const newVersion = (cert: CertificateRow, now: Date) => ({ version: cert.version + 1, queryCode: newQueryCode(), issueDate: chinaDate(now), updatedAt: now });

async function outbox(tx: Tx, kind: string, app: ApplicationRow, certificateId: number, payload: Payload, now: Date) {
  await tx.insert(nationalOutbox).values({ kind, certificateId, applicationId: app.id, payload, createdAt: now });
}

async function issue(tx: Tx, app: ApplicationRow, now: Date, fields: { category: CertCategory; position: string; issueDate: string; validFrom: string; expiryDate: string }): Promise<CertificateRow> {
  if (!app.personId || !app.enterpriseId) throw new Error('close effect: a new certificate needs a person and an enterprise');
  const certNo = await nextCertNo(tx, fields.category, Number(fields.issueDate.slice(0, 4)));
  const [cert] = await tx.insert(certificate).values({
    certNo, category: fields.category, personId: app.personId, enterpriseId: app.enterpriseId, position: fields.position,
    issueDate: fields.issueDate, validFrom: fields.validFrom, expiryDate: fields.expiryDate, status: '01', version: 1, queryCode: newQueryCode(),
    issuingAuthority: ISSUING_AUTHORITY, printCount: 0, createdAt: now, updatedAt: now,
  }).returning();
  await tx.update(application).set({ certificateId: cert!.id }).where(eq(application.id, app.id));
  await outbox(tx, 'issue', app, cert!.id, { certNo, category: fields.category }, now);
  return cert!;
}

/** The person now works for `enterpriseId`: employment elsewhere ends today (the three databases follow the transfer). */
async function moveEmployment(tx: Tx, personId: number, enterpriseId: number, today: string): Promise<void> {
  await tx.update(person).set({ enterpriseId, employStatus: '1' }).where(eq(person.id, personId));
  const current = await tx.select().from(employmentRecord).where(and(eq(employmentRecord.personId, personId), isNull(employmentRecord.endDate)));
  const ending = current.filter((r) => r.enterpriseId !== enterpriseId).map((r) => r.id);
  if (ending.length) await tx.update(employmentRecord).set({ endDate: today }).where(inArray(employmentRecord.id, ending));
}

const newCert: CloseEffect = async (tx, app, env) => {
  const now = env.clock.now();
  const today = chinaDate(now);
  const p = app.payload as Payload;
  await issue(tx, app, now, { category: str(p, 'category') as CertCategory, position: str(p, 'position') ?? '99', issueDate: today, validFrom: today, expiryDate: certExpiryDate(today) });
};

/** Delay: three more years from the old end date; the number is kept. */
const delay: CloseEffect = async (tx, app, env) => {
  const now = env.clock.now();
  const cert = await lockCertificate(tx, app.certificateId);
  await keepVersion(tx, cert, causeOf(app), now);
  const renewed = delayedValidity(cert.expiryDate);
  await tx.update(certificate).set({ ...newVersion(cert, now), validFrom: renewed.validFrom, expiryDate: renewed.expiryDate, status: '01' }).where(eq(certificate.id, cert.id));
};

/** Inner transfer: every live certificate of the person moves with them (all certificates at one enterprise). */
const inner: CloseEffect = async (tx, app, env) => {
  const now = env.clock.now();
  const cert = await lockCertificate(tx, app.certificateId);
  if (!app.enterpriseId) throw new Error('close effect: inner transfer without an enterprise');
  const live = await tx.select().from(certificate)
    .where(and(eq(certificate.personId, cert.personId), inArray(certificate.status, ['01', '02']))).for('update');
  const position = str(app.payload as Payload, 'position');
  for (const c of live) {
    if (c.enterpriseId === app.enterpriseId) continue;
    await keepVersion(tx, c, causeOf(app), now);
    await tx.update(certificate).set({ ...newVersion(c, now), enterpriseId: app.enterpriseId, ...(c.id === cert.id && position ? { position } : {}) })
      .where(eq(certificate.id, c.id));
  }
  await moveEmployment(tx, cert.personId, app.enterpriseId, chinaDate(now));
};

/** Transfer in: a new 粤 certificate with the original category (C → C3) and expiry. */
const inProvince: CloseEffect = async (tx, app, env) => {
  const now = env.clock.now();
  const p = app.payload as Payload;
  const category = (str(p, 'category') === 'C' ? 'C3' : str(p, 'category')) as CertCategory;
  // The other province's validity carries over: from its issue date to its end date.
  await issue(tx, app, now, { category, position: str(p, 'position') ?? '99', issueDate: chinaDate(now), validFrom: str(p, 'issueDate') ?? chinaDate(now), expiryDate: str(p, 'expiryDate')! });
  if (app.personId && app.enterpriseId) await moveEmployment(tx, app.personId, app.enterpriseId, chinaDate(now));
};

/** Transfer out: 办理转出, and the national platform is told. */
const outProvince: CloseEffect = async (tx, app, env) => {
  const now = env.clock.now();
  const cert = await lockCertificate(tx, app.certificateId);
  await keepVersion(tx, cert, causeOf(app), now);
  await tx.update(certificate).set({ status: '06', updatedAt: now }).where(eq(certificate.id, cert.id));
  const p = app.payload as Payload;
  await outbox(tx, 'transferOut', app, cert.id, { certNo: cert.certNo, targetProvince: str(p, 'targetProvince') ?? null, reason: str(p, 'reason') ?? null }, now);
};

/** Modification: the holder's corrected fields and the certificate's position; a lost one is reissued as a new version. */
const modify: CloseEffect = async (tx, app, env) => {
  const now = env.clock.now();
  const cert = await lockCertificate(tx, app.certificateId);
  await keepVersion(tx, cert, causeOf(app), now);
  const p = app.payload as Payload;
  const holder = Object.fromEntries(
    (['name', 'idNo', 'sex', 'title', 'education'] as const).filter((k) => str(p, k) !== undefined).map((k) => [k, str(p, k)!]),
  );
  if (Object.keys(holder).length) await tx.update(person).set({ ...holder, updatedAt: now }).where(eq(person.id, cert.personId));
  const position = str(p, 'position');
  await tx.update(certificate).set({ ...newVersion(cert, now), ...(position ? { position } : {}) }).where(eq(certificate.id, cert.id));
};

/** Revocation (by enterprise or person): 注销. */
const revoke: CloseEffect = async (tx, app, env) => {
  const now = env.clock.now();
  const cert = await lockCertificate(tx, app.certificateId);
  await keepVersion(tx, cert, causeOf(app), now);
  await tx.update(certificate).set({ status: '04', updatedAt: now }).where(eq(certificate.id, cert.id));
  await outbox(tx, 'revoke', app, cert.id, { certNo: cert.certNo, reason: str(app.payload as Payload, 'reason') ?? null }, now);
};

/** Rename: the enterprise and every valid certificate of it (a new version each), in this one transaction. */
const rename: CloseEffect = async (tx, app, env) => {
  const now = env.clock.now();
  if (!app.enterpriseId) throw new Error('close effect: rename without an enterprise');
  const p = app.payload as Payload;
  const newRep = str(p, 'newLegalRepresentative');
  await tx.update(enterprise).set({ name: str(p, 'newName')!, ...(newRep ? { legalRepresentative: newRep } : {}), updatedAt: now })
    .where(eq(enterprise.id, app.enterpriseId));
  const valid = await tx.select().from(certificate).where(and(eq(certificate.enterpriseId, app.enterpriseId), eq(certificate.status, '01'))).for('update');
  for (const c of valid) {
    await keepVersion(tx, c, causeOf(app), now);
    const revokeRep = p.revokeOldLegalRepA === true && c.category === 'A' && c.position === '01';
    await tx.update(certificate).set(revokeRep ? { status: '04', updatedAt: now } : newVersion(c, now)).where(eq(certificate.id, c.id));
  }
};

export const closeEffects: Record<BusinessType, CloseEffect> = {
  newCert,
  delay,
  inner,
  inProvince,
  outProvince,
  modify,
  revocation: revoke,
  personRevocation: revoke,
  rename,
};
