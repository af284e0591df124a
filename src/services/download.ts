/**
 * File downloads (Excel exports, import templates, ZIPs, PDFs): a generated operation answers a
 * blob through the one axios client (token header, /skapi rewrite, the JSON error inside a blob
 * read back by the mutator); this module saves it under the name the server gives in
 * Content-Disposition (filename* first: Chinese names survive). orval's functions resolve with the
 * body only, so the headers come through the `onHeaders` option.
 */
import type { AxiosResponseHeaders, RawAxiosResponseHeaders } from 'axios';
import type { ApiCallOptions } from './generated/mutator';

/** A generated operation that answers a file, with its arguments bound: `(o) => systemConfigExport(query, o)`. */
export type FileCall = (options: ApiCallOptions) => Promise<Blob>;

/** File name from a Content-Disposition header: filename*=UTF-8''… wins over filename="…". */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (star) {
    const raw = star[1].trim().replace(/^"(.*)"$/, '$1');
    const value = raw.replace(/^[\w-]+'[^']*'/, '');
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  if (plain) return (plain[2] ?? plain[1]).trim();
  return null;
}

/** Saves a blob through a temporary object URL and a clicked <a download>. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export interface FetchedFile {
  blob: Blob;
  /** The server's name, else the fallback. */
  fileName: string;
  /** A header of the answer (e.g. x-print-count), lower case. */
  header: (name: string) => string | undefined;
}

/** Runs a file operation and keeps its name and headers. Rejects with {code, msg} on an error answer. */
export async function fetchFile(call: FileCall, fallbackName: string): Promise<FetchedFile> {
  let headers: RawAxiosResponseHeaders | AxiosResponseHeaders = {};
  const blob = await call({
    onHeaders: (h) => {
      headers = h;
    },
  });
  const header = (name: string) => {
    const v: unknown = headers[name];
    return typeof v === 'string' ? v : undefined;
  };
  return { blob, fileName: fileNameFromDisposition(header('content-disposition')) ?? fallbackName, header };
}

/** Runs a file operation and saves the answer. Rejects with {code, msg} (the server's message) on an error answer. */
export async function downloadFile(call: FileCall, fallbackName = 'download'): Promise<void> {
  const file = await fetchFile(call, fallbackName);
  saveBlob(file.blob, file.fileName);
}

/** The search params of an export without the empty ones (an empty text would be a filter on ''). */
export function withoutEmpty<T extends object>(params: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(params) as (keyof T)[]) {
    const v = params[key];
    if (v !== undefined && v !== null && v !== '') out[key] = v;
  }
  return out;
}

export interface PdfFile {
  blob: Blob;
  fileName: string;
  /** x-print-count of a counted print. */
  printCount: number | null;
}

/** Runs a generated PDF operation (preview, counted print) and keeps its name and print count. */
export async function fetchPdf(call: FileCall): Promise<PdfFile> {
  const file = await fetchFile(call, 'certificate.pdf');
  const count = file.header('x-print-count');
  return { blob: file.blob, fileName: file.fileName, printCount: count ? Number(count) : null };
}

/** Opens a PDF blob in a new tab (the browser's viewer prints it); false when a pop-up blocker refused. */
export function openPdf(file: { blob: Blob }): boolean {
  const href = URL.createObjectURL(
    file.blob.type === 'application/pdf' ? file.blob : new Blob([file.blob], { type: 'application/pdf' }),
  );
  const win = window.open(href, '_blank');
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return !!win;
}
