/**
 * One check every route passes before its schema: no string anywhere in the path, the query or
 * the JSON body (values and keys, at any depth) holds a C0 control character other than tab and
 * line breaks, or a lone UTF-16 surrogate. JSON.parse turns "\u0000" and "\ud800" escapes into
 * exactly those; PostgreSQL cannot store NUL and nothing downstream can encode a lone surrogate.
 * The field schemas (lib/schemas.ts) are stricter per field; this holds for fields they miss.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.js';
import { hasControlChar, hasLoneSurrogate } from '../lib/schemas.js';

interface PathStep {
  key: string;
  parent: PathStep | null;
}

const pathText = (step: PathStep | null): string => {
  const keys: string[] = [];
  for (let s = step; s; s = s.parent) keys.push(s.key);
  return keys.reverse().join('.');
};

const badText = (s: string) => hasControlChar(s, true) || hasLoneSurrogate(s);

/**
 * The path of the first string that fails, or null. Walks with its own stack: a body nested
 * 50,000 levels deep must not overflow the call stack.
 */
export function firstBadString(value: unknown): string | null {
  const stack: { value: unknown; at: PathStep | null }[] = [{ value, at: null }];
  while (stack.length) {
    const { value: v, at } = stack.pop()!;
    if (typeof v === 'string') {
      if (badText(v)) return pathText(at);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], at: { key: String(i), parent: at } });
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      const entries = Object.entries(v);
      for (const [key] of entries) if (badText(key)) return pathText({ key, parent: at });
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        stack.push({ value: child, at: { key, parent: at } });
      }
    }
  }
  return null;
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = firstBadString(part);
      if (field !== null) {
        const name = field || 'body';
        throw badRequest(`参数 ${name} 含有控制字符或无效的 Unicode 字符`, name);
      }
    }
  });
}
