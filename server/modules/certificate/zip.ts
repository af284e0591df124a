/**
 * A zip of certificate PDFs. jszip is already installed (a dependency of exceljs); PDFs are
 * compressed inside, so entries are stored, not deflated again.
 */
import type { Readable } from 'node:stream';
import JSZip from 'jszip';

export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

/** A file name safe on every system: no path separators or reserved characters. */
export const safeFileName = (name: string) => name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(0, 120);

export function zipStream(entries: readonly ZipEntry[]): Readable {
  const zip = new JSZip();
  for (const e of entries) zip.file(e.name, e.data, { binary: true });
  return zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'STORE' }) as Readable;
}
