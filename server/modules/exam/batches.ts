/**
 * Exam batches: the centre's list, editor and lifecycle. Every change goes through the examBatch
 * machine on the stored snapshot with an optimistic version (stale → 409); rows carry the events
 * the caller may send now, computed from the same machine with the facts its guards read.
 */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  createExamBatchSnapshot,
  EXAM_BATCH_STATE_LABELS,
  examBatchEventsAcceptedNow,
  examBatchSendersOf,
  failedExamBatchGuards,
  transitionExamBatch,
  type ExamBatchEvent,
  type ExamBatchEventType,
  type ExamBatchGuardName,
  type ExamBatchStateName,
  type ExamSchedule,
  type PersistedExamBatchSnapshot,
} from '../../../machines/examBatch.machine.js';
import type { AppContext, AuthUser } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { examBatch, examResult, examSignup } from '../../db/schema.js';
import { chinaDate } from '../../lib/days.js';
import { AppError, badRequest, conflict, forbidden, notFound, STALE_VERSION } from '../../lib/errors.js';
import { todayOf } from '../business/facts.js';
import { loadLabels, type Labels } from '../certificate/labels.js';
import { contains } from '../certificate/query.js';
import type { BatchFields, BatchListQuery, BatchView } from './schemas.js';
import { batchScope, canSeeBatch, isStaff, mayAct, sendersFor, staffOfArea, type BatchRow } from './scope.js';

export const NOT_ALLOWED_NOW = '考试批次当前状态不允许该操作';

export interface BatchCounts {
  pending: number;
  accepted: number;
  withResults: number;
}
const NO_COUNTS: BatchCounts = { pending: 0, accepted: 0, withResults: 0 };

export const snapshotOf = (batch: BatchRow) => batch.snapshot as PersistedExamBatchSnapshot;
export const examDayOf = (batch: Pick<BatchRow, 'knowledgeStart'>) => chinaDate(batch.knowledgeStart);
const scheduleOf = (f: {
  capacity: number;
  signupFrom: string;
  signupTo: string;
  knowledgeStart: Date;
}): ExamSchedule => ({
  capacity: f.capacity,
  signupFrom: f.signupFrom,
  signupTo: f.signupTo,
  examDay: chinaDate(f.knowledgeStart),
});

/** Pending, accepted and resulted sign-ups per batch (pending and accepted take a seat). */
export async function countsOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, BatchCounts>> {
  const out = new Map<number, BatchCounts>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ batchId: examSignup.batchId, status: examSignup.status, n: count(), resulted: count(examResult.id) })
    .from(examSignup)
    .leftJoin(examResult, eq(examResult.signupId, examSignup.id))
    .where(and(inArray(examSignup.batchId, [...ids]), inArray(examSignup.status, ['pending', 'accepted'])))
    .groupBy(examSignup.batchId, examSignup.status);
  for (const r of rows) {
    const c = out.get(r.batchId) ?? { ...NO_COUNTS };
    if (r.status === 'pending') c.pending = r.n;
    else {
      c.accepted = r.n;
      c.withResults = r.resulted;
    }
    out.set(r.batchId, c);
  }
  return out;
}

/** Every event with the facts its guards read for this batch now: the machine answers which fit. */
export function probesFor(batch: BatchRow, counts: BatchCounts, today: string): ExamBatchEvent[] {
  return [
    { type: 'EDIT', schedule: snapshotOf(batch).context },
    { type: 'REMOVE' },
    { type: 'OPEN', today },
    { type: 'CLOSE' },
    { type: 'REOPEN', today },
    // The reason is asked when the user chooses to cancel.
    { type: 'CANCEL', reason: '—' },
    { type: 'HOLD', today, pending: counts.pending },
    { type: 'PUBLISH', accepted: counts.accepted, withResults: counts.withResults },
    { type: 'SIGN_UP', today, taken: counts.pending + counts.accepted },
    { type: 'WITHDRAW' },
    { type: 'REVIEW' },
    { type: 'ENTER_RESULT' },
    { type: 'PRINT_TICKET' },
  ];
}

