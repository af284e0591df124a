/**
 * The API as a contract: every route of /api gets, unless it says otherwise, a stable operationId
 * (area + verb, e.g. `systemUser.list`, `applyDelay.save`), a tag of its area, and its 4xx answers
 * in the `{code, msg, field?, data?}` envelope — 400 where it takes input, 401 and 403 where it is
 * private, 404 where it names a record, 409 where it writes, 422 where business rules can refuse,
 * 429 where it is rate-limited, 503 everywhere (the database restarting); and `security: []` where
 * no token is needed. So the document generated from the routes' zod schemas says what an
 * integrator will meet, without each route repeating it.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

/** The failure envelope of DESIGN.md (server/plugins/errors.ts sends it). */
const failureShape = {
  code: z.number().describe('与 HTTP 状态相同的错误码，或业务规则编号（422）'),
  msg: z.string().describe('给用户看的中文说明'),
  field: z.string().optional().describe('出错的字段（400、409、422）'),
  data: z.unknown().optional().describe('附加信息，如 needCaptcha、规则所看的事实'),
};

const DESCRIPTIONS: Record<number, string> = {
  400: '参数不合法（field 指出字段）',
  401: '未登录或登录已失效',
  403: '没有权限，或不在数据权限范围内',
  404: '记录不存在',
  409: '冲突：数据已被他人修改（版本过期）、重复或当前状态不允许',
  422: '业务规则不允许（code 为规则编号，msg 为规则的说明）',
  429: '请求过于频繁（响应头 Retry-After 为需等待的秒数）',
  503: '服务暂时不可用：数据库正在重启或切换（响应头 Retry-After 为建议等待的秒数）',
};

/** Paths whose writes run business rules (a refusal is 422 with the rule's code). */
const RULED = /^\/api\/(apply\/|certificate\/revocation|workflow\/|applyCertification\/|exam\/|credit\/)/;

/** Routes whose answer is a file. */
const FILE_ROUTE = /\/(export|exportExcel|download|preview|pdf|print|importTemplate|template|zip)(\/|$)/;

const camel = (parts: string[]) => parts.map((p, i) => (i === 0 ? p : p.charAt(0).toUpperCase() + p.slice(1))).join('');

/** area.verb from the path: /api/system/user/list → systemUser.list; /api/workflow/:id/events → workflow.events. */
export function operationIdOf(method: string, url: string): string {
  const parts = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter((p) => p && !p.startsWith(':'))
    .map((p) => p.replace(/[^A-Za-z0-9]/g, ''));
  if (parts.length === 0) return method.toLowerCase();
  if (parts.length === 1) return `${parts[0]}.${method === 'GET' ? 'get' : method.toLowerCase()}`;
  const verb = parts.at(-1)!;
  return `${camel(parts.slice(0, -1))}.${verb}`;
}

/** One named component per failure (Failure400 …): the document and the generated client define each once. */
const failures = new Map(
  Object.entries(DESCRIPTIONS).map(([code, text]) => [
    Number(code),
    z.object(failureShape).meta({ id: `Failure${code}`, description: text }),
  ]),
);

type Schema = NonNullable<RouteOptions['schema']> & {
  operationId?: string;
  tags?: string[];
  response?: Record<string, unknown>;
};

export function registerOpenApiConventions(app: FastifyInstance): void {
  const seen = new Map<string, string>();
  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const method = Array.isArray(route.method) ? route.method[0]! : route.method;
    if (method === 'HEAD') return;
    const schema = (route.schema ??= {}) as Schema;
    let id = schema.operationId ?? operationIdOf(method, url);
    // GET and POST of one path: the write takes the method's name.
    if (seen.has(id) && seen.get(id) !== `${method} ${url}`)
      id = `${id}${method.charAt(0)}${method.slice(1).toLowerCase()}`;
    if (seen.has(id)) throw new Error(`operationId ${id} is not unique (${method} ${url} and ${seen.get(id)})`);
    seen.set(id, `${method} ${url}`);
    schema.operationId = id;
    schema.tags ??= [url.split('/')[2] ?? 'api'];
    const access = route.config?.access;
    const isPublic = access?.auth === 'public';
    // The document's global requirement is the token header; a route the auth hook answers without
    // one (server/plugins/auth.ts) says so, or a generated client would send a token it need not.
    if (isPublic) schema.security = [];
    const codes: number[] = [];
    if (schema.body || schema.querystring || schema.params) codes.push(400);
    if (!isPublic) codes.push(401, 403);
    if (url.includes('/:')) codes.push(404);
    if (!isPublic && method !== 'GET') codes.push(409);
    if (RULED.test(url) && method !== 'GET') codes.push(422);
    if (isPublic || route.config?.throttle) codes.push(429);
    // Every call reads the database (a public one too: rate limits, the session); while it restarts, 503.
    codes.push(503);
    const response = { ...(schema.response ?? {}) };
    // Routes that answer with a file (Excel, PDF, ZIP, a stored upload) say so.
    if (!response[200] && FILE_ROUTE.test(url))
      response[200] = z
        .string()
        .meta({ format: 'binary' })
        .describe('文件内容（Excel、PDF、ZIP 或上传的原文件），文件名见 Content-Disposition');
    for (const code of codes) response[code] ??= failures.get(code);
    schema.response = response;
  });
}

type OpenApiDoc = {
  paths?: Record<
    string,
    Record<
      string,
      { responses?: Record<string, { description?: string; content?: Record<string, { schema?: { $ref?: string } }> }> }
    >
  >;
  components?: { schemas?: Record<string, unknown> };
};

/**
 * The last touch on the generated document: a failure answer names its meaning (the schema is a
 * shared component, so fastify-swagger leaves the answer's description at its default), and
 * components nothing refers to (the input twins of output-only schemas) are left out.
 */
export function finishDocument<T>(document: T): T {
  const doc = document as OpenApiDoc;
  for (const ops of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(ops)) {
      for (const [code, answer] of Object.entries(op.responses ?? {})) {
        const ref = answer.content?.['application/json']?.schema?.$ref;
        if (ref === `#/components/schemas/Failure${code}` && DESCRIPTIONS[Number(code)])
          answer.description = DESCRIPTIONS[Number(code)];
      }
    }
  }
  const schemas = doc.components?.schemas;
  if (schemas) {
    // Keep what the paths refer to, and what those refer to in turn.
    const keep = new Set<string>();
    const visit = (value: unknown): void => {
      for (const m of JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
        if (!keep.has(m[1]!)) {
          keep.add(m[1]!);
          visit(schemas[m[1]!]);
        }
      }
    };
    visit(doc.paths);
    for (const name of Object.keys(schemas)) if (!keep.has(name)) delete schemas[name];
  }
  return document;
}
