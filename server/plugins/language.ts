/**
 * Answers in the caller's language: the `msg` of every JSON answer, success or failure, is
 * translated from the server's Chinese by the Accept-Language header (server/lib/messages.ts).
 * zh-CN callers, and callers naming no language of the four, read the Chinese as written.
 */
import type { FastifyInstance } from 'fastify';
import { localizeAnswer } from '../lib/messages.js';
import { languageOf } from '../lib/requestScope.js';

export function registerAnswerLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', (request, reply, payload, done) => {
    const lang = languageOf(request.headers['accept-language']);
    done(null, lang === 'zh-CN' ? payload : localizeAnswer(payload, lang, reply.statusCode >= 400));
  });
}
