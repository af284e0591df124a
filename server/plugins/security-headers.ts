/**
 * Browser security headers (helmet) on every answer: a Content-Security-Policy the built client
 * runs under, no framing, nosniff, no referrer, and HSTS only on requests that came over TLS
 * (directly, or through a TRUST_PROXY proxy saying X-Forwarded-Proto: https).
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from '../config.js';

/** The origin of a host the client calls besides its own (SKAPI_HOST), if it parses. */
function extraOrigin(host: string | null): string[] {
  if (!host) return [];
  try {
    return [new URL(/^https?:\/\//.test(host) ? host : `https://${host}`).origin];
  } catch {
    return [];
  }
}

export function contentSecurityPolicy(config: AppConfig): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    // vite's build has no inline script; nothing evaluates strings.
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // antd (cssinjs) writes <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // captcha and QR codes are data: URLs, PDF previews blob: URLs.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...extraOrigin(config.skapiHost)],
    // PDFs open in a tab of their own (blob:) or, fetched with the session, in a frame of the page
    // (attachments of punishments); never in an embed.
    'frame-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
}

/** A year, the usual minimum for HSTS to mean anything. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * helmet's middleware is built once here. @fastify/helmet built it again on every request
 * (parsing the policy each time), a measurable part of a workflow transition's server time.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Sent below, only where it is true that the browser came over TLS.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (err) => {
      if (err) return done(err instanceof Error ? err : new Error(String(err)));
      // request.protocol reads X-Forwarded-Proto only from a trusted proxy.
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      done();
    });
  });
}
