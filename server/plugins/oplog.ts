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

/** Nesting kept in the log; anything deeper is summarised (a hostile body must not stop the log being written). */
const MAX_DEPTH = 16;
/** Members kept per object or array, for the same reason. */
const MAX_MEMBERS = 200;

/** A copy of the parameters with every secret-looking value replaced, depth and width bounded. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) {
    const kept = value.slice(0, MAX_MEMBERS).map((v) => redactSecrets(v, depth + 1));
    return value.length > MAX_MEMBERS ? [...kept, `[… ${value.length - MAX_MEMBERS} more]`] : kept;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries.slice(0, MAX_MEMBERS)) out[k] = SECRET_KEYS.test(k) ? '******' : redactSecrets(v, depth + 1);
  if (entries.length > MAX_MEMBERS) out['…'] = `${entries.length - MAX_MEMBERS} more`;
  return out;
}

export function registerOperationLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const log = request.routeOptions.config?.access?.log;
    if (log === false || !MUTATING.has(request.method) || !request.url.startsWith('/api/')) return;
    let text: string;
    try {
      text = JSON.stringify(redactSecrets({ query: request.query, body: request.body, params: request.params }));
    } catch {
      text = '"[参数无法记录]"';
    }
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
