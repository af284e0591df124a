/** The imports namespace: the same keys and interpolations in the four languages, none empty, and every key the pages use. */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import zhCN from '@/locales/zh-CN/imports.json';
import zhTW from '@/locales/zh-TW/imports.json';
import enUS from '@/locales/en-US/imports.json';
import ptBR from '@/locales/pt-BR/imports.json';

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
const base = leaves(zhCN);

describe('imports locales', () => {
  it.each([['zh-TW', zhTW], ['en-US', enUS], ['pt-BR', ptBR]])('%s has exactly the zh-CN keys and interpolations', (_lng, data) => {
    const other = leaves(data);
    expect([...other.keys()].sort()).toEqual([...base.keys()].sort());
    for (const [key, value] of other) expect(vars(String(value)), key).toBe(vars(String(base.get(key))));
  });

  it('has no empty text', () => {
    for (const data of [zhCN, zhTW, enUS, ptBR]) {
      for (const [key, value] of leaves(data)) expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
    }
  });

  it('has every key the import pages ask for', () => {
    const files = ['src/components/DataImport/index.tsx', 'src/pages/exam/ExamImport/index.tsx', 'src/pages/exam/EducationImport/index.tsx', 'src/pages/exam/FurtherEducation/index.tsx'];
    const used = new Set<string>();
    for (const f of files) for (const m of fs.readFileSync(f, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z.]+)'/g)) used.add(m[1]!);
    for (const kind of ['exam', 'education']) for (const k of ['title', 'desc', 'fillHint']) used.add(`${kind}.${k}`);
    expect(used.size).toBeGreaterThan(60);
    expect([...used].filter((k) => !base.has(k))).toEqual([]);
  });
});
