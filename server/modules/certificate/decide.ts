/**
 * What a certificate event does, decided without a database (issue #44 item 5, as the application's
 * server/workflow/decide.ts): the stored row as the machine's state, the machine's answer — the state
 * after, or the refusal in the words the caller's 409 carries — and the columns that state stands for.
 * writer.ts loads the rows, asks here, and has store.ts write what was decided.
 */
import {
  certificateStateOf,
  liveThrough,
  refusalWords,
  statusOfState,
  transitionCertificate,
  unissuedCertificate,
  type CertificateEvent,
  type PersistedCertificateSnapshot,
} from '../../../machines/certificate.machine.js';
import type { certificate } from '../../db/schema.js';

export type CertificateRow = typeof certificate.$inferSelect;
export type IssueEvent = Extract<CertificateEvent, { type: 'ISSUE' }>;

/** One certificate's step: its id, the event, and the machine's states around it. */
export interface CertificateStep {
  id: number;
  event: CertificateEvent;
  before: PersistedCertificateSnapshot;
  after: PersistedCertificateSnapshot;
}

/** The machine's answer to one event: the step to store, or the refusal's words (naming the certificate). */
export type CertificateDecision = { ok: true; step: CertificateStep } | { ok: false; refused: string };

/** The fields of the event as stored (its type is the history row's `event`). */
export const eventFieldsOf = (event: CertificateEvent): Record<string, unknown> => {
  const { type: _type, ...fields } = event;
  return fields;
};

/** The columns a machine state stands for. */
export function rowFieldsOf(state: PersistedCertificateSnapshot) {
  const c = state.context;
  const status = statusOfState(state.value);
  if (!status) throw new Error('an unissued certificate has no row');
  return {
    status,
    certNo: c.certNo,
    category: c.category,
    personId: c.personId,
    enterpriseId: c.enterpriseId,
    position: c.position,
    issueDate: c.issueDate,
    validFrom: c.validFrom,
    expiryDate: c.expiryDate,
    version: c.version,
    queryCode: c.queryCode,
    suspendedFrom: c.suspendedFrom,
    suspendedTo: c.suspendedTo,
  };
}

/** The stored row after a decided step (the caller's copy of what store.ts writes). */
export const rowAfter = (row: CertificateRow, step: CertificateStep, now: Date): CertificateRow => ({
  ...row,
  ...rowFieldsOf(step.after),
  updatedAt: now,
});

/** One event sent to one stored certificate. */
export function decideCertificateEvent(row: CertificateRow, event: CertificateEvent): CertificateDecision {
  const before = certificateStateOf(row);
  const r = transitionCertificate(before, event);
  if (!r.ok) return { ok: false, refused: `${row.certNo}：${refusalWords(r.from, event)}` };
  return { ok: true, step: { id: row.id, event, before, after: r.snapshot } };
}

/** An issue: the unissued certificate takes ISSUE (its validity statutory, its 发证日期 not before the acceptance). */
export function decideIssue(
  event: IssueEvent,
): { ok: true; after: PersistedCertificateSnapshot } | { ok: false; refused: string } {
  const r = transitionCertificate(unissuedCertificate(), event);
  return r.ok
    ? { ok: true, after: r.snapshot }
    : { ok: false, refused: `${event.certNo}：${refusalWords(r.from, event)}` };
}

/** A loaded life (seeds): the states from the unissued one through each event; throws at the first refusal, naming it. */
export function decideLife(events: readonly CertificateEvent[]): PersistedCertificateSnapshot[] {
  return [unissuedCertificate(), ...liveThrough(events)];
}
