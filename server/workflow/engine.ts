/**
 * The server's authority over applications: load the stored snapshot, check who is asking,
 * let the machine decide, and persist the new snapshot, status, step, version and one history
 * row in one transaction (with the business effect when the application closes approved).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  eventsAcceptedNow, previousStepOf, sendersOf, reviveApplicationSnapshot, stepOf, transitionApplication,
  type ApplicationEventType, type ApplicationSender, type PersistedApplicationSnapshot, type ApplicationStateName,
  createApplicationSnapshot, type ApplicationEvent,
} from '../../machines/application.machine.js';
import { BUSINESS_ROUTES, type BusinessType, type Step } from '../../machines/businessTypes.js';
import type { AppContext, AuthUser } from '../context.js';
import type { DbOrTx, Tx } from '../db/client.js';
import { application, applicationHistory, enterprise, sysUser } from '../db/schema.js';
import { AppError, conflict, forbidden, notFound } from '../lib/errors.js';
import type { ApplicationRow, WorkflowEnv } from './types.js';
import { handlersOf, type RuleVerdict } from './registry.js';
import { notifyWaiters } from './notify.js';
import { checkSender, holdsStep, inArea } from './who.js';
import { chinaDate } from '../lib/days.js';

export const STALE_VERSION = '数据已被他人更新，请刷新后重试';
export const NOT_ALLOWED_NOW = '当前状态不允许该操作';

const stageOf = (name: ApplicationStateName) =>
  name.startsWith('inReview.') ? ('inReview' as const)
    : name === 'saved' || name === 'personCheck' || name === 'submitted' ? name : ('final' as const);

function stepsAround(snapshot: PersistedApplicationSnapshot): { current: Step | null; previous: Step | null } {
  const live = reviveApplicationSnapshot(snapshot);
  const current = stepOf(live);
  return { current, previous: current ? previousStepOf(live.context, current) : null };
}

/** The senders this user can be for this application now (machine `meta.who` vocabulary). */
function sendersFor(user: AuthUser, app: ApplicationRow, snapshot: PersistedApplicationSnapshot): ApplicationSender[] {
  const who: ApplicationSender[] = [];
  if (user.userId === app.applicantUserId) who.push('applicant');
  if (app.holderUserId !== null && user.userId === app.holderUserId) who.push('holder');
  const { current, previous } = stepsAround(snapshot);
  if (inArea(user, app.area)) {
    if (current && holdsStep(user, current)) who.push('stepRole');
    if (previous && holdsStep(user, previous)) who.push('previousActor');
  }
  return who;
}

/** The events this user may send now: the machine's answer for the senders the user can be. */
export function allowedEventsFor(user: AuthUser, app: ApplicationRow): ApplicationEventType[] {
  const snapshot = app.snapshot as PersistedApplicationSnapshot;
  const who = sendersFor(user, app, snapshot);
  if (who.length === 0) return [];
  return eventsAcceptedNow(snapshot, { actorId: user.userId, who });
}

/** Staff see their area's items, applicants and holders their own; others get a 403. */
export function assertCanSee(user: AuthUser, app: ApplicationRow): void {
  if (user.userId === app.applicantUserId || user.userId === app.holderUserId) return;
  const isStaff = [...user.permissions].some((p) => p.startsWith('workflow:')) || user.area === 'all';
  if (isStaff && inArea(user, app.area)) return;
  throw forbidden('您无权查看该业务');
}

export async function loadApplication(db: DbOrTx, id: number): Promise<ApplicationRow> {
  const [row] = await db.select().from(application).where(and(eq(application.id, id), eq(application.deleted, false)));
  if (!row) throw notFound('业务不存在或已删除');
  return row;
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

/** Runs one event for a user: 403 for the wrong person, 409 for a stale version or a move the machine refuses. */
export async function sendApplicationEvent(ctx: AppContext, user: AuthUser, id: number, input: EventInput, changes?: EventChanges): Promise<ApplicationRow> {
  const app = await loadApplication(ctx.db, id);
  const snapshot = app.snapshot as PersistedApplicationSnapshot;
  assertCanSee(user, app);
  // What the sender saw is out of date: whoever they are, they must reload first.
  if (input.version !== app.version) throw conflict(STALE_VERSION);
  const check = checkSender(user, sendersOf(snapshot, input.type), app, stepsAround(snapshot));
  if (!check.ok) throw forbidden(check.msg);
  // The facts the rules passed on go into the history row: the reviewers see what was checked.
  const verdict = input.type === 'SUBMIT' ? await assertRulesPass(ctx, app) : null;
  const event: ApplicationEvent = { type: input.type, actorId: user.userId, roleKey: check.roleKey, comment: input.comment, version: input.version };
  return ctx.db.transaction((tx) => applyEvent(ctx, tx, app, event, user.nickName, { ...changes, ...(verdict ? { facts: verdict.facts } : {}) }));
}

/** What a SAVE replaces besides the snapshot: the draft's form. */
export interface EventChanges {
  payload?: Record<string, unknown>;
  /** What the business rules read at SUBMIT (kept in the history row). */
  facts?: Record<string, unknown>;
}

/**
 * Applies an event to a loaded row inside a transaction: the optimistic version check in the
 * UPDATE makes two reviewers acting at once unable to both succeed.
 */
export async function applyEvent(ctx: WorkflowEnv, tx: Tx, app: ApplicationRow, event: ApplicationEvent, actorName: string, changes?: EventChanges): Promise<ApplicationRow> {
  const result = transitionApplication(app.snapshot as PersistedApplicationSnapshot, event);
  if (!result.ok) throw new AppError(409, result.reason === 'final' ? '该业务已办结，不能再操作' : NOT_ALLOWED_NOW);
  const now = ctx.clock.now();
  const to = result.to;
  const stage = stageOf(to);
  const outcome = result.snapshot.context.outcome;
  const [updated] = await tx
    .update(application)
    .set({
      snapshot: result.snapshot,
      status: result.statusCode ?? app.status,
      step: stepOf(result.snapshot),
      version: app.version + 1,
      outcome: to === 'closed' || to === 'rejected' ? (outcome ?? (to === 'rejected' ? 'denied' : null)) : null,
      submittedAt: to === 'submitted' ? (app.submittedAt ?? now) : stage === 'saved' || stage === 'personCheck' ? null : app.submittedAt,
      acceptedAt: result.from === 'submitted' && stage === 'inReview' ? now : stage === 'inReview' || stage === 'final' ? app.acceptedAt : null,
      closedAt: to === 'closed' || to === 'rejected' ? now : null,
      deleted: to === 'deleted',
      ...(changes?.payload && event.type === 'SAVE' ? { payload: changes.payload } : {}),
      updatedAt: now,
    })
    .where(and(eq(application.id, app.id), eq(application.version, app.version)))
    .returning();
  if (!updated) throw conflict(STALE_VERSION);
  await tx.insert(applicationHistory).values({
    applicationId: app.id,
    version: updated.version,
    event: event.type,
    resultCode: result.result,
    step: result.step,
    actorId: event.actorId,
    actorName,
    roleKey: event.roleKey,
    comment: event.comment ?? null,
    fromState: result.from,
    toState: to,
    facts: changes?.facts ?? null,
    createdAt: now,
  });
  if (to === 'closed' && updated.outcome === 'approved') {
    await handlersOf(updated.businessType as BusinessType).closeEffect(tx, updated, ctx);
  }
  await notifyWaiters(tx, updated, to === 'deleted' ? 'deleted' : stage, event.type, actorName);
  return updated;
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
