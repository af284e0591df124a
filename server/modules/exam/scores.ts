/**
 * Results (ExamScore): one exam_result row per accepted sign-up (unique signup_id), attendance 1/0
 * and each part 1 pass / 0 fail (absent: both 0), batch_no and exam_date from the batch, written
 * only while the batch machine takes ENTER_RESULT (held); publishing the batch makes them final.
 * The score import (ExamImport) writes the same rows under the same rule.
 *
 * Result search (ScoreSearch): the centre its area's results (and the pre-platform results of its
 * enterprises' people), the province all, a person their own published or pre-platform results.
 */
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AppContext, AuthUser } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { enterprise, examBatch, examResult, examSignup, person } from '../../db/schema.js';
import { badRequest, conflict, forbidden } from '../../lib/errors.js';
import { maskIdNo } from '../../services/personalData.js';
import { loadLabels, type Labels } from '../certificate/labels.js';
import { contains } from '../certificate/query.js';
import { examDayOf, loadVisibleBatch, lockBatch, snapshotOf, NOT_ALLOWED_NOW } from './batches.js';
import type { ScoreRowInput, ScoreSearchQuery, scoreListQuery, scoreSearchRow, SignupView } from './schemas.js';
import { isStaff, mayAct, sendersFor, staffOfArea } from './scope.js';
import { joinedSignups, toSignupView } from './signups.js';
import { examBatchEventsAcceptedNow } from '../../../machines/examBatch.machine.js';

type ScoreListQuery = z.infer<typeof scoreListQuery>;
type SearchRow = z.infer<typeof scoreSearchRow>;

function scoreWhere(batchId: number, keyword?: string): SQL | undefined {
  return and(
    eq(examSignup.batchId, batchId),
    eq(examSignup.status, 'accepted'),
    keyword
      ? or(
          contains(person.name, keyword),
          contains(person.idNo, keyword.toUpperCase()),
          contains(examSignup.ticketNo, keyword),
        )
      : undefined,
  );
}

/** The accepted sign-ups of a batch of the caller's area with their results (staff only: results are entered by the centre). */
export async function listScores(ctx: AppContext, user: AuthUser, q: ScoreListQuery) {
  const batch = await loadVisibleBatch(ctx.db, user, q.batchId);
  if (!staffOfArea(user, batch.area)) throw forbidden('成绩由考核中心录入');
  const where = scoreWhere(batch.id, q.keyword);
  const [{ total }] = await ctx.db
    .select({ total: count() })
    .from(examSignup)
    .innerJoin(person, eq(person.id, examSignup.personId))
    .where(where);
  const rows = await joinedSignups(ctx.db)
    .where(where)
    .orderBy(asc(examSignup.ticketNo))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  const labels = await loadLabels(ctx.db);
  return { rows: rows.map((r) => toSignupView(user, r, labels)), total };
}

