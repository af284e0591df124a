/**
 * A QR code drawn as vector rectangles (one per horizontal run of dark modules): sharp at any
 * print resolution and a few hundred bytes, where an embedded PNG would be blurry or large.
 */
import QRCode from 'qrcode';
import { rgb, type PDFPage } from 'pdf-lib';

export interface QrBox {
  x: number;
  /** Bottom edge (PDF coordinates grow upwards). */
  y: number;
  /** Side of the square, quiet zone included. */
  size: number;
}

/** Draws `text` as a QR code (error correction M, 4-module quiet zone) into the box. */
export function drawQrCode(page: PDFPage, text: string, box: QrBox): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const quiet = 4;
  const cell = box.size / (n + quiet * 2);
  page.drawRectangle({ x: box.x, y: box.y, width: box.size, height: box.size, color: rgb(1, 1, 1) });
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      page.drawRectangle({
        x: box.x + (quiet + start) * cell,
        y: box.y + box.size - (quiet + row + 1) * cell,
        // A hair wider and taller so neighbouring runs touch without hairline gaps in viewers.
        width: (col - start) * cell + 0.05,
        height: cell + 0.05,
        color: rgb(0, 0, 0),
      });
    }
  }
}
