/**
 * A punishment as the four-eyes review sees it (DOMAIN.md "Credit and punishments"): type,
 * document number, violate type and reason, period, ban, the certificates it is about (all of one
 * holder) and the attached files. The form's fields, their checks against the database and the
 * caller's scope, the live record of a row, and its words in the reviewer's diff.
 */
import { z } from 'zod';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AuthUser } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import {
  certificate,
  enterprise,
  person,
  punishment,
  punishmentCertificate,
  sysCatalog,
  sysOss,
} from '../../db/schema.js';
import { addYears } from '../../lib/days.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { day, id, text } from '../../lib/schemas.js';
import { canSeeCertificate } from '../certificate/scope.js';
import type { DisplayRecord } from '../system/review/diff.js';

export const PUNISHMENT_TYPES = ['警告', '罚款', '暂扣', '吊销', '撤销', '记分'] as const;
export type PunishmentType = (typeof PUNISHMENT_TYPES)[number];

/** The types that change certificates: they need certificates that are valid or suspended. */
export const CERTIFICATE_TYPES: readonly PunishmentType[] = ['暂扣', '吊销', '撤销'];
/** The types that end certificates and ban a new exam for 1 or 3 years. */
export const BAN_TYPES: readonly PunishmentType[] = ['吊销', '撤销'];
/** DOMAIN.md: false materials 1 year, fraud or bribery 3 years (violate type codes of the catalog). */
export const BAN_YEARS_OF_VIOLATION: Readonly<Record<string, 1 | 3>> = { false_material: 1, fraud_bribery: 3 };

/** pending: new, waiting for its first review; approved: in force; rejected / withdrawn: never in force. */
export const REVIEW_STATES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const REVIEW_STATE_LABEL: Record<ReviewState, string> = {
  pending: '待审核',
  approved: '已生效',
  rejected: '已驳回',
  withdrawn: '已撤回',
};

export const MAX_CERTIFICATES = 20;
export const MAX_FILES = 10;

const idArray = (label: string, max: number, min = 0) =>
  z
    .array(id(label, { invalid: `${label}须为编号` }), { error: `${label}须为编号数组` })
    .min(min, `请选择${label}`)
    .max(max, `${label}不能超过${max}个`);

export const punishmentFields = z.object({
  type: z.enum(PUNISHMENT_TYPES, { error: `处罚类型须为 ${PUNISHMENT_TYPES.join('、')} 之一` }),
  docNo: text(64, '处罚文号', { min: 1 }),
  violateType: text(64, '违规类型', { min: 1 }),
  reason: text(1000, '处罚事由', { multiline: true }).optional(),
  startDate: day('处罚开始日期'),
  endDate: day('处罚结束日期').nullish(),
  banYears: z.literal([1, 3], { error: '禁考年限须为 1 或 3 年' }).nullish(),
  certificateIds: idArray('证书', MAX_CERTIFICATES, 1),
  fileIds: idArray('附件', MAX_FILES).default([]),
});
export type PunishmentFields = z.infer<typeof punishmentFields>;

/** The record a submission proposes and a live row holds (sys_record_review.proposed / current). */
export interface PunishmentRecord {
  personId: number;
  type: PunishmentType;
  docNo: string;
  violateType: string;
  reason: string;
  startDate: string;
  endDate: string | null;
  banYears: number | null;
  banUntil: string | null;
  certificateIds: number[];
  fileIds: number[];
}

export type PunishmentRow = typeof punishment.$inferSelect;

const sorted = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** The certificates a row applies to: punishment_certificate, or the one certificate_id of rows from before it. */
export async function certificateIdsOf(
  db: DbOrTx,
  row: Pick<PunishmentRow, 'id' | 'certificateId'>,
): Promise<number[]> {
  const linked = await db
    .select({ id: punishmentCertificate.certificateId })
    .from(punishmentCertificate)
    .where(eq(punishmentCertificate.punishmentId, row.id));
  if (linked.length) return sorted(linked.map((l) => l.id));
  return row.certificateId ? [row.certificateId] : [];
}

