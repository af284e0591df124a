/**
 * The SPA calls the API through the generated client alone (issue #17): no file of src/ writes an
 * API path by hand or calls the axios client with one. Only the one axios client
 * (src/services/request.ts) and what orval generates (src/services/generated/, with the mutator
 * that hands every call to that client) may. Downloads and uploads need no exception: download.ts
 * and upload.ts run generated operations too (the mutator's options carry the multipart form and
 * read the file name and print count from the answer's headers).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ALLOWED = ['src/services/request.ts', 'src/services/generated/'];

/**
 * The API's paths, as the generated client calls them (`/api/system/user/get/${id}`), as patterns
 * of the path without /api: a literal naming one of them in a page is a hand-written API path even
 * without the /api prefix (the axios client adds it).
 */
const GENERATED = path.join(ROOT, 'src/services/generated');
const generatedCalls = fs
  .readdirSync(GENERATED, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => fs.readFileSync(path.join(GENERATED, d.name, `${d.name}.ts`), 'utf8'))
  .join('\n');
const API_PATHS: RegExp[] = [...generatedCalls.matchAll(/url: `\/api(\/[^`]*)`/g)].map(
  (m) => new RegExp(`^${m[1]!.replace(/[.*+?^()|[\]\\]/g, '\\$&').replace(/\$\{\w+\}/g, '[^/]+')}$`),
);
/**
 * SPA routes that share an API path by design: the QR code opens the page /cert/:queryCode, whose
 * data is GET /api/cert/:queryCode; the statistics pages of SPEC 2 (/statistics/certs, …) read
 * GET /api/statistics/certs, … (links to them are written as routes).
 */
const SPA_ROUTES = [/^\/cert\//, /^\/statistics\/(certs|afootTask|completedTask)$/];

/** Splits source text into its code (comments removed, string contents blanked) and its string literals. */
export function scan(text: string): { code: string; strings: string[] } {
  let code = '';
  const strings: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      let value = '';
      while (j < text.length && text[j] !== c) {
        if (text[j] === '\\') {
          value += text.slice(j, j + 2);
          j += 2;
          continue;
        }
        // A template's ${…} stays part of the literal: `/api/x/${id}` is one hand-written path.
        value += text[j];
        j++;
      }
      strings.push(value);
      // The code keeps the quote and the literal's first character, so a call with a literal path stays visible.
      code += `${c}${value.slice(0, 1)}${c}`;
      i = j + 1;
      continue;
    }
    code += c;
    i++;
  }
  return { code, strings };
}

/** What is wrong with one file, as "what: excerpt" lines (empty when it calls the API only through the generated client). */
export function findings(text: string): string[] {
  const { code, strings } = scan(text);
  const out: string[] = [];
  for (const s of strings) {
    if (/(^|[^\w.-])\/api\//.test(s) || /^\/api(\/|$)/.test(s)) out.push(`an API path written by hand: '${s}'`);
    else if (
      !SPA_ROUTES.some((r) => r.test(s)) &&
      API_PATHS.some((p) => p.test(s.replace(/\$\{[^}]*\}/g, 'x').split('?')[0]!))
    ) {
      out.push(`an API path written by hand: '${s}'`);
    }
  }
  const rules: [RegExp, string][] = [
    // get('/…'), post<T>('/…'), request('/…'): the helpers by their bare names (a Map's .get is no call)
    [
      /(?<![.\w$])(?:get|post|put|patch|del|delete|request)\s*(?:<[^()]*?>)?\s*\(\s*['"`]\//g,
      'a call with a literal path',
    ],
    // http.get('/…'), axios.post(`/…`)
    [/\b(?:http|axios)(?:\.\w+)?\s*(?:<[^()]*?>)?\s*\(\s*['"`]\//g, 'a call with a literal path'],
    // request({ url: '/…' }), http.request({ method, url: `…` }): url as a key of an object literal
    [/[{,]\s*url\s*:\s*['"`]\//g, 'a request config with a literal url'],
  ];
  for (const [re, what] of rules) for (const m of code.matchAll(re)) out.push(`${what}: ${m[0]}`);
  // The raw client and axios itself stay inside the allowed files (types may be imported).
  const imports =
    /^\s*import\s+(?!type\b)\{([^}]*)\}\s*from\s*['"](@\/services\/request|\.\.?\/request|\.\.?\/\.\.\/request)['"]/gm;
  for (const m of text.matchAll(imports)) {
    const names = m[1]!
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type '));
    const raw = names.filter((n) => /^(http|request|get|post)\b/.test(n));
    if (raw.length) out.push(`the raw axios client imported: ${raw.join(', ')} from ${m[2]}`);
  }
  if (/^\s*import\s+(?!type\b)[^;]*\bfrom\s*['"]axios['"]/m.test(text))
    out.push('axios imported (the one client is src/services/request.ts)');
  return out;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(entry.name)) out.push(full);
  }
  return out;
}

describe('the SPA calls the API through the generated client', () => {
  it('finds hand-written paths and raw calls (the check itself works)', () => {
    expect(findings(`const x = '/api/system/user/list';`)).not.toEqual([]);
    expect(findings('const u = `/api/workflow/${id}/events`;')).not.toEqual([]);
    expect(findings(`await get<ListResult<Row>>('/system/user/list', q);`)).not.toEqual([]);
    expect(findings(`await post('/login/login', body);`)).not.toEqual([]);
    expect(findings('await http.get(`/file/download/${id}`);')).not.toEqual([]);
    expect(findings(`await request({ url: '/system/config/list', method: 'GET' });`)).not.toEqual([]);
    expect(findings(`return http.request({ method: 'POST', url: '/file/upload', data });`)).not.toEqual([]);
    expect(findings(`import { get, post, type ApiResult } from '@/services/request';`)).not.toEqual([]);
    expect(findings(`import axios from 'axios';`)).not.toEqual([]);
    // A path of the document, even without /api, wherever it is passed (an export button's url …).
    expect(API_PATHS.length).toBeGreaterThan(200);
    expect(findings(`<ExportButton url="/system/dept/export" />`)).not.toEqual([]);
    expect(findings('const base = `/system/catalog/position/get/${id}`;')).not.toEqual([]);
    // What pages legitimately do: routes of the SPA, generated calls, comments, type imports.
    expect(findings(`navigate('/system/sysTodo'); // GET /api/system/sysTodo/list`)).toEqual([]);
    expect(findings(`/** POST /api/workflow/{id}/events */\nawait workflowEvents(id, body);`)).toEqual([]);
    expect(findings(`import { errorMessage, toApiError, type ListResult } from '@/services/request';`)).toEqual([]);
    expect(findings(`import type { AxiosProgressEvent } from 'axios';`)).toEqual([]);
    expect(findings(`<Link to="/system/sysMessageCk">more</Link>`)).toEqual([]);
    expect(findings("navigate(item.url ? item.url : '/system/sysTodo'); byPath.get(`/${p}`);")).toEqual([]);
  });

  it('knows the API paths of the generated client', () => {
    expect(API_PATHS.length).toBeGreaterThan(200);
  });

  it('no file of src/ outside the one client and the generated code writes an API path or calls axios itself', () => {
    const files = sourceFiles(path.join(ROOT, 'src')).map((f) => path.relative(ROOT, f).split(path.sep).join('/'));
    expect(files.length).toBeGreaterThan(100);
    const bad = files
      .filter((f) => !ALLOWED.some((a) => (a.endsWith('/') ? f.startsWith(a) : f === a)))
      .flatMap((f) => findings(fs.readFileSync(path.join(ROOT, f), 'utf8')).map((what) => `${f}: ${what}`));
    expect(
      bad,
      `call the generated client (src/services/generated/api.ts and its tags) instead:\n${bad.join('\n')}`,
    ).toEqual([]);
  });
});
