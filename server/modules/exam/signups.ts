/**
 * Sign-ups: an enterprise signs its employees up for an open batch of its area (the new-certificate
 * preconditions checked first, once per batch and category, seats counted under the batch's row
 * lock), withdraws a pending one; the area's staff accept (准考证号 and seat) or refuse with a reason.
 * Rows carry the actions the caller may take now, from the batch machine and the sign-up's status.
 */
import { randomBytes } from 'node:crypto';
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { examBatchEventsAcceptedNow, examBatchSendersOf } from '../../../machines/examBatch.machine.js';
import type { AppContext, AuthUser } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { enterprise, examBatch, examResult, examSignup, person, sysUser } from '../../db/schema.js';
import { AppError, conflict, forbidden, notFound, badRequest } from '../../lib/errors.js';
import {
  maskIdNo,
  personalDataOf,
  type Duty,
  type PersonValues,
  type Revealable,
} from '../../services/personalData.js';
import { ageOn, findPerson, todayOf } from '../business/facts.js';
import type { Category } from '../business/payloads.js';
import { checkExamCandidate } from '../business/rules.js';
import { loadLabels, type Labels } from '../certificate/labels.js';
import { contains } from '../certificate/query.js';
import {
  batchViews,
  countsOf,
  loadBatch,
  lockBatch,
  refusalFor,
  snapshotOf,
  stateLabel,
  NOT_ALLOWED_NOW,
} from './batches.js';
import type { SignupListQuery, SignupView } from './schemas.js';
import {
  assertCanSeeSignup,
  enterpriseOfArea,
  mayAct,
  sendersFor,
  signupScope,
  staffOfArea,
  type BatchRow,
  type SignupRow,
} from './scope.js';

export const SIGNUP_STATUS_LABELS: Record<string, string> = {
  pending: '待审核',
  accepted: '审核通过',
  refused: '审核不通过',
  withdrawn: '已撤回',
  cancelled: '已取消',
};
/** A sign-up in these states holds a seat and blocks a second one for the batch and category. */
const LIVE = ['pending', 'accepted'];
/** Seats per examination room: the seat number is room-seat. */
const ROOM_SIZE = 30;

type Action = SignupView['actions'][number];
type ResultRow = typeof examResult.$inferSelect;

/** The events that happen to a sign-up and leave the batch where it is (no facts needed). */
export type SignupActivity = 'WITHDRAW' | 'REVIEW' | 'ENTER_RESULT' | 'PRINT_TICKET';

/** Whether the caller may send this activity of the batch machine for this sign-up now. */
export function mayNow(
  user: AuthUser,
  batch: BatchRow,
  signup: Pick<SignupRow, 'enterpriseId' | 'personId'>,
  type: SignupActivity,
): boolean {
  return (
    mayAct(user, type) &&
    examBatchEventsAcceptedNow(snapshotOf(batch), [{ type }], sendersFor(user, batch, signup)).includes(type)
  );
}

export function actionsOf(user: AuthUser, batch: BatchRow, s: SignupRow): Action[] {
  const out: Action[] = [];
  if (s.status === 'pending' && mayNow(user, batch, s, 'REVIEW')) out.push('accept', 'refuse');
  if (s.status === 'pending' && user.enterpriseId === s.enterpriseId && mayNow(user, batch, s, 'WITHDRAW'))
    out.push('withdraw');
  if (s.status === 'accepted' && mayNow(user, batch, s, 'PRINT_TICKET')) out.push('print');
  if (s.status === 'accepted' && mayNow(user, batch, s, 'ENTER_RESULT')) out.push('enterResult');
  return out;
}

export function resultViewOf(r: ResultRow | null, batch: Pick<BatchRow, 'state'>): SignupView['result'] {
  if (!r) return null;
  return {
    attended: r.attended,
    knowledgeResult: r.knowledgeResult,
    abilityResult: r.abilityResult,
    knowledgeScore: r.knowledgeScore,
    abilityScore: r.abilityScore,
    passed: r.attended === '1' && r.knowledgeResult === '1' && r.abilityResult === '1',
    published: batch.state === 'published',
  };
}

const signupEnterprise = alias(enterprise, 'signup_enterprise');

