/**
 * The PDF documents, loaded with the first one made: pdf-lib and the font engine take a good
 * second to load, and a starting server must not wait for what it may not need for hours
 * (issue 14: a restart within 3 s).
 */
import type { CertificatePdfData } from './certificate.js';

export async function certificatePdf(data: CertificatePdfData): Promise<Uint8Array> {
  return (await import('./certificate.js')).certificatePdf(data);
}
