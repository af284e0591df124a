/**
 * What approved punishments do to certificates (DOMAIN.md "Credit and punishments"), in the
 * reviewer's transaction: 吊销 → 07 and 撤销 → 03 end the certificate, a 暂扣 in force makes it 02,
 * and when punishments go away (removed, changed, a 暂扣 ended) it returns to what it was before
 * them. Each certificate's status is worked out from every approved punishment of it at once, so
 * recording, changing and removing are one rule, and several punishments of one certificate (two
 * 暂扣, a 暂扣 then a 吊销) never undo each other. Every change keeps the replaced version in
 * certificate_history (the business effects' keepVersion) and adds 1 to the version.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { certificate, certificateHistory, punishment } from '../../db/schema.js';
import { chinaDate } from '../../lib/days.js';
import { keepVersion } from '../business/effects.js';
import { isInForce, punishmentAppliesTo, SUSPENSION } from '../certificate/effective-status.js';

type CertificateRow = typeof certificate.$inferSelect;

/** The history reason of a version a punishment replaced. */
export const PUNISHMENT_REASON = 'punishment';
const LIVE = ['01', '02'];

export interface PunishmentCause {
  punishmentId: number;
  type: string;
  docNo: string;
  /** What the approval was: a new punishment, a change, or its removal. */
  change: 'create' | 'update' | 'delete';
}

interface Link {
  type: string;
  startDate: string;
  endDate: string | null;
}

/** The approved punishments of a certificate (effective-status.ts says what "of" means). */
async function approvedLinks(tx: Tx, cert: CertificateRow): Promise<Link[]> {
  const q = alias(punishment, 'q');
  return tx.select({ type: q.type, startDate: q.startDate, endDate: q.endDate }).from(q)
    .where(and(eq(q.reviewState, 'approved'), punishmentAppliesTo(cert, sql`${q.id}`)));
}

/**
 * The status before punishments: the certificate's status under the latest run of versions that
 * punishments replaced (their oldest kept version), else its status now.
 */
async function statusBeforePunishments(tx: Tx, cert: CertificateRow): Promise<string> {
  const history = await tx.select({ reason: certificateHistory.reason, data: certificateHistory.data }).from(certificateHistory)
    .where(eq(certificateHistory.certificateId, cert.id)).orderBy(desc(certificateHistory.id));
  let base = cert.status;
  for (const h of history) {
    if (h.reason !== PUNISHMENT_REASON) break;
    const status = (h.data as { status?: unknown }).status;
    if (typeof status === 'string') base = status;
  }
  return base;
}

/** What the certificate's status should be on `today` given its approved punishments. */
export async function targetStatus(tx: Tx, cert: CertificateRow, today: string): Promise<string> {
  const base = await statusBeforePunishments(tx, cert);
  // A certificate that had ended (注销, 转出, …) before any punishment is not theirs to change.
  if (!LIVE.includes(base)) return cert.status;
  const links = await approvedLinks(tx, cert);
  if (links.some((l) => l.type === '吊销')) return '07';
  if (links.some((l) => l.type === '撤销')) return '03';
  const suspensions = links.filter((l) => l.type === SUSPENSION);
  if (suspensions.some((l) => isInForce(l, today))) return '02';
  // A 02 the punishments explain ends with them; one from elsewhere (the older platform) stays.
  if (base === '02' && suspensions.length > 0) return '01';
  return base;
}

/** Brings each certificate to its target status, keeping the replaced version. */
export async function settleCertificates(tx: Tx, certificateIds: readonly number[], cause: PunishmentCause, now: Date): Promise<number> {
  const today = chinaDate(now);
  let changed = 0;
  // In id order, so two approvals touching the same certificates never wait on each other in a circle.
  for (const id of [...new Set(certificateIds)].sort((a, b) => a - b)) {
    const [cert] = await tx.select().from(certificate).where(eq(certificate.id, id)).for('update');
    if (!cert) continue;
    const target = await targetStatus(tx, cert, today);
    if (target === cert.status) continue;
    await keepVersion(tx, cert, { reason: PUNISHMENT_REASON, applicationId: null, note: { ...cause } }, now);
    await tx.update(certificate).set({ status: target, version: cert.version + 1, updatedAt: now }).where(eq(certificate.id, id));
    changed += 1;
  }
  return changed;
}