export async function recordOf(db: DbOrTx, row: PunishmentRow): Promise<PunishmentRecord> {
  return {
    personId: row.personId,
    type: row.type as PunishmentType,
    docNo: row.docNo,
    violateType: row.violateType ?? '',
    reason: row.reason,
    startDate: row.startDate,
    endDate: row.endDate,
    banYears: row.banYears,
    banUntil: row.banUntil,
    certificateIds: await certificateIdsOf(db, row),
    fileIds: Array.isArray(row.fileIds) ? (row.fileIds as number[]) : [],
  };
}

export async function loadPunishment(db: DbOrTx, punishmentId: number): Promise<PunishmentRow> {
  const [row] = await db.select().from(punishment).where(eq(punishment.id, punishmentId));
  if (!row) throw notFound('处罚记录不存在');
  return row;
}

/** The violate types of the catalog (system:violateType) in use, code → name. */
export async function violateTypes(db: DbOrTx): Promise<Map<string, string>> {
  const rows = await db
    .select({ code: sysCatalog.code, name: sysCatalog.name, status: sysCatalog.status })
    .from(sysCatalog)
    .where(eq(sysCatalog.kind, 'violateType'))
    .orderBy(asc(sysCatalog.sortOrder), asc(sysCatalog.id));
  return new Map(rows.filter((r) => r.status === '1').map((r) => [r.code, r.name]));
}

/**
 * The form as a record, checked field by field (400 naming the field): the period, the ban, the
 * violate type, the certificates (exist, within the caller's scope, one holder, live for the types
 * that change them) and the files (uploaded by the caller, or already attached to `live`).
 */
export async function buildRecord(
  db: DbOrTx,
  caller: AuthUser,
  f: PunishmentFields,
  live: PunishmentRecord | null,
): Promise<PunishmentRecord> {
  const endDate = f.endDate ?? null;
  if (f.type === '暂扣' && !endDate) throw badRequest('暂扣须填写处罚结束日期（暂扣期限）', 'endDate');
  if (endDate && endDate < f.startDate) throw badRequest('处罚结束日期不能早于开始日期', 'endDate');

  const violations = await violateTypes(db);
  const violationName = violations.get(f.violateType);
  if (!violationName) throw badRequest(`违规类型“${f.violateType}”不存在或已停用`, 'violateType');

  let banYears: number | null = null;
  if (BAN_TYPES.includes(f.type)) {
    const prescribed = BAN_YEARS_OF_VIOLATION[f.violateType];
    banYears = f.banYears ?? prescribed ?? null;
    if (banYears === null) throw badRequest(`${f.type}须选择禁考年限（1 年或 3 年）`, 'banYears');
    if (prescribed && banYears !== prescribed)
      throw badRequest(`违规类型“${violationName}”的禁考年限为 ${prescribed} 年`, 'banYears');
  }

  const certificateIds = sorted(f.certificateIds);
  const certs = await db
    .select({
      id: certificate.id,
      certNo: certificate.certNo,
      personId: certificate.personId,
      enterpriseId: certificate.enterpriseId,
      ownership: enterprise.ownership,
      status: certificate.status,
    })
    .from(certificate)
    .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId))
    .where(inArray(certificate.id, certificateIds));
  const missing = certificateIds.filter((cid) => !certs.some((c) => c.id === cid));
  if (missing.length) throw badRequest(`证书不存在（编号 ${missing.join('、')}）`, 'certificateIds');
  const outside = certs.find((c) => !canSeeCertificate(caller, c));
  if (outside) throw badRequest(`证书 ${outside.certNo} 不在您的数据权限范围内`, 'certificateIds');
  const holders = new Set(certs.map((c) => c.personId));
  if (holders.size > 1) throw badRequest('所选证书须属于同一持证人', 'certificateIds');
  if (live && !holders.has(live.personId)) throw badRequest('不能把处罚改到另一名持证人的证书上', 'certificateIds');
  if (CERTIFICATE_TYPES.includes(f.type)) {
    const kept = new Set(live?.certificateIds ?? []);
    const ended = certs.find((c) => !kept.has(c.id) && c.status !== '01' && c.status !== '02');
    if (ended)
      throw badRequest(
        `证书 ${ended.certNo} 已不是有效或暂扣状态（状态 ${ended.status}），不能${f.type}`,
        'certificateIds',
      );
  }

  const fileIds = sorted(f.fileIds);
  if (fileIds.length) {
    const files = await db
      .select({ id: sysOss.id, createdBy: sysOss.createdBy, mimeType: sysOss.mimeType })
      .from(sysOss)
      .where(inArray(sysOss.id, fileIds));
    const attached = new Set(live?.fileIds ?? []);
    for (const fid of fileIds) {
      const file = files.find((x) => x.id === fid);
      if (!file) throw badRequest(`附件不存在（编号 ${fid}）`, 'fileIds');
      // Attaching a file lets everyone who may see the punishment download it: only one's own uploads.
      if (!attached.has(fid) && file.createdBy !== caller.userId)
        throw badRequest(`附件 ${fid} 不是您上传的文件`, 'fileIds');
    }
  }

  return {
    personId: certs[0]!.personId,
    type: f.type,
    docNo: f.docNo,
    violateType: f.violateType,
    reason: f.reason?.trim() ? f.reason.trim() : violationName,
    startDate: f.startDate,
    endDate,
    banYears,
    banUntil: banYears ? addYears(f.startDate, banYears) : null,
    certificateIds,
    fileIds,
  };
}

