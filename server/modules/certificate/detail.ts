/** One certificate with its holder, enterprise and versions; the data its printed PDF shows. */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { BUSINESS_ROUTES, type BusinessType } from '../../../machines/businessTypes.js';
import type { AuthUser } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { application, certificate, certificateHistory, enterprise, person } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { categoryName as shortCategory, type Labels } from './labels.js';
import { toRow } from './query.js';
import { canSeeCertificate } from './scope.js';
import type { CertificatePdfData } from '../../lib/pdf/certificate.js';
import { versionLabel } from '../../lib/pdf/format.js';
import type { z } from 'zod';
import type { certificateDetail, historyRow } from './schemas.js';
import {
  maskIdNo,
  personalDataOf,
  recordAccess,
  type Duty,
  type PersonValues,
  type Revealable,
} from '../../services/personalData.js';
import { shownCertificate, type ShownSource } from './shown.js';

export type LoadedCertificate = {
  cert: typeof certificate.$inferSelect;
  holder: typeof person.$inferSelect;
  ent: typeof enterprise.$inferSelect;
};

export async function loadCertificate(db: DbOrTx, id: number): Promise<LoadedCertificate> {
  const [row] = await db
    .select({ cert: certificate, holder: person, ent: enterprise })
    .from(certificate)
    .innerJoin(person, eq(person.id, certificate.personId))
    .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId))
    .where(eq(certificate.id, id));
  if (!row) throw notFound('证书不存在');
  return row;
}

/** The loaded certificate in the one read's form (shown.ts). */
export const shownSourceOf = ({ cert, holder, ent }: LoadedCertificate): ShownSource => ({
  cert,
  holder: { name: holder.name, sex: holder.sex, idNo: holder.idNo },
  employer: { name: ent.name, creditCode: ent.creditCode, ownership: ent.ownership },
});

/** The certificate, or 404 / 403 when it does not exist or lies outside the caller's scope. */
export async function loadVisibleCertificate(db: DbOrTx, user: AuthUser, id: number): Promise<LoadedCertificate> {
  const row = await loadCertificate(db, id);
  if (
    !canSeeCertificate(user, {
      personId: row.cert.personId,
      enterpriseId: row.cert.enterpriseId,
      ownership: row.ent.ownership,
    })
  ) {
    throw forbidden('该证书不在您的数据权限范围内');
  }
  return row;
}

const text = (data: Record<string, unknown>, key: string, fallback: string): string =>
  typeof data[key] === 'string' ? (data[key] as string) : fallback;
const num = (data: Record<string, unknown>, key: string, fallback: number): number =>
  typeof data[key] === 'number' ? (data[key] as number) : fallback;

type HistoryView = z.infer<typeof historyRow>;

/** What replaced a version without an application, by the certificate machine's event (server/jobs, seeds). */
const EVENT_LABELS: Record<string, string> = {
  EXPIRE: '到期失效',
  SUSPEND: '暂扣期开始',
  RESTORE: '暂扣期满',
  REVOKE: '吊销',
  RESCIND: '撤销',
  LIFT_PENALTY: '撤回处罚',
  DELAY: '延期',
  CHANGE: '变更',
  TRANSFER: '调动',
  TRANSFER_OUT: '调出省外',
  CANCEL: '注销',
};

/** What replaced a version, in words: the business type, the punishment (credit management) with its document number, or a job. */
function reasonLabelOf(reason: string, event: string | null, data: Record<string, unknown>): string {
  if (Object.hasOwn(BUSINESS_ROUTES, reason)) return BUSINESS_ROUTES[reason as BusinessType].label;
  const cause = (data.cause ?? {}) as { type?: unknown; docNo?: unknown; change?: unknown };
  if (cause.change === 'periodStart') return '暂扣期开始';
  if (cause.change === 'periodEnd') return '暂扣期满';
  if (reason === 'punishment' && typeof cause.type === 'string') {
    const doc = typeof cause.docNo === 'string' && cause.docNo ? `，${cause.docNo}` : '';
    return `${cause.change === 'delete' ? '撤回处罚' : '行政处罚'}（${cause.type}${doc}）`;
  }
  return (
    (event ? EVENT_LABELS[event] : undefined) ??
    (reason === 'expiry' ? '到期失效' : reason === 'punishment' ? '行政处罚（暂扣）' : reason)
  );
}

