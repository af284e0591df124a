/** Rows and details of applications as the queues and the view modal show them. */
import {
  and,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type AnyColumn,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { ApplicationOutcome } from '../../machines/application.machine.js';
import {
  APPLY_STATUS_LABELS,
  APPROVAL_RESULT_LABELS,
  BUSINESS_ROUTES,
  STEP_LABELS,
  STEPS,
  type ApplyStatusCode,
  type ApprovalResultCode,
  type BusinessType,
  type Step,
} from '../../machines/businessTypes.js';
import type { AppContext, AuthUser } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import { pageTail, prerendered } from '../db/prerendered.js';
import { qualified } from '../db/sql.js';
import { application, applicationHistory, certificate, enterprise, sysConfig } from '../db/schema.js';
import { addWorkingDays, deadlineEstimated, latestOverdueAcceptanceDay, workingDaysLeft } from '../lib/workdays.js';
import type { WorkCalendar } from '../lib/workCalendar.js';
import { readWorkCalendar } from '../lib/calendar/inForce.js';
import { chinaDayEnd } from '../lib/days.js';
import { keptForDictionaries } from '../lib/requestScope.js';
import { forbidden } from '../lib/errors.js';
import type { PageQuery } from '../lib/reply.js';
import { allowedEventsFor } from './allowedEvents.js';
import {
  DEADLINE_CONFIG_KEYS,
  detailQuery,
  extrasFrom,
  extrasOf,
  type DetailExtras,
  type HistoryEntry,
} from './detail.js';
import type { ApplicationRow } from './types.js';
import { stepsHeld } from './who.js';
import { dateRange } from '../lib/dateRange.js';
import { storedCodeOrNull } from '../lib/codes.js';

/** How a closed application ended (machines/application.machine.ts ApplicationOutcome). */
export const APPLICATION_OUTCOMES = ['approved', 'denied'] as const satisfies readonly ApplicationOutcome[];

export const QUEUES = ['waitAccept', 'accepted', 'waitReview', 'reviewed', 'printWait', 'printDone', 'mine'] as const;
export type Queue = (typeof QUEUES)[number];

/** Statutory time limits in working days from acceptance (DOMAIN.md; sys_config overrides). */
export interface DeadlineDays {
  /** A decision (biz.review.deadlineWorkingDays). */
  reviewDays: number;
  /** A modification (biz.modify.deadlineWorkingDays). */
  modifyDays: number;
}
/** The limits with the calendar they are counted on (系统管理 → 工作日历). */
export interface DeadlineLimits extends DeadlineDays {
  calendar: WorkCalendar;
}
const DEFAULT_DEADLINES: DeadlineDays = { reviewDays: 20, modifyDays: 5 };
const DEADLINE_KEYS = DEADLINE_CONFIG_KEYS;

/** The limits from the sys_config values (key → value); a missing or unusable value keeps the default. */
function deadlineDaysFrom(values: Readonly<Record<string, string>>): DeadlineDays {
  const pick = (field: keyof DeadlineDays) => {
    const raw = values[DEADLINE_KEYS[field]];
    const n = raw === undefined ? undefined : Number(raw);
    return n !== undefined && Number.isInteger(n) && n > 0 ? n : DEFAULT_DEADLINES[field];
  };
  return { reviewDays: pick('reviewDays'), modifyDays: pick('modifyDays') };
}

/**
 * The statutory deadlines as sys_config holds them, kept per the dictionaries' version within a
 * signed-in request (any change to sys_config moves it: migration 0031), so the queues and the
 * work list's overdue filter do not read them in a round trip of their own; read every time
 * outside a request (the jobs).
 */
export function readDeadlineDays(db: DbOrTx): Promise<DeadlineDays> {
  return keptForDictionaries('deadlines', async () => {
    const rows = await db
      .select({ key: sysConfig.configKey, value: sysConfig.configValue })
      .from(sysConfig)
      .where(inArray(sysConfig.configKey, Object.values(DEADLINE_KEYS)));
    return deadlineDaysFrom(Object.fromEntries(rows.map((r) => [r.key, r.value])));
  });
}

/** The limits and the working-day calendar, each kept per the dictionaries' version (lib/calendar/inForce.ts). */
export async function readDeadlineLimits(db: DbOrTx): Promise<DeadlineLimits> {
  const [days, calendar] = await Promise.all([readDeadlineDays(db), readWorkCalendar(db)]);
  return { ...days, calendar };
}

/**
 * The statutory deadline of an application in review (a China day), or null when none runs. Always
 * counted from the acceptance with the calendar as it is now: an application in flight follows a
 * corrected or newly entered calendar (README "Working days").
 */
export function deadlineOf(
  a: Pick<ApplicationRow, 'acceptedAt' | 'status' | 'businessType'>,
  limits: DeadlineLimits,
): string | null {
  if (!a.acceptedAt || a.status !== 3) return null;
  return addWorkingDays(
    limits.calendar,
    a.acceptedAt,
    a.businessType === 'modify' ? limits.modifyDays : limits.reviewDays,
  );
}

/** The columns an overdue condition reads: the application table's, or an alias's in raw SQL. */
export interface DeadlineColumns {
  status: SQLWrapper;
  acceptedAt: SQLWrapper;
  businessType: SQLWrapper;
}
const APPLICATION_DEADLINE_COLUMNS: DeadlineColumns = {
  status: application.status,
  acceptedAt: application.acceptedAt,
  businessType: application.businessType,
};

/**
 * deadlineOf as a condition lists filter and count by: in review and past the statutory deadline
 * now (the row's daysLeft < 0), for each business type's limit.
 */
export function overdueCondition(
  now: Date,
  limits: DeadlineLimits,
  cols: DeadlineColumns = APPLICATION_DEADLINE_COLUMNS,
): SQL {
  const before = (day: string) => sql`${chinaDayEnd(day)}::timestamptz`;
  return sql`(${cols.status} = 3 and ${cols.acceptedAt} < ${lastOverdueDayOfType(now, limits, cols.businessType, before)})`;
}
/**
 * overdueCondition on the China day of acceptance, for what keeps the day and not the instant
 * (application_waiting_count): accepted before a day's end is accepted on that day or earlier.
 */
export function overdueByAcceptanceDay(
  now: Date,
  limits: DeadlineLimits,
  cols: { status: SQLWrapper; acceptedDay: SQLWrapper; businessType: SQLWrapper },
): SQL {
  return sql`(${cols.status} = 3 and ${cols.acceptedDay} <= ${lastOverdueDayOfType(now, limits, cols.businessType, (day) => sql`${day}::date`)})`;
}
/** The latest overdue acceptance day of the row's business type (its own limit), as `as` writes it. */
function lastOverdueDayOfType(
  now: Date,
  limits: DeadlineLimits,
  businessType: SQLWrapper,
  as: (day: string) => SQL,
): SQL {
  const latest = (days: number) => as(latestOverdueAcceptanceDay(limits.calendar, now, days));
  return sql`case when ${businessType} = 'modify' then ${latest(limits.modifyDays)} else ${latest(limits.reviewDays)} end`;
}
const PRINTING_TYPES = (Object.keys(BUSINESS_ROUTES) as BusinessType[]).filter(
  (t) => BUSINESS_ROUTES[t].printsCertificate,
);

/**
 * The application columns a queue or list row shows and the engine reads to say who may act: not
 * the payload (the form, which only the detail shows) nor the bookkeeping ones. Every row of every
 * page goes through the driver's parsing and drizzle's mapping column by column.
 */
const listedApplicationColumns = {
  id: application.id,
  applyNo: application.applyNo,
  businessType: application.businessType,
  applicantUserId: application.applicantUserId,
  enterpriseId: application.enterpriseId,
  personId: application.personId,
  holderUserId: application.holderUserId,
  certificateId: application.certificateId,
  area: application.area,
  status: application.status,
  step: application.step,
  version: application.version,
  snapshot: application.snapshot,
  outcome: application.outcome,
  submittedAt: application.submittedAt,
  acceptedAt: application.acceptedAt,
  closedAt: application.closedAt,
  updatedAt: application.updatedAt,
};
export type ListedApplication = Pick<ApplicationRow, keyof typeof listedApplicationColumns>;

const rowColumns = {
  app: listedApplicationColumns,
  enterpriseName: enterprise.name,
  // The person's name as the application keeps it (migration 0032's triggers): no join for it.
  holderName: application.holderName,
  certNo: certificate.certNo,
};

/**
 * Applications as the queues and lists show them: the listed columns with the enterprise's and the
 * holder's names and the certificate number. `extra`: more columns of the same statement.
 */
export function listedApplications<E extends Record<string, SQL>>(db: DbOrTx, extra: E = {} as E) {
  return db
    .select({ ...rowColumns, ...extra })
    .from(application)
    .leftJoin(enterprise, eq(enterprise.id, application.enterpriseId))
    .leftJoin(certificate, eq(certificate.id, application.certificateId));
}

export type ListedRow = {
  app: ListedApplication;
  enterpriseName: string | null;
  holderName: string | null;
  certNo: string | null;
};

/** listedApplications' columns and joins as text, rendered once (db/prerendered.ts). */
const listedPage = prerendered<ListedRow>((db) => listedApplications(db), rowColumns);
/**
 * The same rows, the enterprise's name and the certificate number looked up for the rows the LIMIT
 * keeps rather than joined: planning the two joins was 0.18 of the page's 0.36 ms of planning
 * (a centre's overdue items, whose execution is 0.13).
 */
const lookedUpColumns = {
  ...rowColumns,
  enterpriseName: sql<
    string | null
  >`(select e.name from ${enterprise} e where e.id = ${qualified(application.enterpriseId)})`,
  certNo: sql<
    string | null
  >`(select c.cert_no from ${certificate} c where c.id = ${qualified(application.certificateId)})`,
};
const lookedUpPage = prerendered<ListedRow>((db) => db.select(lookedUpColumns).from(application), lookedUpColumns);

/**
 * One page of listedApplications: `where`, the order, limit and offset rendered for this call, the
 * rest as prerendered text. `applicationOnly`: the condition and order read the application table
 * alone (the work search: its enterprise and certificate filters are semi-joins), so the names are
 * looked up instead of joined; the queues' keyword reads the joined names.
 */
export function listedApplicationsPage(
  db: DbOrTx,
  opts: {
    where: SQL | undefined;
    order: (SQL | AnyColumn)[];
    limit: number;
    offset: number;
    samePlan?: boolean;
    applicationOnly?: boolean;
  },
): Promise<ListedRow[]> {
  return (opts.applicationOnly ? lookedUpPage : listedPage).rows(
    db,
    pageTail(opts.where, opts.order, opts.limit, opts.offset),
    { samePlan: opts.samePlan },
  );
}

/** The label of the holder's confirmation (state personCheck), as the client's workflow locale names that state. */
export const HOLDER_STEP_LABEL = '个人确认';

/** A row of a queue or list, with the events this user may send now (the engine's answer). */
export function toQueueRow(r: ListedRow, now: Date, user: AuthUser, limits: DeadlineLimits) {
  const a = r.app;
  const deadline = deadlineOf(a, limits);
  const route = BUSINESS_ROUTES[a.businessType as BusinessType];
  return {
    id: a.id,
    applyNo: a.applyNo,
    businessType: a.businessType,
    businessLabel: route.label,
    status: a.status,
    statusLabel: APPLY_STATUS_LABELS[a.status as ApplyStatusCode] ?? String(a.status),
    step: a.step,
    // Waiting for the holder is a step of its own for whoever reads the row (the route has no step code for it).
    stepLabel: a.step ? STEP_LABELS[a.step as Step] : a.status === 0 ? HOLDER_STEP_LABEL : null,
    version: a.version,
    outcome: storedCodeOrNull(APPLICATION_OUTCOMES, a.outcome),
    applicantName: r.enterpriseName ?? r.holderName ?? '',
    holderName: r.holderName,
    certNo: r.certNo,
    area: a.area,
    submittedAt: a.submittedAt?.toISOString() ?? null,
    acceptedAt: a.acceptedAt?.toISOString() ?? null,
    deadline,
    // Counted Monday–Friday through a year whose holidays are not entered yet: it may still move.
    deadlineEstimated: deadline !== null && deadlineEstimated(limits.calendar, a.acceptedAt!, deadline),
    daysLeft: deadline ? workingDaysLeft(limits.calendar, now, deadline) : null,
    updatedAt: a.updatedAt.toISOString(),
    allowedEvents: allowedEventsFor(user, a),
  };
}

const areaScope = (user: AuthUser): SQL | undefined =>
  user.area === 'all' ? undefined : eq(application.area, user.area ?? '-');

/** The queue's condition for this user, or a 403 when the user has no part in it. */
function queueCondition(user: AuthUser, queue: Queue): SQL {
  // The provincial administrator oversees every step of every centre without acting at any.
  const overseer = user.area === 'all';
  const steps = overseer ? [...STEPS] : stepsHeld(user);
  const scope = areaScope(user);
  switch (queue) {
    case 'mine':
      // What the caller filed, or must confirm as the holder: every signed-in user has one.
      return or(eq(application.applicantUserId, user.userId), eq(application.holderUserId, user.userId))!;
    case 'waitAccept':
      if (!steps.includes('sl')) throw forbidden('您没有受理权限');
      return and(eq(application.status, 2), scope)!;
    case 'accepted':
      if (!steps.includes('sl')) throw forbidden('您没有受理权限');
      return and(isNotNull(application.acceptedAt), inArray(application.status, [3, 8]), scope)!;
    case 'waitReview': {
      const review = steps.filter((s) => s !== 'sl');
      if (review.length === 0) throw forbidden('您没有审核权限');
      return and(eq(application.status, 3), inArray(application.step, review), scope)!;
    }
    case 'reviewed':
      if (steps.length === 0) throw forbidden('您没有审核权限');
      return and(
        scope,
        overseer
          ? sql`exists (select 1 from ${applicationHistory} h where h.application_id = ${application.id} and h.event in ('AGREE','DISAGREE','RETURN'))`
          : sql`exists (select 1 from ${applicationHistory} h where h.application_id = ${application.id} and h.actor_id = ${user.userId} and h.event in ('AGREE','DISAGREE','RETURN'))`,
      )!;
    case 'printWait':
    case 'printDone':
      if (!user.permissions.has(queue === 'printWait' ? 'print:waitPrint:list' : 'print:printed:list'))
        throw forbidden('您没有证书打印权限');
      return and(
        scope,
        eq(application.outcome, 'approved'),
        inArray(application.businessType, PRINTING_TYPES),
        queue === 'printWait' ? isNull(application.printedAt) : isNotNull(application.printedAt),
      )!;
  }
}

export interface QueueQuery extends PageQuery {
  businessType?: BusinessType;
  keyword?: string;
}

const VIEW_PERMISSION: Partial<Record<Queue, string>> = {
  waitAccept: 'waitAccept',
  accepted: 'accepted',
  waitReview: 'waitReview',
  reviewed: 'reviewed',
};

export async function listQueue(ctx: AppContext, user: AuthUser, queue: Queue, q: QueueQuery) {
  const view = VIEW_PERMISSION[queue];
  if (q.businessType && view && !user.permissions.has(`queue:${q.businessType}:${view}`))
    throw forbidden('没有权限，请联系管理员授权');
  const conds: (SQL | undefined)[] = [queueCondition(user, queue), eq(application.deleted, false)];
  if (q.businessType) conds.push(eq(application.businessType, q.businessType));
  conds.push(...dateRange(application.submittedAt, q.beginTime, q.endTime));
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conds.push(
      or(
        ilike(application.applyNo, like),
        ilike(enterprise.name, like),
        ilike(application.holderName, like),
        ilike(certificate.certNo, like),
      ),
    );
  }
  const where = and(...conds);
  const order =
    queue === 'waitAccept' || queue === 'waitReview'
      ? [application.submittedAt, application.id]
      : [desc(application.updatedAt), desc(application.id)];
  const [[counted], rows, limits] = await Promise.all([
    ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(application)
      .leftJoin(enterprise, eq(enterprise.id, application.enterpriseId))
      .leftJoin(certificate, eq(certificate.id, application.certificateId))
      .where(where),
    // Without a keyword the condition reads the application alone.
    listedApplicationsPage(ctx.db, {
      where,
      order,
      limit: q.pageSize,
      offset: (q.pageNum - 1) * q.pageSize,
      applicationOnly: !q.keyword,
    }),
    readDeadlineLimits(ctx.db),
  ]);
  const now = ctx.clock.now();
  return { rows: rows.map((r) => toQueueRow(r, now, user, limits)), total: counted?.total ?? 0 };
}

