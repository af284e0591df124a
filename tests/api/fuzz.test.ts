/**
 * Property-based fuzzing of the whole API, driven by the OpenAPI document the server serves: for
 * every POST route's body and every GET route's query and path, fast-check sends malformed and
 * boundary values (ids of 2^31, NaN strings, NUL, lone surrogates, very long strings, wrong types,
 * nested objects, prototype keys, impossible dates), one field at a time on an otherwise plausible
 * request, as a user who holds the route's permission. Whatever comes in:
 *   - no answer is a 5xx,
 *   - every 400 names the field it refuses,
 *   - a refused write (status >= 400) changed no row of any table (log tables aside).
 * Reproduce a failure with FUZZ_SEED=<seed printed> (and FUZZ_RUNS for more runs per route).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_213);
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);

/** Tables that record refused requests on purpose (logs, counters, rate limits, captchas). */
const LOG_TABLES = new Set([
  'sys_oper_log',
  'sys_login_log',
  'personal_data_access',
  'rate_limit_bucket',
  'sys_captcha',
  'sys_sms_code',
  'cert_check_record',
]);

/** Calls that would end the fuzzing user's own session. */
const SKIP = new Set(['POST /api/login/logout']);

/** Who calls a route: the first of these who holds its permission (probed once per route). */
function candidatesFor(path: string): string[] {
  if (path.startsWith('/api/system/')) return ['admin', 'secadmin', 'auditor', 'province'];
  if (/^\/api\/(apply|certificate\/revocation|applyCertification)\b/.test(path))
    return ['ent_gz', 'person1', 'person_gz1'];
  if (path.startsWith('/api/workflow')) return ['gz_sl', 'province'];
  if (path.startsWith('/api/safetyCertificateInfo')) return ['gz_bj', 'province', 'ent_gz'];
  return ['admin', 'province', 'gz_sl', 'ent_gz', 'person1'];
}

// ---------------------------------------------------------------------------------------------
// The OpenAPI document as the server serves it

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  additionalProperties?: boolean | JsonSchema;
  nullable?: boolean;
  default?: unknown;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  method: 'GET' | 'POST';
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
}

// ---------------------------------------------------------------------------------------------
// Plausible values: a request that would pass validation, so that the one malformed field is
// what the server judges.

const STRING_EXAMPLES = [
  'abcdef1',
  '2024-01-01',
  '1',
  'A1',
  '13800000001',
  '440101199001011234',
  '#1890ff',
  'https://example.com/api',
  'system:user:list',
  'sys_x',
  '440100',
  '123456',
  'ab',
  'a',
];

function plausible(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return undefined;
  if (schema.enum?.length) return schema.enum[0];
  const branch = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (branch?.length) return plausible(branch.find((b) => b.type !== 'null') ?? branch[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = plausible(schema.properties?.[key], depth + 1);
      return out;
    }
    case 'array':
      return (schema.minItems ?? 0) > 0 ? [plausible(schema.items, depth + 1)] : [];
    case 'integer':
    case 'number':
      // The largest id exists nowhere: handlers answer 404 fast and write nothing.
      if (schema.maximum === 2_147_483_647) return 2_147_483_647;
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? 1);
    case 'boolean':
      return false;
    case 'string': {
      const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
      const fits = (s: string) =>
        (!pattern || pattern.test(s)) &&
        s.length >= (schema.minLength ?? 0) &&
        s.length <= (schema.maxLength ?? Infinity);
      return STRING_EXAMPLES.find(fits) ?? 'abcdef';
    }
    default:
      return 'x';
  }
}

// ---------------------------------------------------------------------------------------------
// Malformed and boundary values

/** A query or path value sent as is, not percent-encoded (broken escapes, raw UTF-8 of a surrogate). */
class Raw {
  constructor(readonly text: string) {}
}

const protoPolluted = () =>
  JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}') as unknown;
const nested = (levels: number): unknown => {
  let v: unknown = 'bottom';
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

const nastyStrings = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\ud83d',
  '\u0007',
  '\u001b[31m',
  'line\nbreak',
  '\t',
  ' ',
  '',
  'x'.repeat(70_000),
  '中'.repeat(5_000),
  '9999-99-99',
  '2026-02-30',
  '0000-00-00',
  '2025-13-01',
  '2024-02-29T25:61:00Z',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1.5',
  '1e3',
  '1e999',
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '99999999999999999999999',
  "'; drop table sys_user; --",
  '%',
  '\\',
  '<script>alert(1)</script>',
  '😀😀😀',
  '${7*7}',
  '../../etc/passwd',
);
const nastyNumbers = fc.constantFrom(
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  -1,
  0,
  0.5,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 64,
  1e308,
  -1e308,
  Number.MIN_VALUE,
);
const nastyShapes = fc
  .constantFrom<() => unknown>(
    () => null,
    () => true,
    () => false,
    () => [],
    () => ({}),
    () => [1, 2, 3],
    () => ['1', '2147483648'],
    () => [2 ** 31],
    () => [-1, 0],
    () => nested(6),
    () => nested(1_000),
    protoPolluted,
    () => ({ toString: 1, valueOf: 'x' }),
  )
  .map((make) => make());