export const joinedSignups = (db: DbOrTx) =>
  db
    .select({ s: examSignup, b: examBatch, p: person, enterpriseName: signupEnterprise.name, r: examResult })
    .from(examSignup)
    .innerJoin(examBatch, eq(examBatch.id, examSignup.batchId))
    .innerJoin(person, eq(person.id, examSignup.personId))
    .leftJoin(signupEnterprise, eq(signupEnterprise.id, examSignup.enterpriseId))
    .leftJoin(examResult, eq(examResult.signupId, examSignup.id));
type Joined = {
  s: SignupRow;
  b: BatchRow;
  p: typeof person.$inferSelect;
  enterpriseName: string | null;
  r: ResultRow | null;
};

export function toSignupView(user: AuthUser, row: Joined, labels: Labels): SignupView {
  const { s, b, p, r } = row;
  return {
    id: s.id,
    batchId: b.id,
    batchNo: b.batchNo,
    batchName: b.name,
    batchState: b.state,
    batchStateLabel: stateLabel(b.state),
    category: s.category,
    categoryLabel: labels.of('cer_type', s.category),
    personId: p.id,
    name: p.name,
    sex: p.sex,
    idNo: maskIdNo(p.idNo),
    enterpriseId: s.enterpriseId,
    enterpriseName: row.enterpriseName ?? '',
    position: s.position,
    positionLabel: s.position ? labels.of('ministerial_position', s.position) : null,
    status: s.status,
    statusLabel: SIGNUP_STATUS_LABELS[s.status] ?? s.status,
    refuseReason: s.refuseReason,
    ticketNo: s.ticketNo,
    seatNo: s.seatNo,
    createdAt: s.createdAt.toISOString(),
    reviewedAt: s.reviewedAt?.toISOString() ?? null,
    result: resultViewOf(r, b),
    actions: actionsOf(user, b, s),
  };
}

export function signupWhere(user: AuthUser, q: Partial<SignupListQuery>): SQL | undefined {
  return and(
    signupScope(user),
    q.batchId ? eq(examSignup.batchId, q.batchId) : undefined,
    q.status ? eq(examSignup.status, q.status) : undefined,
    q.category ? eq(examSignup.category, q.category) : undefined,
    q.keyword
      ? or(
          contains(person.name, q.keyword),
          contains(person.idNo, q.keyword.toUpperCase()),
          contains(examSignup.ticketNo, q.keyword),
        )
      : undefined,
    q.enterpriseName ? contains(signupEnterprise.name, q.enterpriseName) : undefined,
  );
}

