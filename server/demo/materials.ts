/**
 * Demo application materials: a few sample documents (PDF, in Chinese, marked 演示样本) stored
 * once through the file service, so that the reviewers' case view has something to preview and
 * the file storage list is not empty on a fresh start. Each business type gets the documents a
 * real file of its kind would carry.
 */
import { PDFDocument, rgb } from 'pdf-lib';
import type { BusinessType } from '../../machines/businessTypes.js';
import type { AppConfig } from '../config.js';
import type { Tx } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { A4 } from '../lib/pdf/certificate.js';
import { embedCjkFont } from '../lib/pdf/font.js';
import { wrapText } from '../lib/pdf/text.js';
import { storeUpload } from '../modules/system/oss/upload.js';

type DocKey = 'form' | 'contract' | 'education' | 'idProof' | 'licence' | 'notice';

const DOCUMENTS: Record<DocKey, { file: string; title: string; lines: string[] }> = {
  form: {
    file: '申请表.pdf',
    title: '安全生产管理人员考核业务申请表',
    lines: [
      '申请单位：（加盖公章）',
      '申请事项：见平台申请编号',
      '本单位承诺所填信息及所附材料真实、有效，如有虚假，愿承担相应法律责任。',
    ],
  },
  contract: {
    file: '劳动合同.pdf',
    title: '劳动合同（节选）',
    lines: [
      '甲方（用人单位）与乙方（劳动者）依法订立本合同。',
      '合同期限：固定期限，自签订之日起三年。',
      '工作岗位：安全生产管理。',
    ],
  },
  education: {
    file: '继续教育学时证明.pdf',
    title: '安全生产管理人员继续教育学时证明',
    lines: [
      '兹证明该学员已按规定参加安全生产管理人员继续教育。',
      '培训内容：安全生产法律法规、施工现场安全管理、事故案例分析。',
      '培训机构：广东省建设安全培训中心（样本）',
    ],
  },
  idProof: {
    file: '身份证明.pdf',
    title: '居民身份证（复印件）',
    lines: ['本复印件仅用于安全生产管理人员考核业务办理，他用无效。'],
  },
  licence: {
    file: '营业执照.pdf',
    title: '营业执照（副本，复印件）',
    lines: ['统一社会信用代码：见企业信息', '本复印件仅用于企业名称变更业务办理。'],
  },
  notice: {
    file: '遗失声明.pdf',
    title: '证书遗失声明',
    lines: ['本人安全生产考核合格证书不慎遗失，特此声明作废。', '刊登媒体：广东建设报（样本）'],
  },
};

/** The documents a demo application of each business type carries. */
const BY_TYPE: Record<BusinessType, DocKey[]> = {
  newCert: ['form', 'idProof', 'contract'],
  delay: ['form', 'education'],
  inner: ['form', 'contract'],
  inProvince: ['form', 'contract', 'idProof'],
  outProvince: ['form'],
  modify: ['form', 'idProof'],
  revocation: ['form'],
  personRevocation: ['form', 'idProof'],
  rename: ['form', 'licence'],
};

async function samplePdf(title: string, lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const font = await embedCjkFont(doc);
  const page = doc.addPage(A4);
  const [width, height] = A4;
  page.drawText('演示样本', { x: 150, y: 380, size: 72, font, color: rgb(0.93, 0.93, 0.93) });
  const titleSize = 20;
  page.drawText(title, {
    x: (width - font.widthOfTextAtSize(title, titleSize)) / 2,
    y: height - 110,
    size: titleSize,
    font,
  });
  let y = height - 170;
  for (const line of lines) {
    for (const part of wrapText(font, line, 13, width - 144)) {
      page.drawText(part, { x: 72, y, size: 13, font, color: rgb(0.15, 0.15, 0.15) });
      y -= 24;
    }
    y -= 8;
  }
  page.drawText('广东省建设工程安全生产管理人员考核管理平台 · 演示数据', {
    x: 72,
    y: 60,
    size: 9,
    font,
    color: rgb(0.5, 0.5, 0.5),
  });
  return doc.save();
}

/**
 * Stores the sample documents once and answers, per business type, the file ids a demo
 * application lists as its materials (the file is downloadable by whoever may see that application).
 */
export async function seedDemoMaterials(
  tx: Tx,
  env: { config: AppConfig; clock: Clock },
  userId: number,
): Promise<(type: BusinessType) => number[]> {
  const ids = new Map<DocKey, number>();
  for (const [key, doc] of Object.entries(DOCUMENTS) as [DocKey, (typeof DOCUMENTS)[DocKey]][]) {
    const stored = await storeUpload(env, tx, {
      bytes: await samplePdf(doc.title, doc.lines),
      originalName: doc.file,
      mimeType: 'application/pdf',
      ownerRef: 'demo:materials',
      userId,
    });
    ids.set(key, stored.ossId);
  }
  return (type) => BY_TYPE[type].map((k) => ids.get(k)!);
}
