/**
 * The certificate PDF: the embedded CJK font is a small subset that renders every character of a
 * name, rare ones included. The rendering checks use poppler (pdftoppm/pdftotext) and are skipped,
 * saying so, when it is not installed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import {
  A4,
  EMPTY_BOX,
  NAME_VALUE_BOX,
  certificatePdf,
  chineseDate,
  versionLabel,
  type CertificatePdfData,
} from '../../server/lib/pdf/certificate';
import { cjkFontBytes } from '../../server/lib/pdf/font';
import { patchedFontkit } from '../../server/lib/pdf/fontkit';
import type { Box } from '../../server/lib/pdf/text';

const hasPoppler = spawnSync('pdftoppm', ['-v']).error === undefined;
if (!hasPoppler)
  console.warn(
    'pdftoppm (poppler-utils) is not installed: the PDF rendering checks are skipped. Install poppler-utils to run them.',
  );

const SAMPLE: CertificatePdfData = {
  holderName: '王燚',
  sex: '男',
  idNo: '440106198503021234',
  birthDate: '1985-03-02',
  category: 'C3',
  categoryName: '专职安全生产管理人员（综合类）',
  certNo: '粤建安C3（2023）0001234',
  position: '专职安全生产管理人员',
  enterpriseName: '广州市天河建筑工程有限公司',
  creditCode: '91440101MA5CXXXX1K',
  issueDate: '2022-12-20',
  validFrom: '2023-01-05',
  expiryDate: '2026-01-04',
  eCertId: '1.2.156.3005.2.440000.33.2023.0001234.K',
  issuingAuthority: '广东省住房和城乡建设厅',
  version: 2,
  status: '01',
  statusLabel: '有效',
  verifyUrl: 'https://safecert.example.gov.cn/cert/AbCdEf0123456789',
};

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-pdf-'));
async function writePdf(data: Partial<CertificatePdfData>, name: string): Promise<string> {
  const file = path.join(tmp, `${name}.pdf`);
  fs.writeFileSync(file, await certificatePdf({ ...SAMPLE, ...data }));
  return file;
}

/** Share of dark pixels (< 128 of 255) inside the box, rendered at 144 dpi in grey, borders trimmed. */
function ink(file: string, box: Box): number {
  const scale = 2;
  const inset = 3;
  const args = [
    '-gray',
    '-r',
    String(72 * scale),
    '-singlefile',
    '-x',
    String(Math.round((box.x + inset) * scale)),
    '-y',
    String(Math.round((A4[1] - box.y - box.height + inset) * scale)),
    '-W',
    String(Math.round((box.width - inset * 2) * scale)),
    '-H',
    String(Math.round((box.height - inset * 2) * scale)),
    file,
  ];
  const pgm = execFileSync('pdftoppm', args);
  // P5 header: magic, width, height, maxval, each followed by whitespace.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('pdftoppm did not answer a PGM image');
  const pixels = pgm.subarray(header[0].length);
  let dark = 0;
  for (const p of pixels) if (p < 128) dark++;
  return dark / pixels.length;
}

describe('certificate PDF', () => {
  it('is one A4 page with a small subset of the CJK font embedded', async () => {
    const bytes = await certificatePdf(SAMPLE);
    expect(bytes.length).toBeLessThan(250_000);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: A4[0], height: A4[1] });
    expect(doc.getTitle()).toContain(SAMPLE.certNo);
    const fontFiles = [...doc.context.enumerateIndirectObjects()]
      .map(([, obj]) => obj)
      .filter(
        (obj): obj is PDFRawStream =>
          obj instanceof PDFRawStream && obj.dict.get(PDFName.of('Subtype'))?.toString() === '/CIDFontType0C',
      );
    expect(fontFiles).toHaveLength(1);
    // The whole font is 17 MB: only the used glyphs may travel.
    expect(fontFiles[0]!.contents.length).toBeLessThan(150_000);
  });

  it('writes a valid CFF header in the font subset (offSize 1-4)', async () => {
    const font = patchedFontkit.create(cjkFontBytes());
    const subset = font.createSubset();
    for (const g of font.layout('王燚刘䶮𠮷').glyphs) subset.includeGlyph(g);
    const parts: Uint8Array[] = [];
    await new Promise<void>((resolve) =>
      subset
        .encodeStream()
        .on('data', (d) => {
          parts.push(d);
        })
        .on('end', () => resolve()),
    );
    const cff = Buffer.concat(parts);
    expect(cff[0]).toBe(1); // major version
    expect(cff[3]).toBeGreaterThanOrEqual(1);
    expect(cff[3]).toBeLessThanOrEqual(4);
  });

  it('has the font glyphs for rare name characters (GB 18030, Ext A, Ext B)', () => {
    const font = patchedFontkit.create(cjkFontBytes());
    for (const ch of ['燚', '䶮', '𠮷', '龑', '堃', '喆', '赟', '㵘'])
      expect(font.hasGlyphForCodePoint(ch.codePointAt(0)!), ch).toBe(true);
  });

  it('formats dates and versions as printed', () => {
    expect(chineseDate('2023-01-05')).toBe('2023年01月05日');
    expect(versionLabel(2)).toBe('002');
    expect(versionLabel(12)).toBe('012');
  });

  it.skipIf(!hasPoppler)(
    'renders every character of a rare name (not blank) and leaves the empty box empty',
    async () => {
      // Characters from different parts of the font (its glyphs sit in different CFF font dicts).
      for (const [i, name] of ['燚', '䶮', '𠮷', '王', '龑堃', '建'].entries()) {
        const file = await writePdf({ holderName: name }, `name-${i}`);
        // A blank glyph leaves the box white (0); one ideograph at 12.5 pt inks about 1 % of it.
        expect(ink(file, NAME_VALUE_BOX), `ink of ${name}`).toBeGreaterThan(0.005);
        expect(ink(file, EMPTY_BOX), 'empty box').toBeLessThan(0.001);
      }
    },
  );

  it.skipIf(!hasPoppler)('keeps the text extractable (ToUnicode), rare characters included', async () => {
    const file = await writePdf({ holderName: '刘䶮𠮷', status: '04', statusLabel: '注销' }, 'text');
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');
    for (const s of [
      '刘䶮𠮷',
      '粤建安C3（2023）0001234',
      '广东省住房和城乡建设厅',
      '440106198503021234',
      '2026年01月04日',
      '注销',
      '002',
    ])
      expect(text).toContain(s);
  });
});