const rawEscapes = fc
  .constantFrom('%', '%zz', '%00', '%C0%AF', '%ED%A0%80', '%FF%FE', '%E4%B8', '%%25')
  .map((s) => new Raw(s));

const malformed: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyStrings },
  { weight: 3, arbitrary: nastyNumbers },
  { weight: 3, arbitrary: nastyShapes },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Whole bodies that are not the object the route expects, as JSON text. */
const badBodies = fc.constantFrom(
  '',
  'null',
  '[]',
  '"text"',
  '5',
  'true',
  '{',
  '{"a":',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"x":"\\ud800"}',
  '{"x":"\\u0000"}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `{"k":"${'x'.repeat(500_000)}"}`,
);

/** Field names of the business payloads, for free-form objects the document describes only as such. */
const FREE_FORM_KEYS = [
  'materials',
  'remark',
  'reason',
  'category',
  'position',
  'issueDate',
  'expiryDate',
  'name',
  'idNo',
  'newName',
];

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'a\u0000b', '\ud800'];

// ---------------------------------------------------------------------------------------------
// Requests

type Target =
  | { in: 'path' | 'query'; name: string }
  | { in: 'body'; path: string[] }
  | { in: 'bodyText' }
  | { in: 'extraKey'; where: 'query' | 'body' };
interface FuzzCase {
  target: Target;
  value: unknown;
  keyName: string;
  bodyText: string;
}

function targetsOf(op: Operation): Target[] {
  const targets: Target[] = [];
  for (const p of op.parameters) if (p.in === 'path' || p.in === 'query') targets.push({ in: p.in, name: p.name });
  if (op.body) {
    targets.push({ in: 'bodyText' }, { in: 'extraKey', where: 'body' });
    for (const [key, prop] of Object.entries(op.body.properties ?? {})) {
      targets.push({ in: 'body', path: [key] });
      // A free-form object (an application's payload) is read by field names the document does not list.
      const inner = prop.properties ? Object.keys(prop.properties) : prop.additionalProperties ? FREE_FORM_KEYS : [];
      for (const name of inner) targets.push({ in: 'body', path: [key, name] });
    }
  }
  // Unknown query keys, prototype names among them, reach every route.
  targets.push({ in: 'extraKey', where: 'query' });
  return targets;
}

function caseArbitrary(op: Operation): fc.Arbitrary<FuzzCase> {
  const targets = targetsOf(op);
  return fc.record({
    target: fc.constantFrom(...targets),
    value: fc.oneof({ weight: 6, arbitrary: malformed }, { weight: 1, arbitrary: rawEscapes }),
    keyName: fc.constantFrom(...PROTOTYPE_KEYS),
    bodyText: badBodies,
  });
}

/** Percent-encodes like encodeURIComponent, but a lone surrogate goes out as its (invalid) UTF-8 bytes. */
function encode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

function queryValue(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return encode(JSON.stringify(value));
  return encode(String(value));
}

function queryPairs(key: string, value: unknown): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value))
    return value.length ? value.map((v) => `${encode(key)}=${queryValue(v)}`) : [`${encode(key)}=`];
  return [`${encode(key)}=${queryValue(value)}`];
}

/** Sets a property by definition, so that "__proto__" becomes an own key, not the prototype. */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function setAt(obj: Record<string, unknown>, path: string[], value: unknown): void {
  let cur = obj;
  for (const key of path.slice(0, -1)) {
    const next = cur[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) put(cur, key, {});
    cur = cur[key] as Record<string, unknown>;
  }
  put(cur, path[path.length - 1]!, value);
}

interface Built {
  url: string;
  payload?: string;
  description: string;
}

