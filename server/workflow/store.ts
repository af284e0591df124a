/**
 * The application store: the only code that creates applications and writes their workflow
 * (snapshot, status, step, version, history, to-dos, messages), and the home of the hot SQL and of
 * the shortcuts bench:workflow justifies. (Two certificate writers still stamp a column of their
 * own: a new certificate's id, business/effects.ts; printed_at, certificate/print.ts.) What is
 * written is decided elsewhere (decide.ts); here it is read, written and remembered:
 *
 * - the application is read as text written once (runText), with its row's xmin;
 * - read with the session (RouteAccess.preload): the auth hook's one round trip reads both;
 * - a transition is one SQL statement: the update under the version check, the history row, the
 *   to-dos closed and given, the messages, and the answer's names and deadline settings;
 * - remembered rows (RememberedApplications): a transition is decided on the caller's session and
 *   the application as this process last read or wrote them, and its one statement writes only
 *   while both are still so (the row's xmin, the session's fingerprint); anything else is decided
 *   again on what the database holds. One round trip per transition instead of two.
 */
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { createApplicationSnapshot, type ApplicationEvent } from '../../machines/application.machine.js';
import { BUSINESS_ROUTES, type BusinessType } from '../../machines/businessTypes.js';
import type { FastifyRequest } from 'fastify';
import type { AuthUser, Preload } from '../context.js';
import { runText, TextBuilder, type DbOrTx, type TextStatement, type Tx } from '../db/client.js';
import { application, applicationHistory, enterprise, sysUser } from '../db/schema.js';
import { currentUser, type SessionGuard } from '../lib/authUser.js';
import { BoundedMap } from '../lib/boundedMap.js';
import { chinaDate } from '../lib/days.js';
import { AppError, conflict, notFound, STALE_VERSION } from '../lib/errors.js';
import { refusalError, transitionOf, type Decision, type EventChanges, type Transition } from './decide.js';
import { DEADLINE_CONFIG_KEYS, extrasFrom, HISTORY_JSON, NAMES_COLUMNS, NAMES_JOIN, rememberExtras } from './detail.js';
import { todoRef, whomQuery } from './notify.js';
import { handlersOf } from './registry.js';
import type { ApplicationRow, WorkflowEnv } from './types.js';

// ---------------------------------------------------------------------------------------------
// Reading an application

/**
 * The row's xmin, the transaction that wrote this version of it: read with the row, so that a
 * transition decided on a row read earlier can check in its own statement that nobody has written
 * the row since (RememberedApplications), whatever they changed.
 */
const ROW_XMIN = 'xmin::text as row_xmin';
const storedXmin = new WeakMap<ApplicationRow, string>();

/** Every request about an application starts here: written once as text (see runText). */
const applicationById = (param: string) =>
  `select *, ${ROW_XMIN} from application where id = ${param} and deleted = false`;
const LOAD_APPLICATION = applicationById('$1');
const NOT_FOUND = '业务不存在或已删除';

export async function loadApplication(db: DbOrTx, id: number): Promise<ApplicationRow> {
  const [raw] = await runText(db, { sql: LOAD_APPLICATION, params: [id] });
  if (!raw) throw notFound(NOT_FOUND);
  return applicationRowFrom(raw);
}

const INT32_MAX = 2_147_483_647;

/**
 * The application a route names in its :id, for the auth hook to read with the session in one
 * round trip (RouteAccess.preload). Only a plain id is sent: anything else is left to the route's
 * validation, as before.
 */
export function preloadApplication(params: unknown): Preload | null {
  const raw = params && typeof params === 'object' ? (params as Record<string, unknown>).id : undefined;
  if (typeof raw !== 'string' || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > INT32_MAX) return null;
  return { sql: applicationById('$2'), param: Number(raw) };
}

/** The application the auth hook read for this id (a 404 when there is none), or null when it read none. */
export function preloadedApplication(preloaded: FastifyRequest['preloaded'], id: number): ApplicationRow | null {
  if (!preloaded || preloaded.param !== id) return null;
  if (!preloaded.row) throw notFound(NOT_FOUND);
  return applicationRowFrom(preloaded.row);
}

/** The application as the route's request already read it (with the session), or read now. */
export async function applicationOfRequest(db: DbOrTx, req: FastifyRequest, id: number): Promise<ApplicationRow> {
  return preloadedApplication(req.preloaded, id) ?? loadApplication(db, id);
}

const APPLICATION_COLUMNS = getTableColumns(application);