export function scoreExportFetch(ctx: AppContext, user: AuthUser, batchId: number, labels: Labels) {
  const where = scoreWhere(batchId);
  return async (offset: number, limit: number): Promise<SignupView[]> => {
    const rows = await joinedSignups(ctx.db)
      .where(where)
      .orderBy(asc(examSignup.ticketNo), asc(examSignup.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => toSignupView(user, r, labels));
  };
}

/** Absent means both parts failed; a pass of a part the candidate did not sit is refused. */
function normalised(row: ScoreRowInput, index: number): Omit<ResultValues, 'signupId'> {
  if (row.attended === '0') {
    if (row.knowledgeResult === '1')
      throw badRequest('缺考考生的安全生产知识成绩只能为不合格（0）', `rows.${index}.knowledgeResult`);
    if (row.abilityResult === '1')
      throw badRequest('缺考考生的管理能力成绩只能为不合格（0）', `rows.${index}.abilityResult`);
    return { attended: '0', knowledgeResult: '0', abilityResult: '0', knowledgeScore: null, abilityScore: null };
  }
  if (!row.knowledgeResult) throw badRequest('请填写安全生产知识成绩', `rows.${index}.knowledgeResult`);
  if (!row.abilityResult) throw badRequest('请填写管理能力成绩', `rows.${index}.abilityResult`);
  return {
    attended: '1',
    knowledgeResult: row.knowledgeResult,
    abilityResult: row.abilityResult,
    knowledgeScore: row.knowledgeScore ?? null,
    abilityScore: row.abilityScore ?? null,
  };
}

/** One candidate's result as it is stored: absent ⇒ both parts '0' (see {@link normalised}). */
export interface ResultValues {
  signupId: number;
  attended: '1' | '0';
  knowledgeResult: '1' | '0';
  abilityResult: '1' | '0';
  knowledgeScore: number | null;
  abilityScore: number | null;
}

/**
 * Writes results of accepted sign-ups of one batch inside the caller's transaction, under the
 * batch's row lock (publishing waits for it): refused unless the batch machine takes ENTER_RESULT
 * (held), each sign-up must be an accepted one of the batch (400 naming `rows.<i>.signupId`); one
 * row per sign-up, replaced when written again (so the same values twice change nothing). The
 * score import writes through this too.
 */
export async function writeExamResults(tx: Tx, batchId: number, values: readonly ResultValues[]): Promise<number> {
  const locked = await lockBatch(tx, batchId);
  if (
    !examBatchEventsAcceptedNow(snapshotOf(locked), [{ type: 'ENTER_RESULT' }], ['areaStaff']).includes('ENTER_RESULT')
  ) {
    throw conflict(
      locked.state === 'published' ? '成绩已发布，不能再修改' : `${NOT_ALLOWED_NOW}：考试登记为已考试后才能录入成绩`,
    );
  }
  const ids = [...new Set(values.map((v) => v.signupId))];
  const signups = ids.length
    ? await tx
        .select()
        .from(examSignup)
        .where(and(eq(examSignup.batchId, batchId), inArray(examSignup.id, ids)))
    : [];
  values.forEach((v, i) => {
    const s = signups.find((x) => x.id === v.signupId);
    if (!s) throw badRequest('该考生未报名本批次考试', `rows.${i}.signupId`);
    if (s.status !== 'accepted') throw badRequest('只有审核通过的考生才有成绩', `rows.${i}.signupId`);
  });
  for (const v of values) {
    const s = signups.find((x) => x.id === v.signupId)!;
    const row = {
      personId: s.personId,
      signupId: s.id,
      category: s.category,
      batchNo: locked.batchNo,
      examDate: examDayOf(locked),
      attended: v.attended,
      knowledgeResult: v.knowledgeResult,
      abilityResult: v.abilityResult,
      knowledgeScore: v.knowledgeScore,
      abilityScore: v.abilityScore,
    };
    await tx
      .insert(examResult)
      .values(row)
      .onConflictDoUpdate({
        target: examResult.signupId,
        set: {
          attended: row.attended,
          knowledgeResult: row.knowledgeResult,
          abilityResult: row.abilityResult,
          knowledgeScore: row.knowledgeScore,
          abilityScore: row.abilityScore,
          examDate: row.examDate,
          batchNo: row.batchNo,
        },
      });
  }
  return values.length;
}

/** Results entered on the page (ExamScore), all or none. */
export async function saveScores(
  ctx: AppContext,
  user: AuthUser,
  batchId: number,
  input: readonly ScoreRowInput[],
): Promise<number> {
  const batch = await loadVisibleBatch(ctx.db, user, batchId);
  if (!sendersFor(user, batch).includes('areaStaff') || !mayAct(user, 'ENTER_RESULT'))
    throw forbidden('成绩由本区域考核中心录入');
  const values = input.map((row, i) => ({ signupId: row.signupId, ...normalised(row, i) }));
  const seen = new Set<number>();
  values.forEach((v, i) => {
    if (seen.has(v.signupId)) throw badRequest('同一考生的成绩重复填写', `rows.${i}.signupId`);
    seen.add(v.signupId);
  });
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const n = await writeExamResults(tx, batchId, values);
    await tx.update(examBatch).set({ updatedAt: now }).where(eq(examBatch.id, batchId));
    return n;
  });
}

// ---------- result search ----------

const personEnterprise = alias(enterprise, 'person_enterprise');