/** The events this caller may send to the batch now: the machine's answer for the senders he is, within his permissions. */
export function eventsFor(user: AuthUser, batch: BatchRow, counts: BatchCounts, today: string): ExamBatchEventType[] {
  const who = sendersFor(user, batch);
  if (who.length === 0) return [];
  return examBatchEventsAcceptedNow(snapshotOf(batch), probesFor(batch, counts, today), who).filter((type) =>
    mayAct(user, type),
  );
}

export const stateLabel = (state: string) => EXAM_BATCH_STATE_LABELS[state as ExamBatchStateName] ?? state;

/** The events a page shows even when they cannot be sent yet, with why not (a disabled button explains itself). */
const EXPLAINED: readonly ExamBatchEventType[] = ['OPEN', 'REOPEN', 'HOLD', 'PUBLISH', 'SIGN_UP', 'ENTER_RESULT'];
/** Results are entered once the exam is held: before that, what stands between the batch and 已考试. */
const ENTER_RESULT_BEFORE: Partial<Record<ExamBatchStateName, true>> = { draft: true, open: true, closed: true };

/**
 * Why each of these events the caller could send (sender and permission) is refused now, in the
 * machine's words with the batch's own numbers (refusalOf): the HOLD of a batch whose exam day has
 * not come or that still has sign-ups waiting, the PUBLISH of results not all entered, results
 * before the exam. Events the batch has left behind (a published batch's HOLD) are not listed.
 */
export function blockedFor(
  user: AuthUser,
  batch: BatchRow,
  counts: BatchCounts,
  today: string,
  allowed: readonly ExamBatchEventType[],
): { event: ExamBatchEventType; reason: string }[] {
  const who = sendersFor(user, batch);
  const snapshot = snapshotOf(batch);
  const probes = probesFor(batch, counts, today);
  const out: { event: ExamBatchEventType; reason: string }[] = [];
  // Every guard that refuses, not only the first: a batch before its exam day with sign-ups waiting is told both.
  const reasonOf = (event: ExamBatchEvent): string | null => {
    const failed = failedExamBatchGuards(snapshot, event);
    return failed.length ? failed.map((g) => refusalOf(g, batch, event).message).join('；') : null;
  };
  for (const event of probes) {
    const type = event.type;
    if (!EXPLAINED.includes(type) || allowed.includes(type) || !mayAct(user, type)) continue;
    const senders = examBatchSendersOf(snapshot, type);
    if (senders.length > 0) {
      if (!senders.some((x) => who.includes(x))) continue;
      const reason = reasonOf(event);
      if (reason) out.push({ event: type, reason });
    } else if (
      type === 'ENTER_RESULT' &&
      ENTER_RESULT_BEFORE[batch.state as ExamBatchStateName] &&
      who.includes('areaStaff')
    ) {
      const hold = probes.find((p) => p.type === 'HOLD')!;
      const holdReason = batch.state === 'closed' ? reasonOf(hold) : null;
      out.push({
        event: type,
        reason:
          batch.state !== 'closed'
            ? `考试日期为 ${examDayOf(batch)}，报名截止、考试举行并登记为已考试后方可录入成绩`
            : holdReason
              ? `成绩须在登记为已考试后录入：${holdReason}`
              : '请先将批次登记为已考试，再录入成绩',
      });
    }
  }
  return out;
}

