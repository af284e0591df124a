/**
 * The server's authority over applications: load the stored snapshot, check who is asking,
 * let the machine decide, and persist the new snapshot, status, step, version and one history
 * row in one transaction (with the business effect when the application closes approved).
 */
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import {
  eventsAcceptedNow, previousStepOf, sendersOf, reviveApplicationSnapshot, stepOf, transitionApplication,
  type ApplicationEventType, type ApplicationSender, type PersistedApplicationSnapshot, type ApplicationStateName,
  createApplicationSnapshot, type ApplicationEvent,
} from '../../machines/application.machine.js';
import { BUSINESS_ROUTES, type BusinessType, type Step } from '../../machines/businessTypes.js';
import type { FastifyRequest } from 'fastify';
import type { AppContext, AuthUser, Preload } from '../context.js';
import { runText, TextBuilder, type DbOrTx, type TextStatement, type Tx } from '../db/client.js';
import { application, applicationHistory, enterprise, sysUser } from '../db/schema.js';
import { AppError, conflict, forbidden, notFound, STALE_VERSION } from '../lib/errors.js';
import type { ApplicationRow, WorkflowEnv } from './types.js';
import { handlersOf, type RuleVerdict } from './registry.js';
import { noticeFor, todoRef, whomQuery, type Notice } from './notify.js';
import { DEADLINE_CONFIG_KEYS, extrasFrom, HISTORY_JSON, NAMES_COLUMNS, NAMES_JOIN, rememberExtras } from './detail.js';
import { checkSender, holdsStep, inArea, stepsHeld } from './who.js';
import { chinaDate } from '../lib/days.js';
import { remembered } from '../lib/remembered.js';

export const NOT_ALLOWED_NOW = '当前状态不允许该操作';

const stageOf = (name: ApplicationStateName) =>
  name.startsWith('inReview.') ? ('inReview' as const)
    : name === 'saved' || name === 'personCheck' || name === 'submitted' ? name : ('final' as const);

function stepsAround(snapshot: PersistedApplicationSnapshot): { current: Step | null; previous: Step | null } {
  const live = reviveApplicationSnapshot(snapshot);
  const current = stepOf(live);
  return { current, previous: current ? previousStepOf(live.context, current) : null };
}

/**
 * Answers kept by a list's rows' questions, which repeat on every call of the page: the machine is
 * pure, so a stored snapshot (as JSON) asked by the same actor and senders gets the same answer. A
 * centre's work page revived its ten rows' snapshots (9 µs a row) and asked each event of each
 * (10 µs more) every time. Emptied when full: a day's lists repeat far fewer snapshots.
 */
const ANSWERS_KEPT = 5_000;
const stepsOfSnapshot = new Map<string, { current: Step | null; previous: Step | null }>();
const eventsOfQuestion = new Map<string, readonly ApplicationEventType[]>();

/** The senders this user can be for this application now (machine `meta.who` vocabulary); `stored`: the snapshot as JSON. */
function sendersFor(user: AuthUser, app: EngineParties, snapshot: PersistedApplicationSnapshot, stored: string): ApplicationSender[] {
  const who: ApplicationSender[] = [];
  if (user.userId === app.applicantUserId) who.push('applicant');
  if (app.holderUserId !== null && user.userId === app.holderUserId) who.push('holder');
  // The steps come from the revived machine: only for a user who could act at one (a list of
  // ten rows for the province's overseer or an enterprise revived ten snapshots to learn nothing).
  if (inArea(user, app.area) && stepsHeld(user).length > 0) {
    const { current, previous } = remembered(stepsOfSnapshot, stored, () => stepsAround(snapshot), ANSWERS_KEPT);
    if (current && holdsStep(user, current)) who.push('stepRole');
    if (previous && holdsStep(user, previous)) who.push('previousActor');
  }
  return who;
}

/** What the engine reads of an application to say who may send what: its parties, area and stored snapshot. */
export type EngineParties = Pick<ApplicationRow, 'applicantUserId' | 'holderUserId' | 'area' | 'snapshot'>;