function searchScope(user: AuthUser): SQL | undefined {
  if (isStaff(user)) {
    if (user.area === 'all') return undefined;
    const area = user.area ?? '-';
    return or(eq(examBatch.area, area), and(isNull(examResult.signupId), eq(personEnterprise.ownership, area)));
  }
  if (user.userType === '04' && user.personId) {
    // A person sees final results only.
    return and(
      eq(examResult.personId, user.personId),
      or(isNull(examResult.signupId), eq(examBatch.state, 'published')),
    );
  }
  return sql`false`;
}

function searchWhere(user: AuthUser, q: Partial<ScoreSearchQuery>): SQL | undefined {
  const passed = and(
    eq(examResult.attended, '1'),
    eq(examResult.knowledgeResult, '1'),
    eq(examResult.abilityResult, '1'),
  );
  return and(
    searchScope(user),
    q.name ? contains(person.name, q.name) : undefined,
    q.idNo ? contains(person.idNo, q.idNo.toUpperCase()) : undefined,
    q.batchNo ? contains(examResult.batchNo, q.batchNo) : undefined,
    q.category ? eq(examResult.category, q.category) : undefined,
    q.passed === '1' ? passed : q.passed === '0' ? sql`not (${passed})` : undefined,
  );
}

const searchFrom = (ctx: AppContext) =>
  ctx.db
    .select({
      r: examResult,
      p: person,
      enterpriseName: personEnterprise.name,
      batchName: examBatch.name,
      batchState: examBatch.state,
      ticketNo: examSignup.ticketNo,
    })
    .from(examResult)
    .innerJoin(person, eq(person.id, examResult.personId))
    .leftJoin(personEnterprise, eq(personEnterprise.id, person.enterpriseId))
    .leftJoin(examSignup, eq(examSignup.id, examResult.signupId))
    .leftJoin(examBatch, eq(examBatch.id, examSignup.batchId));
type SearchJoined = Awaited<ReturnType<ReturnType<typeof searchFrom>['where']>>[number];

function toSearchRow(x: SearchJoined, labels: Labels): SearchRow {
  const r = x.r;
  return {
    id: r.id,
    personId: x.p.id,
    name: x.p.name,
    idNo: maskIdNo(x.p.idNo),
    enterpriseName: x.enterpriseName,
    category: r.category,
    categoryLabel: labels.of('cer_type', r.category),
    batchNo: r.batchNo,
    batchName: x.batchName,
    ticketNo: x.ticketNo,
    examDate: r.examDate,
    attended: r.attended,
    knowledgeResult: r.knowledgeResult,
    abilityResult: r.abilityResult,
    knowledgeScore: r.knowledgeScore,
    abilityScore: r.abilityScore,
    passed: r.attended === '1' && r.knowledgeResult === '1' && r.abilityResult === '1',
    published: r.signupId === null || x.batchState === 'published',
    source: r.signupId === null ? 'legacy' : 'platform',
  };
}

export async function searchScores(ctx: AppContext, user: AuthUser, q: ScoreSearchQuery) {
  const where = searchWhere(user, q);
  const [{ total }] = await ctx.db
    .select({ total: count() })
    .from(examResult)
    .innerJoin(person, eq(person.id, examResult.personId))
    .leftJoin(personEnterprise, eq(personEnterprise.id, person.enterpriseId))
    .leftJoin(examSignup, eq(examSignup.id, examResult.signupId))
    .leftJoin(examBatch, eq(examBatch.id, examSignup.batchId))
    .where(where);
  const rows = await searchFrom(ctx)
    .where(where)
    .orderBy(desc(examResult.examDate), desc(examResult.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  const labels = await loadLabels(ctx.db);
  return { rows: rows.map((x) => toSearchRow(x, labels)), total };
}

export function scoreSearchExportFetch(ctx: AppContext, user: AuthUser, q: Partial<ScoreSearchQuery>, labels: Labels) {
  const where = searchWhere(user, q);
  let lastId = 0;
  return async (_offset: number, limit: number): Promise<SearchRow[]> => {
    const rows = await searchFrom(ctx)
      .where(and(where, sql`${examResult.id} > ${lastId}`))
      .orderBy(asc(examResult.id))
      .limit(limit);
    if (rows.length) lastId = rows[rows.length - 1]!.r.id;
    return rows.map((x) => toSearchRow(x, labels));
  };
}
