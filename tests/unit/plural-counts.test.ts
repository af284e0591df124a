/**
 * Counts read as sentences in every language: "1 record", "2 records" (English and Portuguese have
 * a singular), one form in Chinese. The pages pass `count` with the number; i18next picks the form
 * by the language's plural rules and falls back to the plain key where a language has one form.
 */
import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../src/locales');
const read = (lng: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, lng, `${ns}.json`), 'utf8')) as object;

async function tOf(lng: string) {
  const inst = i18next.createInstance();
  await inst.init({
    lng,
    resources: { [lng]: { common: read(lng, 'common'), search: read(lng, 'search'), web: read(lng, 'web') } },
  });
  return inst.t.bind(inst);
}

const COUNTS: [string, string][] = [
  ['common', 'table.total'],
  ['search', 'total.exact'],
  ['web', 'disclosure.total'],
];

describe('record counts', () => {
  it.each([
    ['en-US', '1 record in total', '2 records in total'],
    ['pt-BR', '1 registro no total', '2 registros no total'],
    ['zh-CN', '总共 1 条记录', '总共 2 条记录'],
    ['zh-TW', '總共 1 條記錄', '總共 2 條記錄'],
  ])('in %s: singular and plural', async (lng, one, two) => {
    const t = await tOf(lng);
    for (const [ns, key] of COUNTS) {
      expect(t(key, { ns, total: 1, count: 1 }), `${ns}:${key}`).toBe(one);
      expect(t(key, { ns, total: 2, count: 2 }), `${ns}:${key}`).toBe(two);
    }
  });
});