export async function listSignups(ctx: AppContext, user: AuthUser, q: SignupListQuery) {
  const where = signupWhere(user, q);
  const [{ total }] = await ctx.db
    .select({ total: count() })
    .from(examSignup)
    .innerJoin(examBatch, eq(examBatch.id, examSignup.batchId))
    .innerJoin(person, eq(person.id, examSignup.personId))
    .leftJoin(signupEnterprise, eq(signupEnterprise.id, examSignup.enterpriseId))
    .where(where);
  const rows = await joinedSignups(ctx.db)
    .where(where)
    .orderBy(desc(examSignup.createdAt), desc(examSignup.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  const labels = await loadLabels(ctx.db);
  return { rows: rows.map((r) => toSignupView(user, r, labels)), total };
}

/** Keyset batches of the same list for the Excel export. */
export function signupExportFetch(ctx: AppContext, user: AuthUser, q: Partial<SignupListQuery>, labels: Labels) {
  const where = signupWhere(user, q);
  let lastId = 0;
  return async (_offset: number, limit: number): Promise<SignupView[]> => {
    const rows = await joinedSignups(ctx.db)
      .where(and(where, sql`${examSignup.id} > ${lastId}`))
      .orderBy(asc(examSignup.id))
      .limit(limit);
    if (rows.length) lastId = rows[rows.length - 1]!.s.id;
    return rows.map((r) => toSignupView(user, r, labels));
  };
}

export async function loadSignup(db: DbOrTx, id: number): Promise<{ signup: SignupRow; batch: BatchRow }> {
  const [signup] = await db.select().from(examSignup).where(eq(examSignup.id, id));
  if (!signup) throw notFound('报名记录不存在');
  return { signup, batch: await loadBatch(db, signup.batchId) };
}

/** Whose duty it is to see the candidate's real data: the candidate, the reviewing centre, the employer that signed them up. */
function dutyOver(user: AuthUser, s: SignupRow, b: BatchRow): Duty {
  if (user.personId !== null && user.personId === s.personId) return 'self';
  if (staffOfArea(user, b.area)) return 'review';
  if (user.userType === '03' && user.enterpriseId === s.enterpriseId) return 'employer';
  return null;
}

/** The candidate's personal data on a sign-up the caller may see (reveal source 'examSignup'). */
export async function signupPersonalData(
  ctx: AppContext,
  user: AuthUser,
  id: number,
): Promise<Revealable<PersonValues>> {
  const { signup, batch } = await loadSignup(ctx.db, id);
  assertCanSeeSignup(user, signup, batch);
  const p = await findPerson(ctx.db, signup.personId);
  if (!p) throw notFound('人员不存在');
  return {
    subject: { personId: p.id, name: p.name },
    duty: dutyOver(user, signup, batch),
    values: { idNo: p.idNo, birthDate: p.birthDate, phone: p.phone },
  };
}

export async function getSignup(ctx: AppContext, user: AuthUser, id: number) {
  const { signup, batch } = await loadSignup(ctx.db, id);
  assertCanSeeSignup(user, signup, batch);
  const [row] = await joinedSignups(ctx.db).where(eq(examSignup.id, id));
  const labels = await loadLabels(ctx.db);
  const view = toSignupView(user, row!, labels);
  const p = row!.p;
  const checks = await checkExamCandidate(ctx.db, ctx.clock, {
    personId: p.id,
    enterpriseId: signup.enterpriseId,
    category: signup.category as Category,
    position: signup.position ?? '99',
  });
  const [reviewer] = signup.reviewedBy
    ? await ctx.db.select({ name: sysUser.nickName }).from(sysUser).where(eq(sysUser.userId, signup.reviewedBy))
    : [];
  const { values: personal, offer } = personalDataOf(
    {
      subject: { personId: p.id, name: p.name },
      duty: dutyOver(user, signup, batch),
      values: { idNo: p.idNo, birthDate: p.birthDate, phone: p.phone },
    },
    'examSignup',
    signup.id,
  );
  return {
    ...view,
    person: {
      id: p.id,
      name: p.name,
      sex: p.sex,
      idNo: personal.idNo,
      birthDate: personal.birthDate,
      phone: personal.phone ?? null,
      personalData: offer,
      age: ageOn(p.birthDate, todayOf(ctx.clock)),
      education: p.education,
      educationLabel: p.education ? labels.of('ministerial_diploma', p.education) : null,
      title: p.title,
      titleLabel: p.title ? labels.of('ministerial_title_rank', p.title) : null,
    },
    batch: (await batchViews(ctx, user, [batch], labels))[0]!,
    checks: { code: checks.code, message: checks.message, facts: shownFacts(checks.facts) },
    reviewerName: reviewer?.name ?? null,
  };
}

export interface SignUpInput {
  batchId: number;
  personId: number;
  position: string;
}

/** The checks before the transaction: caller, batch, person and the rules (a refusal says which). */
async function prepareSignUp(ctx: AppContext, user: AuthUser, input: SignUpInput) {
  if (user.userType !== '03' || !user.enterpriseId) throw forbidden('考试报名须由企业用户为本企业人员办理');
  const batch = await loadBatch(ctx.db, input.batchId);
  if (batch.state === 'draft') throw notFound('考试批次不存在');
  if (!enterpriseOfArea(user, batch.area)) throw forbidden('只能报名本企业所属区域考核中心组织的考试');
  if (!examBatchSendersOf(snapshotOf(batch), 'SIGN_UP').includes('enterprise'))
    throw conflict(`该考试批次当前不接受报名（${stateLabel(batch.state)}）`);
  if (!mayAct(user, 'SIGN_UP')) throw forbidden('没有权限，请联系管理员授权');
  const p = await findPerson(ctx.db, input.personId);
  if (!p) throw badRequest('报名人员不存在', 'personId');
  if (p.enterpriseId !== user.enterpriseId) throw forbidden('只能为本企业的人员报名');
  return { batch, person: p };
}

/** The rules' answer for signing this person up (GET /exam/sign/check): the same as the sign-up's. */
export async function checkSignUp(ctx: AppContext, user: AuthUser, input: SignUpInput) {
  const { batch, person: p } = await prepareSignUp(ctx, user, input);
  const answer = await checkExamCandidate(ctx.db, ctx.clock, {
    personId: p.id,
    enterpriseId: user.enterpriseId!,
    category: batch.category as Category,
    position: input.position,
  });
  return { ...answer, facts: shownFacts(answer.facts) };
}

/** The facts the rules read, without the identity number (the pages show it masked, or revealed by duty and logged). */
function shownFacts(facts: Record<string, unknown>): Record<string, unknown> {
  const { idNo: _idNo, ...rest } = facts;
  return rest;
}

export async function signUp(ctx: AppContext, user: AuthUser, input: SignUpInput): Promise<SignupView> {
  const { batch, person: p } = await prepareSignUp(ctx, user, input);
  const category = batch.category as Category;
  const answer = await checkExamCandidate(ctx.db, ctx.clock, {
    personId: p.id,
    enterpriseId: user.enterpriseId!,
    category,
    position: input.position,
  });
  if (answer.code !== 0)
    throw new AppError(422, answer.message, answer.field, answer.code, {
      checkCode: answer.code,
      facts: shownFacts(answer.facts),
    });
  const today = todayOf(ctx.clock);
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    // Concurrent sign-ups of one batch queue on its row: the seats are counted by one at a time.
    const locked = await lockBatch(tx, batch.id);
    const c = (await countsOf(tx, [batch.id])).get(batch.id) ?? { pending: 0, accepted: 0, withResults: 0 };
    const event = { type: 'SIGN_UP' as const, today, taken: c.pending + c.accepted };
    if (!examBatchEventsAcceptedNow(snapshotOf(locked), [event], ['enterprise']).includes('SIGN_UP'))
      throw refusalFor(locked, event);
    const [existing] = await tx
      .select()
      .from(examSignup)
      .where(and(eq(examSignup.batchId, batch.id), eq(examSignup.personId, p.id), eq(examSignup.category, category)));
    if (existing && LIVE.includes(existing.status))
      throw conflict(
        `${p.name} 已报名本批次考试（${SIGNUP_STATUS_LABELS[existing.status]}），同一批次同一类别只能报名一次`,
      );
    const fields = {
      enterpriseId: user.enterpriseId!,
      position: input.position,
      status: 'pending',
      refuseReason: null,
      ticketNo: null,
      seatNo: null,
      verifyCode: null,
      signedBy: user.userId,
      reviewedBy: null,
      reviewedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    if (existing) {
      // Withdrawn, refused or cancelled before: the same row signs up again.
      await tx.update(examSignup).set(fields).where(eq(examSignup.id, existing.id));
      return existing.id;
    }
    const [created] = await tx
      .insert(examSignup)
      .values({ batchId: batch.id, personId: p.id, category, ...fields })
      .returning({ id: examSignup.id });
    return created!.id;
  });
  const [row] = await joinedSignups(ctx.db).where(eq(examSignup.id, id));
  return toSignupView(user, row!, await loadLabels(ctx.db));
}

/** The sign-ups of `ids`, each checked against the caller and the action (all or none). */
async function loadForAction(ctx: AppContext, user: AuthUser, ids: number[], action: 'accept' | 'refuse' | 'withdraw') {
  const out: { signup: SignupRow; batch: BatchRow; name: string }[] = [];
  for (const id of ids) {
    const { signup, batch } = await loadSignup(ctx.db, id);
    assertCanSeeSignup(user, signup, batch);
    const [p] = await ctx.db.select({ name: person.name }).from(person).where(eq(person.id, signup.personId));
    const name = p?.name ?? String(signup.personId);
    const type: SignupActivity = action === 'withdraw' ? 'WITHDRAW' : 'REVIEW';
    const senders = examBatchSendersOf(snapshotOf(batch), type);
    if (senders.length === 0)
      throw conflict(`${name} 的报名所在考试批次${stateLabel(batch.state)}，${NOT_ALLOWED_NOW}`);
    const who = sendersFor(user, batch, signup);
    const mine = action === 'withdraw' ? user.enterpriseId === signup.enterpriseId : true;
    if (!senders.some((s) => who.includes(s)) || !mine || !mayAct(user, type))
      throw forbidden(`您无权处理 ${name} 的报名`);
    if (signup.status !== 'pending')
      throw conflict(
        `${name} 的报名已${SIGNUP_STATUS_LABELS[signup.status] ?? signup.status}，不能再${action === 'withdraw' ? '撤回' : '审核'}`,
      );
    out.push({ signup, batch, name });
  }
  return out;
}

/** 准考证号: the batch number's digits and a 4-digit sequence; seat: room-seat. */
export async function nextTicket(tx: Tx, batch: BatchRow): Promise<{ ticketNo: string; seatNo: string }> {
  const base = batch.batchNo.replace(/\D/g, '');
  const [{ last }] = await tx
    .select({ last: sql<number>`coalesce(max(right(${examSignup.ticketNo}, 4)::int), 0)::int` })
    .from(examSignup)
    .where(and(eq(examSignup.batchId, batch.id), sql`${examSignup.ticketNo} is not null`));
  const seq = Number(last) + 1;
  const room = Math.ceil(seq / ROOM_SIZE);
  const seat = ((seq - 1) % ROOM_SIZE) + 1;
  return {
    ticketNo: `${base}${String(seq).padStart(4, '0')}`,
    seatNo: `${String(room).padStart(2, '0')}-${String(seat).padStart(2, '0')}`,
  };
}

/** Accepts pending sign-ups: each gets its ticket number and seat (numbered under the batch's row lock). */
export async function acceptSignups(ctx: AppContext, user: AuthUser, ids: number[]): Promise<number> {
  const items = await loadForAction(ctx, user, ids, 'accept');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    for (const { signup, batch, name } of items) {
      const locked = await lockBatch(tx, batch.id);
      if (!examBatchEventsAcceptedNow(snapshotOf(locked), [{ type: 'REVIEW' }], ['areaStaff']).includes('REVIEW'))
        throw conflict(NOT_ALLOWED_NOW);
      const ticket = await nextTicket(tx, locked);
      const [done] = await tx
        .update(examSignup)
        .set({
          status: 'accepted',
          ...ticket,
          verifyCode: randomBytes(12).toString('base64url'),
          refuseReason: null,
          reviewedBy: user.userId,
          reviewedAt: now,
          updatedAt: now,
        })
        .where(and(eq(examSignup.id, signup.id), eq(examSignup.status, 'pending')))
        .returning({ id: examSignup.id });
      if (!done) throw conflict(`${name} 的报名已被他人处理，请刷新后重试`);
    }
  });
  return items.length;
}

