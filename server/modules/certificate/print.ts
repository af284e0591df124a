/**
 * Printing the certificate of an approved application (DOMAIN.md "Printing"): the PDF is rendered
 * first, then one transaction counts the print on the certificate (print_count + 1, printed_version,
 * printed_at) and moves the application to the printed queue (application.printed_at). If the
 * certificate changed between rendering and counting, nothing is counted and the caller retries.
 */
import { and, desc, eq, ilike, inArray, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import { BUSINESS_ROUTES, type BusinessType } from '../../../machines/businessTypes.js';
import type { AppContext, AuthUser } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { application, certificate, enterprise, person } from '../../db/schema.js';
import { dateRange } from '../../lib/dateRange.js';
import { containsPattern } from '../../lib/textMatch.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { certificatePdf } from '../../lib/pdf/lazy.js';
import { inArea } from '../../workflow/who.js';
import { loadCertificate, pdfDataOf, recordPdfAccess } from './detail.js';
import { loadLabels } from './labels.js';
import { countPrint } from './store.js';

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
    const count = await countPrint(tx, row.cert.id, now, row.cert.version);
    if (count === undefined) throw new AppError(409, '证书在打印期间已更新，请重新打印');
    await tx.update(application).set({ printedAt: now }).where(eq(application.id, app.id));
    return count;
  });
  return { pdf, certNo: row.cert.certNo, printCount: printed, version: row.cert.version };
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

/** 打印队列行的证书与打印信息 GET /safetyCertificateInfo/printInfo: the applications of the caller's centre with their certificates. */
export async function printInfoRows(db: DbOrTx, user: AuthUser, applicationIds: readonly number[]) {
  if (!user.permissions.has('print:waitPrint:list') && !user.permissions.has('print:printed:list'))
    throw forbidden('您没有证书打印权限');
  return db
    .select({
      app: { id: application.id, area: application.area, printedAt: application.printedAt },
      cert: certificate,
      holderName: person.name,
    })
    .from(application)
    .leftJoin(certificate, eq(certificate.id, application.certificateId))
    .leftJoin(person, eq(person.id, certificate.personId))
    .where(
      and(
        inArray(application.id, [...applicationIds]),
        user.area === 'all' ? undefined : eq(application.area, user.area ?? '-'),
      ),
    );
}

/** A row of the printing queue's export. */
export type PrintQueueRow = {
  id: number;
  applyNo: string;
  businessType: string;
  closedAt: Date | null;
  printedAt: Date | null;
  certNo: string | null;
  version: number | null;
  printCount: number | null;
  printedVersion: number | null;
  holderName: string | null;
  enterpriseName: string | null;
};

/** The printing queue export's filters. */
export interface PrintQueueFilters {
  queue: 'printWait' | 'printDone';
  businessType?: BusinessType | undefined;
  keyword?: string | undefined;
  beginTime?: string | undefined;
  endTime?: string | undefined;
}

/**
 * 导出证书打印队列 GET /safetyCertificateInfo/print/export: a fetch for `batches` over the queue
 * (newest first, keyset on the application id: each call continues below the last id it returned);
 * the queue's export permission is checked first.
 */
export function printQueueFetch(db: DbOrTx, user: AuthUser, q: PrintQueueFilters) {
  if (!user.permissions.has(q.queue === 'printWait' ? 'print:waitPrint:export' : 'print:printed:export'))
    throw forbidden('没有权限，请联系管理员授权');
  const w: (SQL | undefined)[] = [printQueueWhere(user, q.queue)];
  if (q.businessType) w.push(eq(application.businessType, q.businessType));
  w.push(...dateRange(application.submittedAt, q.beginTime, q.endTime));
  if (q.keyword) {
    const like = containsPattern(q.keyword);
    w.push(
      or(
        ilike(application.applyNo, like),
        ilike(enterprise.name, like),
        ilike(person.name, like),
        ilike(certificate.certNo, like),
      ),
    );
  }
  const where = and(...w);
  let lastId: number | null = null;
  return async (_offset: number, limit: number): Promise<PrintQueueRow[]> => {
    const rows = await db
      .select({
        id: application.id,
        applyNo: application.applyNo,
        businessType: application.businessType,
        closedAt: application.closedAt,
        printedAt: application.printedAt,
        certNo: certificate.certNo,
        version: certificate.version,
        printCount: certificate.printCount,
        printedVersion: certificate.printedVersion,
        holderName: person.name,
        enterpriseName: enterprise.name,
      })
      .from(application)
      .leftJoin(certificate, eq(certificate.id, application.certificateId))
      .leftJoin(person, eq(person.id, certificate.personId))
      .leftJoin(enterprise, eq(enterprise.id, application.enterpriseId))
      .where(lastId === null ? where : and(where, lte(application.id, lastId - 1)))
      .orderBy(desc(application.id))
      .limit(limit);
    if (rows.length) lastId = rows[rows.length - 1]!.id;
    return rows;
  };
}
