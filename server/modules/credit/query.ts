/**
 * The punishment list of CreditManagement: filters (holder, identity number, certificate number,
 * type, violate type, start dates, review state, waiting for review) and the caller's scope as one
 * condition; each row with its certificates, its pending submission and what the caller may do now.
 */
import { z } from 'zod';
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import {
  certificate,
  person,
  punishment,
  punishmentCertificate,
  sysOss,
  sysRecordReview,
  sysUser,
} from '../../db/schema.js';
import { chinaDate } from '../../lib/days.js';
import { pageQuery } from '../../lib/reply.js';
import { optionalText } from '../../lib/schemas.js';
import { maskIdNo } from '../../services/personalData.js';
import type { Labels } from '../certificate/labels.js';
import { readShown, readShownPage, shownCertificate } from '../certificate/shown.js';
import { certificateScope } from '../certificate/scope.js';
import { containsText } from '../../lib/textMatch.js';
import { pendingByRecord } from '../system/review/review.service.js';
import { pendingSchema } from '../system/review/schemas.js';
import {
  CERTIFICATE_TYPES,
  PUNISHMENT_TYPES,
  REVIEW_STATES,
  REVIEW_STATE_LABEL,
  violateTypes,
  type PunishmentType,
  type ReviewState,
} from './record.js';
import { punishmentScope } from './scope.js';
import { ENTITY } from './service.js';
import { listOrder } from '../../lib/listQuery.js';

export const punishmentListQuery = pageQuery
  .extend({
    name: optionalText(64, '姓名'),
    idNo: optionalText(32, '证件号码'),
    certNo: optionalText(40, '证书编号'),
    docNo: optionalText(64, '处罚文号'),
    type: z.enum(PUNISHMENT_TYPES, { error: `处罚类型须为 ${PUNISHMENT_TYPES.join('、')} 之一` }).optional(),
    violateType: optionalText(64, '违规类型'),
    reviewState: z
      .enum(REVIEW_STATES, { error: '审核状态须为 pending、approved、rejected 或 withdrawn' })
      .optional()
      .describe('pending 待审核（新增） approved 已生效 rejected 已驳回 withdrawn 已撤回'),
    pending: z.enum(['0', '1']).optional().describe('1：只列出有待审核提交（新增、修改或删除）的记录'),
  })
  .describe('beginTime/endTime 为处罚开始日期的范围');
export type PunishmentListQuery = z.infer<typeof punishmentListQuery>;

export const punishedCertificate = z.object({
  id: z.number(),
  certNo: z.string(),
  category: z.string(),
  categoryLabel: z.string(),
  status: z.string().describe('证书今天的状态（暂扣期内为 02）'),
  statusLabel: z.string(),
  enterpriseName: z.string(),
});

