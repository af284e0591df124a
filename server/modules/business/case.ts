/**
 * The reviewer's case view (issue #16): everything a centre needs to decide on an application, in
 * one answer — the materials, the certificate before and after the business (the fields it
 * changes), the facts the rules checked at SUBMIT and what they say now, the person's other
 * certificates and open applications. Identity numbers are masked here as everywhere; a reviewer
 * reveals the holder's by a click (reveal source 'application', logged).
 */
import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { BUSINESS_ROUTES, type BusinessType } from '../../../machines/businessTypes.js';
import type { AppContext, AuthUser } from '../../context.js';
import { application, applicationHistory, certificate, enterprise, person, sysOss } from '../../db/schema.js';
import { chinaDate } from '../../lib/days.js';
import { loadApplication } from '../../workflow/store.js';
import type { ApplicationRow } from '../../workflow/types.js';
import { loadLabels, type Labels } from '../certificate/labels.js';
import { readShown, shownCertificate } from '../certificate/shown.js';
import { REVOCATION_REASONS } from './payloads.js';
import { applicationPersonalData, assertCanSeeBusiness } from './service.js';
import { delayedValidity, statutoryExpiryOf } from './validity.js';
import { explainApplication, factsInWords } from './explain.js';
import { translateMessage } from '../../lib/messages.js';
import { maskedDocument, maskIdNo, personalDataOf } from '../../services/personalData.js';

