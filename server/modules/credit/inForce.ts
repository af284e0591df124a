/**
 * Which approved punishments apply to which certificates (DOMAIN.md "Credit and punishments"): a
 * punishment names its certificates through punishment_certificate; rows from before that table name
 * one in punishment.certificate_id, or none and so apply to every certificate of the person. The
 * punishments' review (effects.ts) and the 暂扣 job (server/jobs/suspension.ts) read these to decide
 * which event to send the certificate machine; no read of a certificate looks at punishments (the
 * machine's stored status and 暂扣 period are what is shown).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SuspensionPeriod } from '../../../machines/certificate.machine.js';
import type { DbOrTx } from '../../db/client.js';
import { punishment, punishmentCertificate } from '../../db/schema.js';
import { rowsOf } from '../../db/sql.js';

export const SUSPENSION = '暂扣';

/** The same test a period's row `of` passes on `today` (start on or before it, end on or after it or none). */
const inForce = (today: string, of = 'p'): SQL =>
  sql`${sql.raw(of)}.start_date <= ${today}::date and (${sql.raw(of)}.end_date is null or ${sql.raw(of)}.end_date >= ${today}::date)`;

/** Whether a loaded period is in force on `today` (China days as YYYY-MM-DD compare as strings). */
export const isInForce = (p: { startDate: string; endDate: string | null }, today: string): boolean =>
  p.startDate <= today && (p.endDate === null || p.endDate >= today);

/**
 * The punishment whose id is `punishmentId` (a column of the outer query) applies to this loaded
 * certificate: three EXISTS, each an index look-up (by certificate in punishment_certificate, by
 * certificate in punishment, by person in punishment).
 */
export const punishmentAppliesTo = (cert: { id: number; personId: number }, punishmentId: SQL): SQL => sql`(
  exists (select 1 from ${punishmentCertificate} pc where pc.punishment_id = ${punishmentId} and pc.certificate_id = ${cert.id})
  or exists (select 1 from ${punishment} p where p.id = ${punishmentId} and p.certificate_id = ${cert.id})
  or exists (select 1 from ${punishment} p where p.id = ${punishmentId} and p.certificate_id is null and p.person_id = ${cert.personId}
    and not exists (select 1 from ${punishmentCertificate} pc0 where pc0.punishment_id = p.id)))`;

/**
 * (certificate id, period) of every approved 暂扣 in force on `today`, by the three ways; `certIds`
 * narrows to those certificates (else every certificate a 暂扣 in force names).
 */
function suspensionsInForceSql(today: string, certIds?: readonly number[]): SQL {
  const approved = sql`p.type = ${SUSPENSION} and p.review_state = 'approved' and ${inForce(today)}`;
  const ids = certIds ? sql`${`{${certIds.join(',')}}`}::int[]` : null;
  const narrowed = (column: SQL) => (ids ? sql`and ${column} = any(${ids})` : sql``);
  return sql`select pc.certificate_id as id, p.start_date, p.end_date from ${punishmentCertificate} pc join ${punishment} p on p.id = pc.punishment_id
      where ${approved} ${narrowed(sql`pc.certificate_id`)}
    union all select p.certificate_id, p.start_date, p.end_date from ${punishment} p where p.certificate_id is not null and ${approved} ${narrowed(sql`p.certificate_id`)}
    union all select c.id, p.start_date, p.end_date from ${punishment} p join certificate c on c.person_id = p.person_id
      where p.certificate_id is null and ${approved} ${narrowed(sql`c.id`)}
        and not exists (select 1 from ${punishmentCertificate} pc0 where pc0.punishment_id = p.id)`;
}

/**
 * The 暂扣 period in force on `today` of each of the certificates `certIds` that has one: several
 * approved 暂扣 in force at once are one period, from the earliest start to the latest end (none: until lifted).
 */
export async function suspensionPeriodsOn(
  db: DbOrTx,
  certIds: readonly number[],
  today: string,
): Promise<Map<number, SuspensionPeriod>> {
  if (certIds.length === 0) return new Map();
  return periodsOf(
    await db.execute(sql`
    select s.id, min(s.start_date)::text as "from", case when bool_or(s.end_date is null) then null else max(s.end_date)::text end as "to"
    from (${suspensionsInForceSql(today, certIds)}) s group by s.id`),
  );
}

/** Every certificate (stored `statuses`) with a 暂扣 in force on `today` whose stored period is not that one: what the 暂扣 job sends SUSPEND. */
export async function suspensionsToWrite(
  db: DbOrTx,
  today: string,
  statuses: readonly string[],
): Promise<Map<number, SuspensionPeriod>> {
  return periodsOf(
    await db.execute(sql`
    select s.id, s."from", s."to" from (
      select s.id, min(s.start_date)::text as "from", case when bool_or(s.end_date is null) then null else max(s.end_date)::text end as "to"
      from (${suspensionsInForceSql(today)}) s group by s.id) s
    join certificate c on c.id = s.id
    where c.status = any(${`{${statuses.join(',')}}`}::text[])
      and (c.suspended_from is distinct from s."from"::date or c.suspended_to is distinct from s."to"::date)
    order by s.id`),
  );
}

function periodsOf(result: unknown): Map<number, SuspensionPeriod> {
  return new Map(
    rowsOf<{ id: number | string; from: string; to: string | null }>(result).map((r) => [
      Number(r.id),
      { from: r.from, to: r.to },
    ]),
  );
}