function buildRequest(op: Operation, c: FuzzCase): Built {
  const jsonish = (v: unknown) => (v instanceof Raw ? v.text : v);
  const pathValues: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  for (const p of op.parameters) {
    if (p.in === 'path') pathValues[p.name] = plausible(p.schema);
    if (p.in === 'query' && p.required) query[p.name] = plausible(p.schema);
  }
  const body = op.body ? ((plausible(op.body) as Record<string, unknown> | undefined) ?? {}) : undefined;
  let bodyText: string | undefined;
  const t = c.target;
  if (t.in === 'path') pathValues[t.name] = c.value;
  else if (t.in === 'query') put(query, t.name, c.value);
  else if (t.in === 'body' && body && typeof body === 'object') setAt(body, t.path, jsonish(c.value));
  else if (t.in === 'bodyText') bodyText = c.bodyText;
  else if (t.in === 'extraKey' && t.where === 'query') put(query, c.keyName, c.value);
  else if (t.in === 'extraKey' && body && typeof body === 'object') put(body, c.keyName, jsonish(c.value));

  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => queryValue(pathValues[name]));
  const qs = Object.keys(query)
    .flatMap((k) => queryPairs(k, query[k]))
    .join('&');
  const url = qs ? `${path}?${qs}` : path;
  const payload = op.method === 'POST' ? (bodyText ?? JSON.stringify(body ?? {})) : undefined;
  const shown = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}…(${s.length} chars)` : s);
  return {
    url,
    payload,
    description: `${op.method} ${shown(url)}${payload !== undefined ? ` body ${shown(payload)}` : ''}`,
  };
}

// ---------------------------------------------------------------------------------------------

let t: TestApp;
let operations: Operation[] = [];
let countSql = '';
const tokens = new Map<string, string>();
const callers = new Map<string, string>();

async function tokenOf(user: string): Promise<string> {
  let token = tokens.get(user);
  if (!token) {
    token = await t.login(user);
    tokens.set(user, token);
  }
  return token;
}

/** Rows of a query on either driver (PGlite and node-postgres both answer `{ rows }`). */
async function selectRows<R>(text: string): Promise<R[]> {
  const result = (await t.database.db.execute(sql.raw(text))) as unknown as { rows: R[] };
  return result.rows;
}

async function rowCounts(): Promise<Record<string, number>> {
  const rows = await selectRows<{ t: string; n: number | string }>(countSql);
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
}

async function signedIn(user: string): Promise<boolean> {
  return (await t.call(await tokenOf(user), { url: '/api/system/user/getLoginUser' })).statusCode === 200;
}

/** The first candidate whose call is not refused for want of permission. */
async function callerOf(op: Operation): Promise<string> {
  const key = `${op.method} ${op.path}`;
  const known = callers.get(key);
  if (known) return known;
  const candidates = candidatesFor(op.path);
  const url = op.path.replace(/\{\w+\}/g, 'x');
  let chosen = candidates[0]!;
  for (const user of candidates) {
    // A body that is no object fails validation: the probe changes nothing for whoever passes the permission check.
    const res = await t.call(await tokenOf(user), {
      method: op.method,
      url,
      ...(op.method === 'POST' ? { payload: '"probe"', headers: { 'content-type': 'application/json' } } : {}),
    });
    if (res.statusCode !== 403) {
      chosen = user;
      break;
    }
  }
  callers.set(key, chosen);
  return chosen;
}

function hashOf(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

apiSuite({
  ready: async (app) => {
    t = app;
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
        >
      >;
    };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const upper = method.toUpperCase();
        if (upper !== 'GET' && upper !== 'POST') continue;
        if (SKIP.has(`${upper} ${path}`)) continue;
        const parameters = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
        const body = op.requestBody?.content?.['application/json']?.schema ?? null;
        // Every POST; every GET that takes something from its caller.
        if (upper === 'GET' && parameters.length === 0) continue;
        operations.push({ method: upper as Operation['method'], path, parameters, body });
      }
    }
    const tables = await selectRows<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
    );
    const counted = tables.map((r) => r.name).filter((n) => !LOG_TABLES.has(n));
    countSql = counted.map((n) => `select '${n}' as t, count(*) as n from "${n}"`).join(' union all ');
  },
});

describe('fuzzing every route of the OpenAPI document', () => {
  it('finds the routes to fuzz in the served document', () => {
    expect(operations.length).toBeGreaterThan(200);
    expect(operations.some((o) => o.path === '/api/public/validCard')).toBe(true);
  });

  it('answers malformed input with 4xx naming the field, and a refused write changes no row', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const routeSeed = SEED ^ hashOf(`${op.method} ${op.path}`);
      const result = await fc.check(
        fc.asyncProperty(caseArbitrary(op), async (c) => {
          const user = await callerOf(op);
          const built = buildRequest(op, c);
          const send = async () =>
            t.call(await tokenOf(user), {
              method: op.method,
              url: built.url,
              ...(built.payload !== undefined
                ? { payload: built.payload, headers: { 'content-type': 'application/json' } }
                : {}),
            });
          let before = op.method === 'POST' ? await rowCounts() : null;
          let res = await send();
          if (res.statusCode === 401 && !(await signedIn(user))) {
            // An earlier accepted call ended this session (a password reset, a forced logout): sign in again.
            tokens.delete(user);
            await tokenOf(user);
            before = op.method === 'POST' ? await rowCounts() : null;
            res = await send();
          }
          const context = `${built.description} as ${user} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          if (res.statusCode >= 500) throw new Error(`5xx: ${context}`);
          if (res.statusCode === 400) {
            const field = (res.json() as { field?: unknown }).field;
            if (typeof field !== 'string' || field === '') throw new Error(`400 without field: ${context}`);
          }
          if (before && res.statusCode >= 400) {
            const after = await rowCounts();
            const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
            if (changed.length) throw new Error(`refused write changed rows of ${changed.join(', ')}: ${context}`);
          }
        }),
        { numRuns: RUNS, seed: routeSeed, endOnFailure: true },
      );
      if (result.failed) {
        const error =
          result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
        failures.push(
          `${op.method} ${op.path} (FUZZ_SEED=${SEED}, route seed ${routeSeed}, path ${result.counterexamplePath}): ${error}`,
        );
      }
    }
    expect(failures, `fuzz failures (seed ${SEED}):\n${failures.join('\n')}`).toEqual([]);
  }, 600_000);
});
