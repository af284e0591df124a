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
import { renderText, runText, type DbOrTx, type TextStatement } from '../../db/client.js';
import { certificate, punishment, punishmentCertificate, suspensionRecheck } from '../../db/schema.js';
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
 * The ids of the certificates an approved 暂扣 meeting `when` (over `p`) applies to, by the same
 * three ways as approvedSuspension. Not correlated, so computed once per statement.
 */
const certificatesUnder = (when: SQL): SQL => {
  const suspension = sql`${APPROVED} and ${when}`;
  return sql`select pc.certificate_id from ${punishmentCertificate} pc join ${punishment} p on p.id = pc.punishment_id where ${suspension}
  union all select p.certificate_id from ${punishment} p where p.certificate_id is not null and ${suspension}
  union all select c2.id from ${punishment} p join ${certificate} c2 on c2.person_id = p.person_id where p.certificate_id is null
    and not exists (select 1 from ${punishmentCertificate} pc0 where pc0.punishment_id = p.id) and ${suspension}`;
};

/**
 * The certificate of the outer query had an approved 暂扣 that ended before `today` and has none in
 * force: one correlated look at its 暂扣 by the three ways (punishmentOf), where the same test as
 * EXISTS and NOT EXISTS is six sub-queries for the planner to weigh.
 */
function restoredOn(today: string): SQL {
  return sql`coalesce((select bool_or(s.end_date < ${today}) and not bool_or(${inForce(today, 's')}) from (
    select p.start_date, p.end_date from ${punishmentCertificate} pc join ${punishment} p on p.id = pc.punishment_id where pc.certificate_id = ${certificate.id} and ${APPROVED}
    union all select p.start_date, p.end_date from ${punishment} p where p.certificate_id = ${certificate.id} and ${APPROVED}
    union all select p.start_date, p.end_date from ${punishment} p where p.certificate_id is null and p.person_id = ${certificate.personId}
      and not exists (select 1 from ${punishmentCertificate} pc0 where pc0.punishment_id = p.id) and ${APPROVED}) s), false)`;
}

/**
 * The certificates stored 01 under a 暂扣 in force on `today`, among those of the 暂扣 the suspension
 * job has not written since they last changed (written_seq, jobs/suspension.ts): a written one
 * leaves none stored 01.
 */
const suspendedValidQuery = (today: string): SQL => sql`select c1.id from ${certificate} c1 where c1.status = '01' and c1.id in (${
  certificatesUnder(sql`p.written_seq <> p.change_seq and ${inForce(today)}`)})`;

/**
 * The certificates stored 02 that are 01 on `today` (restoredOn), among those of the ended 暂扣 the
 * suspension job has not restored since they last changed (restored_seq) and those a change noted
 * since it looked (suspension_recheck: a 暂扣 revoked, moved or unnamed, a certificate set to 02;
 * migration 0028's triggers). Any other stored 02 the job's last run left so, with a 暂扣 in force or
 * none ended behind it, and nothing has changed that since.
 */
const restoredQuery = (today: string): SQL => sql`select ${certificate.id} from ${certificate} where ${certificate.status} = '02' and ${certificate.id} in (${
  certificatesUnder(sql`p.restored_seq <> p.change_seq and p.end_date < ${today}`)}
  union all select r.certificate_id from ${suspensionRecheck} r) and ${restoredOn(today)}`;

/**
 * The certificates whose status on a day is not the stored one. The nightly suspension job leaves
 * none; a 暂扣 that began, ended or changed since it ran makes a few.
 */
export interface TimedExceptions {
  /** Stored 01, 02 on the day. */
  suspendedValid: number[];
  /** Stored 02, 01 on the day. */
  restored: number[];
}

/**
 * The exceptions' statement on `today`, built and rendered once a day rather than on every list
 * request (drizzle walks its fragments: 0.1 ms of the server's time a request).
 */
