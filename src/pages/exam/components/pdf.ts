/** Admission tickets as PDFs: the generated ticket operations (one client: token, /skapi), opened for printing or saved. */
import { examTicketBatchPdf, examTicketPdf } from '@/services/generated/api';
import { fetchPdf as fetchPdfFile, saveBlob, type FileCall, type PdfFile } from '@/services/download';

export type { PdfFile };

/** Runs a ticket operation; a refusal rejects with the server's {code, msg}. */
export const fetchPdf = (call: FileCall): Promise<PdfFile> => fetchPdfFile(call);

/** The ticket of one accepted sign-up. */
export const ticketUrl =
  (signupId: number): FileCall =>
  (o) =>
    examTicketPdf(signupId, o);
/** Every ticket of a batch, one PDF. */
export const batchTicketsUrl =
  (batchId: number): FileCall =>
  (o) =>
    examTicketBatchPdf(batchId, o);

/** Opens the PDF in a new tab (the browser prints it); saves it when a pop-up blocker refuses. Answers whether it opened. */
export function openOrSave(file: PdfFile): boolean {
  const href = URL.createObjectURL(new Blob([file.blob], { type: 'application/pdf' }));
  const win = window.open(href, '_blank');
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
  if (!win) saveBlob(file.blob, file.fileName);
  return !!win;
}

export const savePdf = (file: PdfFile) => saveBlob(file.blob, file.fileName);
