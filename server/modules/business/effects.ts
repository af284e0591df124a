/**
 * What happens to certificates when an application closes approved (DOMAIN.md "Flows"): one effect
 * per business type, run by the engine in the same transaction as the transition, so a certificate
 * changes exactly when its application reaches 办结 and never otherwise. Each sends the certificate
 * machine its event through the one writer (server/modules/certificate/writer.ts), which keeps the
 * history row with the 办结 reviewer as actor; a move the machine refuses (a delay of a certificate
 * suspended meanwhile) fails the closing with its words.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { BusinessType } from '../../../machines/businessTypes.js';
import type { PersistedApplicationSnapshot } from '../../../machines/application.machine.js';
import { delayedValidityOf, statutoryExpiryOf, type CertificateEvent } from '../../../machines/certificate.machine.js';
import type { Tx } from '../../db/client.js';
import { application, certificate, employmentRecord, enterprise, nationalOutbox, person } from '../../db/schema.js';
import type { CertCategory } from '../../db/seed/certNo.js';
import { ISSUING_AUTHORITY } from '../../db/seed/dictionaries.js';
import { chinaDate } from '../../lib/days.js';
import { nextCertNo, newQueryCode } from '../certificate/numbering.js';
import {
  issueCertificate,
  sendCertificateEvent,
  sendCertificateEvents,
  type CertificateCause,
  type CertificateRow,
} from '../certificate/writer.js';
import { shownForOutbox } from '../certificate/shown.js';
import type { CloseEffect } from '../../workflow/registry.js';
import type { ApplicationRow } from '../../workflow/types.js';

type Payload = Record<string, unknown>;

const str = (p: Payload, key: string): string | undefined =>
  typeof p[key] === 'string' && p[key] !== '' ? (p[key] as string) : undefined;

function certificateIdOf(app: ApplicationRow): number {
  if (!app.certificateId) throw new Error('close effect: the application names no certificate');
  return app.certificateId;
}

/** The history's cause: the business type and its application, sent by the reviewer who closed it (办结). */
const causeOf = (app: ApplicationRow): CertificateCause => ({
  reason: app.businessType,
  applicationId: app.id,
  actorId: (app.snapshot as PersistedApplicationSnapshot | null)?.context?.actedBy?.bj ?? null,
});

/** A new version's stamp: 发证日期 the day of the decision, a new query code (waiting to be printed again). */
const newVersion = (now: Date) => ({ issueDate: chinaDate(now), queryCode: newQueryCode() });

/** The national platform is told, with the certificate as it is shown after the change. */
async function outbox(tx: Tx, kind: string, app: ApplicationRow, certificateId: number, payload: Payload, now: Date) {
  await tx.insert(nationalOutbox).values({
    kind,
    certificateId,
    applicationId: app.id,
    payload: { ...payload, certificate: await shownForOutbox(tx, certificateId) },
    createdAt: now,
  });
}

async function issue(
  tx: Tx,
  app: ApplicationRow,
  now: Date,
  fields: { category: CertCategory; position: string; validFrom: string; expiryDate: string },
): Promise<CertificateRow> {
  if (!app.personId || !app.enterpriseId)
    throw new Error('close effect: a new certificate needs a person and an enterprise');
  const issueDate = chinaDate(now);
  const certNo = await nextCertNo(tx, fields.category, Number(issueDate.slice(0, 4)));
  const cert = await issueCertificate(
    tx,
    {
      type: 'ISSUE',
      certNo,
      category: fields.category,
      personId: app.personId,
      enterpriseId: app.enterpriseId,
      position: fields.position,
      issueDate,
      validFrom: fields.validFrom,
      expiryDate: fields.expiryDate,
      queryCode: newQueryCode(),
      acceptedOn: app.acceptedAt ? chinaDate(app.acceptedAt) : null,
    },
    { issuingAuthority: ISSUING_AUTHORITY },
    causeOf(app),
    now,
  );
  await tx.update(application).set({ certificateId: cert.id }).where(eq(application.id, app.id));
  await outbox(tx, 'issue', app, cert.id, { certNo, category: fields.category }, now);
  return cert;
}

/** The person now works for `enterpriseId`: employment elsewhere ends today (the three databases follow the transfer). */
async function moveEmployment(tx: Tx, personId: number, enterpriseId: number, today: string): Promise<void> {
  await tx.update(person).set({ enterpriseId, employStatus: '1' }).where(eq(person.id, personId));
  const current = await tx
    .select()
    .from(employmentRecord)
    .where(and(eq(employmentRecord.personId, personId), isNull(employmentRecord.endDate)));
  const ending = current.filter((r) => r.enterpriseId !== enterpriseId).map((r) => r.id);
  if (ending.length)
    await tx.update(employmentRecord).set({ endDate: today }).where(inArray(employmentRecord.id, ending));
}

/** Sends one event to the application's certificate. */
const toCertificate = (tx: Tx, app: ApplicationRow, event: CertificateEvent, now: Date) =>
  sendCertificateEvent(tx, certificateIdOf(app), event, causeOf(app), now);

const newCert: CloseEffect = async (tx, app, env) => {
  const now = env.clock.now();
  const today = chinaDate(now);
  const p = app.payload as Payload;
  await issue(tx, app, now, {
    category: str(p, 'category') as CertCategory,
    position: str(p, 'position') ?? '99',
    validFrom: today,
    expiryDate: statutoryExpiryOf(today),
  });
};