let exceptionsOfDay: { day: string; statement: TextStatement } | undefined;
function exceptionsStatement(today: string): TextStatement {
  if (exceptionsOfDay?.day !== today) {
    exceptionsOfDay = { day: today, statement: renderText(sql`select 1 as k, v.id from (${suspendedValidQuery(today)}) v
  union all select 2, r.id from (${restoredQuery(today)}) r`.inlineParams()) };
  }
  return exceptionsOfDay.statement;
}

/**
 * The TimedExceptions on `today`, for statusIs in a request that sends more than one statement with
 * it (a list's page and its total), looked up once. Only the 暂扣 the job has not written or
 * restored are read (before its first run, every one: ~14,000 in force at the province's scale).
 */
export async function timedExceptions(db: DbOrTx, today: string = chinaToday()): Promise<TimedExceptions> {
  // The day and the type written into the text, which is named (runText): with no parameter left,
  // PostgreSQL plans it for them once per connection and day. With the day a parameter it chose the
  // plan for each call (the generic one estimated dearer), 1.8 ms of planning for 0.2 of reading, on
  // every page of a list filtered by status.
  const rows = await runText(db, exceptionsStatement(today));
  const of = (k: number) => rows.filter((r) => Number(r.k) === k).map((r) => Number(r.id));
  return { suspendedValid: of(1), restored: of(2) };
}

/**
 * The status on the exceptions' day of a certificate stored `stored`: what effectiveStatuses reads
 * from the punishments, read from the TimedExceptions a status filter has already looked up (the same
 * marks the filter rests on, so a row shows the status it was found by).
 */
export function statusWith(exceptions: TimedExceptions, id: number, stored: string): string {
  if (stored === '01' && exceptions.suspendedValid.includes(id)) return '02';
  if (stored === '02' && exceptions.restored.includes(id)) return '01';
  return stored;
}

/**
 * WHERE the certificate's status on `today` is `status` (01/02 through the punishments, any other
 * as stored, so its index serves). The same rule as effectiveStatusSql, resting on the suspension
 * job's marks (written_seq, restored_seq, suspension_recheck): the stored 01/02 is the status but for
 * the TimedExceptions (given, or looked up in the statement). A stored status and two short id lists
 * the planner estimates and plans in a fraction of a millisecond, where testing each row's 暂扣 in
 * the statement (six correlated sub-queries, or one per row) cost 1–3 ms of planning per statement —
 * a list's page and its count — at the province's scale.
 */
export function statusIs(status: string, today: string = chinaToday(), exceptions?: TimedExceptions): SQL | undefined {
  if (!isTimed(status)) return eq(certificate.status, status);
  const listed = (ids: number[] | undefined, query: SQL, column: SQL = sql`${certificate.id}`): SQL | undefined =>
    !ids ? sql`${column} = any(array(${query}))` : ids.length ? inArray(column, ids) : undefined;
  if (status === '01') {
    const leaving = listed(exceptions?.suspendedValid, suspendedValidQuery(today));
    // The restored are added by an id no index serves: with an index on both sides of the OR the
    // planner reads every stored 01 match into a bitmap (80,000 valid ones expiring within 90 days)
    // before a page's LIMIT or the bounded count can stop; so a list walks its order's index.
    const joining = listed(exceptions?.restored, restoredQuery(today), sql`(${certificate.id} + 0)`);
    const stayed = and(eq(certificate.status, '01'), leaving && not(leaving));
    return joining ? and(validOrSuspended(), or(stayed, joining)) : stayed;
  }
  // The suspended (under 1 %) through the status index, and those still stored 01 by id (the list
  // sorts these matches rather than walking its order: query.ts).
  const leaving = listed(exceptions?.restored, restoredQuery(today));
  const joining = listed(exceptions?.suspendedValid, suspendedValidQuery(today));
  const stayed = and(eq(certificate.status, '02'), leaving && not(leaving));
  return joining ? and(validOrSuspended(), or(joining, stayed)) : stayed;
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
