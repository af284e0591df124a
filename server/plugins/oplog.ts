/**
 * Declarative operation log (RuoYi's @Log): every mutating call leaves a row with who, what,
 * parameters without secrets, result and duration. Routes name their title and action in
 * `config.access.log`; the rest are logged under their URL.
 */
import type { FastifyInstance } from 'fastify';
import { sysOperLog } from '../db/schema.js';

// Verification codes are secrets; ordinary codes (catalog code, dictCode, creditCode) are not.
const SECRET_KEYS = /pass(word)?|pwd|token|secret|captcha|^(sms|verify|check|auth)?code$|^(sms|verify)Code$/i;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A copy of the parameters with every secret-looking value replaced. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '******' : redactSecrets(v)]),
    );
  }
  return value;
}

export function registerOperationLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const log = request.routeOptions.config?.access?.log;
    if (log === false || !MUTATING.has(request.method) || !request.url.startsWith('/api/')) return;
    const params = redactSecrets({ query: request.query, body: request.body, params: request.params });
    const text = JSON.stringify(params);
    try {
      await app.ctx.db.insert(sysOperLog).values({
        title: log?.title ?? (request.routeOptions.url ?? request.url).replace(/^\/api\//, ''),
        action: log?.action ?? 'other',
        requestMethod: request.method,
        operName: request.user?.userName ?? null,
        operUrl: request.url.slice(0, 500),
        operIp: request.ip,
        operParam: text.length > 4000 ? text.slice(0, 4000) + '…' : text,
        status: reply.statusCode < 400 ? '0' : '1',
        httpStatus: reply.statusCode,
        errorMsg: null,
        durationMs: Math.round(reply.elapsedTime),
      });
    } catch (err) {
      request.log.error({ err }, 'operation log write failed');
    }
  });
}
