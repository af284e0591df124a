/**
 * What approved punishments do to certificates (DOMAIN.md "Credit and punishments"), in the
 * reviewer's transaction: 吊销 → 07 and 撤销 → 03 end a live certificate, a 暂扣 in force makes it 02
 * for its period, and when punishments go away (removed, changed) it gets back what today's facts say
 * (suspended by another 暂扣, expired, or valid). Each certificate's event is worked out from every
 * approved punishment of it at once, so recording, changing and removing are one rule, and several
 * punishments of one certificate (two 暂扣, a 暂扣 then a 吊销) never undo each other. The event goes
 * to the certificate machine through the one writer, which keeps the history row (the reviewer as
 * actor, the punishment named).
 */
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CertificateEvent, SuspensionPeriod } from '../../../machines/certificate.machine.js';
import type { Tx } from '../../db/client.js';
import { punishment } from '../../db/schema.js';
import { chinaDate } from '../../lib/days.js';
import { sendCertificateEvents, type CertificateRow } from '../certificate/writer.js';
import { punishmentAppliesTo, suspensionPeriodsOn } from './inForce.js';

/** The history reason of a change a punishment made. */
export const PUNISHMENT_REASON = 'punishment';

export interface PunishmentCause {
  punishmentId: number;
  type: string;
  docNo: string;
  /** What the approval was: a new punishment, a change, or its removal. */
  change: 'create' | 'update' | 'delete';
}

/** The types of the approved punishments of a certificate. */
async function approvedTypes(tx: Tx, cert: CertificateRow): Promise<Set<string>> {
  const q = alias(punishment, 'q');
  const rows = await tx
    .select({ type: q.type })
    .from(q)
    .where(and(eq(q.reviewState, 'approved'), punishmentAppliesTo(cert, sql`${q.id}`)));
  return new Set(rows.map((r) => r.type));
}

const samePeriod = (cert: CertificateRow, p: SuspensionPeriod): boolean =>
  cert.suspendedFrom === p.from && cert.suspendedTo === p.to;

/**
 * The event the punishments call for on `today`, or null when the certificate already is what they
 * say. Certificates that had ended otherwise (注销, 失效, 转出) are not theirs to change.
 */
export function punishmentEvent(
  cert: CertificateRow,
  types: ReadonlySet<string>,
  inForce: SuspensionPeriod | null,
  today: string,
): CertificateEvent | null {
  const live = cert.status === '01' || cert.status === '02';
  const penalised = cert.status === '03' || cert.status === '07';
  if (!live && !penalised) return null;
  if (types.has('吊销')) return cert.status === '07' ? null : { type: 'REVOKE' };
  if (types.has('撤销')) return cert.status === '03' ? null : { type: 'RESCIND' };
  if (penalised) return { type: 'LIFT_PENALTY', today, inForce };
  if (inForce)
    return cert.status === '01' || !samePeriod(cert, inForce) ? { type: 'SUSPEND', today, period: inForce } : null;
  return cert.status === '02' ? { type: 'RESTORE', today, inForce: null } : null;
}

/** Brings each certificate to what its approved punishments say, through the certificate machine. */
export async function settleCertificates(
  tx: Tx,
  certificateIds: readonly number[],
  cause: PunishmentCause,
  now: Date,
  reviewerId: number,
): Promise<number> {
  const today = chinaDate(now);
  const ids = [...new Set(certificateIds)];
  const facts = new Map<number, Set<string>>();
  let periods = new Map<number, SuspensionPeriod>();
  const { changed } = await sendCertificateEvents(
    tx,
    ids,
    (cert) => {
      const types = facts.get(cert.id);
      return types ? punishmentEvent(cert, types, periods.get(cert.id) ?? null, today) : null;
    },
    { reason: PUNISHMENT_REASON, actorId: reviewerId, punishmentId: cause.punishmentId, note: { ...cause } },
    now,
    {
      refused: 'throw',
      // The punishments are read once the rows are locked: what the events are decided on stays so until the commit.
      facts: async (rows) => {
        periods = await suspensionPeriodsOn(
          tx,
          rows.map((r) => r.id),
          today,
        );
        for (const row of rows) facts.set(row.id, await approvedTypes(tx, row));
      },
    },
  );
  return changed.length;
}