/** A row as the database driver returned it (snake_case, raw values) → the application row. */
function applicationRowFrom(raw: Record<string, unknown>): ApplicationRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(APPLICATION_COLUMNS)) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  const typed = row as ApplicationRow;
  if (typeof raw.row_xmin === 'string') storedXmin.set(typed, raw.row_xmin);
  return typed;
}

/** History rows in order, as the machine events they were. */
export async function historyOf(db: DbOrTx, id: number) {
  return db
    .select({ h: applicationHistory, actorName: sysUser.nickName })
    .from(applicationHistory)
    .leftJoin(sysUser, eq(sysUser.userId, applicationHistory.actorId))
    .where(eq(applicationHistory.applicationId, id))
    .orderBy(asc(applicationHistory.version));
}

// ---------------------------------------------------------------------------------------------
// Writing a transition

/**
 * A write on rows this process read earlier: its statement writes only while the application's row
 * is the one read (xmin) and `sessionStillSo` (a condition of the statement, its parameters added
 * with `param`) holds; otherwise it writes nothing and throws RememberedRowsOutdated.
 */
export interface RememberedRowsGuard {
  sessionStillSo: (param: (value: unknown) => string) => string;
}

/** A guarded write found what it was decided on changed: nothing was written. */
export class RememberedRowsOutdated extends Error {}

/** What the answer shows of a history row (HISTORY_JSON reads these). */
const HISTORY_COLUMNS =
  'id, version, event, result_code, step, actor_name, role_key, comment, from_state, to_state, created_at';

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * The transition as one SQL statement: update the application under its version check, insert the
 * history row, close the application's open to-dos and give whoever must act now theirs and a
 * message. One statement is one transaction and one round trip to the database; when the version
 * check fails nothing is written (every part depends on the updated row). Written as text: it runs
 * on every transition, and composing it from drizzle fragments cost more CPU than running it.
 */
function transitionStatement(t: Transition, guard: RememberedRowsGuard | undefined): TextStatement {
  const { read, next, event, history, notice } = t;
  const b = new TextBuilder();
  const p = b.param;
  const ref = p(todoRef(read.id));
  const at = p(next.updatedAt);
  const actor = p(t.actorName);
  const parts = [
    `upd as (
      update application set snapshot = ${p(json(next.snapshot))}::jsonb, status = ${p(next.status)}, step = ${p(next.step)}, version = ${p(next.version)},
        outcome = ${p(next.outcome)}, submitted_at = ${p(next.submittedAt)}, accepted_at = ${p(next.acceptedAt)}, closed_at = ${p(next.closedAt)},
        deleted = ${p(next.deleted)}, payload = coalesce(${p(json(t.savedPayload))}::jsonb, payload), updated_at = ${at}
      where id = ${p(read.id)} and version = ${p(read.version)}${guard ? ` and xmin = ${p(storedXmin.get(read))}::xid and ${guard.sessionStillSo(p)}` : ''}
      returning *, ${ROW_XMIN})`,
    `hist as (
      insert into application_history (application_id, version, event, result_code, step, actor_id, actor_name, role_key, comment, from_state, to_state, facts, created_at)
      select id, version, ${p(event.type)}::text, ${p(history.resultCode)}::int, ${p(history.step)}::text, ${p(event.actorId)}::int, ${actor}::text, ${p(event.roleKey)}::text,
        ${p(event.comment ?? null)}::text, ${p(history.from)}::text, ${p(history.to)}::text, ${p(json(history.facts))}::jsonb, ${at}::timestamptz from upd
      returning ${HISTORY_COLUMNS})`,
    `done as (update sys_todo set status = '1' where ref = ${ref}::text and status = '0' and exists (select 1 from upd))`,
  ];
  if (notice) {
    parts.push(`whom as (${whomQuery(notice.whom, b)})`);
    if (notice.todo) {
      parts.push(`todo as (
        insert into sys_todo (mc, url, user_id, ref, status, created_at)
        select ${p(notice.todo.mc)}::text, ${p(notice.todo.url)}::text, user_id, ${ref}::text, '0', ${at}::timestamptz from whom where exists (select 1 from upd))`);
    }
    parts.push(`msg as (
      insert into sys_msg_info (msg_type, bt, nr, user_id, ckzt, sender_name, created_at)
      select 'systemType', ${p(notice.msg.bt)}::text, ${p(notice.msg.nr)}::text, user_id, '0', ${actor}::text, ${at}::timestamptz from whom where exists (select 1 from upd))`);
  }
  // The answer comes back too: the names, the history row this statement wrote (not the whole
  // history again: the caller has it, or reads it with the detail) and the deadline settings the
  // answer's row shows. Not the updated row itself: every value of it was computed by decide (next).
  return b.done(`with ${parts.join(', ')}
    select a.id, a.row_xmin, ${NAMES_COLUMNS},
      (select ${HISTORY_JSON} from hist h) as entry,
      (select json_object_agg(config_key, config_value) from sys_config where config_key in (${p(DEADLINE_CONFIG_KEYS.reviewDays)}, ${p(DEADLINE_CONFIG_KEYS.modifyDays)})) as deadline_config
    from upd a ${NAMES_JOIN}`);
}

