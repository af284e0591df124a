/**
 * What the answer about an application shows besides the row: the names (enterprise, holder,
 * certificate number) and the history. The transition's statement returns the names and the one
 * history row it wrote with the updated row (store.ts), so answering a transition costs no second
 * query and does not read the whole history again; the detail view reads names and the whole
 * history with detailQuery.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ApplicationRow } from './types.js';

export interface HistoryEntry {
  id: number;
  version: number;
  event: string;
  resultCode: number | null;
  step: string | null;
  actorName: string;
  roleKey: string;
  comment: string | null;
  fromState: string;
  toState: string;
  /** as the database wrote it in JSON (any offset); the answer turns it into an ISO instant */
  createdAt: string;
}

export interface DetailExtras {
  enterpriseName: string | null;
  holderName: string | null;
  certNo: string | null;
  /** The whole history in order (detailQuery); absent in a transition's extras. */
  history?: HistoryEntry[];
  /** The history row a transition wrote (the transition's statement). */
  entry?: HistoryEntry;
  /** The deadline settings as sys_config held them in the same statement (key → value), when it read them. */
  deadlineConfig?: Record<string, string>;
}

/**
 * A history row as a JSON object (h: an application_history row). Plain text: the transition's
 * statement is written as text once per shape (store.ts), not composed by drizzle on every call.
 */
export const HISTORY_JSON = `json_build_object(
  'id', h.id, 'version', h.version, 'event', h.event, 'resultCode', h.result_code, 'step', h.step, 'actorName', h.actor_name,
  'roleKey', h.role_key, 'comment', h.comment, 'fromState', h.from_state, 'toState', h.to_state, 'createdAt', h.created_at)`;

/** The names of an application (a: the application row), as enterprise_name, holder_name, cert_no. */
export const NAMES_JOIN = `
  left join enterprise e on e.id = a.enterprise_id
  left join person p on p.id = a.person_id
  left join certificate c on c.id = a.certificate_id`;
export const NAMES_COLUMNS = 'e.name as enterprise_name, p.name as holder_name, c.cert_no';

/** The sys_config keys of the statutory deadlines (views.ts readDeadlineLimits); the transition's answer carries their values. */
export const DEADLINE_CONFIG_KEYS = {
  reviewDays: 'biz.review.deadlineWorkingDays',
  modifyDays: 'biz.modify.deadlineWorkingDays',
} as const;

const historyJson = sql.raw(HISTORY_JSON);
const namesJoin = sql.raw(NAMES_JOIN);
const namesColumns = sql.raw(NAMES_COLUMNS);

/** The names and the whole history of one application, in one query. */
export const detailQuery = (id: number): SQL => sql`
  select ${namesColumns},
    coalesce((select json_agg(${historyJson} order by h.version) from application_history h where h.application_id = a.id), '[]'::json) as history
  from application a ${namesJoin}
  where a.id = ${id}`;

function configFrom(value: unknown): Record<string, string> {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  const out: Record<string, string> = {};
  if (parsed && typeof parsed === 'object')
    for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** A JSON column the driver may hand over parsed or as text. */
const fromJson = <T>(value: unknown): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : ((value as T | null | undefined) ?? null);

/** The driver's row (snake_case names, history and entry as JSON) → the extras. */
export function extrasFrom(raw: Record<string, unknown>): DetailExtras {
  const history = raw.history !== undefined ? (fromJson<HistoryEntry[]>(raw.history) ?? []) : undefined;
  const entry = raw.entry !== undefined ? (fromJson<HistoryEntry>(raw.entry) ?? undefined) : undefined;
  return {
    enterpriseName: (raw.enterprise_name as string | null) ?? null,
    holderName: (raw.holder_name as string | null) ?? null,
    certNo: (raw.cert_no as string | null) ?? null,
    ...(history ? { history: [...history].sort((x, y) => x.version - y.version) } : {}),
    ...(entry ? { entry } : {}),
    ...(raw.deadline_config !== undefined ? { deadlineConfig: configFrom(raw.deadline_config) } : {}),
  };
}

/** Extras that came back with a transition, for the row it returned. */
const answered = new WeakMap<ApplicationRow, DetailExtras>();

export const rememberExtras = (row: ApplicationRow, extras: DetailExtras) => answered.set(row, extras);
export const extrasOf = (row: ApplicationRow): DetailExtras | undefined => answered.get(row);
