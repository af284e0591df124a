/** The enterprise operation guide is a Chinese PDF set in the embedded CJK font. */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { operationGuidePdf } from '../../server/modules/file/guide';

const hasPoppler = spawnSync('pdftotext', ['-v']).error === undefined;
if (!hasPoppler) console.warn('pdftotext (poppler-utils) is not installed: the guide text check is skipped.');

describe('operation guide PDF', () => {
  it('is a PDF with a Chinese title', async () => {
    const bytes = await operationGuidePdf();
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toContain('企业用户操作指南');
    expect(bytes.length).toBeLessThan(300_000);
  });

  it.skipIf(!hasPoppler)('has its Chinese text drawn with real glyphs (extractable)', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-guide-')), 'guide.pdf');
    fs.writeFileSync(file, await operationGuidePdf());
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');
    for (const s of ['企业用户操作指南', '一、登录', '办公时间：工作日 8:30-12:00，14:00-17:30。'])
      expect(text).toContain(s);
  });
});
