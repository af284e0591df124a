/**
 * @pdf-lib/fontkit 1.1.1 with the two bugs fixed that make subset CJK OpenType (CFF, CID-keyed)
 * fonts come out broken — poppler/FreeType then draw nothing for most characters:
 *  1. CFFSubset writes the font's `length` (a decoding leftover, 29 for Source Han Sans) as the
 *     CFF header's offSize, which must be 1–4: FreeType rejects the whole font.
 *  2. CFFSubset.subsetFontdict gives every glyph whose font dict was seen before the index of the
 *     LAST font dict added, so glyphs get another FD's private dict and local subroutines.
 * Parsed fonts are also cached per byte array: parsing a 17 MB font for every certificate of a
 * batch would dominate the time.
 */
import fontkit, { type Font, type Subset } from '@pdf-lib/fontkit';
import type { PDFDocument } from 'pdf-lib';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

/** The fontkit internals the fixes touch (not part of its public typings). */
interface CffTable {
  offSize: number;
  length: number;
  isCIDFont: boolean;
  topDict: { FDArray: FontDict[] };
  fdForGlyph(gid: number): number | null;
}
interface FontDict {
  FontName?: unknown;
  Private?: { Subrs?: unknown[] } & Record<string, unknown>;
}
interface CffSubsetInternals {
  glyphs: number[];
  cff: CffTable;
  font: { getGlyph(gid: number): { path: unknown; _usedSubrs: Record<string, boolean> } };
  subsetSubrs(subrs: unknown[], used: Record<string, boolean>): unknown[];
  subsetFontdict(topDict: Record<string, unknown>): void;
}

/** The corrected CFFSubset.subsetFontdict: each glyph points at its own font dict. */
function subsetFontdict(this: CffSubsetInternals, topDict: Record<string, unknown>): void {
  const fdArray: FontDict[] = [];
  const fds: number[] = [];
  const position = new Map<number, number>();
  const usedSubrs: Record<string, boolean>[] = [];
  for (const gid of this.glyphs) {
    const fd = this.cff.fdForGlyph(gid);
    if (fd === null || fd === undefined) continue;
    let index = position.get(fd);
    if (index === undefined) {
      index = fdArray.length;
      position.set(fd, index);
      fdArray.push({ ...this.cff.topDict.FDArray[fd] });
      usedSubrs.push({});
    }
    fds.push(index);
    const glyph = this.font.getGlyph(gid);
    void glyph.path; // parsing the outline records the subroutines it calls
    Object.assign(usedSubrs[index]!, glyph._usedSubrs);
  }
  fdArray.forEach((dict, i) => {
    delete dict.FontName;
    if (dict.Private?.Subrs)
      dict.Private = { ...dict.Private, Subrs: this.subsetSubrs(dict.Private.Subrs, usedSubrs[i]!) };
  });
  topDict.FDArray = fdArray;
  topDict.FDSelect = { version: 0, fds };
}

function repair(font: Font): Font {
  const cff = (font as unknown as { 'CFF '?: CffTable })['CFF '];
  if (!cff) return font;
  cff.length = cff.offSize;
  if (cff.isCIDFont) {
    const createSubset = font.createSubset.bind(font);
    font.createSubset = (): Subset => {
      const subset = createSubset();
      (subset as unknown as CffSubsetInternals).subsetFontdict = subsetFontdict;
      return subset;
    };
  }
  return font;
}

const parsed = new WeakMap<Uint8Array, Font>();

/** Pass to PDFDocument.registerFontkit. */
export const patchedFontkit: Fontkit = {
  create(buffer: Uint8Array, postscriptName?: string) {
    if (postscriptName) return repair(fontkit.create(buffer, postscriptName));
    let font = parsed.get(buffer);
    if (!font) {
      font = repair(fontkit.create(buffer));
      parsed.set(buffer, font);
    }
    return font;
  },
};
