/**
 * The PDF documents, loaded with the first one made: pdf-lib and the font engine take a good
 * second to load, and a starting server must not wait for what it may not need for hours
 * (issue 14: a restart within 3 s). Import their types from their modules, the functions from here.
 */
import type { CertificatePdfData } from './certificate.js';
import type { ExamTicketPdfData } from './examTicket.js';

export async function certificatePdf(data: CertificatePdfData): Promise<Uint8Array> {
  return (await import('./certificate.js')).certificatePdf(data);
}

export async function examTicketPdf(tickets: readonly ExamTicketPdfData[]): Promise<Uint8Array> {
  return (await import('./examTicket.js')).examTicketPdf(tickets);
}