export interface ChangeLine {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

type Payload = Record<string, unknown>;
const str = (p: Payload, key: string): string | null =>
  typeof p[key] === 'string' && p[key] !== '' ? (p[key] as string) : null;

/** The fields the business changes, as they are and as they will be when it is approved. */
async function changesOf(ctx: AppContext, app: ApplicationRow, labels: Labels): Promise<ChangeLine[]> {
  const p = (app.payload ?? {}) as Payload;
  const [cert] = app.certificateId
    ? await ctx.db.select().from(certificate).where(eq(certificate.id, app.certificateId))
    : [];
  const [holder] = app.personId ? await ctx.db.select().from(person).where(eq(person.id, app.personId)) : [];
  const [ent] = app.enterpriseId
    ? await ctx.db.select().from(enterprise).where(eq(enterprise.id, app.enterpriseId))
    : [];
  const today = chinaDate(ctx.clock.now());
  const line = (field: string, label: string, before: string | null, after: string | null): ChangeLine => ({
    field,
    label,
    before,
    after,
  });
  const position = (code: string | null) => (code ? labels.of('ministerial_position', code) : null);
  switch (app.businessType as BusinessType) {
    case 'newCert': {
      const category = str(p, 'category');
      return [
        line('category', '证书类别', null, category ? labels.of('cer_type', category) : null),
        line('position', '职务', null, position(str(p, 'position'))),
        line('validity', '有效期', null, `${today} 至 ${statutoryExpiryOf(today)}`),
        line('enterprise', '聘用企业', null, ent?.name ?? null),
      ];
    }
    case 'delay': {
      if (!cert) return [];
      const renewed = delayedValidity(cert.expiryDate);
      return [
        line(
          'validity',
          '有效期',
          `${cert.validFrom} 至 ${cert.expiryDate}`,
          `${renewed.validFrom} 至 ${renewed.expiryDate}`,
        ),
        line('version', '版本号', String(cert.version).padStart(3, '0'), String(cert.version + 1).padStart(3, '0')),
      ];
    }
    case 'inner': {
      if (!cert) return [];
      const [from] = await ctx.db
        .select({ name: enterprise.name })
        .from(enterprise)
        .where(eq(enterprise.id, cert.enterpriseId));
      return [
        line('enterprise', '聘用企业', from?.name ?? null, ent?.name ?? null),
        ...(str(p, 'position')
          ? [line('position', '职务', position(cert.position), position(str(p, 'position')))]
          : []),
        line('version', '版本号', String(cert.version).padStart(3, '0'), String(cert.version + 1).padStart(3, '0')),
      ];
    }
    case 'inProvince': {
      const category = str(p, 'category');
      return [
        line(
          'certNo',
          '证书编号',
          `${str(p, 'originalProvince') ?? ''} ${str(p, 'originalCertNo') ?? ''}`.trim(),
          '办结时发放粤建安证书编号',
        ),
        line('category', '证书类别', category, category === 'C' ? 'C3' : category),
        line(
          'validity',
          '有效期',
          `${str(p, 'issueDate') ?? ''} 至 ${str(p, 'expiryDate') ?? ''}`,
          `${str(p, 'issueDate') ?? ''} 至 ${str(p, 'expiryDate') ?? ''}`,
        ),
        line('enterprise', '聘用企业', null, ent?.name ?? null),
      ];
    }
    case 'outProvince':
      return cert
        ? [
            line('status', '证书状态', labels.of('cert_status', cert.status), labels.of('cert_status', '06')),
            line('targetProvince', '调入省份', null, str(p, 'targetProvince')),
          ]
        : [];
    case 'modify': {
      if (!cert || !holder) return [];
      const out: ChangeLine[] = [];
      const fields: [string, string, string | null, (v: string) => string][] = [
        ['name', '姓名', holder.name, (v) => v],
        ['idNo', '身份证号', holder.idNo, (v) => maskIdNo(v)],
        ['sex', '性别', holder.sex, (v) => labels.of('sys_user_sex', v)],
        ['title', '技术职称', holder.title, (v) => labels.of('ministerial_title_rank', v)],
        ['education', '文化程度', holder.education, (v) => labels.of('ministerial_diploma', v)],
        ['position', '职务', cert.position, (v) => labels.of('ministerial_position', v)],
      ];
      for (const [field, label, before, show] of fields) {
        const after = str(p, field);
        if (after !== null && after !== before)
          out.push(line(field, label, before === null ? null : show(before), show(after)));
      }
      if (p.lostReissue === true)
        out.push(line('reissue', '遗失补办', null, `补发证书（${str(p, 'noticeRef') ?? '遗失声明'}）`));
      out.push(
        line('version', '版本号', String(cert.version).padStart(3, '0'), String(cert.version + 1).padStart(3, '0')),
      );
      return out;
    }
    case 'revocation':
    case 'personRevocation': {
      const reason = str(p, 'reason');
      return cert
        ? [
            line('status', '证书状态', labels.of('cert_status', cert.status), labels.of('cert_status', '04')),
            line(
              'reason',
              '注销原因',
              null,
              reason ? (REVOCATION_REASONS[reason as keyof typeof REVOCATION_REASONS] ?? reason) : null,
            ),
          ]
        : [];
    }
    case 'rename': {
      if (!ent) return [];
      const affected = await ctx.db
        .select({ id: certificate.id })
        .from(certificate)
        .where(and(eq(certificate.enterpriseId, ent.id), eq(certificate.status, '01')));
      return [
        line('enterpriseName', '企业名称', ent.name, str(p, 'newName')),
        ...(str(p, 'newLegalRepresentative')
          ? [line('legalRepresentative', '法定代表人', ent.legalRepresentative, str(p, 'newLegalRepresentative'))]
          : []),
        line('certificates', '随之换发的有效证书', null, `${affected.length} 本（版本号各 +1）`),
      ];
    }
  }
}

export async function caseView(ctx: AppContext, user: AuthUser, id: number) {
  const app = await loadApplication(ctx.db, id);
  assertCanSeeBusiness(user, app);
  const labels = await loadLabels(ctx.db);
  const p = (app.payload ?? {}) as Payload;
  const materialIds = Array.isArray(p.materials) ? (p.materials as number[]) : [];
  const files = materialIds.length
    ? await ctx.db
        .select({ ossId: sysOss.id, originalName: sysOss.originalName, mimeType: sysOss.mimeType, size: sysOss.size })
        .from(sysOss)
        .where(inArray(sysOss.id, materialIds))
    : [];
  const [submitted] = await ctx.db
    .select({ facts: applicationHistory.facts, createdAt: applicationHistory.createdAt })
    .from(applicationHistory)
    .where(and(eq(applicationHistory.applicationId, app.id), eq(applicationHistory.event, 'SUBMIT')))
    .orderBy(desc(applicationHistory.version))
    .limit(1);
  const { facts: factsNow, ...why } = await explainApplication(ctx, app, labels);
  // The holder's certificates as every view shows them (certificate/shown.ts), the latest validity first.
  const certificates = app.personId
    ? (await readShown(ctx.db, eq(certificate.personId, app.personId)))
        .map((r) => shownCertificate(r, labels))
        .sort((a, b) => b.expiryDate.localeCompare(a.expiryDate))
    : [];
  const open = app.personId
    ? await ctx.db
        .select()
        .from(application)
        .where(
          and(
            eq(application.personId, app.personId),
            ne(application.id, app.id),
            eq(application.deleted, false),
            isNull(application.closedAt),
          ),
        )
    : [];
  const changes = (await changesOf(ctx, app, labels)).map((c) => ({
    ...c,
    label: translateMessage(c.label),
    before: c.before === null ? null : translateMessage(c.before),
    after: c.after === null ? null : translateMessage(c.after),
  }));
  const submittedFacts = (submitted?.facts ?? null) as Record<string, unknown> | null;
  return {
    id: app.id,
    applyNo: app.applyNo,
    businessType: app.businessType,
    businessLabel: BUSINESS_ROUTES[app.businessType as BusinessType].label,
    materials: files.map((f) => ({ ...f, url: `/api/file/download/${f.ossId}` })),
    changes,
    checks: {
      submitted:
        submitted && submittedFacts
          ? {
              at: submitted.createdAt.toISOString(),
              facts: maskedDocument(submittedFacts),
              words: factsInWords(submittedFacts, labels),
            }
          : null,
      now: { ...why.verdict, facts: maskedDocument(factsNow) },
    },
    why,
    certificates: certificates.map((c) => ({
      id: c.id,
      certNo: c.certNo,
      category: c.category,
      categoryLabel: c.categoryLabel,
      status: c.status,
      statusLabel: c.statusLabel,
      validFrom: c.validFrom,
      expiryDate: c.expiryDate,
      enterpriseName: c.enterpriseName,
    })),
    openApplications: open.map((o) => ({
      id: o.id,
      applyNo: o.applyNo,
      businessType: o.businessType,
      businessLabel: BUSINESS_ROUTES[o.businessType as BusinessType].label,
      status: o.status,
    })),
    personalData: app.personId
      ? personalDataOf(await applicationPersonalData(ctx, user, app.id), 'application', app.id).offer
      : { source: 'application' as const, id: app.id, fields: [] },
  };
}
