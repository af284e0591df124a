/**
 * Printing the certificate of an approved application (DOMAIN.md "Printing"): the PDF is rendered
 * first, then one transaction counts the print on the certificate (print_count + 1, printed_version,
 * printed_at) and moves the application to the printed queue (application.printed_at). If the
 * certificate changed between rendering and counting, nothing is counted and the caller retries.
 */
import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { BUSINESS_ROUTES, type BusinessType } from '../../../machines/businessTypes.js';
import type { AppContext, AuthUser } from '../../context.js';
import { application, certificate } from '../../db/schema.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { certificatePdf } from '../../lib/pdf/lazy.js';
import { inArea } from '../../workflow/who.js';
import { loadCertificate, pdfDataOf, recordPdfAccess } from './detail.js';
import { loadLabels } from './labels.js';

export const PRINT_PERMS = ['print:waitPrint:print', 'print:printed:print'] as const;
export const PRINTING_TYPES = (Object.keys(BUSINESS_ROUTES) as BusinessType[]).filter(
  (t) => BUSINESS_ROUTES[t].printsCertificate,
);

export function assertMayPrint(user: AuthUser): void {
  if (!PRINT_PERMS.some((p) => user.permissions.has(p))) throw forbidden('您没有证书打印权限');
}

export interface PrintResult {
  pdf: Uint8Array;
  certNo: string;
  printCount: number;
  version: number;
}

export async function printApplicationCertificate(
  ctx: AppContext,
  user: AuthUser,
  applicationId: number,
  baseUrl: string,
): Promise<PrintResult> {
  assertMayPrint(user);
  const [app] = await ctx.db.select().from(application).where(eq(application.id, applicationId));
  if (!app || app.deleted) throw notFound('申请不存在');
  if (!inArea(user, app.area)) throw forbidden('该业务不属于您所在中心的办理范围');
  if (!BUSINESS_ROUTES[app.businessType as BusinessType]?.printsCertificate)
    throw badRequest(
      `${BUSINESS_ROUTES[app.businessType as BusinessType]?.label ?? app.businessType}业务不打印证书`,
      'applicationId',
    );
  if (app.outcome !== 'approved' || app.status !== 8) throw conflict('该申请尚未审批通过办结，不能打印证书');
  if (!app.certificateId) throw conflict('该申请没有关联证书，不能打印');

  const labels = await loadLabels(ctx.db, 'zh-CN');
  const row = await loadCertificate(ctx.db, app.certificateId);
  await recordPdfAccess(ctx.db, user, row);
  const pdf = await certificatePdf(pdfDataOf(row, labels, baseUrl));
  const now = ctx.clock.now();
  const printed = await ctx.db.transaction(async (tx) => {
    const [counted] = await tx
      .update(certificate)
      .set({
        printCount: sql`${certificate.printCount} + 1`,
        printedVersion: row.cert.version,
        printedAt: now,
        updatedAt: now,
      })
      .where(and(eq(certificate.id, row.cert.id), eq(certificate.version, row.cert.version)))
      .returning({ printCount: certificate.printCount });
    if (!counted) throw new AppError(409, '证书在打印期间已更新，请重新打印');
    await tx.update(application).set({ printedAt: now }).where(eq(application.id, app.id));
    return counted;
  });
  return { pdf, certNo: row.cert.certNo, printCount: printed.printCount, version: row.cert.version };
}

/** The printing queue's condition (as server/workflow/views.ts printWait/printDone) for exports. */
export function printQueueWhere(user: AuthUser, queue: 'printWait' | 'printDone'): SQL {
  return and(
    user.area === 'all' ? undefined : eq(application.area, user.area ?? '-'),
    eq(application.deleted, false),
    eq(application.outcome, 'approved'),
    inArray(application.businessType, PRINTING_TYPES),
    queue === 'printWait' ? isNull(application.printedAt) : isNotNull(application.printedAt),
  )!;
}
