/** The imports namespace has every key the pages use (same keys, no empty text, same interpolations: locales-complete.test.ts). */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadLocale } from '../helpers/locales';

const base = loadLocale('zh-CN', 'imports');

describe('imports locales', () => {
  it('has every key the import pages ask for', () => {
    const files = [
      'src/components/DataImport/index.tsx',
      'src/pages/exam/ExamImport/index.tsx',
      'src/pages/exam/EducationImport/index.tsx',
      'src/pages/exam/FurtherEducation/index.tsx',
    ];
    const used = new Set<string>();
    for (const f of files)
      for (const m of fs.readFileSync(f, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z.]+)'/g)) used.add(m[1]!);
    for (const kind of ['exam', 'education']) for (const k of ['title', 'desc', 'fillHint']) used.add(`${kind}.${k}`);
    expect(used.size).toBeGreaterThan(60);
    expect([...used].filter((k) => !(k in base))).toEqual([]);
  });
});
