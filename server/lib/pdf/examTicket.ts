/**
 * The admission ticket (准考证) of the 安管人员 exam: one A4 page per accepted sign-up with a photo
 * box, the candidate (ID number masked), batch, category, place, seat, both parts' dates and times in
 * China time, the candidate's rules and a QR code that opens the public check of the ticket
 * (/web/examTicket/<code>). Same CJK font and text helpers as the certificate.
 */
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { A4 } from './certificate.js';
import { embedCjkFont } from './font.js';
import { drawQrCode } from './qr.js';
import { drawCentered, drawFitted, textWidth, type Box } from './text.js';

export interface ExamTicketPdfData {
  name: string;
  /** Label (男 / 女). */
  sex: string;
  /** Masked: 440***********1234. */
  idNoMasked: string;
  ticketNo: string;
  /** Room-seat, e.g. 01-05. */
  seatNo: string;
  batchNo: string;
  batchName: string;
  /** cer_type code and label. */
  category: string;
  categoryLabel: string;
  place: string;
  enterpriseName: string;
  /** 安全生产知识 and 管理能力: 2026年12月20日 09:00–11:00 (China time, formatted by the caller). */
  knowledgeTime: string;
  abilityTime: string;
  /** <public base URL>/web/examTicket/<verify code>. */
  verifyUrl: string;
  /** The centre that holds the exam. */
  organiser: string;
}

const BLUE = rgb(0.08, 0.24, 0.5);
const GREY = rgb(0.35, 0.35, 0.35);

const TABLE_X = 60;
const TABLE_TOP = 700;
const ROW_HEIGHT = 32;
const LABEL_WIDTH = 96;
/** The table leaves room on the right of its first rows for the photo. */
const PHOTO = { x: 430, y: TABLE_TOP - 4 * ROW_HEIGHT, width: 105, height: 4 * ROW_HEIGHT };
const NARROW_WIDTH = PHOTO.x - TABLE_X;
const WIDE_WIDTH = 535 - TABLE_X;

/** Where the candidate's name is drawn: tests measure that its glyphs are not blank. */
export const TICKET_NAME_BOX: Box = {
  x: TABLE_X + LABEL_WIDTH,
  y: TABLE_TOP - ROW_HEIGHT,
  width: NARROW_WIDTH - LABEL_WIDTH,
  height: ROW_HEIGHT,
};
export const TICKET_QR_BOX = { x: 415, y: 110, size: 120 };

function rows(d: ExamTicketPdfData): [string, string][] {
  return [
    ['姓　　名', d.name],
    ['性　　别', d.sex],
    ['证件号码', d.idNoMasked],
    ['准考证号', d.ticketNo],
    ['报考类别', `${d.category}类　${d.categoryLabel}`],
    ['考试批次', `${d.batchNo}　${d.batchName}`],
    ['考试地点', d.place],
    ['考场座位', `第 ${d.seatNo.split('-')[0] ?? ''} 考场　${d.seatNo.split('-')[1] ?? ''} 号座位`],
    ['安全生产知识', d.knowledgeTime],
    ['管理能力', d.abilityTime],
    ['报名单位', d.enterpriseName],
  ];
}

function drawTable(page: PDFPage, font: PDFFont, d: ExamTicketPdfData): void {
  let top = TABLE_TOP;
  rows(d).forEach(([label, value], i) => {
    const y = top - ROW_HEIGHT;
    const width = i < 4 ? NARROW_WIDTH : WIDE_WIDTH;
    const labelBox: Box = { x: TABLE_X, y, width: LABEL_WIDTH, height: ROW_HEIGHT };
    const valueBox: Box = { x: TABLE_X + LABEL_WIDTH, y, width: width - LABEL_WIDTH, height: ROW_HEIGHT };
    page.drawRectangle({ ...labelBox, color: rgb(0.93, 0.95, 0.99), borderColor: BLUE, borderWidth: 0.6 });
    page.drawRectangle({ ...valueBox, borderColor: BLUE, borderWidth: 0.6 });
    drawFitted(page, font, label, labelBox, {
      size: label.length > 4 ? 10 : 11.5,
      color: BLUE,
      align: 'center',
      padding: 4,
    });
    drawFitted(page, font, value || '—', valueBox, { size: i === 0 ? 15 : 12.5, minSize: 8 });
    top = y;
  });
}

