/**
 * The one writer of certificates (DESIGN "one writer"): the only code that changes a certificate's
 * status, dates, version, enterprise, position or query code. Every caller — an application's close
 * effect, a punishment's review, the 暂扣 and expiry jobs, the seeds — sends the certificate machine
 * (machines/certificate.machine.ts) an event in its own transaction; the machine answers the new
 * state or refuses (the transaction fails with its words: 409), and each change is stored with one
 * history row: the event and its fields, who sent it (a user, or a job by name), the row as it was
 * (the kept version) and the machine's state before and after. history.ts replays those rows.
 *
 * Batches are first-class: a job moves thousands of certificates per transaction with one statement
 * that writes their history rows and their new columns together (each row's machine step is pure JS).
 */
import { getTableColumns, sql } from 'drizzle-orm';
import {
  certificateStateOf, refusalWords, statusOfState, transitionCertificate, unissuedCertificate,
  type CertificateEvent, type PersistedCertificateSnapshot,
} from '../../../machines/certificate.machine.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { certificate, certificateHistory, enterprise, person } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

export type CertificateRow = typeof certificate.$inferSelect;
type IssueEvent = Extract<CertificateEvent, { type: 'ISSUE' }>;

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

/**
 * The kept version's data: the certificate row (alias c) keyed and formatted as drizzle reads it
 * (timestamps as ISO instants), with its holder (alias p) and enterprise (alias e) as they were.
 */
