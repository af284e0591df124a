/**
 * The certificate store: the only code that writes certificate rows and their history (issue #44
 * item 5, as the application's server/workflow/store.ts), and the home of their SQL. What is written
 * was decided by decide.ts; writer.ts is the caller's entry (load → decide → store). Each change is
 * one history row — the event and its fields, who sent it (a user, or a job by name), the row as it
 * was (the kept version) and the machine's state before and after — written with the new columns in
 * one statement. A print is no event (it changes no state): countPrint stamps its three columns and
 * writes no history row.
 */
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { statusOfState, type PersistedCertificateSnapshot } from '../../../machines/certificate.machine.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { certificate, certificateHistory, enterprise, person } from '../../db/schema.js';
import { eventFieldsOf, rowFieldsOf, type CertificateRow, type CertificateStep, type IssueEvent } from './decide.js';
import type { CertificateEvent } from '../../../machines/certificate.machine.js';

/** Why a certificate changed and who sent it: kept in its history row. */
export interface CertificateCause {
  /** The business type of the application, `punishment`, the job's name, or `load` (seeds, imports). */
  reason: string;
  /** The user who sent it (the 办结 reviewer, the punishment's reviewer); null for a job or a load. */
  actorId: number | null;
  /** The scheduled job that sent it, by name. */
  job?: string | null;
  applicationId?: number | null;
  punishmentId?: number | null;
  /** Kept with the replaced version's data (e.g. which end of a 暂扣 period moved it). */
  note?: Record<string, unknown>;
}

/** What a certificate row holds besides the machine's fields, set once when it is written first. */
export interface IssuedExtras {
  issuingAuthority: string;
  printCount?: number;
  printedVersion?: number | null;
  printedAt?: Date | null;
}

/**
 * The kept version's data: the certificate row (alias c) keyed and formatted as drizzle reads it
 * (timestamps as ISO instants), with its holder (alias p) and enterprise (alias e) as they were.
 */
