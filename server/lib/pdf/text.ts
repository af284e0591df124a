/** Text placement helpers for pdf-lib pages: fitting a value into a box, centring, fake bold. */
import { rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';

/** Widths at size 1 per font and text: fontkit shapes the text on every call (~2 ms for a CJK line). */
const widths = new WeakMap<PDFFont, Map<string, number>>();

/** The width of `text` at `size`, shaped once per font and text. */
export function textWidth(font: PDFFont, text: string, size: number): number {
  let cache = widths.get(font);
  if (!cache) {
    cache = new Map();
    widths.set(font, cache);
  }
  let unit = cache.get(text);
  if (unit === undefined) {
    unit = font.widthOfTextAtSize(text, 1);
    cache.set(text, unit);
  }
  return unit * size;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Splits text into lines no wider than `width` at `size` (CJK text breaks anywhere). */
export function wrapText(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const ch of Array.from(text)) {
    // Character widths add up closely enough for CJK text (no kerning between ideographs).
    const w = textWidth(font, ch, size);
    if (line && lineWidth + w > width) {
      lines.push(line);
      line = ch;
      lineWidth = w;
    } else {
      line += ch;
      lineWidth += w;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Draws `text` vertically centred in the box, left aligned with `padding`: shrinks the size down
 * to `minSize` to keep one line, then wraps onto as many lines as the box holds.
 */
export function drawFitted(
  page: PDFPage,
  font: PDFFont,
  text: string,
  box: Box,
  opts: { size: number; minSize?: number; padding?: number; color?: RGB; align?: 'left' | 'center' } = { size: 12 },
): void {
  const padding = opts.padding ?? 8;
  const width = box.width - padding * 2;
  const minSize = opts.minSize ?? Math.min(opts.size, 8);
  const fullWidth = textWidth(font, text, 1);
  // The largest half-point size that keeps one line, not below minSize.
  const size = Math.max(minSize, Math.min(opts.size, Math.floor((width / fullWidth) * 2) / 2));
  let lines = fullWidth * size > width ? wrapText(font, text, size, width) : [text];
  const lineHeight = size * 1.25;
  const maxLines = Math.max(1, Math.floor((box.height - 4) / lineHeight));
  if (lines.length > maxLines) {
    lines = lines.slice(0, maxLines);
    lines[maxLines - 1] = `${lines[maxLines - 1]!.slice(0, -1)}…`;
  }
  const blockHeight = lines.length * lineHeight;
  // Baseline of the first line: centre the block, then drop by the ascent (~0.88 em for this font).
  let y = box.y + (box.height + blockHeight) / 2 - lineHeight + (lineHeight - size) / 2 + size * 0.12;
  for (const line of lines) {
    const x = opts.align === 'center' ? box.x + (box.width - textWidth(font, line, size)) / 2 : box.x + padding;
    page.drawText(line, { x, y, size, font, color: opts.color ?? rgb(0, 0, 0) });
    y -= lineHeight;
  }
}

/** Centred text on the page at baseline `y`; `bold` overdraws with a small offset (one weight is embedded). */
export function drawCentered(
  page: PDFPage,
  font: PDFFont,
  text: string,
  y: number,
  size: number,
  opts: { color?: RGB; bold?: boolean } = {},
): void {
  const x = (page.getWidth() - textWidth(font, text, size)) / 2;
  const color = opts.color ?? rgb(0, 0, 0);
  page.drawText(text, { x, y, size, font, color });
  if (opts.bold) {
    const d = size * 0.025;
    page.drawText(text, { x: x + d, y, size, font, color });
    page.drawText(text, { x, y: y + d * 0.5, size, font, color });
  }
}