/** The row's columns for a record. */
export const columnsOf = (rec: PunishmentRecord) => ({
  personId: rec.personId,
  type: rec.type,
  docNo: rec.docNo,
  violateType: rec.violateType,
  reason: rec.reason,
  startDate: rec.startDate,
  endDate: rec.endDate,
  banYears: rec.banYears,
  banUntil: rec.banUntil,
  fileIds: rec.fileIds,
  // The certificates live in punishment_certificate; the old single column stays empty for new rows.
  certificateId: null,
});

export async function writeCertificates(
  db: DbOrTx,
  punishmentId: number,
  certificateIds: readonly number[],
): Promise<void> {
  await db.delete(punishmentCertificate).where(eq(punishmentCertificate.punishmentId, punishmentId));
  if (certificateIds.length)
    await db
      .insert(punishmentCertificate)
      .values(certificateIds.map((certificateId) => ({ punishmentId, certificateId })));
}

export const PUNISHMENT_LABELS = [
  ['person', '持证人'],
  ['type', '处罚类型'],
  ['docNo', '处罚文号'],
  ['violateType', '违规类型'],
  ['reason', '处罚事由'],
  ['startDate', '开始日期'],
  ['endDate', '结束日期'],
  ['banYears', '禁考年限'],
  ['banUntil', '禁考至'],
  ['certificateIds', '处罚证书'],
  ['fileIds', '附件'],
] as const;

/** The record in words for the reviewer: names instead of ids. */
export async function displayPunishment(db: DbOrTx, rec: PunishmentRecord | null): Promise<DisplayRecord | null> {
  if (!rec) return null;
  const [holder] = await db.select({ name: person.name }).from(person).where(eq(person.id, rec.personId));
  const certs = rec.certificateIds.length
    ? await db
        .select({ id: certificate.id, certNo: certificate.certNo })
        .from(certificate)
        .where(inArray(certificate.id, rec.certificateIds))
    : [];
  const files = rec.fileIds.length
    ? await db.select({ id: sysOss.id, name: sysOss.originalName }).from(sysOss).where(inArray(sysOss.id, rec.fileIds))
    : [];
  const violations = await violateTypes(db);
  return {
    person: holder?.name ?? `#${rec.personId}`,
    type: rec.type,
    docNo: rec.docNo,
    violateType: violations.get(rec.violateType) ?? rec.violateType,
    reason: rec.reason,
    startDate: rec.startDate,
    endDate: rec.endDate ?? '',
    banYears: rec.banYears ? `${rec.banYears} 年` : '',
    banUntil: rec.banUntil ?? '',
    certificateIds: rec.certificateIds.map((cid) => certs.find((c) => c.id === cid)?.certNo ?? `#${cid}`),
    fileIds: rec.fileIds.map((fid) => files.find((x) => x.id === fid)?.name ?? `#${fid}`),
  };
}

/** The holder of a record, for titles. */
export async function holderName(db: DbOrTx, personId: number): Promise<string> {
  const [holder] = await db
    .select({ name: person.name })
    .from(person)
    .where(and(eq(person.id, personId)));
  return holder?.name ?? '';
}

/** A holder's name and identity number, or undefined when there is no such person. */
export async function holderOf(db: DbOrTx, personId: number) {
  const [holder] = await db
    .select({ idNo: person.idNo, name: person.name })
    .from(person)
    .where(eq(person.id, personId));
  return holder;
}