export function toBatchView(
  batch: BatchRow,
  counts: BatchCounts,
  events: ExamBatchEventType[],
  labels: Labels,
  blocked: BatchView['blocked'] = [],
): BatchView {
  return {
    id: batch.id,
    batchNo: batch.batchNo,
    name: batch.name,
    category: batch.category,
    categoryLabel: labels.of('cer_type', batch.category),
    area: batch.area,
    place: batch.place,
    knowledgeStart: batch.knowledgeStart.toISOString(),
    knowledgeEnd: batch.knowledgeEnd.toISOString(),
    abilityStart: batch.abilityStart.toISOString(),
    abilityEnd: batch.abilityEnd.toISOString(),
    examDay: examDayOf(batch),
    capacity: batch.capacity,
    signupFrom: batch.signupFrom,
    signupTo: batch.signupTo,
    state: batch.state,
    stateLabel: stateLabel(batch.state),
    version: batch.version,
    cancelReason: snapshotOf(batch).context.cancelReason,
    pending: counts.pending,
    accepted: counts.accepted,
    withResults: counts.withResults,
    seatsLeft: Math.max(0, batch.capacity - counts.pending - counts.accepted),
    resultsVisible: batch.state === 'held' || batch.state === 'published',
    publishedAt: batch.publishedAt?.toISOString() ?? null,
    createdAt: batch.createdAt.toISOString(),
    events,
    blocked,
  };
}

/** Views of loaded rows for this caller (one counting query for all). */
export async function batchViews(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  user: AuthUser,
  rows: BatchRow[],
  labels?: Labels,
): Promise<BatchView[]> {
  const counts = await countsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const today = todayOf(ctx.clock);
  const l = labels ?? (await loadLabels(ctx.db));
  return rows.map((b) => {
    const c = counts.get(b.id) ?? NO_COUNTS;
    const events = eventsFor(user, b, c, today);
    return toBatchView(b, c, events, l, blockedFor(user, b, c, today, events));
  });
}

export function batchWhere(user: AuthUser, q: Partial<BatchListQuery>): SQL | undefined {
  return and(
    batchScope(user),
    q.keyword ? or(contains(examBatch.batchNo, q.keyword), contains(examBatch.name, q.keyword)) : undefined,
    q.category ? eq(examBatch.category, q.category) : undefined,
    q.area ? eq(examBatch.area, q.area) : undefined,
    q.state ? eq(examBatch.state, q.state) : undefined,
  );
}

