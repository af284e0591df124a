/**
 * What anyone may ask without signing in, answered with masked personal data only: the check of an
 * admission ticket by the code of its QR link, a candidate's result by 证件号码 + 准考证号, and a
 * sign-up's status by 证件号码 + batch number. Each needs both keys; none lists anything.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { examBatch, examResult, examSignup, person } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { maskIdNo } from '../../services/personalData.js';
import { categoryName, loadLabels } from '../certificate/labels.js';
import { stateLabel } from './batches.js';
import { SIGNUP_STATUS_LABELS } from './signups.js';
import { partTime } from './tickets.js';

/** 陈*豪, 李*, 欧阳**: the first character (and the last of three or more) stays. */
export function maskName(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= 1) return name;
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

const joined = (ctx: AppContext) =>
  ctx.db
    .select({ s: examSignup, b: examBatch, p: person, r: examResult })
    .from(examSignup)
    .innerJoin(examBatch, eq(examBatch.id, examSignup.batchId))
    .innerJoin(person, eq(person.id, examSignup.personId))
    .leftJoin(examResult, eq(examResult.signupId, examSignup.id));

export async function verifyTicket(ctx: AppContext, code: string) {
  const [row] = await joined(ctx).where(eq(examSignup.verifyCode, code));
  if (!row || !row.s.ticketNo) throw notFound('未查询到该准考证，请核对二维码');
  const labels = await loadLabels(ctx.db);
  const { s, b, p } = row;
  return {
    ticketNo: s.ticketNo!,
    name: maskName(p.name),
    idNoMasked: maskIdNo(p.idNo),
    batchNo: b.batchNo,
    batchName: b.name,
    category: s.category,
    categoryLabel: categoryName(labels.of('cer_type', s.category)),
    place: b.place,
    seatNo: s.seatNo ?? '',
    knowledgeTime: partTime(b.knowledgeStart, b.knowledgeEnd),
    abilityTime: partTime(b.abilityStart, b.abilityEnd),
    batchState: b.state,
    batchStateLabel: stateLabel(b.state),
    status: s.status,
    statusLabel: SIGNUP_STATUS_LABELS[s.status] ?? s.status,
    valid: s.status === 'accepted' && b.state !== 'cancelled',
  };
}

type Outcome = 'unpublished' | 'none' | 'absent' | 'passed' | 'failed';
const OUTCOME_LABELS: Record<Outcome, string> = {
  unpublished: '成绩尚未发布',
  none: '无成绩',
  absent: '缺考',
  passed: '合格',
  failed: '不合格',
};

function outcomeOf(
  published: boolean,
  r: { attended: string; knowledgeResult: string; abilityResult: string } | null,
): { result: Outcome; resultLabel: string } {
  const result: Outcome = !published
    ? 'unpublished'
    : !r
      ? 'none'
      : r.attended !== '1'
        ? 'absent'
        : r.knowledgeResult === '1' && r.abilityResult === '1'
          ? 'passed'
          : 'failed';
  return { result, resultLabel: OUTCOME_LABELS[result] };
}

/** A result by ID number and ticket number: at most one row; the parts only once the batch is published. */
export async function gradeSearch(ctx: AppContext, idNo: string, ticketNo: string) {
  const rows = await joined(ctx)
    .where(and(eq(person.idNo, idNo.toUpperCase()), eq(examSignup.ticketNo, ticketNo)))
    .limit(1);
  const labels = await loadLabels(ctx.db);
  return rows.map(({ s, b, p, r }) => {
    const published = b.state === 'published';
    const shown = published && r ? r : null;
    return {
      name: maskName(p.name),
      idNoMasked: maskIdNo(p.idNo),
      ticketNo: s.ticketNo!,
      batchNo: b.batchNo,
      batchName: b.name,
      category: s.category,
      categoryLabel: categoryName(labels.of('cer_type', s.category)),
      examDate: r?.examDate ?? null,
      published,
      attended: shown?.attended ?? null,
      knowledgeResult: shown?.knowledgeResult ?? null,
      abilityResult: shown?.abilityResult ?? null,
      passed: shown ? shown.attended === '1' && shown.knowledgeResult === '1' && shown.abilityResult === '1' : null,
      ...outcomeOf(published, shown),
    };
  });
}

/** The status of a sign-up by ID number and batch number (one category per batch: at most one row). */
export async function signSearch(ctx: AppContext, idNo: string, batchNo: string) {
  const rows = await joined(ctx)
    .where(and(eq(person.idNo, idNo.toUpperCase()), eq(examBatch.batchNo, batchNo.toUpperCase())))
    .limit(5);
  const labels = await loadLabels(ctx.db);
  return rows.map(({ s, b, p }) => ({
    name: maskName(p.name),
    idNoMasked: maskIdNo(p.idNo),
    batchNo: b.batchNo,
    batchName: b.name,
    category: s.category,
    categoryLabel: categoryName(labels.of('cer_type', s.category)),
    status: s.status,
    statusLabel: SIGNUP_STATUS_LABELS[s.status] ?? s.status,
    refuseReason: s.status === 'refused' || s.status === 'cancelled' ? s.refuseReason : null,
    ticketIssued: s.ticketNo !== null,
    examDay: partTime(b.knowledgeStart, b.knowledgeEnd).slice(0, 11),
    place: b.place,
  }));
}