export const CERTIFICATE_VERSION_JSON = sql.raw(`jsonb_build_object(${Object.entries(getTableColumns(certificate))
  .map(
    ([key, col]) =>
      `'${key}', ${col.columnType === 'PgTimestamp' ? `to_char(c."${col.name}" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : `c."${col.name}"`}`,
  )
  .join(', ')})
  || jsonb_build_object('holderName', p.name, 'holderIdNo', p.id_no, 'holderSex', p.sex, 'holderBirthDate', p.birth_date,
    'enterpriseName', e.name, 'creditCode', e.credit_code)`);

/** The rows locked for update, in id order (two writers never wait on each other in a circle). */
export async function lockCertificates(tx: Tx, ids: readonly number[]): Promise<CertificateRow[]> {
  if (ids.length === 0) return [];
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return tx
    .select()
    .from(certificate)
    .where(sql`${certificate.id} = any(${`{${sorted.join(',')}}`}::int[])`)
    .orderBy(certificate.id)
    .for('update');
}

/**
 * Writes the steps: the history rows (the rows as they were, read in the same statement before the
 * update: every part of a statement sees the same snapshot) and the new columns, in one statement.
 */
export async function storeSteps(
  tx: DbOrTx,
  steps: readonly CertificateStep[],
  cause: CertificateCause,
  now: Date,
): Promise<void> {
  if (steps.length === 0) return;
  const items = steps.map((s) => {
    const c = s.after.context;
    return {
      id: s.id,
      event: s.event.type,
      event_data: eventFieldsOf(s.event),
      state_before: s.before,
      state_after: s.after,
      status: statusOfState(s.after.value),
      enterprise_id: c.enterpriseId,
      position: c.position,
      issue_date: c.issueDate,
      valid_from: c.validFrom,
      expiry_date: c.expiryDate,
      version: c.version,
      query_code: c.queryCode,
      suspended_from: c.suspendedFrom,
      suspended_to: c.suspendedTo,
    };
  });
  const note = cause.note ? sql`|| jsonb_build_object('cause', ${JSON.stringify(cause.note)}::jsonb)` : sql``;
  await tx.execute(sql`
    with x as (
      select * from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as x(id int, event text, event_data jsonb, state_before jsonb, state_after jsonb,
        status text, enterprise_id int, position text, issue_date date, valid_from date, expiry_date date, version int, query_code text,
        suspended_from date, suspended_to date)
    ), kept as (
      insert into ${certificateHistory} (certificate_id, version, data, reason, application_id, changed_at, event, event_data, actor_id, job, punishment_id, state_before, state_after)
      select c.id, c.version, ${CERTIFICATE_VERSION_JSON} ${note}, ${cause.reason}, ${cause.applicationId ?? null}::int, ${now.toISOString()}::timestamptz,
        x.event, x.event_data, ${cause.actorId}::int, ${cause.job ?? null}::text, ${cause.punishmentId ?? null}::int, x.state_before, x.state_after
      from x join ${certificate} c on c.id = x.id
      left join ${person} p on p.id = c.person_id
      left join ${enterprise} e on e.id = c.enterprise_id
      order by c.id
    )
    update ${certificate} c set status = x.status, enterprise_id = x.enterprise_id, position = x.position, issue_date = x.issue_date,
      valid_from = x.valid_from, expiry_date = x.expiry_date, version = x.version, query_code = x.query_code,
      suspended_from = x.suspended_from, suspended_to = x.suspended_to, updated_at = ${now.toISOString()}::timestamptz
    from x where c.id = x.id`);
}

/** Writes an issued certificate (the state ISSUE led to) and its first history row. */
export async function storeIssued(
  tx: Tx,
  event: IssueEvent,
  after: PersistedCertificateSnapshot,
  extras: IssuedExtras,
  cause: CertificateCause,
  now: Date,
): Promise<CertificateRow> {
  const [row] = await tx
    .insert(certificate)
    .values({
      ...rowFieldsOf(after),
      issuingAuthority: extras.issuingAuthority,
      printCount: extras.printCount ?? 0,
      printedVersion: extras.printedVersion ?? null,
      printedAt: extras.printedAt ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.insert(certificateHistory).values({
    certificateId: row!.id,
    version: 0,
    data: null,
    reason: cause.reason,
    applicationId: cause.applicationId ?? null,
    changedAt: now,
    event: 'ISSUE',
    eventData: eventFieldsOf(event),
    actorId: cause.actorId,
    job: cause.job ?? null,
    punishmentId: cause.punishmentId ?? null,
    stateBefore: null,
    stateAfter: after,
  });
  return row!;
}

/** One stored event of a loaded life, with when and why it happened. */
export interface LoadedStep {
  event: CertificateEvent;
  at: Date;
  cause: CertificateCause;
}

/** A loaded life as decided: its steps and the states from the unissued one through each. */
export interface DecidedLife {
  steps: readonly LoadedStep[];
  states: readonly PersistedCertificateSnapshot[];
  extras: IssuedExtras;
}

/**
 * Writes loaded certificates (seeds) with their whole history: the row as its last state and one
 * history row per event, the replaced versions' data being the state before with today's holder and
 * enterprise (a load knows no other). Answers the ids in the order of `lives`.
 */
export async function storeLives(tx: Tx, lives: readonly DecidedLife[]): Promise<number[]> {
  if (lives.length === 0) return [];
  const inserted = await tx
    .insert(certificate)
    .values(
      lives.map((life) => ({
        ...rowFieldsOf(life.states.at(-1)!),
        issuingAuthority: life.extras.issuingAuthority,
        printCount: life.extras.printCount ?? 0,
        printedVersion: life.extras.printedVersion ?? null,
        printedAt: life.extras.printedAt ?? null,
        createdAt: life.steps[0]!.at,
        updatedAt: life.steps.at(-1)!.at,
      })),
    )
    .returning({ id: certificate.id, certNo: certificate.certNo });
  const idOf = new Map(inserted.map((r) => [r.certNo, r.id]));
  const ids: number[] = [];
  const history = lives.flatMap((life) => {
    const id = idOf.get(life.states.at(-1)!.context.certNo)!;
    ids.push(id);
    return life.steps.map((step, j) => {
      const before = life.states[j]!;
      const status = statusOfState(before.value);
      return {
        certificate_id: id,
        seq: j,
        version: before.context.version,
        reason: step.cause.reason,
        application_id: step.cause.applicationId ?? null,
        changed_at: step.at.toISOString(),
        event: step.event.type,
        event_data: eventFieldsOf(step.event),
        actor_id: step.cause.actorId,
        job: step.cause.job ?? null,
        punishment_id: step.cause.punishmentId ?? null,
        state_before: status ? before : null,
        state_after: life.states[j + 1]!,
        data: status ? { ...before.context, id, status, ...(step.cause.note ? { cause: step.cause.note } : {}) } : null,
      };
    });
  });
  for (let h = 0; h < history.length; h += 2000) {
    await tx.execute(sql`
      insert into ${certificateHistory} (certificate_id, version, data, reason, application_id, changed_at, event, event_data, actor_id, job, punishment_id, state_before, state_after)
      select x.certificate_id, x.version,
        case when x.data is null then null else x.data || jsonb_build_object('holderName', p.name, 'holderIdNo', p.id_no, 'holderSex', p.sex,
          'holderBirthDate', p.birth_date, 'enterpriseName', e.name, 'creditCode', e.credit_code) end,
        x.reason, x.application_id, x.changed_at, x.event, x.event_data, x.actor_id, x.job, x.punishment_id, x.state_before, x.state_after
      from jsonb_to_recordset(${JSON.stringify(history.slice(h, h + 2000))}::jsonb) as x(certificate_id int, version int, data jsonb, reason text,
        application_id int, changed_at timestamptz, event text, event_data jsonb, actor_id int, job text, punishment_id int, state_before jsonb, state_after jsonb, seq int)
      left join ${person} p on p.id = (x.data->>'personId')::int
      left join ${enterprise} e on e.id = (x.data->>'enterpriseId')::int
      -- The joins may hand the rows over in any order; a history replays in id order, so ids follow each life's steps.
      order by x.certificate_id, x.seq`);
  }
  return ids;
}

/**
 * Counts a print (print_count + 1, printed_version, printed_at): of the version the PDF was made of
 * when `version` is given (answers undefined when the certificate has changed since), else of the
 * current one. Answers the new count.
 */
export async function countPrint(tx: Tx, id: number, at: Date, version?: number): Promise<number | undefined> {
  const [counted] = await tx
    .update(certificate)
    .set({
      printCount: sql`${certificate.printCount} + 1`,
      printedVersion: version ?? sql`${certificate.version}`,
      printedAt: at,
      ...(version === undefined ? {} : { updatedAt: at }),
    })
    .where(and(eq(certificate.id, id), version === undefined ? undefined : eq(certificate.version, version)))
    .returning({ printCount: certificate.printCount });
  return counted?.printCount;
}