/** A history row as the answers show it. */
function historyView(h: HistoryEntry) {
  return {
    id: Number(h.id),
    version: h.version,
    event: h.event,
    resultCode: h.resultCode,
    resultLabel: h.resultCode === null ? null : (APPROVAL_RESULT_LABELS[h.resultCode as ApprovalResultCode] ?? null),
    step: h.step,
    stepLabel: h.step ? STEP_LABELS[h.step as Step] : null,
    actorName: h.actorName,
    roleKey: h.roleKey,
    comment: h.comment,
    fromState: h.fromState,
    toState: h.toState,
    createdAt: new Date(h.createdAt).toISOString(),
  };
}

/** The row, what the caller may do now, its state and form: what every answer about one application shows. */
async function applicationState(ctx: AppContext, user: AuthUser, app: ApplicationRow, extras: DetailExtras) {
  const route = BUSINESS_ROUTES[app.businessType as BusinessType];
  const snapshot = app.snapshot as { value: unknown };
  // A transition's answer read the settings in its own statement: no second round trip for them.
  const row = toQueueRow(
    { app, enterpriseName: extras.enterpriseName, holderName: extras.holderName, certNo: extras.certNo },
    ctx.clock.now(),
    user,
    extras.deadlineConfig
      ? { ...deadlineDaysFrom(extras.deadlineConfig), calendar: await readWorkCalendar(ctx.db) }
      : await readDeadlineLimits(ctx.db),
  );
  // Assigned to the fresh row, not spread into a literal (V8's slow path: server/modules/search/work.ts toWorkRow).
  return Object.assign(row, {
    stateValue: snapshot.value,
    payload: (app.payload ?? {}) as Record<string, unknown>,
    route: { middleSteps: [...route.middleSteps], personCheck: route.personCheck },
  });
}