export async function refuseSignups(ctx: AppContext, user: AuthUser, ids: number[], reason: string): Promise<number> {
  return decide(ctx, user, ids, 'refuse', {
    status: 'refused',
    refuseReason: reason,
    reviewedBy: user.userId,
    reviewedAt: ctx.clock.now(),
  });
}

export async function withdrawSignups(ctx: AppContext, user: AuthUser, ids: number[]): Promise<number> {
  return decide(ctx, user, ids, 'withdraw', { status: 'withdrawn' });
}

async function decide(
  ctx: AppContext,
  user: AuthUser,
  ids: number[],
  action: 'refuse' | 'withdraw',
  set: Partial<SignupRow>,
): Promise<number> {
  const items = await loadForAction(ctx, user, ids, action);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    for (const { signup, batch, name } of items) {
      const locked = await lockBatch(tx, batch.id);
      const type: SignupActivity = action === 'withdraw' ? 'WITHDRAW' : 'REVIEW';
      if (
        !examBatchEventsAcceptedNow(
          snapshotOf(locked),
          [{ type }],
          [action === 'withdraw' ? 'enterprise' : 'areaStaff'],
        ).includes(type)
      )
        throw conflict(NOT_ALLOWED_NOW);
      const [done] = await tx
        .update(examSignup)
        .set({ ...set, updatedAt: now })
        .where(and(eq(examSignup.id, signup.id), eq(examSignup.status, 'pending')))
        .returning({ id: examSignup.id });
      if (!done) throw conflict(`${name} 的报名已被他人处理，请刷新后重试`);
    }
  });
  return items.length;
}
