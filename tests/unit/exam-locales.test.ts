/** The exam namespace: the same keys and interpolations in the four languages, no empty text, every key the pages name exists. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import zhCN from '@/locales/zh-CN/exam.json';
import zhTW from '@/locales/zh-TW/exam.json';
import enUS from '@/locales/en-US/exam.json';
import ptBR from '@/locales/pt-BR/exam.json';

function leaves(obj: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (obj && typeof obj === 'object') {
    for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (v && typeof v === 'object') for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
      else out.set(key, v);
    }
  }
  return out;
}
const vars = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort().join();

/** The import pages live beside the exam pages but speak the imports namespace (tests/unit/imports-locales.test.ts). */
const IMPORT_PAGES = new Set(['ExamImport', 'EducationImport', 'FurtherEducation']);

/** The files that speak the exam namespace. */
function sources(): string[] {
  const dirs = fs.readdirSync(path.resolve('src/pages/exam'), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !IMPORT_PAGES.has(e.name)).map((e) => path.resolve('src/pages/exam', e.name));
  const files = dirs.flatMap(function walk(d: string): string[] {
    return fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(d, e.name)] : []));
  });
  return [...files, path.resolve('src/pages/web/components/ExamSearch.tsx'), path.resolve('src/pages/web/ExamTicket/index.tsx')];
}

describe('exam locales', () => {
  const base = leaves(zhCN);

  it.each([['zh-TW', zhTW], ['en-US', enUS], ['pt-BR', ptBR]])('%s has exactly the zh-CN keys and interpolations', (_lng, data) => {
    const other = leaves(data);
    expect([...other.keys()].sort()).toEqual([...base.keys()].sort());
    for (const [key, value] of other) expect(vars(String(value)), key).toBe(vars(String(base.get(key))));
  });

  it('has no empty text', () => {
    for (const data of [zhCN, zhTW, enUS, ptBR]) for (const [key, value] of leaves(data)) expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
  });

  it('has every fixed key the exam pages ask for', () => {
    const asked = new Set<string>();
    for (const file of sources()) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/\bt\('([a-zA-Z][\w.]*)'/g)) asked.add(m[1]!);
    }
    expect(asked.size).toBeGreaterThan(100);
    expect([...asked].filter((k) => !base.has(k))).toEqual([]);
  });
});
