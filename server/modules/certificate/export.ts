/**
 * The certificate list's Excel export: the list's filters and scope, the columns users know,
 * streamed in keyset batches (id > last id). It reads only the columns the sheet shows and turns
 * each row straight into its cells: 100,000 rows cost little more than exceljs writing them
 * (issue 14; `npm run bench:export` measures both).
 */
import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { certificate, enterprise } from '../../db/schema.js';
import type { ExcelColumn } from '../../lib/excel.js';
import { maskIdNo } from '../../services/personalData.js';
import type { Labels } from './labels.js';
import { SHOWN_COLUMNS, shownCertificate } from './shown.js';

export interface ExportRow {
  /** the keyset: batches follow the id */
  id: number;
  certNo: string;
  name: string;
  sexLabel: string;
  /** masked: lists and exports never show the whole number */
  idNo: string;
  categoryLabel: string;
  positionLabel: string;
  enterpriseName: string;
  creditCode: string;
  issueDate: string;
  validFrom: string;
  expiryDate: string;
  statusLabel: string;
  /** The status in words (a 暂扣 with its period). */
  statusText: string;
  versionLabel: string;
  issuingAuthority: string | null;
  printCount: number;
}

/** The certificate list export's columns. */
export const CERTIFICATE_EXPORT_COLUMNS: ExcelColumn<ExportRow>[] = [
  { header: '证书编号', width: 26, value: (r) => r.certNo },
  { header: '姓名', width: 12, value: (r) => r.name },
  { header: '性别', width: 8, value: (r) => r.sexLabel },
  { header: '身份证号', width: 22, value: (r) => r.idNo },
  { header: '证书类别', width: 30, value: (r) => r.categoryLabel },
  { header: '职务', width: 24, value: (r) => r.positionLabel },
  { header: '企业名称', width: 36, value: (r) => r.enterpriseName },
  { header: '统一社会信用代码', width: 22, value: (r) => r.creditCode },
  { header: '发证日期', type: 'date', width: 12, value: (r) => r.issueDate },
  { header: '有效期起', type: 'date', width: 12, value: (r) => r.validFrom },
  { header: '有效期至', type: 'date', width: 12, value: (r) => r.expiryDate },
  { header: '证书状态', width: 30, value: (r) => r.statusText },
  { header: '版本号', width: 8, value: (r) => r.versionLabel },
  { header: '发证机关', width: 26, value: (r) => r.issuingAuthority },
  { header: '打印次数', width: 10, value: (r) => r.printCount },
];

/** Rows per query: a few thousand keep the round trips few and the memory flat. */
export const EXPORT_BATCH = 2000;

/** A fetch for `batches`: each call returns the next rows after the last id it returned, as shown (shown.ts). */
export function exportFetch(
  db: DbOrTx,
  where: SQL | undefined,
  labels: Labels,
): (offset: number, limit: number) => Promise<ExportRow[]> {
  let lastId = 0;
  return async (_offset, limit) => {
    // The enterprise is joined for the filters that read it (name, district); the row's fields are the one SQL form's.
    const rows = await db
      .select(SHOWN_COLUMNS)
      .from(certificate)
      .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId))
      .where(and(where, gt(certificate.id, lastId)))
      .orderBy(asc(certificate.id))
      .limit(limit);
    if (rows.length) lastId = rows[rows.length - 1]!.cert.id;
    return rows.map((r) => {
      const c = shownCertificate(r, labels);
      return {
        id: c.id,
        certNo: c.certNo,
        name: c.holderName,
        sexLabel: c.holderSexLabel,
        idNo: maskIdNo(c.holderIdNo),
        categoryLabel: c.categoryLabel,
        positionLabel: c.positionLabel,
        enterpriseName: c.enterpriseName,
        creditCode: c.creditCode,
        issueDate: c.issueDate,
        validFrom: c.validFrom,
        expiryDate: c.expiryDate,
        statusLabel: c.statusLabel,
        statusText: c.statusText,
        versionLabel: c.versionLabel,
        issuingAuthority: c.issuingAuthority,
        printCount: r.cert.printCount,
      };
    });
  };
}