/** The application as the view modal shows it: the row, what the caller may do now, the names and the whole history. */
export async function applicationDetail(ctx: AppContext, user: AuthUser, app: ApplicationRow) {
  let extras = extrasOf(app);
  if (!extras?.history) {
    const { rows } = (await ctx.db.execute(detailQuery(app.id))) as unknown as { rows: Record<string, unknown>[] };
    extras = {
      ...extras,
      ...(rows[0] ? extrasFrom(rows[0]) : { enterpriseName: null, holderName: null, certNo: null, history: [] }),
    };
  }
  return Object.assign(await applicationState(ctx, user, app, extras), {
    history: (extras.history ?? []).map(historyView),
  });
}

/**
 * The answer to an event: the application as it is now, what the caller may do next, and the one
 * history row the event wrote (the caller appends it to the history it has; the detail reads the
 * whole history).
 */
export async function transitionAnswer(ctx: AppContext, user: AuthUser, app: ApplicationRow) {
  const extras = extrasOf(app);
  if (!extras?.entry) {
    // A closing with a business effect reloads the row: its names and entry are read here.
    const detail = await applicationDetail(ctx, user, app);
    const { history, ...state } = detail;
    return { ...state, entry: history[history.length - 1]! };
  }
  return Object.assign(await applicationState(ctx, user, app, extras), { entry: historyView(extras.entry) });
}