function drawPhotoBox(page: PDFPage, font: PDFFont): void {
  page.drawRectangle({ ...PHOTO, borderColor: BLUE, borderWidth: 0.6, borderDashArray: [4, 3] });
  const lines = ['贴照片处', '（近期免冠', '二寸彩色照片）'];
  lines.forEach((line, i) => {
    page.drawText(line, {
      x: PHOTO.x + (PHOTO.width - textWidth(font, line, 10)) / 2,
      y: PHOTO.y + PHOTO.height / 2 + 12 - i * 15,
      size: 10,
      font,
      color: GREY,
    });
  });
}

function drawFooter(page: PDFPage, font: PDFFont, d: ExamTicketPdfData): void {
  drawQrCode(page, d.verifyUrl, TICKET_QR_BOX);
  const caption = '扫码核验准考证';
  page.drawText(caption, {
    x: TICKET_QR_BOX.x + (TICKET_QR_BOX.size - textWidth(font, caption, 10)) / 2,
    y: TICKET_QR_BOX.y - 14,
    size: 10,
    font,
    color: BLUE,
  });
  drawFitted(
    page,
    font,
    d.verifyUrl,
    { x: TICKET_QR_BOX.x - 30, y: TICKET_QR_BOX.y - 42, width: TICKET_QR_BOX.size + 60, height: 24 },
    { size: 6.5, minSize: 5, color: GREY, align: 'center', padding: 0 },
  );
  const notes = [
    '考生须知：',
    '1. 考生凭本准考证和有效身份证件原件，于开考前 30 分钟入场，对号入座。',
    '2. 开考 15 分钟后不得入场；两个科目须分别参加，缺考的科目视为不合格。',
    '3. 考场内不得携带通讯工具和资料，违反考场纪律者取消考试资格。',
    '4. 本准考证须妥善保管，成绩公布后可凭证件号码和准考证号查询成绩。',
  ];
  let y = 336;
  for (const line of notes) {
    // Two lines at most: a note wraps rather than shrinking below a readable size.
    drawFitted(
      page,
      font,
      line,
      { x: TABLE_X, y: y - 10, width: 345, height: 30 },
      { size: 9.5, minSize: 9, color: GREY, padding: 0 },
    );
    y -= 32;
  }
  page.drawText(`组织单位：${d.organiser}`, { x: TABLE_X, y: 110, size: 11, font });
}

/** Draws one ticket on its own page. */
function drawTicket(doc: PDFDocument, font: PDFFont, d: ExamTicketPdfData): void {
  const page = doc.addPage(A4);
  const [w, h] = A4;
  page.drawRectangle({ x: 26, y: 26, width: w - 52, height: h - 52, borderColor: BLUE, borderWidth: 2 });
  drawCentered(page, font, '广东省建筑施工企业安全生产管理人员', 780, 18, { color: BLUE, bold: true });
  drawCentered(page, font, '安全生产考核 准考证', 748, 26, { color: BLUE, bold: true });
  drawCentered(page, font, `准考证号：${d.ticketNo}`, 716, 12);
  drawTable(page, font, d);
  drawPhotoBox(page, font);
  drawFooter(page, font, d);
}

/** One PDF with a page per ticket (a batch prints as one document). */
export async function examTicketPdf(tickets: readonly ExamTicketPdfData[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const first = tickets[0];
  doc.setTitle(
    tickets.length === 1 && first ? `准考证 ${first.ticketNo} ${first.name}` : `准考证（${tickets.length} 份）`,
  );
  doc.setCreator('SafeCert');
  doc.setProducer('SafeCert');
  const font = await embedCjkFont(doc);
  for (const t of tickets) drawTicket(doc, font, t);
  return doc.save();
}
