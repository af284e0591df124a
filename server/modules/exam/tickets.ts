/**
 * Admission tickets: the PDF of one accepted sign-up, or of every accepted sign-up of a batch the
 * caller may print (the centre: all; an enterprise: its own candidates; a person: their own), as one
 * multi-page document. Printable while the batch machine takes PRINT_TICKET (open, closed, held).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext, AuthUser } from '../../context.js';
import { examSignup } from '../../db/schema.js';
import { DEPT_GZ, DEPT_PROV, DEPT_SZ, ROOT_DEPT } from '../../db/seed/organisation.js';
import { chinaDateTime } from '../../lib/days.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { ExamTicketPdfData } from '../../lib/pdf/examTicket.js';
import { examTicketPdf } from '../../lib/pdf/lazy.js';
import { maskIdNo } from '../../services/personalData.js';
import { categoryName, loadLabels, type Labels } from '../certificate/labels.js';
import { loadVisibleBatch } from './batches.js';
import { assertCanSeeSignup, signupScope } from './scope.js';
import { joinedSignups, loadSignup, mayNow } from './signups.js';

/** A batch prints at most this many tickets in one document (~30 kB a page). */
export const TICKETS_MAX = 1000;

const ORGANISERS: Record<string, string> = {
  '1': `${ROOT_DEPT}（${DEPT_GZ}）`,
  '2': `${ROOT_DEPT}（${DEPT_SZ}）`,
  '3': `${ROOT_DEPT}（${DEPT_PROV}）`,
};

/** 2026年12月20日 09:00–11:00 (China time). */
export function partTime(start: Date, end: Date): string {
  const s = chinaDateTime(start);
  const e = chinaDateTime(end);
  return `${s.slice(0, 4)}年${s.slice(5, 7)}月${s.slice(8, 10)}日 ${s.slice(11, 16)}–${e.slice(11, 16)}`;
}

type Joined = Awaited<ReturnType<ReturnType<typeof joinedSignups>['where']>>[number];

function ticketData(row: Joined, labels: Labels, baseUrl: string): ExamTicketPdfData {
  const { s, b, p } = row;
  return {
    name: p.name,
    sex: labels.of('sys_user_sex', p.sex),
    idNoMasked: maskIdNo(p.idNo),
    ticketNo: s.ticketNo ?? '',
    seatNo: s.seatNo ?? '',
    batchNo: b.batchNo,
    batchName: b.name,
    category: s.category,
    categoryLabel: categoryName(labels.of('cer_type', s.category)),
    place: b.place,
    enterpriseName: row.enterpriseName ?? '',
    knowledgeTime: partTime(b.knowledgeStart, b.knowledgeEnd),
    abilityTime: partTime(b.abilityStart, b.abilityEnd),
    verifyUrl: `${baseUrl}/web/examTicket/${s.verifyCode ?? ''}`,
    organiser: ORGANISERS[b.area] ?? ORGANISERS['3']!,
  };
}

export async function ticketOfSignup(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  baseUrl: string,
): Promise<{ pdf: Uint8Array; ticketNo: string; name: string }> {
  const { signup, batch } = await loadSignup(ctx.db, id);
  assertCanSeeSignup(user, signup, batch);
  if (signup.status !== 'accepted' || !signup.ticketNo) throw conflict('报名审核通过后才能打印准考证');
  if (!mayNow(user, batch, signup, 'PRINT_TICKET')) {
    if (!user.permissions.has('exam:printPermit:print')) throw forbidden('没有权限，请联系管理员授权');
    throw conflict('该考试批次当前不能打印准考证');
  }
  const [row] = await joinedSignups(ctx.db).where(eq(examSignup.id, id));
  // The ticket is a Chinese document.
  const pdf = await examTicketPdf([ticketData(row!, await loadLabels(ctx.db, 'zh-CN'), baseUrl)]);
  return { pdf, ticketNo: signup.ticketNo, name: row!.p.name };
}

export async function ticketsOfBatch(
  ctx: AppContext,
  user: AuthUser,
  batchId: number,
  baseUrl: string,
): Promise<{ pdf: Uint8Array; count: number; batchNo: string }> {
  const batch = await loadVisibleBatch(ctx.db, user, batchId);
  const rows = await joinedSignups(ctx.db)
    .where(and(signupScope(user), eq(examSignup.batchId, batchId), eq(examSignup.status, 'accepted')))
    .orderBy(asc(examSignup.ticketNo))
    .limit(TICKETS_MAX + 1);
  if (rows.length === 0) throw notFound('该考试批次没有可打印的准考证');
  if (rows.length > TICKETS_MAX) throw conflict(`一次最多打印 ${TICKETS_MAX} 份准考证，请按企业或报名人员分批打印`);
  for (const r of rows) {
    assertCanSeeSignup(user, r.s, batch);
    if (!mayNow(user, batch, r.s, 'PRINT_TICKET')) {
      if (!user.permissions.has('exam:printPermit:print')) throw forbidden('没有权限，请联系管理员授权');
      throw conflict('该考试批次当前不能打印准考证');
    }
  }
  const labels = await loadLabels(ctx.db, 'zh-CN');
  return {
    pdf: await examTicketPdf(rows.map((r) => ticketData(r, labels, baseUrl))),
    count: rows.length,
    batchNo: batch.batchNo,
  };
}
