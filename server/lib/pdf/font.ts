/**
 * The CJK font every generated PDF uses: Source Han Sans SC Regular (Adobe, SIL OFL 1.1), vendored
 * unmodified in assets/fonts so a machine without system fonts renders every name. It covers
 * GB 2312, GBK, CJK Extension A and ~2,100 Extension B characters (燚, 䶮 and 𠮷 among them).
 * Documents embed only the glyphs they use (subset), a few dozen kB per certificate.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../root.js';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { patchedFontkit } from './fontkit.js';

export const CJK_FONT_FILE = path.join(ROOT_DIR, 'assets', 'fonts', 'SourceHanSansSC-Regular.otf');

let bytes: Buffer | null = null;

/** The font file, read once per process (the same buffer also keys fontkit's parse cache). */
export function cjkFontBytes(): Buffer {
  bytes ??= fs.readFileSync(CJK_FONT_FILE);
  return bytes;
}

/** Embeds the CJK font into `doc` as a subset. */
export async function embedCjkFont(doc: PDFDocument): Promise<PDFFont> {
  doc.registerFontkit(patchedFontkit);
  return doc.embedFont(cjkFontBytes(), { subset: true });
}
