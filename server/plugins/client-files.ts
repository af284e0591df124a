/**
 * The built client (CLIENT_DIR): files as the build wrote them, in the browser's best encoding
 * (the build leaves `.br` and `.gz` copies beside them, so nothing is compressed per request),
 * and cached by what their name promises. A file under assets/ carries its content hash in its
 * name, so it never changes: a browser keeps it for a year without asking again. index.html
 * names those files and changes with every build, so it is revalidated on every visit. Any other
 * GET outside /api is a client route and gets index.html (SPA).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Hashed build output: the only files that may be cached for good. */
const isHashedAsset = (file: string, root: string) => path.relative(root, file).split(path.sep)[0] === 'assets';

/** The copies the build made, best first, for the encodings the browser accepts. */
function encodingsFor(acceptEncoding: string | string[] | undefined): { encoding: 'br' | 'gzip'; suffix: string }[] {
  const accepted = new Set(
    String(acceptEncoding ?? '')
      .split(',')
      .map((p) => p.split(';')[0]!.trim().toLowerCase()),
  );
  return [
    ...(accepted.has('br') ? [{ encoding: 'br' as const, suffix: '.br' }] : []),
    ...(accepted.has('gzip') ? [{ encoding: 'gzip' as const, suffix: '.gz' }] : []),
  ];
}

/** index.html for a client route: small, read on every request so that a rebuild shows at once. */
function sendIndex(acceptEncoding: string | string[] | undefined, indexHtml: string, reply: FastifyReply) {
  reply
    .code(200)
    .type('text/html; charset=utf-8')
    .header('cache-control', REVALIDATE)
    .header('vary', 'accept-encoding');
  for (const { encoding, suffix } of encodingsFor(acceptEncoding)) {
    if (fs.existsSync(indexHtml + suffix))
      return reply.header('content-encoding', encoding).send(fs.readFileSync(indexHtml + suffix));
  }
  return reply.send(fs.readFileSync(indexHtml));
}

const apiNotFound = (reply: FastifyReply) => reply.status(404).send({ code: 404, msg: '接口不存在' });

export async function registerClientFiles(app: FastifyInstance, clientDir: string | null): Promise<void> {
  const indexHtml = clientDir ? path.join(clientDir, 'index.html') : null;
  const hasClient = () => !!indexHtml && fs.existsSync(indexHtml);
  if (clientDir && hasClient()) {
    const root = path.resolve(clientDir);
    // wildcard: a rebuilt client is served without a restart; misses fall through to the handler below.
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      setHeaders: (reply, file) => {
        reply.header('cache-control', isHashedAsset(file, root) ? IMMUTABLE : REVALIDATE);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !indexHtml || !hasClient())
      return apiNotFound(reply);
    // A missing hashed file is a stale page asking for an old build: HTML in its place would only fail later and less clearly.
    if (request.url.startsWith('/assets/')) return apiNotFound(reply);
    // /metrics lives on its own port (METRICS_PORT): a scraper pointed at this one is told so, not handed a page.
    if (request.url.split('?')[0] === '/metrics') return apiNotFound(reply);
    // The client routes everything else (SPA).
    return sendIndex(request.headers['accept-encoding'], indexHtml, reply);
  });
}