/** Delay: three more years from the day after the old end date; the number is kept. */
const delay: CloseEffect = async (tx, app, env) => {
  const now = env.clock.now();
  await sendCertificateEvents(
    tx,
    [certificateIdOf(app)],
    (cert) => ({ type: 'DELAY', ...delayedValidityOf(cert.expiryDate), ...newVersion(now) }),
    causeOf(app),
    now,
  );
};

/** Inner transfer: every live certificate of the person moves with them (all certificates at one enterprise). */
const inner: CloseEffect = async (tx, app, env) => {
  const now = env.clock.now();
  if (!app.enterpriseId) throw new Error('close effect: inner transfer without an enterprise');
  const enterpriseId = app.enterpriseId;
  const [cert] = await tx
    .select({ id: certificate.id, personId: certificate.personId })
    .from(certificate)
    .where(eq(certificate.id, certificateIdOf(app)));
  if (!cert) throw new Error(`close effect: certificate ${app.certificateId} is missing`);
  const live = await tx
    .select({ id: certificate.id })
    .from(certificate)
    .where(and(eq(certificate.personId, cert.personId), inArray(certificate.status, ['01', '02'])));
  const position = str(app.payload as Payload, 'position');
  await sendCertificateEvents(
    tx,
    live.map((c) => c.id),
    (c) =>
      c.enterpriseId === enterpriseId || !['01', '02'].includes(c.status)
        ? null
        : { type: 'TRANSFER', enterpriseId, ...(c.id === cert.id && position ? { position } : {}), ...newVersion(now) },
    causeOf(app),
    now,
  );
  await moveEmployment(tx, cert.personId, enterpriseId, chinaDate(now));
};

/** Transfer in: a new 粤 certificate with the original category (C → C3) and validity. */
const inProvince: CloseEffect = async (tx, app, env) => {
  const now = env.clock.now();
  const p = app.payload as Payload;
  const category = (str(p, 'category') === 'C' ? 'C3' : str(p, 'category')) as CertCategory;
  // The other province's validity carries over: from its start to its end date.
  await issue(tx, app, now, {
    category,
    position: str(p, 'position') ?? '99',
    validFrom: str(p, 'issueDate') ?? chinaDate(now),
    expiryDate: str(p, 'expiryDate')!,
  });
  if (app.personId && app.enterpriseId) await moveEmployment(tx, app.personId, app.enterpriseId, chinaDate(now));
};

/** Transfer out: 办理转出, and the national platform is told. */
const outProvince: CloseEffect = async (tx, app, env) => {
  const now = env.clock.now();
  const cert = await toCertificate(tx, app, { type: 'TRANSFER_OUT' }, now);
  const p = app.payload as Payload;
  await outbox(
    tx,
    'transferOut',
    app,
    cert.id,
    { certNo: cert.certNo, targetProvince: str(p, 'targetProvince') ?? null, reason: str(p, 'reason') ?? null },
    now,
  );
};

/** Modification: the holder's corrected fields and the certificate's position; a lost one is reissued as a new version. */
const modify: CloseEffect = async (tx, app, env) => {
  const now = env.clock.now();
  const p = app.payload as Payload;
  const [cert] = await tx
    .select({ personId: certificate.personId })
    .from(certificate)
    .where(eq(certificate.id, certificateIdOf(app)));
  if (!cert) throw new Error(`close effect: certificate ${app.certificateId} is missing`);
  const position = str(p, 'position');
  // The certificate first: its kept version holds the holder as they were.
  await toCertificate(tx, app, { type: 'CHANGE', ...(position ? { position } : {}), ...newVersion(now) }, now);
  const holder = Object.fromEntries(
    (['name', 'idNo', 'sex', 'title', 'education'] as const)
      .filter((k) => str(p, k) !== undefined)
      .map((k) => [k, str(p, k)!]),
  );
  if (Object.keys(holder).length)
    await tx
      .update(person)
      .set({ ...holder, updatedAt: now })
      .where(eq(person.id, cert.personId));
};

/** Revocation (by enterprise or person): 注销. */
const revoke: CloseEffect = async (tx, app, env) => {
  const now = env.clock.now();
  const cert = await toCertificate(tx, app, { type: 'CANCEL' }, now);
  await outbox(
    tx,
    'revoke',
    app,
    cert.id,
    { certNo: cert.certNo, reason: str(app.payload as Payload, 'reason') ?? null },
    now,
  );
};

/** Rename: the enterprise and every valid certificate of it (a new version each), in this one transaction. */
const rename: CloseEffect = async (tx, app, env) => {
  const now = env.clock.now();
  if (!app.enterpriseId) throw new Error('close effect: rename without an enterprise');
  const p = app.payload as Payload;
  const valid = await tx
    .select({ id: certificate.id })
    .from(certificate)
    .where(and(eq(certificate.enterpriseId, app.enterpriseId), eq(certificate.status, '01')));
  // The certificates first: their kept versions hold the enterprise's old name.
  await sendCertificateEvents(
    tx,
    valid.map((c) => c.id),
    (c) => {
      if (c.status !== '01' || c.enterpriseId !== app.enterpriseId) return null;
      const revokeRep = p.revokeOldLegalRepA === true && c.category === 'A' && c.position === '01';
      return revokeRep ? { type: 'CANCEL' } : { type: 'CHANGE', ...newVersion(now) };
    },
    causeOf(app),
    now,
  );
  const newRep = str(p, 'newLegalRepresentative');
  await tx
    .update(enterprise)
    .set({ name: str(p, 'newName')!, ...(newRep ? { legalRepresentative: newRep } : {}), updatedAt: now })
    .where(eq(enterprise.id, app.enterpriseId));
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
