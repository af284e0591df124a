/**
 * The public address the certificate QR code points to: PUBLIC_BASE_URL when configured (the
 * address citizens reach), else the host and scheme the request came in on (X-Forwarded-* are
 * honoured, trustProxy is on), which is the site the staff member prints from.
 */
import type { FastifyRequest } from 'fastify';

export function publicBaseUrl(req: FastifyRequest): string {
  return req.server.ctx.config.publicBaseUrl ?? `${req.protocol}://${req.host}`;
}
