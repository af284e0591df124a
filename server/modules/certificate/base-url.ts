/**
 * The public address the certificate QR code points to. The configuration has no public base URL
 * yet, so it is taken from the request: the host and scheme the browser used (X-Forwarded-* are
 * honoured, trustProxy is on), which is the site the staff member prints from.
 */
import type { FastifyRequest } from 'fastify';

export function publicBaseUrl(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}
