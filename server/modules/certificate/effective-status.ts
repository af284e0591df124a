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
import { and, eq, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import { renderText, runText, type DbOrTx } from '../../db/client.js';
import { certificate, punishment, punishmentCertificate } from '../../db/schema.js';
import { clockNow } from '../../lib/clock.js';
import { chinaDate } from '../../lib/days.js';
import { textPerCount } from '../../db/sql.js';

export const SUSPENSION = '暂扣';
/** Statuses time may move between (valid and suspended). */
const TIMED = ['01', '02'] as const;

/** Today in China by the clock of the request (or job, or seed) being served. */
export const chinaToday = (): string => chinaDate(clockNow());

/**
 * The three ways a punishment names its certificates, as EXISTS over a punishment `p` meeting
 * `when`, for the certificate `certId` of the person `personId` (columns of the outer query, or
 * values): through punishment_certificate; by punishment.certificate_id (rows from before that
 * table); or naming none and applying to every certificate of the person. Three EXISTS rather than
 * one over `p` with the three ORed: each is then an index look-up (punishment_certificate by
 * certificate, punishment by certificate, punishment by person) instead of a scan of every
 * punishment per certificate — this runs for each row of a list page, and for every valid
 * certificate in the suspension job.
 */
function punishmentOf(certId: SQL | number, personId: SQL | number, when: SQL): SQL {
  return sql`(exists (select 1 from ${punishmentCertificate} pc join ${punishment} p on p.id = pc.punishment_id where pc.certificate_id = ${certId} and ${when})
  or exists (select 1 from ${punishment} p where p.certificate_id = ${certId} and ${when})
  or exists (select 1 from ${punishment} p where p.certificate_id is null and p.person_id = ${personId}
      and not exists (select 1 from ${punishmentCertificate} pc0 where pc0.punishment_id = p.id) and ${when}))`;
}

/** An approved 暂扣 meeting `when` (over `p`) applies to the certificate of the outer query. */
function approvedSuspension(when: SQL): SQL {
  return punishmentOf(sql`${certificate.id}`, sql`${certificate.personId}`, sql`${APPROVED} and ${when}`);
}

/** The punishment whose id is `punishmentId` (a column of the outer query) applies to this loaded certificate. */
export const punishmentAppliesTo = (cert: { id: number; personId: number }, punishmentId: SQL): SQL =>
  punishmentOf(cert.id, cert.personId, sql`p.id = ${punishmentId}`);

/** An approved 暂扣, over the punishment `p`. */
const APPROVED = sql`p.type = ${SUSPENSION} and p.review_state = 'approved'`;
/** In force on `today`: the period of the punishment (or the row of its dates) named `of`. */
const inForce = (today: string, of = 'p') => sql`${sql.raw(of)}.start_date <= ${today} and (${sql.raw(of)}.end_date is null or ${sql.raw(of)}.end_date >= ${today})`;
/** The same test as `inForce`, on a loaded punishment (China days as YYYY-MM-DD compare as strings). */
export const isInForce = (p: { startDate: string; endDate: string | null }, today: string): boolean =>
  p.startDate <= today && (p.endDate === null || p.endDate >= today);

/** The certificate of the outer query has an approved 暂扣 in force on `today`. */
export const suspendedOn = (today: string): SQL => approvedSuspension(inForce(today));

/** The certificate of the outer query had an approved 暂扣 whose period ended before `today`. */
export const suspensionEndedBefore = (today: string): SQL => approvedSuspension(sql`p.end_date < ${today}`);

/** The status of the outer query's certificate on `today` (select it next to the row, or filter on it). */
export function effectiveStatusSql(today: string = chinaToday()): SQL<string> {
  const active = suspendedOn(today);
  return sql<string>`(case
    when ${certificate.status} = '01' and ${active} then '02'
    when ${certificate.status} = '02' and ${suspensionEndedBefore(today)} and not ${active} then '01'
    else ${certificate.status} end)`;
}

/**
 * The ids of the certificates an approved 暂扣 in force on `today` applies to, by the same three
 * ways as approvedSuspension, of the 暂扣 whose certificates the suspension job has not written
 * since they last changed (written_seq, jobs/suspension.ts): a written one leaves none stored 01.
 * Not correlated, so computed once per statement.
 */
const unwrittenSuspendedIds = (today: string): SQL => {
  const suspension = sql`${APPROVED} and p.written_seq <> p.change_seq and ${inForce(today)}`;
  return sql`select pc.certificate_id from ${punishmentCertificate} pc join ${punishment} p on p.id = pc.punishment_id where ${suspension}
  union all select p.certificate_id from ${punishment} p where p.certificate_id is not null and ${suspension}
  union all select c2.id from ${punishment} p join ${certificate} c2 on c2.person_id = p.person_id where p.certificate_id is null
    and not exists (select 1 from ${punishmentCertificate} pc0 where pc0.punishment_id = p.id) and ${suspension}`;
};

/**
 * WHERE the certificate's status on `today` is `status` (01/02 through the punishments, any other
 * as stored, so its index serves). The same rule as effectiveStatusSql, in the forms the planner
 * can estimate and serve from indexes over two million certificates (compared with the CASE, it
 * guessed 0.5 % of the rows and chose plans for that). Both rest on the suspension job's mark
 * (written_seq, jobs/suspension.ts): a certificate stored 01 under a 暂扣 in force is one of the
 * 暂扣 the job has not written, a short list (`suspendedValid`, or looked up in the statement):
 * - 01: stored 01 and not in that list, or stored 02 with a 暂扣 ended before today and none in
 *   force (restoredOn: until the job restores it). Probing every stored 01 for a 暂扣 in force
 *   instead (three anti-joins) cost the count of "valid, expiring within 90 days" 4.6 of its 5 ms
 *   (province scale);
 * - 02: stored 01 in that list (an index look-up by id), or stored 02 with no 暂扣 ended before
 *   today or one in force.
 */
export function statusIs(status: string, today: string = chinaToday(), suspendedValid?: number[]): SQL | undefined {
  if (!isTimed(status)) return eq(certificate.status, status);
  const listed = !suspendedValid ? sql`${certificate.id} = any(array(${suspendedValidQuery(today)}))`
    : suspendedValid.length ? inArray(certificate.id, suspendedValid) : undefined;
  if (status === '01') {
    // Stored 01 is tested first, so the restore's probes run for stored 02 only (an OR stops at its
    // first true part). The second part names no status: a stored 01 it sees is a listed one, under
    // a 暂扣 in force, which fails it anyway; and with a status test in both parts the planner ORs two
    // index scans into a bitmap, reading every match (80,000 valid ones expiring within 90 days)
    // before the page's LIMIT or the bounded count can stop.
    return and(validOrSuspended(), or(
      and(eq(certificate.status, '01'), listed && not(listed)),
      restoredOn(today),
    ));
  }
  // Here the 暂扣 are looked at as hashed sets, built once per statement: every stored 02 row passes
  // this test, where restoredOn's look per row made the suspended's list 3–6 × slower.
  return and(validOrSuspended(), or(listed, and(eq(certificate.status, '02'), or(not(suspensionEndedBefore(today)), suspendedOn(today)))));
}

/**
 * The certificate of the outer query had an approved 暂扣 that ended before `today` and has none in
 * force: one correlated look at its 暂扣 by the three ways (punishmentOf), where the same test as
 * EXISTS and NOT EXISTS is six sub-queries for the planner to weigh (4.4 against 1.5 ms of planning
 * for a list's page at the province's scale).
 */
function restoredOn(today: string): SQL {
  return sql`coalesce((select bool_or(s.end_date < ${today}) and not bool_or(${inForce(today, 's')}) from (
    select p.start_date, p.end_date from ${punishmentCertificate} pc join ${punishment} p on p.id = pc.punishment_id where pc.certificate_id = ${certificate.id} and ${APPROVED}
    union all select p.start_date, p.end_date from ${punishment} p where p.certificate_id = ${certificate.id} and ${APPROVED}
    union all select p.start_date, p.end_date from ${punishment} p where p.certificate_id is null and p.person_id = ${certificate.personId}
      and not exists (select 1 from ${punishmentCertificate} pc0 where pc0.punishment_id = p.id) and ${APPROVED}) s), false)`;
}

const suspendedValidQuery = (today: string): SQL => sql`select c1.id from ${certificate} c1 where c1.status = '01' and c1.id in (${unwrittenSuspendedIds(today)})`;

/**
 * The certificates stored 01 under a 暂扣 in force on `today`, for statusIs('02') of a request that
 * sends more than one statement with it (a list's page and its total), looked up once. Only the
 * 暂扣 the suspension job has not written are read: those begun since it ran and those changed since
 * (usually a handful; before the first run, every one in force: ~14,000 at the province's scale,
 * 30–40 ms here).
 */
export async function suspendedValidIds(db: DbOrTx, today: string = chinaToday()): Promise<number[]> {
  // Named (runText): planned once per connection; a list filtered by status asks it on every page.
  const rows = await runText(db, renderText(suspendedValidQuery(today)));
  return rows.map((r) => Number(r.id));
}

/**
 * effectiveStatusSql's rule for a page of certificates at once: the approved 暂扣 of these
 * certificates are gathered first by the same three ways (a few index look-ups for the whole page;
 * nearly every page has none), then each certificate's status is decided over those few rows. Per
 * row, effectiveStatusSql probes the punishments nine times. One text per number of ids (the day,
 * the type and each id a parameter), kept with its plan per connection (runText): with the ids as
 * one array parameter PostgreSQL planned it again on every other call (0.7 ms, four times what
 * running it costs).
 * tests/api/jobs-expiry.test.ts checks that it answers what effectiveStatusSql answers.
 */
const statusesOfIds = textPerCount((ids) => `with c as (
  select id, person_id, status from certificate where id in (${ids}) and status in ('01', '02')
), s as (
  select pc.certificate_id as id, p.start_date, p.end_date
    from punishment_certificate pc join punishment p on p.id = pc.punishment_id
    where pc.certificate_id in (select id from c) and p.type = $2 and p.review_state = 'approved'
  union all
  select p.certificate_id, p.start_date, p.end_date from punishment p
    where p.certificate_id in (select id from c) and p.type = $2 and p.review_state = 'approved'
  union all
  select c.id, p.start_date, p.end_date from c join punishment p on p.person_id = c.person_id
    where p.certificate_id is null and p.type = $2 and p.review_state = 'approved'
      and not exists (select 1 from punishment_certificate pc0 where pc0.punishment_id = p.id)
)
select c.id, case
  when c.status = '01' and exists (select 1 from s where s.id = c.id and s.start_date <= $1::date and (s.end_date is null or s.end_date >= $1::date)) then '02'
  when c.status = '02' and exists (select 1 from s where s.id = c.id and s.end_date < $1::date)
    and not exists (select 1 from s where s.id = c.id and s.start_date <= $1::date and (s.end_date is null or s.end_date >= $1::date)) then '01'
  else c.status end as status
from c`, 3);

/**
 * The statuses on `today` of those of the certificates `ids` stored 01 or 02 (time moves no other).
 * A list asks this for its page's rows after the page query rather than selecting
 * effectiveStatusSql() in it: in a select list over millions of candidate rows the planner checks
 * the punishments through hashed subplans built from every 暂扣 (~20 ms per page at the province's
 * scale, whatever the page), where a dozen ids take a few index look-ups.
 */
export async function effectiveStatuses(db: DbOrTx, ids: number[], today: string = chinaToday()): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const distinct = [...new Set(ids)];
  const rows = await runText(db, { sql: statusesOfIds(distinct.length), params: [today, SUSPENSION, ...distinct] });
  return new Map(rows.map((r) => [Number(r.id), String(r.status)]));
}

/** WHERE the certificate's status on `today` is 01 or 02, whatever the day: time moves a certificate between those two only. */
export const validOrSuspended = (): SQL => inArray(certificate.status, [...TIMED]);

/** Whether time may move a certificate stored with `status` (01 or 02). */
export const isTimed = (status: string): boolean => (TIMED as readonly string[]).includes(status);

/** The status of one certificate on `today`. */
export async function effectiveStatusOf(db: DbOrTx, certificateId: number, today: string = chinaToday()): Promise<string | null> {
  const [row] = await db.select({ status: effectiveStatusSql(today) }).from(certificate).where(eq(certificate.id, certificateId));
  return row?.status ?? null;
}

/** The row with its status as of `today`. */
export async function withEffectiveStatus<T extends { id: number; status: string }>(db: DbOrTx, cert: T, today: string = chinaToday()): Promise<T> {
  if (!isTimed(cert.status)) return cert;
  const status = await effectiveStatusOf(db, cert.id, today);
  return status && status !== cert.status ? { ...cert, status } : cert;
}