/** The events this user may send now: the machine's answer for the senders the user can be. */
export function allowedEventsFor(user: AuthUser, app: EngineParties): ApplicationEventType[] {
  const snapshot = app.snapshot as PersistedApplicationSnapshot;
  const stored = JSON.stringify(snapshot);
  const who = sendersFor(user, app, snapshot, stored);
  if (who.length === 0) return [];
  return [...remembered(eventsOfQuestion, `${user.userId}|${who.join(',')}|${stored}`, () => eventsAcceptedNow(snapshot, { actorId: user.userId, who }), ANSWERS_KEPT)];
}

/** Staff see their area's items, applicants and holders their own; others get a 403. */
export function assertCanSee(user: AuthUser, app: ApplicationRow): void {
  if (user.userId === app.applicantUserId || user.userId === app.holderUserId) return;
  const isStaff = [...user.permissions].some((p) => p.startsWith('workflow:')) || user.area === 'all';
  if (isStaff && inArea(user, app.area)) return;
  throw forbidden('您无权查看该业务');
}

/**
 * The row's xmin, the transaction that wrote this version of it: read with the row, so that a
 * transition decided on a row read earlier can check in its own statement that nobody has written
 * the row since (KnownRowsGuard), whatever they changed.
 */
const ROW_XMIN = 'xmin::text as row_xmin';
const storedXmin = new WeakMap<ApplicationRow, string>();

/** Whether this row is known as stored (its xmin was read with it): a guarded transition can start from it. */
export const isKnownAsStored = (row: ApplicationRow): boolean => storedXmin.has(row);

/** Every request about an application starts here: written once as text (see runText). */
const applicationById = (param: string) => `select *, ${ROW_XMIN} from application where id = ${param} and deleted = false`;
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

export interface EventInput {
  type: ApplicationEventType;
  comment?: string;
  version: number;
}

/** Status of a submission the business rules refuse (the body's code is the rule's code, SPEC 4 for delay). */
export const RULE_REFUSED = 422;

/**
 * The business rules of DOMAIN.md, the same answer as the pre-check: a submission they refuse is a
 * 422 whose code is the rule (delay: SPEC 4 codes 1–9) and whose msg names it. Read before the
 * transaction (PGlite serialises on one connection).
 */
export async function assertRulesPass(ctx: Pick<AppContext, 'db' | 'clock'>, app: ApplicationRow): Promise<RuleVerdict> {
  const answer = await handlersOf(app.businessType as BusinessType).rules(ctx.db, ctx.clock, {
    businessType: app.businessType as BusinessType, applicationId: app.id, enterpriseId: app.enterpriseId, personId: app.personId,
    certificateId: app.certificateId, payload: app.payload, applicantUserId: app.applicantUserId,
  });
  if (answer.code !== 0) throw new AppError(RULE_REFUSED, answer.message, answer.field, answer.code, { checkCode: answer.code, facts: answer.facts });
  return answer;
}

/**
 * A transition decided on what this process read earlier (the caller's session, the application):
 * its statement writes only while the application's row is the one read (xmin) and `stillSo` holds,
 * and otherwise writes nothing and throws KnownRowsOutdated, for the caller to decide again on the
 * database.
 */
export interface KnownRowsGuard {
  /** A condition of the statement, its parameters added with `param`. */
  stillSo: (param: (value: unknown) => string) => string;
}

/** A guarded transition found what it was decided on changed: nothing was written. */
export class KnownRowsOutdated extends Error {}

/** Runs one event for a user: 403 for the wrong person, 409 for a stale version or a move the machine refuses. */
export async function sendApplicationEvent(ctx: AppContext, user: AuthUser, id: number, input: EventInput, changes?: EventChanges, loaded?: ApplicationRow | null, guard?: KnownRowsGuard): Promise<ApplicationRow> {
  const app = loaded ?? await loadApplication(ctx.db, id);
  const snapshot = app.snapshot as PersistedApplicationSnapshot;
  assertCanSee(user, app);
  // What the sender saw is out of date: whoever they are, they must reload first.
  if (input.version !== app.version) throw conflict(STALE_VERSION);
  const check = checkSender(user, sendersOf(snapshot, input.type), app, stepsAround(snapshot));
  if (!check.ok) throw forbidden(check.msg);
  // The facts the rules passed on go into the history row: the reviewers see what was checked.
  const verdict = input.type === 'SUBMIT' ? await assertRulesPass(ctx, app) : null;
  const event: ApplicationEvent = { type: input.type, actorId: user.userId, roleKey: check.roleKey, comment: input.comment, version: input.version };
  // One statement is one transaction; applyEvent opens a wider one when closing has a business effect.
  return applyEvent(ctx, ctx.db, app, event, user.nickName, { ...changes, ...(verdict ? { facts: verdict.facts } : {}) }, guard);
}

