/**
 * A certificate's history replayed through its machine (DESIGN "a history that replays to its stored
 * state"): from the issue (or from the ADOPT row migration 0043 wrote for certificates older than the
 * machine), each history row's event must be one the machine takes in the state the rows before left,
 * leading to the state the row recorded; the last state must be the stored row. The audit page of one
 * certificate, the tests and the nightly housekeeping's invariants read it.
 */
import { and, asc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import {
  certificateStateOf,
  transitionCertificate,
  unissuedCertificate,
  type CertificateEvent,
  type PersistedCertificateSnapshot,
} from '../../../machines/certificate.machine.js';
import type { DbOrTx } from '../../db/client.js';
import { certificate, certificateHistory } from '../../db/schema.js';

export interface ReplayVerdict {
  certificateId: number;
  certNo: string;
  /** The history replays to the stored row. */
  consistent: boolean;
  /** Events replayed. */
  events: number;
  /** What did not fit, in words (null when consistent). */
  error: string | null;
}

type HistoryRow = Pick<
  typeof certificateHistory.$inferSelect,
  'id' | 'event' | 'eventData' | 'stateBefore' | 'stateAfter'
>;
type StoredRow = typeof certificate.$inferSelect;

/** JSON with its keys in order, so two states compare by value. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
const same = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

/** Replays one certificate's rows (in order) against its stored row. */
export function replayRows(row: StoredRow, history: readonly HistoryRow[]): ReplayVerdict {
  const verdict = (error: string | null, events: number): ReplayVerdict => ({
    certificateId: row.id,
    certNo: row.certNo,
    consistent: error === null,
    events,
    error,
  });
  let state: PersistedCertificateSnapshot | null = null;
  let events = 0;
  for (const h of history) {
    if (!h.event) continue;
    if (h.event === 'ADOPT') {
      state = h.stateAfter as PersistedCertificateSnapshot;
      continue;
    }
    const before: PersistedCertificateSnapshot = state ?? unissuedCertificate();
    if (h.stateBefore !== null && !same(h.stateBefore, before))
      return verdict(`历史记录 ${h.id}（${h.event}）之前的状态与前一条记录之后的状态不一致`, events);
    const event = { ...(h.eventData as Record<string, unknown>), type: h.event } as CertificateEvent;
    const r = transitionCertificate(before, event);
    if (!r.ok) return verdict(`历史记录 ${h.id}：状态机在 ${before.value} 不接受 ${h.event}`, events);
    if (!same(r.snapshot, h.stateAfter))
      return verdict(`历史记录 ${h.id}（${h.event}）记录的结果与状态机的结果不一致`, events);
    state = r.snapshot;
    events += 1;
  }
  if (!state) return verdict('没有发证或接管记录', events);
  let stored: PersistedCertificateSnapshot;
  try {
    stored = certificateStateOf(row);
  } catch (e) {
    return verdict(`存储的证书不是状态机的状态：${(e as Error).message}`, events);
  }
  return same(stored, state) ? verdict(null, events) : verdict('历史重放的结果与存储的证书不一致', events);
}

/** The rows of these certificates' histories, in order, by certificate. */
async function historiesOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, HistoryRow[]>> {
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            certificateId: certificateHistory.certificateId,
            id: certificateHistory.id,
            event: certificateHistory.event,
            eventData: certificateHistory.eventData,
            stateBefore: certificateHistory.stateBefore,
            stateAfter: certificateHistory.stateAfter,
          })
          .from(certificateHistory)
          .where(and(inArray(certificateHistory.certificateId, [...ids]), isNotNull(certificateHistory.event)))
          .orderBy(asc(certificateHistory.certificateId), asc(certificateHistory.id));
  const out = new Map<number, HistoryRow[]>();
  for (const r of rows) {
    const list = out.get(r.certificateId);
    if (list) list.push(r);
    else out.set(r.certificateId, [r]);
  }
  return out;
}

/** Replays one certificate (null when it does not exist). */
export async function replayCertificate(db: DbOrTx, id: number): Promise<ReplayVerdict | null> {
  const [row] = await db.select().from(certificate).where(eq(certificate.id, id));
  if (!row) return null;
  return replayRows(row, (await historiesOf(db, [id])).get(id) ?? []);
}

/** Every certificate with its history rows, in id batches: memory stays flat over millions. */
export async function* certificatesWithHistories(
  db: DbOrTx,
  batch = 2000,
): AsyncGenerator<{ row: StoredRow; history: HistoryRow[] }[]> {
  for (let after = 0; ; ) {
    const rows = await db
      .select()
      .from(certificate)
      .where(gt(certificate.id, after))
      .orderBy(asc(certificate.id))
      .limit(batch);
    if (rows.length === 0) return;
    const histories = await historiesOf(
      db,
      rows.map((r) => r.id),
    );
    yield rows.map((row) => ({ row, history: histories.get(row.id) ?? [] }));
    after = rows.at(-1)!.id;
  }
}

/** Replays every certificate; answers those whose history does not replay to their row, at most `limit`, and how many were looked at. */
export async function replayAll(
  db: DbOrTx,
  opts: { batch?: number; limit?: number } = {},
): Promise<{ checked: number; broken: ReplayVerdict[] }> {
  const broken: ReplayVerdict[] = [];
  let checked = 0;
  for await (const certificates of certificatesWithHistories(db, opts.batch)) {
    for (const { row, history } of certificates) {
      const v = replayRows(row, history);
      if (!v.consistent && broken.length < (opts.limit ?? 100)) broken.push(v);
    }
    checked += certificates.length;
  }
  return { checked, broken };
}
