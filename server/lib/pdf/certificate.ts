/**
 * The printed 安管人员 certificate (建筑施工企业安全生产管理人员安全生产考核合格证书): one A4 page with
 * the holder, category, enterprise, validity and issuing authority, a QR code that opens the public
 * check page /cert/<queryCode>, the 3-digit version, and a watermark when the status is not 有效.
 */
import { PDFDocument, degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { embedCjkFont } from './font.js';
import { A4, chineseDate, versionLabel } from './format.js';

export { A4, chineseDate, versionLabel };
import { drawQrCode } from './qr.js';
import { drawCentered, drawFitted, textWidth, type Box } from './text.js';

export interface CertificatePdfData {
  holderName: string;
  /** Label (男 / 女). */
  sex: string;
  idNo: string;
  /** YYYY-MM-DD */
  birthDate: string;
  /** cer_type code: A, B, C1, C2, C3. */
  category: string;
  /** cer_type label, e.g. 专职安全生产管理人员（综合类 C3）. */
  categoryName: string;
  certNo: string;
  /** ministerial_position label. */
  position: string;
  enterpriseName: string;
  creditCode: string;
  /** 发证日期: the decision date. */
  issueDate: string;
  /** The validity period. */
  validFrom: string;
  expiryDate: string;
  /** National electronic-certificate identifier (null for numbers of another format). */
  eCertId: string | null;
  issuingAuthority: string;
  version: number;
  /** cert_status code and label, and the status in words (a 暂扣 with its period). */
  status: string;
  statusLabel: string;
  statusText?: string;
  /** <public base URL>/cert/<queryCode> */
  verifyUrl: string;
}

const BLUE = rgb(0.08, 0.24, 0.5);
const GREY = rgb(0.35, 0.35, 0.35);
const RED = rgb(0.8, 0.1, 0.1);

const TABLE_X = 60;
const TABLE_WIDTH = 475;
const TABLE_TOP = 640;
const ROW_HEIGHT = 30;
const LABEL_WIDTH = 92;
const HALF_VALUE_WIDTH = (TABLE_WIDTH - LABEL_WIDTH * 2) / 2;

type Cell = { label: string; value: string };
type Row = [Cell] | [Cell, Cell];

/** Where the holder's name is drawn: tests measure that its glyphs are not blank. */
export const NAME_VALUE_BOX: Box = {
  x: TABLE_X + LABEL_WIDTH,
  y: TABLE_TOP - ROW_HEIGHT,
  width: HALF_VALUE_WIDTH,
  height: ROW_HEIGHT,
};
/** An area of the page that stays empty: the reference for the same measurement. */
export const EMPTY_BOX: Box = { x: TABLE_X, y: 240, width: 200, height: 32 };
export const QR_BOX = { x: 405, y: 128, size: 120 };

function rows(d: CertificatePdfData): Row[] {
  const valid = d.status === '01';
  return [
    [
      { label: '持证人姓名', value: d.holderName },
      { label: '性别', value: d.sex },
    ],
    [
      { label: '身份证号', value: d.idNo },
      { label: '出生日期', value: chineseDate(d.birthDate) },
    ],
    [{ label: '证书类别', value: `${d.category}类　${d.categoryName}` }],
    [{ label: '证书编号', value: d.certNo }],
    [{ label: '职务', value: d.position }],
    [{ label: '企业名称', value: d.enterpriseName }],
    [{ label: '统一社会信用代码', value: d.creditCode }],
    [{ label: '有效期', value: `${chineseDate(d.validFrom)} 至 ${chineseDate(d.expiryDate)}` }],
    [
      { label: '发证日期', value: chineseDate(d.issueDate) },
      { label: '发证机关', value: d.issuingAuthority },
    ],
    [{ label: '电子证照标识', value: d.eCertId ?? '' }],
    valid
      ? [{ label: '版本号', value: versionLabel(d.version) }]
      : [
          { label: '版本号', value: versionLabel(d.version) },
          { label: '证书状态', value: d.statusText ?? d.statusLabel },
        ],
  ];
}

function drawFrame(page: PDFPage): void {
  const [w, h] = A4;
  page.drawRectangle({ x: 26, y: 26, width: w - 52, height: h - 52, borderColor: BLUE, borderWidth: 3 });
  page.drawRectangle({ x: 34, y: 34, width: w - 68, height: h - 68, borderColor: BLUE, borderWidth: 0.8 });
}

function drawTable(page: PDFPage, font: PDFFont, data: CertificatePdfData): number {
  let top = TABLE_TOP;
  for (const row of rows(data)) {
    const y = top - ROW_HEIGHT;
    const cells: { cell: Cell; x: number; width: number }[] =
      row.length === 1
        ? [{ cell: row[0], x: TABLE_X, width: TABLE_WIDTH - LABEL_WIDTH }]
        : [
            { cell: row[0], x: TABLE_X, width: HALF_VALUE_WIDTH },
            { cell: row[1], x: TABLE_X + LABEL_WIDTH + HALF_VALUE_WIDTH, width: HALF_VALUE_WIDTH },
          ];
    for (const { cell, x, width } of cells) {
      const label: Box = { x, y, width: LABEL_WIDTH, height: ROW_HEIGHT };
      const value: Box = { x: x + LABEL_WIDTH, y, width, height: ROW_HEIGHT };
      page.drawRectangle({ ...label, color: rgb(0.93, 0.95, 0.99), borderColor: BLUE, borderWidth: 0.6 });
      page.drawRectangle({ ...value, borderColor: BLUE, borderWidth: 0.6 });
      drawFitted(page, font, cell.label, label, {
        size: cell.label.length > 6 ? 9.5 : 11,
        color: BLUE,
        align: 'center',
        padding: 4,
      });
      const invalidStatus = cell.label === '证书状态';
      drawFitted(page, font, cell.value || '—', value, {
        size: 12.5,
        minSize: 8,
        color: invalidStatus ? RED : rgb(0, 0, 0),
      });
    }
    top = y;
  }
  return top;
}

function drawFooter(page: PDFPage, font: PDFFont, data: CertificatePdfData): void {
  drawQrCode(page, data.verifyUrl, QR_BOX);
  const caption = '扫码查验证书真伪';
  page.drawText(caption, {
    x: QR_BOX.x + (QR_BOX.size - textWidth(font, caption, 10)) / 2,
    y: QR_BOX.y - 14,
    size: 10,
    font,
    color: BLUE,
  });
  drawFitted(
    page,
    font,
    data.verifyUrl,
    { x: QR_BOX.x - 30, y: QR_BOX.y - 44, width: QR_BOX.size + 60, height: 26 },
    { size: 6.5, minSize: 5, color: GREY, align: 'center', padding: 0 },
  );

  const left = TABLE_X;
  page.drawText(`发证机关：${data.issuingAuthority}`, { x: left, y: 222, size: 12.5, font });
  page.drawText(`发证日期：${chineseDate(data.issueDate)}`, { x: left, y: 198, size: 12.5, font });
  const notes = [
    '说明：',
    '1. 扫描二维码可查验本证书的真伪与最新状态，以查验结果为准。',
    '2. 证书延期、变更后须重新打印，旧版本自动作废。',
    '3. 本证书不得涂改、转借、出租。',
  ];
  let y = 160;
  for (const line of notes) {
    page.drawText(line, { x: left, y, size: 8.5, font, color: GREY });
    y -= 13;
  }
}

function drawWatermark(page: PDFPage, font: PDFFont, data: CertificatePdfData): void {
  if (data.status === '01') return;
  const text = `${data.statusLabel} · 证书无效`;
  const size = 56;
  const width = textWidth(font, text, size);
  const angle = 30;
  const rad = (angle * Math.PI) / 180;
  // Centre the rotated line on the table.
  const cx = A4[0] / 2;
  const cy = 470;
  page.drawText(text, {
    x: cx - (width / 2) * Math.cos(rad) + (size / 3) * Math.sin(rad),
    y: cy - (width / 2) * Math.sin(rad) - (size / 3) * Math.cos(rad),
    size,
    font,
    color: RED,
    opacity: 0.18,
    rotate: degrees(angle),
  });
}

/** One certificate as a one-page PDF. */
export async function certificatePdf(data: CertificatePdfData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`安全生产考核合格证书 ${data.certNo}`);
  doc.setSubject(`${data.holderName} ${data.certNo} 版本 ${versionLabel(data.version)}`);
  doc.setCreator('SafeCert');
  doc.setProducer('SafeCert');
  const font = await embedCjkFont(doc);
  const page = doc.addPage(A4);
  drawFrame(page);
  drawCentered(page, font, '建筑施工企业安全生产管理人员', 758, 22, { color: BLUE, bold: true });
  drawCentered(page, font, '安全生产考核合格证书', 724, 28, { color: BLUE, bold: true });
  drawCentered(page, font, `${data.category}类 · ${data.categoryName}`, 692, 13, { color: BLUE });
  drawCentered(page, font, `证书编号：${data.certNo}`, 664, 13);
  drawTable(page, font, data);
  drawFooter(page, font, data);
  drawWatermark(page, font, data);
  return doc.save();
}