export const punishmentRow = z.object({
  key: z.string(),
  id: z.number(),
  personId: z.number(),
  name: z.string(),
  idNo: z.string().describe('脱敏的证件号码'),
  type: z.enum(PUNISHMENT_TYPES),
  docNo: z.string(),
  violateType: z.string(),
  violateTypeName: z.string(),
  reason: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  banYears: z.number().nullable(),
  banUntil: z.string().nullable().describe('禁考至（吊销、撤销）'),
  certificates: z.array(punishedCertificate),
  fileCount: z.number(),
  reviewState: z.enum(REVIEW_STATES),
  reviewStateLabel: z.string(),
  inForce: z.boolean().describe('已生效，今天在暂扣期内或吊销、撤销的禁考期内'),
  checkStatus: z.enum(['0', '2', '3']).nullable().describe("待审核类型：'0' 新增 '2' 修改 '3' 删除"),
  pending: pendingSchema.nullable(),
  canEdit: z.boolean().describe('调用者现在可以修改（有权限、无待审核提交、未在等待首次审核）'),
  canRemove: z.boolean().describe('调用者现在可以删除（生效的处罚经审核删除；被驳回或撤回的直接删除）'),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type PunishmentRowView = z.infer<typeof punishmentRow>;

const SORTABLE = {
  startDate: punishment.startDate,
  endDate: punishment.endDate,
  type: punishment.type,
  docNo: punishment.docNo,
  name: person.name,
  createdAt: punishment.createdAt,
};

const certificateOfRow = (certNo: SQL) => sql`exists (select 1 from ${certificate}
  where (${certificate.id} in (select pc.certificate_id from ${punishmentCertificate} pc where pc.punishment_id = ${punishment.id})
         or ${certificate.id} = ${punishment.certificateId}) and ${certNo})`;

export function punishmentWhere(user: AuthUser, q: Partial<PunishmentListQuery>): SQL | undefined {
  const w: (SQL | undefined)[] = [punishmentScope(user)];
  if (q.name) w.push(containsText(person.name, q.name));
  if (q.idNo) w.push(containsText(person.idNo, q.idNo.toUpperCase()));
  if (q.certNo) w.push(certificateOfRow(containsText(certificate.certNo, q.certNo)));
  if (q.docNo) w.push(containsText(punishment.docNo, q.docNo));
  if (q.type) w.push(eq(punishment.type, q.type));
  if (q.violateType) w.push(eq(punishment.violateType, q.violateType));
  if (q.reviewState) w.push(eq(punishment.reviewState, q.reviewState));
  if (q.pending === '1') {
    w.push(
      // The few waiting ids first, then their punishments by primary key: a correlated exists made the
      // scope's check run for each of the province's punishments (0.8 s per workbench at scale).
      sql`${punishment.id} = any(array(select r.record_id from ${sysRecordReview} r where r.entity = ${ENTITY} and r.state = 'pending'))`,
    );
  }
  // Start dates are China days (date column): the range compares days.
  if (q.beginTime) w.push(sql`${punishment.startDate} >= ${q.beginTime}`);
  if (q.endTime) w.push(sql`${punishment.startDate} <= ${q.endTime}`);
  return and(...w);
}

const baseQuery = (db: DbOrTx) =>
  db
    .select({ p: punishment, name: person.name, idNo: person.idNo, createdByName: sysUser.nickName })
    .from(punishment)
    .innerJoin(person, eq(person.id, punishment.personId))
    .leftJoin(sysUser, eq(sysUser.userId, punishment.createdBy));

export async function countPunishments(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(punishment)
    .innerJoin(person, eq(person.id, punishment.personId))
    .where(where);
  return row?.n ?? 0;
}

/** A page of rows in the list's order. */
export async function punishmentRows(
  db: DbOrTx,
  user: AuthUser,
  where: SQL | undefined,
  q: Pick<PunishmentListQuery, 'sortField' | 'sortOrder'>,
  offset: number,
  limit: number,
  labels: Labels,
  today: string,
): Promise<PunishmentRowView[]> {
  const rows = await baseQuery(db)
    .where(where)
    .orderBy(...listOrder(q.sortField, q.sortOrder, SORTABLE, [desc(punishment.createdAt), desc(punishment.id)]))
    .limit(limit)
    .offset(offset);
  return viewRows(db, user, rows, labels, today);
}

type BaseRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['where']>>[number];

/** A 暂扣 within its period, a 吊销/撤销 within its ban; the other types have nothing that lasts. */
function inForce(p: BaseRow['p'], today: string): boolean {
  if (p.reviewState !== 'approved' || p.startDate > today) return false;
  if (p.type === '暂扣') return p.endDate === null || p.endDate >= today;
  return p.banUntil !== null && p.banUntil >= today;
}

async function viewRows(
  db: DbOrTx,
  user: AuthUser,
  rows: BaseRow[],
  labels: Labels,
  today: string,
): Promise<PunishmentRowView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.p.id);
  const links = await db
    .select({ punishmentId: punishmentCertificate.punishmentId, certificateId: punishmentCertificate.certificateId })
    .from(punishmentCertificate)
    .where(inArray(punishmentCertificate.punishmentId, ids));
  const certIds = [
    ...new Set([
      ...links.map((l) => l.certificateId),
      ...rows.flatMap((r) => (r.p.certificateId ? [r.p.certificateId] : [])),
    ]),
  ];
  // The punished certificates as every view shows them (certificate/shown.ts).
  const certs = certIds.length
    ? (await readShown(db, inArray(certificate.id, certIds)))
        .map((r) => shownCertificate(r, labels))
        .map((c) => ({
          id: c.id,
          certNo: c.certNo,
          category: c.category,
          categoryLabel: c.categoryLabel,
          status: c.status,
          statusLabel: c.statusLabel,
          enterpriseName: c.enterpriseName,
        }))
    : [];
  const pending = await pendingByRecord(db, ENTITY, ids, user);
  const violations = await violateTypes(db);
  return rows.map(({ p, name, idNo, createdByName }) => {
    const linked = links.filter((l) => l.punishmentId === p.id).map((l) => l.certificateId);
    const own = linked.length ? linked : p.certificateId ? [p.certificateId] : [];
    const waiting = pending.get(p.id) ?? null;
    const state = p.reviewState as ReviewState;
    const open = waiting === null && state !== 'pending';
    return {
      key: String(p.id),
      id: p.id,
      personId: p.personId,
      name,
      idNo: maskIdNo(idNo),
      type: p.type as PunishmentType,
      docNo: p.docNo,
      violateType: p.violateType ?? '',
      violateTypeName: violations.get(p.violateType ?? '') ?? p.violateType ?? '',
      reason: p.reason,
      startDate: p.startDate,
      endDate: p.endDate,
      banYears: p.banYears,
      banUntil: p.banUntil,
      certificates: certs.filter((c) => own.includes(c.id)),
      fileCount: Array.isArray(p.fileIds) ? p.fileIds.length : 0,
      reviewState: state,
      reviewStateLabel: REVIEW_STATE_LABEL[state] ?? state,
      inForce: inForce(p, today),
      checkStatus: waiting?.checkStatus ?? null,
      pending: waiting,
      canEdit: open && user.permissions.has('credit:punishment:edit'),
      canRemove: open && user.permissions.has('credit:punishment:remove'),
      createdByName: createdByName ?? null,
      createdAt: p.createdAt.toISOString(),
    };
  });
}

