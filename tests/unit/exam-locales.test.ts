/** Every key the exam pages name exists (same keys, no empty text, same interpolations in the four languages: locales-complete.test.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLocale } from '../helpers/locales';

/** The import pages live beside the exam pages but speak the imports namespace (tests/unit/imports-locales.test.ts). */
const IMPORT_PAGES = new Set(['ExamImport', 'EducationImport', 'FurtherEducation']);

/** The files that speak the exam namespace. */
function sources(): string[] {
  const dirs = fs
    .readdirSync(path.resolve('src/pages/exam'), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !IMPORT_PAGES.has(e.name))
    .map((e) => path.resolve('src/pages/exam', e.name));
  const files = dirs.flatMap(function walk(d: string): string[] {
    return fs
      .readdirSync(d, { withFileTypes: true })
      .flatMap((e) =>
        e.isDirectory() ? walk(path.join(d, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(d, e.name)] : [],
      );
  });
  return [
    ...files,
    path.resolve('src/pages/web/components/ExamSearch.tsx'),
    path.resolve('src/pages/web/ExamTicket/index.tsx'),
  ];
}

describe('exam locales', () => {
  const base = loadLocale('zh-CN', 'exam');

  it('has every fixed key the exam pages ask for', () => {
    const asked = new Set<string>();
    for (const file of sources()) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z][\w.]*)'/g)) asked.add(m[1]!);
    }
    expect(asked.size).toBeGreaterThan(100);
    expect([...asked].filter((k) => !(k in base))).toEqual([]);
  });
});