/** What a SAVE replaces besides the snapshot: the draft's form. */
export interface EventChanges {
  payload?: Record<string, unknown>;
  /** What the business rules read at SUBMIT (kept in the history row). */
  facts?: Record<string, unknown>;
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

/** What the answer shows of a history row (HISTORY_JSON reads these). */
const HISTORY_COLUMNS = 'id, version, event, result_code, step, actor_name, role_key, comment, from_state, to_state, created_at';

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * The transition as one SQL statement: update the application under its version check, insert the
 * history row, close the application's open to-dos and give whoever must act now theirs and a
 * message. One statement is one transaction and one round trip to the database; when the version
 * check fails nothing is written (every part depends on the updated row). Written as text: it runs
 * on every transition, and composing it from drizzle fragments cost more CPU than running it.
 */
function transitionStatement(app: ApplicationRow, next: Omit<ApplicationRow, 'id'>, savedPayload: Record<string, unknown> | null, event: ApplicationEvent, actorName: string, history: {
  resultCode: number | null; step: string | null; from: string; to: string; facts: Record<string, unknown> | null;
}, notice: Notice | null, now: Date, guard: KnownRowsGuard | undefined): TextStatement {
  const b = new TextBuilder();
  const p = b.param;
  const ref = p(todoRef(app.id));
  const at = p(now);
  const actor = p(actorName);
  const parts = [
    `upd as (
      update application set snapshot = ${p(json(next.snapshot))}::jsonb, status = ${p(next.status)}, step = ${p(next.step)}, version = ${p(next.version)},
        outcome = ${p(next.outcome)}, submitted_at = ${p(next.submittedAt)}, accepted_at = ${p(next.acceptedAt)}, closed_at = ${p(next.closedAt)},
        deleted = ${p(next.deleted)}, payload = coalesce(${p(json(savedPayload))}::jsonb, payload), updated_at = ${at}
      where id = ${p(app.id)} and version = ${p(app.version)}${guard ? ` and xmin = ${p(storedXmin.get(app))}::xid and ${guard.stillSo(p)}` : ''}
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
  // answer's row shows. Not the updated row itself: every value of it was computed here (next).
  return b.done(`with ${parts.join(', ')}
    select a.id, a.row_xmin, ${NAMES_COLUMNS},
      (select ${HISTORY_JSON} from hist h) as entry,
      (select json_object_agg(config_key, config_value) from sys_config where config_key in (${p(DEADLINE_CONFIG_KEYS.reviewDays)}, ${p(DEADLINE_CONFIG_KEYS.modifyDays)})) as deadline_config
    from upd a ${NAMES_JOIN}`);
}

/**
 * Applies an event to a loaded row, on the database or inside the caller's transaction: the
 * optimistic version check in the UPDATE makes two reviewers acting at once unable to both
 * succeed. An application that closes approved changes its certificate in the same transaction.
 */
export async function applyEvent(ctx: WorkflowEnv, exec: DbOrTx, app: ApplicationRow, event: ApplicationEvent, actorName: string, changes?: EventChanges, guard?: KnownRowsGuard): Promise<ApplicationRow> {
  // A guard on a row whose xmin was not read with it could never hold.
  if (guard && !storedXmin.has(app)) throw new KnownRowsOutdated();
  const result = transitionApplication(app.snapshot as PersistedApplicationSnapshot, event);
  if (!result.ok) throw new AppError(409, result.reason === 'final' ? '该业务已办结，不能再操作' : NOT_ALLOWED_NOW);
  const now = ctx.clock.now();
  const to = result.to;
  const stage = stageOf(to);
  const outcome = result.snapshot.context.outcome;
  // The row as it will be, written out field by field: a spread of the read row (with or without
  // properties after it) cost 15–30 µs a transition, V8's slow path (server/modules/search/work.ts
  // toWorkRow). A column added to the table fails to compile here until it is copied.
  const next: ApplicationRow = {
    id: app.id, applyNo: app.applyNo, businessType: app.businessType, applicantUserId: app.applicantUserId,
    enterpriseId: app.enterpriseId, personId: app.personId, holderName: app.holderName, holderIdNo: app.holderIdNo, holderUserId: app.holderUserId, certificateId: app.certificateId,
    area: app.area, payload: app.payload, printedAt: app.printedAt, createdAt: app.createdAt,
    snapshot: result.snapshot,
    status: result.statusCode ?? app.status,
    step: stepOf(result.snapshot),
    version: app.version + 1,
    outcome: to === 'closed' || to === 'rejected' ? (outcome ?? (to === 'rejected' ? 'denied' : null)) : null,
    submittedAt: to === 'submitted' ? (app.submittedAt ?? now) : stage === 'saved' || stage === 'personCheck' ? null : app.submittedAt,
    acceptedAt: result.from === 'submitted' && stage === 'inReview' ? now : stage === 'inReview' || stage === 'final' ? app.acceptedAt : null,
    closedAt: to === 'closed' || to === 'rejected' ? now : null,
    deleted: to === 'deleted',
    updatedAt: now,
  };
  const savedPayload = changes?.payload && event.type === 'SAVE' ? changes.payload : null;
  if (savedPayload) next.payload = savedPayload;
  const closesApproved = to === 'closed' && next.outcome === 'approved';
  // The certificate changes with the closing: both in one transaction, opened here if the caller has none.
  if (closesApproved && !(exec instanceof PgTransaction)) return exec.transaction((tx) => applyEvent(ctx, tx, app, event, actorName, changes, guard));
  const notice = noticeFor(next, to === 'deleted' ? 'deleted' : stage, event.type, actorName);
  const statement = transitionStatement(app, next, savedPayload, event, actorName, { resultCode: result.result, step: result.step, from: result.from, to, facts: changes?.facts ?? null }, notice, now, guard);
  const rows = await runText(exec, statement);
  if (!rows[0]) throw guard ? new KnownRowsOutdated() : conflict(STALE_VERSION);
  // The row as written is `next`: the values computed above. Its snapshot is the object the machine
  // returned (the same JSON), which keeps its revived form (application.machine.ts) for the answer's allowed events.
  if (typeof rows[0].row_xmin === 'string') storedXmin.set(next, rows[0].row_xmin);
  if (!closesApproved) {
    rememberExtras(next, extrasFrom(rows[0]));
    return next;
  }
  await handlersOf(next.businessType as BusinessType).closeEffect(exec as Tx, next, ctx);
  // The effect may have changed the row (a new certificate's id): the answer shows it as it is now.
  return loadApplication(exec, next.id);
}

const APPLY_NO_PREFIX: Record<BusinessType, string> = {
  newCert: 'XB', delay: 'YQ', inner: 'SN', inProvince: 'DR', outProvince: 'DC', modify: 'BG', revocation: 'ZX', personRevocation: 'GZ', rename: 'GM',
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
export async function createApplication(ctx: WorkflowEnv, tx: Tx, input: NewApplication): Promise<ApplicationRow> {
  let area = input.area;
  if (!area && input.enterpriseId) {
    const [ent] = await tx.select({ ownership: enterprise.ownership }).from(enterprise).where(eq(enterprise.id, input.enterpriseId));
    area = ent?.ownership;
  }
  if (!area) throw new AppError(400, '无法确定业务的办理中心（缺少申请企业）', 'enterpriseId');
  const route = BUSINESS_ROUTES[input.businessType];
  const snapshot = createApplicationSnapshot({
    businessType: input.businessType,
    applicantId: input.applicantUserId,
    holderId: route.personCheck ? input.holderUserId : null,
  });
  const now = ctx.clock.now();
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

/** History rows in order, as the machine events they were. */
export async function historyOf(db: DbOrTx, id: number) {
  return db
    .select({ h: applicationHistory, actorName: sysUser.nickName })
    .from(applicationHistory)
    .leftJoin(sysUser, eq(sysUser.userId, applicationHistory.actorId))
    .where(eq(applicationHistory.applicationId, id))
    .orderBy(asc(applicationHistory.version));
}