/**
 * Writes a decided transition on the database or inside the caller's transaction (`exec`): the
 * version check in the UPDATE makes two reviewers acting at once unable to both succeed (the
 * second gets 409). An application that closes approved runs its business type's close effect in
 * the same transaction, opened here if the caller has none. Answers the row as written.
 */
export async function storeTransition(
  env: WorkflowEnv,
  exec: DbOrTx,
  t: Transition,
  guard?: RememberedRowsGuard,
): Promise<ApplicationRow> {
  // A guard on a row whose xmin was not read with it could never hold.
  if (guard && !storedXmin.has(t.read)) throw new RememberedRowsOutdated();
  if (t.closesApproved && !(exec instanceof PgTransaction))
    return exec.transaction((tx) => storeTransition(env, tx, t, guard));
  const rows = await runText(exec, transitionStatement(t, guard));
  if (!rows[0]) throw guard ? new RememberedRowsOutdated() : conflict(STALE_VERSION);
  // The row as written is `next`: the values decide computed. Its snapshot is the object the machine
  // returned (the same JSON), which keeps its revived form (application.machine.ts) for the answer's allowed events.
  if (typeof rows[0].row_xmin === 'string') storedXmin.set(t.next, rows[0].row_xmin);
  if (!t.closesApproved) {
    rememberExtras(t.next, extrasFrom(rows[0]));
    env.metrics?.transition(t.next.businessType, t.event.type);
    return t.next;
  }
  await handlersOf(t.next.businessType as BusinessType).closeEffect(exec as Tx, t.next, env);
  // The effect may have changed the row (a new certificate's id): the answer shows it as it is now.
  const written = await loadApplication(exec, t.next.id);
  // Counted once written (with its close effect); a caller's own transaction that rolls back later was counted all the same.
  env.metrics?.transition(t.next.businessType, t.event.type);
  return written;
}

/** Stores a decision: its transition written (storeTransition), its refusal thrown as the HTTP error it is. */
export async function storeDecision(
  env: WorkflowEnv,
  exec: DbOrTx,
  decision: Decision,
  guard?: RememberedRowsGuard,
): Promise<ApplicationRow> {
  if (!decision.ok) throw refusalError(decision.refusal);
  return storeTransition(env, exec, decision.transition, guard);
}

/**
 * The machine's step and its write, for callers that are the sender check themselves (the demo
 * seed, an applicant's own drafts removed, save-and-submit after the rules, the benchmark's setup):
 * no visibility, version or sender check, only the machine's 409.
 */
export async function applyEvent(
  env: WorkflowEnv,
  exec: DbOrTx,
  app: ApplicationRow,
  event: ApplicationEvent,
  actorName: string,
  changes?: EventChanges,
): Promise<ApplicationRow> {
  return storeDecision(env, exec, transitionOf(app, event, actorName, env.clock.now(), changes));
}

// ---------------------------------------------------------------------------------------------
// Creating an application

const APPLY_NO_PREFIX: Record<BusinessType, string> = {
  newCert: 'XB',
  delay: 'YQ',
  inner: 'SN',
  inProvince: 'DR',
  outProvince: 'DC',
  modify: 'BG',
  revocation: 'ZX',
  personRevocation: 'GZ',
  rename: 'GM',
};

/** Application number: type prefix + date (China time) + 5-digit sequence of the day, e.g. XB2026112200001. */
async function nextApplyNo(tx: Tx, type: BusinessType, now: Date): Promise<string> {
  const day = chinaDate(now).replace(/-/g, '');
  const prefix = `${APPLY_NO_PREFIX[type]}${day}`;
  // Applications of one type and day are numbered one at a time: concurrent saves queue here
  // instead of reading the same count and colliding on the unique number.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${prefix}))`);
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(application)
    .where(sql`${application.applyNo} like ${prefix + '%'}`);
  return `${prefix}${String(n + 1).padStart(5, '0')}`;
}