async function versions(db: DbOrTx, row: LoadedCertificate, labels: Labels): Promise<HistoryView[]> {
  const { cert, holder, ent } = row;
  const current: HistoryView = {
    version: cert.version,
    versionLabel: versionLabel(cert.version),
    current: true,
    reason: null,
    reasonLabel: null,
    applicationId: null,
    applyNo: null,
    changedAt: null,
    certNo: cert.certNo,
    name: holder.name,
    idNo: holder.idNo,
    enterpriseName: ent.name,
    position: cert.position,
    positionLabel: labels.of('ministerial_position', cert.position),
    issueDate: cert.issueDate,
    validFrom: cert.validFrom,
    expiryDate: cert.expiryDate,
    status: cert.status,
    statusLabel: labels.of('cert_status', cert.status),
  };
  const earlier = await db
    .select({ h: certificateHistory, applyNo: application.applyNo })
    .from(certificateHistory)
    .leftJoin(application, eq(application.id, certificateHistory.applicationId))
    .where(and(eq(certificateHistory.certificateId, cert.id), isNotNull(certificateHistory.data)))
    .orderBy(desc(certificateHistory.version), desc(certificateHistory.id));
  return [
    current,
    ...earlier.map(({ h, applyNo }): HistoryView => {
      // The lead's close effects store the certificate row plus holderName/holderIdNo/enterpriseName; older rows may lack some.
      const d = (h.data ?? {}) as Record<string, unknown>;
      const version = num(d, 'version', h.version);
      const position = text(d, 'position', cert.position);
      const status = text(d, 'status', '');
      return {
        version,
        versionLabel: versionLabel(version),
        current: false,
        reason: h.reason,
        reasonLabel: reasonLabelOf(h.reason, h.event, d),
        applicationId: h.applicationId,
        applyNo: applyNo ?? null,
        changedAt: h.changedAt.toISOString(),
        certNo: text(d, 'certNo', cert.certNo),
        name: text(d, 'holderName', holder.name),
        idNo: text(d, 'holderIdNo', holder.idNo),
        enterpriseName: text(d, 'enterpriseName', ''),
        position,
        positionLabel: labels.of('ministerial_position', position),
        issueDate: text(d, 'issueDate', ''),
        validFrom: text(d, 'validFrom', text(d, 'issueDate', '')),
        expiryDate: text(d, 'expiryDate', ''),
        status,
        statusLabel: labels.of('cert_status', status),
      };
    }),
  ];
}

/**
 * Who needs the holder's real data on the certificate's detail page: the holder, the centre's staff
 * of its area (and the province), the enterprise that employs the holder now.
 */
export function certificateDuty(user: AuthUser, row: LoadedCertificate): Duty {
  if (user.personId === row.holder.id) return 'self';
  if (user.userType === '02') return 'certificate:staff';
  if (
    user.userType === '03' &&
    user.enterpriseId !== null &&
    user.enterpriseId === row.cert.enterpriseId &&
    row.holder.enterpriseId === user.enterpriseId
  )
    return 'employer';
  return null;
}

/** The holder's personal data on a certificate the caller may see (reveal source 'certificate'). */
export function certificatePersonalData(user: AuthUser, row: LoadedCertificate): Revealable<PersonValues> {
  const { holder } = row;
  return {
    subject: { personId: holder.id, name: holder.name },
    duty: certificateDuty(user, row),
    values: { idNo: holder.idNo, birthDate: holder.birthDate, phone: holder.phone },
  };
}

export async function certificateDetailView(
  db: DbOrTx,
  user: AuthUser,
  row: LoadedCertificate,
  labels: Labels,
): Promise<z.infer<typeof certificateDetail>> {
  const { holder, ent } = row;
  const duty = certificateDuty(user, row);
  const { values: shown, offer } = personalDataOf(certificatePersonalData(user, row), 'certificate', row.cert.id);
  const history = await versions(db, row, labels);
  return {
    ...toRow(shownSourceOf(row), labels),
    idNo: shown.idNo,
    holder: {
      id: holder.id,
      name: holder.name,
      sex: holder.sex,
      sexLabel: labels.of('sys_user_sex', holder.sex),
      idType: holder.idType,
      idNo: shown.idNo,
      birthDate: shown.birthDate,
      education: holder.education,
      educationLabel: labels.of('ministerial_diploma', holder.education),
      title: holder.title,
      titleLabel: labels.of('ministerial_title_rank', holder.title),
      phone: shown.phone ?? null,
      personalData: offer,
    },
    enterprise: {
      id: ent.id,
      name: ent.name,
      creditCode: ent.creditCode,
      legalRepresentative: ent.legalRepresentative,
      address: ent.address,
      ownership: ent.ownership,
      licenceNo: ent.licenceNo,
      licenceValidTo: ent.licenceValidTo,
    },
    // Earlier versions may carry an earlier identity number: masked like the current one (the holder sees their own).
    history: duty === 'self' ? history : history.map((h) => ({ ...h, idNo: maskIdNo(h.idNo) })),
  };
}

/** The printed certificate carries the real identity number: each PDF made for someone else is logged. */
export async function recordPdfAccess(db: DbOrTx, user: AuthUser, row: LoadedCertificate): Promise<void> {
  await recordAccess(
    db,
    user,
    { personId: row.holder.id, name: row.holder.name },
    certificateDuty(user, row) ?? 'certificate:pdf',
    ['idNo', 'birthDate'],
  );
}

/** What the printed certificate shows (the certificate as shown, shown.ts); `baseUrl` is the public site the QR code points to. */
export function pdfDataOf(row: LoadedCertificate, labels: Labels, baseUrl: string): CertificatePdfData {
  const c = shownCertificate(shownSourceOf(row), labels);
  return {
    holderName: c.holderName,
    sex: c.holderSexLabel,
    idNo: c.holderIdNo,
    birthDate: row.holder.birthDate,
    category: c.category,
    categoryName: shortCategory(c.categoryLabel),
    certNo: c.certNo,
    position: c.positionLabel,
    enterpriseName: c.enterpriseName,
    creditCode: c.creditCode,
    issueDate: c.issueDate,
    validFrom: c.validFrom,
    expiryDate: c.expiryDate,
    eCertId: c.eCertId,
    issuingAuthority: c.issuingAuthority,
    version: c.version,
    status: c.status,
    statusLabel: c.statusLabel,
    statusText: c.statusText,
    verifyUrl: `${baseUrl.replace(/\/+$/, '')}/cert/${encodeURIComponent(c.queryCode)}`,
  };
}