export async function listBatches(ctx: AppContext, user: AuthUser, q: BatchListQuery) {
  const where = batchWhere(user, q);
  const [{ total }] = await ctx.db.select({ total: count() }).from(examBatch).where(where);
  const rows = await ctx.db
    .select()
    .from(examBatch)
    .where(where)
    .orderBy(desc(examBatch.knowledgeStart), desc(examBatch.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { rows: await batchViews(ctx, user, rows), total };
}

/** Batches for the pickers of the exam pages (at most 200, newest exam first), each with the caller's events. */
export async function batchOptions(ctx: AppContext, user: AuthUser): Promise<BatchView[]> {
  const rows = await ctx.db
    .select()
    .from(examBatch)
    .where(and(batchScope(user), inArray(examBatch.state, ['open', 'closed', 'held', 'published'])))
    .orderBy(desc(examBatch.knowledgeStart), desc(examBatch.id))
    .limit(200);
  return batchViews(ctx, user, rows);
}

export async function loadBatch(db: DbOrTx, id: number): Promise<BatchRow> {
  const [row] = await db.select().from(examBatch).where(eq(examBatch.id, id));
  if (!row) throw notFound('考试批次不存在');
  return row;
}

async function hasOwnSignup(db: DbOrTx, user: AuthUser, batchId: number): Promise<boolean> {
  if (user.userType !== '04' || !user.personId) return false;
  const [row] = await db
    .select({ id: examSignup.id })
    .from(examSignup)
    .where(and(eq(examSignup.batchId, batchId), eq(examSignup.personId, user.personId)))
    .limit(1);
  return !!row;
}

/** A batch the caller may see: a draft of another centre is not found, a batch of another area is forbidden. */
export async function loadVisibleBatch(db: DbOrTx, user: AuthUser, id: number): Promise<BatchRow> {
  const batch = await loadBatch(db, id);
  if (canSeeBatch(user, batch, await hasOwnSignup(db, user, id))) return batch;
  if (batch.state === 'draft' && !isStaff(user)) throw notFound('考试批次不存在');
  throw forbidden('该考试批次不属于您的数据权限范围');
}

export async function getBatch(ctx: AppContext, user: AuthUser, id: number): Promise<BatchView> {
  const batch = await loadVisibleBatch(ctx.db, user, id);
  return (await batchViews(ctx, user, [batch]))[0]!;
}

/** The terms must make sense together; each refusal names its field. */
function checkFields(f: BatchFields): void {
  if (f.knowledgeEnd <= f.knowledgeStart) throw badRequest('安全生产知识考试结束时间应晚于开始时间', 'knowledgeEnd');
  if (f.abilityEnd <= f.abilityStart) throw badRequest('管理能力考试结束时间应晚于开始时间', 'abilityEnd');
  if (f.abilityStart < f.knowledgeEnd) throw badRequest('管理能力考试应在安全生产知识考试结束后开始', 'abilityStart');
  if (f.signupTo < f.signupFrom) throw badRequest('报名截止日期不能早于报名开始日期', 'signupTo');
  if (f.signupTo > chinaDate(f.knowledgeStart)) throw badRequest('报名截止日期不能晚于考试日期', 'signupTo');
}

function assertMayManage(user: AuthUser, area: string): void {
  if (!isStaff(user)) throw forbidden('考试批次由考核中心人员管理');
  if (!staffOfArea(user, area)) throw forbidden(`只能管理本中心（区域 ${user.area}）的考试批次`);
}

/** KS + year of the exam + area + 3-digit sequence, e.g. KS20261003; numbered one at a time per prefix. */
export async function nextBatchNo(tx: Tx, year: string, area: string): Promise<string> {
  const prefix = `KS${year}${area}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${prefix}))`);
  const [{ last }] = await tx
    .select({ last: sql<number>`coalesce(max(right(${examBatch.batchNo}, 3)::int), 0)::int` })
    .from(examBatch)
    .where(sql`${examBatch.batchNo} like ${`${prefix}%`}`);
  return `${prefix}${String(Number(last) + 1).padStart(3, '0')}`;
}

const columnsOf = (f: BatchFields) => ({
  name: f.name,
  category: f.category,
  area: f.area,
  place: f.place,
  capacity: f.capacity,
  signupFrom: f.signupFrom,
  signupTo: f.signupTo,
  knowledgeStart: f.knowledgeStart,
  knowledgeEnd: f.knowledgeEnd,
  abilityStart: f.abilityStart,
  abilityEnd: f.abilityEnd,
});

export async function saveBatch(ctx: AppContext, user: AuthUser, f: BatchFields): Promise<BatchView> {
  assertMayManage(user, f.area);
  if (!mayAct(user, 'EDIT')) throw forbidden('没有权限，请联系管理员授权');
  checkFields(f);
  const snapshot = createExamBatchSnapshot(scheduleOf(f));
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const batchNo = await nextBatchNo(tx, chinaDate(f.knowledgeStart).slice(0, 4), f.area);
    const [created] = await tx
      .insert(examBatch)
      .values({
        batchNo,
        ...columnsOf(f),
        state: snapshot.value,
        snapshot,
        version: 0,
        createdBy: user.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return created!;
  });
  return (await batchViews(ctx, user, [row]))[0]!;
}

/** Who may send the event and whether the version is current: 403 and 409 before the machine is asked. */
function assertSender(user: AuthUser, batch: BatchRow, type: ExamBatchEventType, version?: number): void {
  if (version !== undefined && version !== batch.version) throw conflict(STALE_VERSION);
  const senders = examBatchSendersOf(snapshotOf(batch), type);
  if (senders.length === 0) throw conflict(`${NOT_ALLOWED_NOW}（当前状态：${stateLabel(batch.state)}）`);
  if (!senders.some((s) => sendersFor(user, batch).includes(s)) || !mayAct(user, type))
    throw forbidden('您无权对该考试批次进行此操作');
}

export async function updateBatch(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  version: number,
  f: BatchFields,
): Promise<BatchView> {
  const batch = await loadVisibleBatch(ctx.db, user, id);
  assertSender(user, batch, 'EDIT', version);
  assertMayManage(user, f.area);
  checkFields(f);
  const result = transitionExamBatch(snapshotOf(batch), { type: 'EDIT', schedule: scheduleOf(f) });
  if (!result.ok) throw conflict('只有草稿状态的考试批次可以修改');
  const [updated] = await ctx.db
    .update(examBatch)
    .set({
      ...columnsOf(f),
      snapshot: result.snapshot,
      state: result.to,
      version: batch.version + 1,
      updatedAt: ctx.clock.now(),
    })
    .where(and(eq(examBatch.id, id), eq(examBatch.version, batch.version)))
    .returning();
  if (!updated) throw conflict(STALE_VERSION);
  return (await batchViews(ctx, user, [updated]))[0]!;
}

/** Removes drafts (REMOVE each), all or none. */
export async function removeBatches(ctx: AppContext, user: AuthUser, ids: number[]): Promise<number> {
  const batches = await Promise.all(ids.map((id) => loadVisibleBatch(ctx.db, user, id)));
  for (const b of batches) {
    if (examBatchSendersOf(snapshotOf(b), 'REMOVE').length === 0)
      throw conflict(`考试批次 ${b.batchNo} 已开放报名，不能删除（可取消）`);
    assertSender(user, b, 'REMOVE');
    if (!transitionExamBatch(snapshotOf(b), { type: 'REMOVE' }).ok) throw conflict(NOT_ALLOWED_NOW);
  }
  await ctx.db.transaction(async (tx) => {
    for (const b of batches) {
      const gone = await tx
        .delete(examBatch)
        .where(and(eq(examBatch.id, b.id), eq(examBatch.version, b.version), eq(examBatch.state, 'draft')))
        .returning({ id: examBatch.id });
      if (gone.length === 0) throw conflict(STALE_VERSION);
    }
  });
  return batches.length;
}

/** The words of a guard that refused, with the batch's own numbers. */
export function refusalOf(guard: ExamBatchGuardName, batch: BatchRow, event: ExamBatchEvent): AppError {
  const s = snapshotOf(batch).context;
  switch (guard) {
    case 'isWithinSignupWindow':
      return new AppError(422, `不在报名时间内（报名时间 ${s.signupFrom} 至 ${s.signupTo}）`);
    case 'signupWindowHasNotEnded':
      return new AppError(422, `报名截止日期（${s.signupTo}）已过，不能开放报名`);
    case 'hasFreeSeat':
      return conflict(`报名人数已满（上限 ${s.capacity} 人）`);
    case 'isExamDayReached':
      return new AppError(422, `考试日期（${s.examDay}）未到，不能登记为已考试`);
    case 'hasNoPendingSignups':
      return new AppError(422, `尚有 ${event.type === 'HOLD' ? event.pending : 0} 条报名未审核，请先审核`);
    case 'hasResultsForEveryAccepted':
      return new AppError(
        422,
        `尚有 ${event.type === 'PUBLISH' ? event.accepted - event.withResults : 0} 名考生未录入成绩，不能发布`,
      );
    case 'hasReason':
      return badRequest('请填写取消原因', 'comment');
  }
}

/** The machine's verdict on an event with its facts, as the error to send when it refuses. */
export function refusalFor(batch: BatchRow, event: ExamBatchEvent): AppError {
  const failed = failedExamBatchGuards(snapshotOf(batch), event);
  return failed.length > 0 ? refusalOf(failed[0]!, batch, event) : conflict(NOT_ALLOWED_NOW);
}

/** Locks the batch row for the rest of the transaction: sign-ups, reviews, results and lifecycle events queue here. */
export async function lockBatch(tx: Tx, id: number): Promise<BatchRow> {
  const [row] = await tx.select().from(examBatch).where(eq(examBatch.id, id)).for('update');
  if (!row) throw notFound('考试批次不存在');
  return row;
}

export interface BatchEventInput {
  type: 'OPEN' | 'CLOSE' | 'REOPEN' | 'CANCEL' | 'HOLD' | 'PUBLISH';
  version: number;
  comment?: string;
}

/** One lifecycle event: 403 for the wrong sender, 409 stale or impossible now, 422 (or 400 for a missing reason) when a guard refuses. */
export async function sendBatchEvent(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  input: BatchEventInput,
): Promise<BatchView> {
  const seen = await loadVisibleBatch(ctx.db, user, id);
  assertSender(user, seen, input.type, input.version);
  const today = todayOf(ctx.clock);
  const now = ctx.clock.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const batch = await lockBatch(tx, id);
    if (batch.version !== input.version) throw conflict(STALE_VERSION);
    const c = (await countsOf(tx, [id])).get(id) ?? NO_COUNTS;
    const event = probesFor(batch, c, today).find((e) => e.type === input.type)!;
    const withReason: ExamBatchEvent = event.type === 'CANCEL' ? { type: 'CANCEL', reason: input.comment } : event;
    const result = transitionExamBatch(snapshotOf(batch), withReason);
    if (!result.ok) throw refusalFor(batch, withReason);
    const [row] = await tx
      .update(examBatch)
      .set({
        snapshot: result.snapshot,
        state: result.to,
        version: batch.version + 1,
        updatedAt: now,
        ...(result.to === 'published' ? { publishedAt: now } : {}),
      })
      .where(and(eq(examBatch.id, id), eq(examBatch.version, batch.version)))
      .returning();
    if (!row) throw conflict(STALE_VERSION);
    if (result.to === 'cancelled') {
      // The candidates are told why on their sign-up.
      await tx
        .update(examSignup)
        .set({
          status: 'cancelled',
          refuseReason: `考试批次已取消：${result.snapshot.context.cancelReason ?? ''}`,
          updatedAt: now,
        })
        .where(and(eq(examSignup.batchId, id), inArray(examSignup.status, ['pending', 'accepted'])));
    }
    return row;
  });
  return (await batchViews(ctx, user, [updated]))[0]!;
}

