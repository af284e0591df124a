/**
 * One shape for every failure: HTTP status says the class, `msg` says it in words a user reads,
 * `field` names the input that was wrong.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.js';
import { databaseRefusal, isDatabaseUnavailable } from '../lib/db-errors.js';
import { localizeAnswer } from '../lib/messages.js';
import { languageOf } from '../lib/requestScope.js';
import { sessionRefusal } from './auth.js';

/** Human words for the zod issue codes that bad input usually trips. */
function describeIssue(issue: { code?: string; message: string; path?: PropertyKey[] }): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.message.includes('undefined') ? '不能为空' : '类型不正确';
    case 'too_small':
      return '长度或数值过小';
    case 'too_big':
      return '长度或数值过大';
    case 'invalid_format':
    case 'invalid_string':
      return '格式不正确';
    case 'invalid_value':
    case 'invalid_enum_value':
      return '取值不在允许范围内';
    default:
      return issue.message;
  }
}

/** Bodies fastify could not parse (JSON text, prototype keys refused by secure-json-parse). */
const BODY_ERRORS: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是有效的 JSON',
};

/**
 * Errors of the router, before any route or hook runs (Fastify's `frameworkErrors` option): a path
 * whose percent-escapes do not decode (%zz, a lone surrogate's bytes) is a 400 like any other, a
 * path parameter over the router's length limit a 414.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // Before routing: no route's hooks run, so the answer is put in the caller's language here.
  const send = (status: number, body: { code: number; msg: string; field?: string }) =>
    reply.status(status).send(localizeAnswer(body, languageOf(request.headers['accept-language']), true));
  if (error.code === 'FST_ERR_BAD_URL') send(400, { code: 400, msg: '请求地址含有无法解码的字符', field: 'url' });
  else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') send(414, { code: 414, msg: '请求地址过长', field: 'url' });
  else send(500, { code: 500, msg: '服务器错误' });
}

/** Seconds a client is asked to wait while the database is unreachable (a restart takes a few). */
export const DATABASE_RETRY_AFTER_S = 5;

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (caught: FastifyError, request, reply) => {
    // A read started on a known session whose input was refused first: a refused session says so.
    const error = ((await sessionRefusal(request)) ?? caught) as FastifyError;
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        code: error.code,
        msg: error.message,
        ...(error.field ? { field: error.field } : {}),
        ...(error.data !== undefined ? { data: error.data } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const fieldPath = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') ?? '';
      const field = fieldPath || error.validationContext || 'body';
      const words = first ? describeIssue({ code: first.keyword, message: first.message ?? '' }) : '不合法';
      const custom = first?.message && /[\u4e00-\u9fa5]/.test(first.message) ? first.message : null;
      return reply.status(400).send({ code: 400, msg: custom ?? `参数 ${field} ${words}`, field });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response does not match its schema');
      return reply.status(500).send({ code: 500, msg: '服务器错误' });
    }
    // PostgreSQL restarting or failing over: the same call succeeds a few seconds later.
    if (isDatabaseUnavailable(error)) {
      request.log.warn(`database unavailable: ${(error as Error).message.split('\n').at(-1)}`);
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ code: 503, msg: '数据库暂时不可用，请稍后重试' });
    }
    // The schemas refuse bad input first; this is the net under a field they missed, and the
    // answer to races that only the database decides (two registrations of one name).
    const refusal = databaseRefusal(error);
    if (refusal) {
      // A 400 here means some schema let the value through: worth a look, not an alarm.
      if (refusal.status === 400) request.log.warn({ err: error }, 'database refused input that passed the schema');
      return reply
        .status(refusal.status)
        .send({ code: refusal.status, msg: refusal.msg, ...(refusal.field ? { field: refusal.field } : {}) });
    }
    if (error.statusCode === 413) return reply.status(413).send({ code: 413, msg: '上传的内容过大' });
    if (error.statusCode === 429) return reply.status(429).send({ code: 429, msg: '请求过于频繁，请稍后再试' });
    const body = BODY_ERRORS[error.code];
    if (body) return reply.status(400).send({ code: 400, msg: body, field: 'body' });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({
        code: error.statusCode,
        msg: error.statusCode === 415 ? '不支持的内容类型' : '请求不合法',
        ...(error.statusCode === 400 ? { field: 'request' } : {}),
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 500, msg: '服务器错误' });
  });
}
