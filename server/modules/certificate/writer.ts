/**
 * The one writer of certificates (DESIGN "one writer"): the only way to change a certificate's
 * status, dates, version, enterprise, position or query code. Every caller — an application's close
 * effect (in the workflow store's transaction), a punishment's review, the 暂扣 and expiry jobs, the
 * seeds — sends the certificate machine (machines/certificate.machine.ts) an event in its own
 * transaction, and each call reads as load → decide → store: the rows are locked (store.ts), the
 * machine answers the new state or refuses (decide.ts, pure; a refusal fails the transaction with
 * its words: 409), and store.ts writes the new columns with one history row each. history.ts replays
 * those rows.
 *
 * Batches are first-class: a job moves thousands of certificates per transaction with one statement
 * that writes their history rows and their new columns together (each row's machine step is pure JS).
 */
import type { CertificateEvent } from '../../../machines/certificate.machine.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import {
  decideCertificateEvent,
  decideIssue,
  decideLife,
  rowAfter,
  type CertificateRow,
  type CertificateStep,
  type IssueEvent,
} from './decide.js';
import {
  lockCertificates,
  storeIssued,
  storeLives,
  storeSteps,
  type CertificateCause,
  type DecidedLife,
  type IssuedExtras,
} from './store.js';

export type { CertificateRow } from './decide.js';
export type { CertificateCause, IssuedExtras } from './store.js';

/** A certificate the machine refused an event: the caller's transaction fails with the machine's words. */
export class CertificateRefused extends AppError {
  constructor(
    readonly certificateId: number | null,
    msg: string,
  ) {
    super(409, msg);
  }
}

/**
 * Sends one event to one certificate in the caller's transaction: its row locked, the machine's
 * answer stored with its history row. A refusal fails the transaction (409 with the machine's words).
 */
export async function sendCertificateEvent(
  tx: Tx,
  id: number,
  event: CertificateEvent,
  cause: CertificateCause,
  now: Date,
): Promise<CertificateRow> {
  const [row] = await lockCertificates(tx, [id]);
  if (!row) throw new AppError(404, `证书（id ${id}）不存在`);
  const decision = decideCertificateEvent(row, event);
  if (!decision.ok) throw new CertificateRefused(id, decision.refused);
  await storeSteps(tx, [decision.step], cause, now);
  return rowAfter(row, decision.step, now);
}

/**
 * Sends each of the certificates `ids` the event `eventOf` answers for its row as it is (null: none
 * for this one), in one statement. `refused: 'skip'` (a job that picked rows a concurrent change has
 * moved since) leaves those as they are and names them; `'throw'` fails the transaction. `facts`
 * reads what the events are decided on once the rows are locked.
 */
export async function sendCertificateEvents(
  tx: Tx,
  ids: readonly number[],
  eventOf: (row: CertificateRow) => CertificateEvent | null,
  cause: CertificateCause,
  now: Date,
  opts: { refused: 'skip' | 'throw'; facts?: (rows: readonly CertificateRow[]) => Promise<void> } = {
    refused: 'throw',
  },
): Promise<{ changed: CertificateRow[]; refused: string[] }> {
  const rows = await lockCertificates(tx, ids);
  await opts.facts?.(rows);
  const steps: CertificateStep[] = [];
  const refused: string[] = [];
  const changed: CertificateRow[] = [];
  for (const row of rows) {
    const event = eventOf(row);
    if (!event) continue;
    const decision = decideCertificateEvent(row, event);
    if (!decision.ok) {
      if (opts.refused === 'throw') throw new CertificateRefused(row.id, decision.refused);
      refused.push(decision.refused);
      continue;
    }
    steps.push(decision.step);
    changed.push(rowAfter(row, decision.step, now));
  }
  await storeSteps(tx, steps, cause, now);
  return { changed, refused };
}

/** Issues a certificate (ISSUE from the unissued state) in the caller's transaction, with its first history row. */
export async function issueCertificate(
  tx: Tx,
  event: IssueEvent,
  extras: IssuedExtras,
  cause: CertificateCause,
  now: Date,
): Promise<CertificateRow> {
  const decision = decideIssue(event);
  if (!decision.ok) throw new CertificateRefused(null, decision.refused);
  return storeIssued(tx, event, decision.after, extras, cause, now);
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
 * issue (a refused event fails the load, naming it), then is stored as its last state with one
 * history row per event. Answers the ids in the order of `lives`.
 */
export async function loadCertificates(tx: Tx, lives: readonly CertificateLife[]): Promise<number[]> {
  const ids: number[] = [];
  const CHUNK = 500;
  for (let i = 0; i < lives.length; i += CHUNK) {
    const decided: DecidedLife[] = lives.slice(i, i + CHUNK).map((life) => ({
      steps: life.steps.map((s) => ({ event: s.event, at: s.at, cause: s.cause ?? LOADED })),
      states: decideLife(life.steps.map((s) => s.event)),
      extras: life.extras,
    }));
    ids.push(...(await storeLives(tx, decided)));
  }
  return ids;
}
