/**
 * The enterprise operation guide (SPEC 2: type 03 users preview it as a PDF), in Chinese, set in
 * the CJK font the certificates use (server/lib/pdf/font.ts).
 */
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { A4 } from '../../lib/pdf/format.js';
import { embedCjkFont } from '../../lib/pdf/font.js';
import { wrapText } from '../../lib/pdf/text.js';

const TITLE = '广东省建设工程安全生产管理人员考核管理平台';
const SUBTITLE = '企业用户操作指南';

const SECTIONS: [string, string[]][] = [
  [
    '一、登录',
    [
      '打开平台后，可使用账号和密码登录，也可使用账号绑定手机接收的短信验证码登录，或通过广东省统一身份认证（单点登录）进入。',
      '连续 30 分钟无任何操作将自动登出；一次登录最长有效 12 小时。首次登录须修改初始密码。',
    ],
  ],
  [
    '二、企业业务办理',
    [
      '新办证书、证书延期、省内调动、省外调入、调出省外、证书变更、证书注销和企业更名均通过申请向导办理（第 0 至 3 步）：',
      '选择人员或证书，填写申请表，上传申请材料（PDF、JPG 或 PNG），确认后提交。',
      '涉及持证人本人的业务（延期、调动、调入、调出、变更、注销）提交后，须由持证人登录个人账号确认，区域中心方可受理。',
    ],
  ],
  [
    '三、查询办理进度',
    [
      '每个申请均可查看流程图和办理记录：已保存、已提交、受理、承办、初审、审核、审批、办结，以及最终办理结果。',
      '被退回的申请会附上审核人员的意见，请按意见补正后重新提交。审批通过的证书由区域中心打印发放。',
    ],
  ],
  [
    '四、证书查询与核验',
    [
      '在“证书查询”中可查看本企业全部证书、版本历史，并导出 Excel 或证书 PDF。',
      '证书上的二维码可由任何人扫描，查验证书真伪与最新状态。',
    ],
  ],
  [
    '五、咨询服务',
    ['办公时间：工作日 8:30-12:00，14:00-17:30。', '如有疑问，请联系企业所属的区域中心（广州、深圳或省中心）。'],
  ],
];

const MARGIN = 56;
const BLUE = rgb(0.09, 0.35, 0.8);

function newPage(doc: PDFDocument): PDFPage {
  return doc.addPage(A4);
}

export async function operationGuidePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${TITLE} ${SUBTITLE}`);
  doc.setCreator('SafeCert');
  const font: PDFFont = await embedCjkFont(doc);
  let page = newPage(doc);
  const width = A4[0] - MARGIN * 2;
  let y = A4[1] - 80;
  page.drawText(TITLE, { x: MARGIN, y, size: 17, font, color: BLUE });
  y -= 28;
  page.drawText(SUBTITLE, { x: MARGIN, y, size: 15, font, color: BLUE });
  y -= 36;
  for (const [title, paragraphs] of SECTIONS) {
    if (y < 120) {
      page = newPage(doc);
      y = A4[1] - 72;
    }
    page.drawText(title, { x: MARGIN, y, size: 13, font });
    y -= 22;
    for (const paragraph of paragraphs) {
      for (const line of wrapText(font, paragraph, 10.5, width - 12)) {
        if (y < 60) {
          page = newPage(doc);
          y = A4[1] - 72;
        }
        page.drawText(line, { x: MARGIN + 12, y, size: 10.5, font, color: rgb(0.15, 0.15, 0.15) });
        y -= 17;
      }
      y -= 4;
    }
    y -= 12;
  }
  return doc.save();
}