export interface NewApplication {
  businessType: BusinessType;
  applicantUserId: number;
  enterpriseId: number | null;
  personId: number | null;
  holderUserId: number | null;
  certificateId: number | null;
  payload: Record<string, unknown>;
  /** Area of the handling centre; defaults to the enterprise's ownership. */
  area?: string;
}

/** The applicant's first save creates the row in state `saved` (DESIGN: the machine starts there). */
export async function createApplication(env: WorkflowEnv, tx: Tx, input: NewApplication): Promise<ApplicationRow> {
  let area = input.area;
  if (!area && input.enterpriseId) {
    const [ent] = await tx
      .select({ ownership: enterprise.ownership })
      .from(enterprise)
      .where(eq(enterprise.id, input.enterpriseId));
    area = ent?.ownership;
  }
  if (!area) throw new AppError(400, '无法确定业务的办理中心（缺少申请企业）', 'enterpriseId');
  const route = BUSINESS_ROUTES[input.businessType];
  const snapshot = createApplicationSnapshot({
    businessType: input.businessType,
    applicantId: input.applicantUserId,
    holderId: route.personCheck ? input.holderUserId : null,
  });
  const now = env.clock.now();
  const [row] = await tx
    .insert(application)
    .values({
      applyNo: await nextApplyNo(tx, input.businessType, now),
      businessType: input.businessType,
      applicantUserId: input.applicantUserId,
      enterpriseId: input.enterpriseId,
      personId: input.personId,
      holderUserId: route.personCheck ? input.holderUserId : null,
      certificateId: input.certificateId,
      area,
      status: 1,
      step: null,
      version: 0,
      snapshot,
      payload: input.payload,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Remembered rows: a transition in one round trip

/**
 * How this process's transitions on remembered rows went: written on what it remembered, or
 * decided again on the database (something had changed, or the answer was a refusal). For
 * monitoring and the tests.
 */
export const guardedTransitions = { written: 0, decidedAgain: 0 };

/** Applications a process remembers as last read or written: more than a centre has in work at once (rows with their payloads). */
const REMEMBERED_APPLICATIONS = 5_000;

/** What one attempt of an event is decided on: the caller, the application, and the guard its write must carry (none on the database's rows). */
export interface EventBasis {
  user: AuthUser;
  row: ApplicationRow;
  guard: RememberedRowsGuard | undefined;
}

/**
 * The applications this process last read or wrote, each with its row's xmin, for transitions
 * decided without reading anything first. bench:workflow, the same hour: it saves the session's
 * and the application's read, one round trip of two.
 */
export class RememberedApplications {
  private readonly rows = new BoundedMap<number, ApplicationRow>(REMEMBERED_APPLICATIONS);

  /**
   * @param db the app's database (one instance per app: two apps in one process never share rows)
   * @param sessionStillAsKnown the condition that a session still has the fingerprint it was read with (modules/auth)
   */
  constructor(
    private readonly db: DbOrTx,
    private readonly sessionStillAsKnown: (known: SessionGuard, param: (value: unknown) => string) => string,
  ) {}

  /** Remembers a row as read or written (with its xmin when it was read with it). */
  remember(row: ApplicationRow): void {
    this.rows.set(row.id, row);
  }

  /**
   * Runs `attempt` (load → decide → store) on the caller's session and the application as this
   * process remembers them, guarded; when that does not go through — something changed since, or it
   * refused on what may be outdated — the session is read again (with the application, the route's
   * preload) and `attempt` runs on what the database holds, unguarded: its answer, success or
   * refusal, is the one the caller gets. The row written is remembered.
   */
  async rememberedElseStored(
    req: FastifyRequest,
    id: number,
    attempt: (basis: EventBasis) => Promise<ApplicationRow>,
  ): Promise<ApplicationRow> {
    const session = req.sessionGuard;
    const row = session ? this.rows.get(id) : undefined;
    let written: ApplicationRow | null = null;
    if (session && row && storedXmin.has(row)) {
      const guard = { sessionStillSo: (param: (value: unknown) => string) => this.sessionStillAsKnown(session, param) };
      written = await attempt({ user: currentUser(req), row, guard }).catch(() => null);
      if (written) guardedTransitions.written++;
    }
    if (!written) {
      if (session) {
        guardedTransitions.decidedAgain++;
        await session.confirm();
      }
      written = await attempt({
        user: currentUser(req),
        row: await applicationOfRequest(this.db, req, id),
        guard: undefined,
      });
    }
    this.remember(written);
    return written;
  }
}
