/** Admission tickets as PDFs: fetched through the one client (token, /skapi), opened for printing or saved. */
import { http } from '@/services/request';
import { blobError, fileNameFromDisposition, saveBlob } from '@/services/download';

export interface PdfFile {
  blob: Blob;
  fileName: string;
}

/** GET a PDF (relative to /api); a refusal rejects with the server's {code, msg}. */
export async function fetchPdf(url: string): Promise<PdfFile> {
  // Every status but 401 resolves, so the JSON error inside the blob can be read (401 opens the session modal).
  const res = await http.request<Blob>({ url, method: 'GET', responseType: 'blob', validateStatus: (s) => s !== 401 });
  if (res.status >= 400) throw await blobError(res.data, res.status);
  return { blob: res.data, fileName: fileNameFromDisposition(res.headers['content-disposition'] as string | undefined) ?? 'ticket.pdf' };
}

export const ticketUrl = (signupId: number) => `/exam/ticket/pdf/${signupId}`;
export const batchTicketsUrl = (batchId: number) => `/exam/ticket/batch/${batchId}/pdf`;

/** Opens the PDF in a new tab (the browser prints it); saves it when a pop-up blocker refuses. Answers whether it opened. */
export function openOrSave(file: PdfFile): boolean {
  const href = URL.createObjectURL(new Blob([file.blob], { type: 'application/pdf' }));
  const win = window.open(href, '_blank');
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
  if (!win) saveBlob(file.blob, file.fileName);
  return !!win;
}

export const savePdf = (file: PdfFile) => saveBlob(file.blob, file.fileName);