export async function listPunishments(db: DbOrTx, user: AuthUser, q: PunishmentListQuery, labels: Labels, now: Date) {
  const where = punishmentWhere(user, q);
  const total = await countPunishments(db, where);
  const rows = await punishmentRows(
    db,
    user,
    where,
    q,
    (q.pageNum - 1) * q.pageSize,
    q.pageSize,
    labels,
    chinaDate(now),
  );
  return { rows, total };
}

/** One row (scope already checked by the caller). */
export async function punishmentRowOf(
  db: DbOrTx,
  user: AuthUser,
  punishmentId: number,
  labels: Labels,
  today: string,
): Promise<PunishmentRowView | null> {
  const rows = await baseQuery(db).where(eq(punishment.id, punishmentId));
  const [row] = await viewRows(db, user, rows, labels, today);
  return row ?? null;
}

/** The export's reader: pages (offset, limit) of the rows the list's filters keep. */
export function punishmentPages(db: DbOrTx, user: AuthUser, q: PunishmentListQuery, labels: Labels, today: string) {
  const where = punishmentWhere(user, q);
  return (offset: number, limit: number) => punishmentRows(db, user, where, q, offset, limit, labels, today);
}

/** The stored files with these ids (in no particular order). */
export async function storedFiles(db: DbOrTx, ids: readonly number[]) {
  return ids.length
    ? db
        .select()
        .from(sysOss)
        .where(inArray(sysOss.id, [...ids]))
    : [];
}

/** Every submission about a punishment, newest first. */
export async function punishmentReviews(db: DbOrTx, punishmentId: number) {
  return db
    .select()
    .from(sysRecordReview)
    .where(and(eq(sysRecordReview.entity, ENTITY), eq(sysRecordReview.recordId, punishmentId)))
    .orderBy(desc(sysRecordReview.submittedAt), desc(sysRecordReview.id));
}

/** The filters of the form's certificate picker. */
export interface CertificatePick {
  keyword?: string | undefined;
  name?: string | undefined;
  idNo?: string | undefined;
  certNo?: string | undefined;
  personId?: number | undefined;
  type?: PunishmentType | undefined;
  pageNum: number;
  pageSize: number;
}

/**
 * A page of the certificates the caller may punish, by holder name and number; a type that changes
 * certificates keeps those valid or suspended. Rows are in the one SQL form of a certificate as
 * shown (certificate/shown.ts); the joins serve the filters and the order.
 */
export async function certificatesToPunish(db: DbOrTx, caller: AuthUser, q: CertificatePick) {
  const w: (SQL | undefined)[] = [certificateScope(caller)];
  if (q.keyword) w.push(or(containsText(certificate.certNo, q.keyword), containsText(person.name, q.keyword)));
  if (q.name) w.push(containsText(person.name, q.name));
  if (q.idNo) w.push(containsText(person.idNo, q.idNo.toUpperCase()));
  if (q.certNo) w.push(containsText(certificate.certNo, q.certNo));
  if (q.personId) w.push(eq(certificate.personId, q.personId));
  if (q.type && CERTIFICATE_TYPES.includes(q.type)) w.push(inArray(certificate.status, ['01', '02']));
  const where = and(...w);
  return readShownPage(db, where, [asc(person.name), asc(certificate.certNo), asc(certificate.id)], q);
}
