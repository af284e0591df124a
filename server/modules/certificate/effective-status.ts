/**
 * A certificate's status as of a China day (DOMAIN.md "Credit and punishments"), the one statement
 * of the 暂扣 rule: an approved 暂扣 (suspension) makes a valid certificate 02 for its period, and
 * its end returns it to 01. The approval writes 02 at once when the period has begun; the move at a
 * period's start or end is the suspension job's (server/jobs/suspension.ts, 00:01, built on the
 * conditions below), so until it runs every read corrects the stored 01/02 here:
 * - stored 01 and an approved 暂扣 of the certificate in force today → 02;
 * - stored 02, an approved 暂扣 of the certificate ended before today and none in force → 01 (a 02
 *   no ended 暂扣 explains, e.g. from the older platform, stays 02).
 * Other statuses are never changed by time. A punishment applies to a certificate through
 * punishment_certificate; rows from before that table name it in punishment.certificate_id, or
 * name none and apply to every certificate of the person.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { certificate, punishment, punishmentCertificate } from '../../db/schema.js';
import { clockNow } from '../../lib/clock.js';
import { chinaDate } from '../../lib/days.js';

export const SUSPENSION = '暂扣';
/** Statuses time may move between (valid and suspended). */
const TIMED = ['01', '02'] as const;

/** Today in China by the clock of the request (or job, or seed) being served. */
export const chinaToday = (): string => chinaDate(clockNow());

/** `p` (a punishment row aliased p) applies to the certificate `certId` of the person `personId` (columns or values). */
const appliesTo = (certId: SQL | number, personId: SQL | number) => sql`(exists (select 1 from ${punishmentCertificate} pc where pc.punishment_id = p.id and pc.certificate_id = ${certId})
  or p.certificate_id = ${certId}
  or (p.certificate_id is null and p.person_id = ${personId}
      and not exists (select 1 from ${punishmentCertificate} pc0 where pc0.punishment_id = p.id)))`;
const appliesToOuter = appliesTo(sql`${certificate.id}`, sql`${certificate.personId}`);

/** `p` (a punishment row aliased p) applies to this certificate: for code holding one loaded row. */
export const appliesToCertificate = (cert: { id: number; personId: number }): SQL => appliesTo(cert.id, cert.personId);

const approvedSuspension = sql`p.type = ${SUSPENSION} and p.review_state = 'approved' and ${appliesToOuter}`;
const inForce = (today: string) => sql`p.start_date <= ${today} and (p.end_date is null or p.end_date >= ${today})`;
/** The same test as `inForce`, on a loaded punishment (China days as YYYY-MM-DD compare as strings). */
export const isInForce = (p: { startDate: string; endDate: string | null }, today: string): boolean =>
  p.startDate <= today && (p.endDate === null || p.endDate >= today);

/** The certificate of the outer query has an approved 暂扣 in force on `today`. */
export const suspendedOn = (today: string): SQL => sql`exists (select 1 from ${punishment} p where ${approvedSuspension} and ${inForce(today)})`;

/** The certificate of the outer query had an approved 暂扣 whose period ended before `today`. */
export const suspensionEndedBefore = (today: string): SQL => sql`exists (select 1 from ${punishment} p where ${approvedSuspension} and p.end_date < ${today})`;

/** The status of the outer query's certificate on `today` (select it next to the row, or filter on it). */
export function effectiveStatusSql(today: string = chinaToday()): SQL<string> {
  const active = suspendedOn(today);
  return sql<string>`(case
    when ${certificate.status} = '01' and ${active} then '02'
    when ${certificate.status} = '02' and ${suspensionEndedBefore(today)} and not ${active} then '01'
    else ${certificate.status} end)`;
}

/** WHERE the certificate's status on `today` is `status` (01/02 through the punishments, any other as stored, so its index serves). */
export function statusIs(status: string, today: string = chinaToday()): SQL | undefined {
  if (!(TIMED as readonly string[]).includes(status)) return eq(certificate.status, status);
  return and(inArray(certificate.status, [...TIMED]), sql`${effectiveStatusSql(today)} = ${status}`);
}

/** The status of one certificate on `today`. */
export async function effectiveStatusOf(db: DbOrTx, certificateId: number, today: string = chinaToday()): Promise<string | null> {
  const [row] = await db.select({ status: effectiveStatusSql(today) }).from(certificate).where(eq(certificate.id, certificateId));
  return row?.status ?? null;
}

/** The row with its status as of `today`. */
export async function withEffectiveStatus<T extends { id: number; status: string }>(db: DbOrTx, cert: T, today: string = chinaToday()): Promise<T> {
  if (!(TIMED as readonly string[]).includes(cert.status)) return cert;
  const status = await effectiveStatusOf(db, cert.id, today);
  return status && status !== cert.status ? { ...cert, status } : cert;
}