export const CERTIFICATE_VERSION_JSON = sql.raw(`jsonb_build_object(${Object.entries(getTableColumns(certificate)).map(([key, col]) =>
  `'${key}', ${col.columnType === 'PgTimestamp' ? `to_char(c."${col.name}" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : `c."${col.name}"`}`).join(', ')})
  || jsonb_build_object('holderName', p.name, 'holderIdNo', p.id_no, 'holderSex', p.sex, 'holderBirthDate', p.birth_date,
    'enterpriseName', e.name, 'creditCode', e.credit_code)`);

/** A certificate the machine refused an event: the caller's transaction fails with the machine's words. */
export class CertificateRefused extends AppError {
  constructor(readonly certificateId: number | null, msg: string) {
    super(409, msg);
  }
}

/** The fields of the event as stored (its type is the history row's `event`). */
const fieldsOf = (event: CertificateEvent): Record<string, unknown> => {
  const { type: _type, ...fields } = event;
  return fields;
};

/** One certificate's step: its id, the event, and the machine's states around it. */
interface Step {
  id: number;
  event: CertificateEvent;
  before: PersistedCertificateSnapshot;
  after: PersistedCertificateSnapshot;
}

/**
 * Writes the steps: the history rows (the rows as they were, read in the same statement before the
 * update: every part of a statement sees the same snapshot) and the new columns, in one statement.
 */
async function writeSteps(tx: DbOrTx, steps: readonly Step[], cause: CertificateCause, now: Date): Promise<void> {
  if (steps.length === 0) return;
  const items = steps.map((s) => {
    const c = s.after.context;
    return {
      id: s.id, event: s.event.type, event_data: fieldsOf(s.event), state_before: s.before, state_after: s.after,
      status: statusOfState(s.after.value), enterprise_id: c.enterpriseId, position: c.position, issue_date: c.issueDate, valid_from: c.validFrom,
      expiry_date: c.expiryDate, version: c.version, query_code: c.queryCode, suspended_from: c.suspendedFrom, suspended_to: c.suspendedTo,
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

/** The machine's step for a loaded row, or the refusal's words. */
function stepOf(row: CertificateRow, event: CertificateEvent): Step | { refused: string } {
  const before = certificateStateOf(row);
  const r = transitionCertificate(before, event);
  if (!r.ok) return { refused: `${row.certNo}：${refusalWords(r.from, event)}` };
  return { id: row.id, event, before, after: r.snapshot };
}

/** The rows locked for update, in id order (two writers never wait on each other in a circle). */
async function lockRows(tx: Tx, ids: readonly number[]): Promise<CertificateRow[]> {
  if (ids.length === 0) return [];
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return tx.select().from(certificate).where(sql`${certificate.id} = any(${`{${sorted.join(',')}}`}::int[])`).orderBy(certificate.id).for('update');
}

/**
 * Sends one event to one certificate in the caller's transaction: its row locked, the machine's
 * answer stored with its history row. A refusal fails the transaction (409 with the machine's words).
 */
export async function sendCertificateEvent(tx: Tx, id: number, event: CertificateEvent, cause: CertificateCause, now: Date): Promise<CertificateRow> {
  const [row] = await lockRows(tx, [id]);
  if (!row) throw new AppError(404, `证书（id ${id}）不存在`);
  const step = stepOf(row, event);
  if ('refused' in step) throw new CertificateRefused(id, step.refused);
  await writeSteps(tx, [step], cause, now);
  return { ...row, ...rowFieldsOf(step.after), updatedAt: now };
}

/**
 * Sends each of the certificates `ids` the event `eventOf` answers for its row as it is (null: none
 * for this one), in one statement. `refused: 'skip'` (a job that picked rows a concurrent change has
 * moved since) leaves those as they are and names them; `'throw'` fails the transaction. `facts`
 * reads what the events are decided on once the rows are locked.
 */
export async function sendCertificateEvents(
  tx: Tx, ids: readonly number[], eventOf: (row: CertificateRow) => CertificateEvent | null, cause: CertificateCause, now: Date,
  opts: { refused: 'skip' | 'throw'; facts?: (rows: readonly CertificateRow[]) => Promise<void> } = { refused: 'throw' },
): Promise<{ changed: CertificateRow[]; refused: string[] }> {
  const rows = await lockRows(tx, ids);
  await opts.facts?.(rows);
  const steps: Step[] = [];
  const refused: string[] = [];
  const changed: CertificateRow[] = [];
  for (const row of rows) {
    const event = eventOf(row);
    if (!event) continue;
    const step = stepOf(row, event);
    if ('refused' in step) {
      if (opts.refused === 'throw') throw new CertificateRefused(row.id, step.refused);
      refused.push(step.refused);
      continue;
    }
    steps.push(step);
    changed.push({ ...row, ...rowFieldsOf(step.after), updatedAt: now });
  }
  await writeSteps(tx, steps, cause, now);
  return { changed, refused };
}

/** The columns a machine state stands for. */
export function rowFieldsOf(state: PersistedCertificateSnapshot) {
  const c = state.context;
  const status = statusOfState(state.value);
  if (!status) throw new Error('an unissued certificate has no row');
  return {
    status, certNo: c.certNo, category: c.category, personId: c.personId, enterpriseId: c.enterpriseId, position: c.position, issueDate: c.issueDate,
    validFrom: c.validFrom, expiryDate: c.expiryDate, version: c.version, queryCode: c.queryCode, suspendedFrom: c.suspendedFrom, suspendedTo: c.suspendedTo,
  };
}

/** What a certificate row holds besides the machine's fields, set once when it is written first. */
export interface IssuedExtras {
  issuingAuthority: string;
  printCount?: number;
  printedVersion?: number | null;
  printedAt?: Date | null;
}

/** Issues a certificate (ISSUE from the unissued state) in the caller's transaction, with its first history row. */
export async function issueCertificate(tx: Tx, event: IssueEvent, extras: IssuedExtras, cause: CertificateCause, now: Date): Promise<CertificateRow> {
  const r = transitionCertificate(unissuedCertificate(), event);
  if (!r.ok) throw new CertificateRefused(null, `${event.certNo}：${refusalWords(r.from, event)}`);
  const [row] = await tx.insert(certificate).values({
    ...rowFieldsOf(r.snapshot), issuingAuthority: extras.issuingAuthority, printCount: extras.printCount ?? 0, printedVersion: extras.printedVersion ?? null,
    printedAt: extras.printedAt ?? null, createdAt: now, updatedAt: now,
  }).returning();
  await tx.insert(certificateHistory).values({
    certificateId: row!.id, version: 0, data: null, reason: cause.reason, applicationId: cause.applicationId ?? null, changedAt: now,
    event: 'ISSUE', eventData: fieldsOf(event), actorId: cause.actorId, job: cause.job ?? null, punishmentId: cause.punishmentId ?? null,
    stateBefore: null, stateAfter: r.snapshot,
  });
  return row!;
}

/** One event of a loaded life, with when and why it happened. */
export interface LifeStep {
  event: CertificateEvent;
  at: Date;
  /** Default: a data load (reason `load`, no actor). */
  cause?: CertificateCause;
}

const LOADED: CertificateCause = { reason: 'load', actorId: null };

/** A certificate's life as a data load knows it (demo and scale seeds): its events from the issue on. */
export interface CertificateLife {
  steps: readonly LifeStep[];
  extras: IssuedExtras;
}

/**
 * Loads certificates with their whole history (seeds): each life runs through the machine from its
 * issue (a refused event fails the load, naming it), the row is written as its last state and one
 * history row per event, the replaced versions' data being the state before with today's holder and
 * enterprise (a load knows no other). Answers the ids in the order of `lives`.
 */
export async function loadCertificates(tx: Tx, lives: readonly CertificateLife[]): Promise<number[]> {
  const ids: number[] = [];
  const CHUNK = 500;
  for (let i = 0; i < lives.length; i += CHUNK) {
    const part = lives.slice(i, i + CHUNK);
    const runs = part.map((life) => {
      const states: PersistedCertificateSnapshot[] = [unissuedCertificate()];
      for (const step of life.steps) {
        const r = transitionCertificate(states.at(-1)!, step.event);
        if (!r.ok) throw new Error(`certificate load: ${step.event.type} refused in ${r.from} (${JSON.stringify(step.event)})`);
        states.push(r.snapshot);
      }
      return states;
    });
    const inserted = await tx.insert(certificate).values(part.map((life, k) => ({
      ...rowFieldsOf(runs[k]!.at(-1)!), issuingAuthority: life.extras.issuingAuthority, printCount: life.extras.printCount ?? 0,
      printedVersion: life.extras.printedVersion ?? null, printedAt: life.extras.printedAt ?? null,
      createdAt: life.steps[0]!.at, updatedAt: life.steps.at(-1)!.at,
    }))).returning({ id: certificate.id, certNo: certificate.certNo });
    const idOf = new Map(inserted.map((r) => [r.certNo, r.id]));
    const history = part.flatMap((life, k) => {
      const states = runs[k]!;
      const id = idOf.get(states.at(-1)!.context.certNo)!;
      ids.push(id);
      return life.steps.map((step, j) => {
        const before = states[j]!;
        const cause = step.cause ?? LOADED;
        const status = statusOfState(before.value);
        return {
          certificate_id: id, version: before.context.version, reason: cause.reason, application_id: cause.applicationId ?? null,
          changed_at: step.at.toISOString(), event: step.event.type, event_data: fieldsOf(step.event), actor_id: cause.actorId, job: cause.job ?? null,
          punishment_id: cause.punishmentId ?? null, state_before: status ? before : null, state_after: states[j + 1]!,
          data: status ? { ...before.context, id, status, ...(cause.note ? { cause: cause.note } : {}) } : null,
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
          application_id int, changed_at timestamptz, event text, event_data jsonb, actor_id int, job text, punishment_id int, state_before jsonb, state_after jsonb)
        left join ${person} p on p.id = (x.data->>'personId')::int
        left join ${enterprise} e on e.id = (x.data->>'enterpriseId')::int`);
    }
  }
  return ids;
}