/** Rows of the export, the same filters and scope as the list (keyset by id). */
export function batchExportFetch(ctx: AppContext, user: AuthUser, q: Partial<BatchListQuery>, labels: Labels) {
  const where = batchWhere(user, q);
  let lastId = 0;
  return async (_offset: number, limit: number): Promise<BatchView[]> => {
    const rows = await ctx.db
      .select()
      .from(examBatch)
      .where(and(where, sql`${examBatch.id} > ${lastId}`))
      .orderBy(asc(examBatch.id))
      .limit(limit);
    if (rows.length) lastId = rows[rows.length - 1]!.id;
    return batchViews(ctx, user, rows, labels);
  };
}

/** Batches of an area that take sign-ups now (for "may this enterprise sign someone up"). */
export async function batchesTakingSignups(ctx: AppContext, user: AuthUser): Promise<BatchRow[]> {
  if (!user.area || user.userType !== '03') return [];
  const rows = await ctx.db
    .select()
    .from(examBatch)
    .where(and(eq(examBatch.area, user.area), eq(examBatch.state, 'open')));
  const counts = await countsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const today = todayOf(ctx.clock);
  return rows.filter((b) => eventsFor(user, b, counts.get(b.id) ?? NO_COUNTS, today).includes('SIGN_UP'));
}
