/**
 * The API as a contract (issue #17): the document served at /api/docs/json passes an OpenAPI
 * linter nobody here wrote (Redocly CLI, recommended rules) with no error, and every operation has
 * a stable operationId, a Chinese summary, a tag, and its 4xx answers in the failure envelope; the
 * recursive trees (menus, departments, districts) are named components that resolve.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';

let t: TestApp;
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  responses?: Record<string, unknown>;
  security?: unknown[];
}
type Root = Doc & { security?: unknown[] };
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } };
let doc: Doc;

apiSuite({
  ready: async (app) => {
    t = app;
    doc = (await t.app.inject({ url: '/api/docs/json' })).json() as Doc;
  },
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${p}`, op })),
  );

// The document does not depend on the database: checked once, in the PGlite run.
describe.skipIf(!!inject('postgresAdminUrl'))('the OpenAPI document', () => {
  it("has no error under Redocly's recommended rules", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    let out: string;
    try {
      out = execFileSync(
        path.resolve('node_modules/.bin/redocly'),
        ['lint', file, '--format=json', '--max-problems=1000'],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
      );
    } catch (err) {
      // Errors make the CLI exit non-zero; the report is still on stdout.
      out = String((err as { stdout?: string }).stdout ?? '');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const report = JSON.parse(out) as { problems: { ruleId: string; severity: string; message: string }[] };
    const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`);
    expect(errors).toEqual([]);
    const warnings = report.problems.filter((p) => p.severity === 'warn').map((p) => p.ruleId);
    expect(warnings.filter((w) => w !== 'info-license-strict')).toEqual([]);
  }, 60_000);

  it('gives every operation a unique operationId, a Chinese summary, a tag and a 4xx answer', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(250);
    const ids = ops.map((o) => o.op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ops.filter((o) => !/[\u4e00-\u9fa5]/.test(o.op.summary ?? '')).map((o) => o.key)).toEqual([]);
    expect(ops.filter((o) => !o.op.tags?.length).map((o) => o.key)).toEqual([]);
    const without4xx = ops
      .filter((o) => !Object.keys(o.op.responses ?? {}).some((c) => c.startsWith('4')))
      .map((o) => o.key);
    expect(without4xx).toEqual([]);
  });

  it('names operations by area and verb, stably', () => {
    const byKey = new Map(operations().map((o) => [o.key, o.op.operationId]));
    expect(byKey.get('GET /api/safetyCertificateInfo/list')).toBe('safetyCertificateInfo.list');
    expect(byKey.get('GET /api/system/user/list')).toBe('systemUser.list');
    expect(byKey.get('POST /api/apply/delay/save')).toBe('applyDelay.save');
    expect(byKey.get('POST /api/workflow/{id}/events')).toBe('workflow.events');
    expect(byKey.get('GET /api/workflow/queue/waitAccept')).toBe('workflow.queue.waitAccept');
  });

  it('documents the failures where they happen, in the {code, msg, field} envelope', () => {
    const op = doc.paths['/api/apply/delay/submit']!.post!;
    expect(Object.keys(op.responses!)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '409', '422']));
    const bad = op.responses!['400'] as { description: string; content: Record<string, { schema: { $ref: string } }> };
    expect(bad.description).toContain('参数不合法');
    const ref = bad.content['application/json']!.schema.$ref.split('/').at(-1)!;
    const failure = doc.components!.schemas![ref] as { properties: Record<string, unknown> };
    expect(Object.keys(failure.properties)).toEqual(['code', 'msg', 'field', 'data']);
    const pub = doc.paths['/api/public/validCard']!.get!;
    expect(Object.keys(pub.responses!)).toEqual(expect.arrayContaining(['200', '400', '429']));
    expect(Object.keys(pub.responses!)).not.toContain('401');
  });

  it('expresses the recursive trees as named components that resolve', () => {
    const schemas = doc.components?.schemas ?? {};
    for (const name of ['MenuNode', 'DeptNode', 'DistrictNode', 'MenuOptionNode', 'DeptOptionNode'])
      expect(schemas, name).toHaveProperty(name);
    const refs = JSON.stringify(doc).match(/"#\/components\/schemas\/[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) expect(schemas).toHaveProperty(ref.slice('"#/components/schemas/'.length, -1));
  });

  it('says `security: []` exactly where the server answers without a token (issue 45 item 6)', async () => {
    expect((doc as Root).security).toEqual([{ token: [] }]);
    const answeredWithoutToken: string[] = [];
    const claimsNoToken: string[] = [];
    for (const { key, op } of operations()) {
      const [method, p] = key.split(' ') as [string, string];
      // Every path parameter as 1: the auth hook decides before any input is read.
      const res = await t.app.inject({ method: method as 'GET', url: p.replace(/\{[^}]+\}/g, '1') });
      const refused = res.statusCode === 401 && res.json().msg === '请先登录';
      if (!refused) answeredWithoutToken.push(key);
      if (Array.isArray(op.security) && op.security.length === 0) claimsNoToken.push(key);
      // A private operation inherits the document's token requirement: it states none of its own.
      if (refused) expect(op.security, key).toBeUndefined();
    }
    expect(claimsNoToken.sort()).toEqual(answeredWithoutToken.sort());
    // Sign-in, SMS, captcha, registration, health, the QR page's certificate and the public site.
    for (const key of [
      'POST /api/login/login',
      'POST /api/code',
      'GET /api/health',
      'POST /api/auth/register',
      'GET /api/cert/{queryCode}',
      'GET /api/public/validCard',
    ]) {
      expect(claimsNoToken, key).toContain(key);
    }
    expect(claimsNoToken).not.toContain('GET /api/system/user/list');
    console.log(`operations answered without a token (${claimsNoToken.length}):\n  ${claimsNoToken.join('\n  ')}`);
  });
});
