/**
 * Every interface language has every text (issue 14): the browser loads only the language in use
 * (src/i18n.ts), not the en-US fallback beside it, so a key missing in one language would show
 * as the bare key. Plural forms count as their key (en-US deadline.left_one/_other = zh-CN deadline.left).
 * No text is empty, and each has the interpolations of the Chinese one ({{name}}): a translation
 * that drops or renames one shows the user a gap or the braces.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLocale, placeholders, SIMPLIFIED_ONLY } from '../helpers/locales';

const ROOT = path.resolve(import.meta.dirname, '../../src/locales');
const LANGUAGES = fs
  .readdirSync(ROOT)
  .filter((d) => fs.statSync(path.join(ROOT, d)).isDirectory())
  .sort();
const PLURAL = /_(zero|one|two|few|many|other)$/;

function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

const keysIn = (lng: string, file: string) =>
  new Set(keysOf(JSON.parse(fs.readFileSync(path.join(ROOT, lng, file), 'utf8'))).map((k) => k.replace(PLURAL, '')));

describe('locales', () => {
  it('are the four interface languages, each with the same namespace files', () => {
    expect(LANGUAGES).toEqual(['en-US', 'pt-BR', 'zh-CN', 'zh-TW']);
    const files = (lng: string) =>
      fs
        .readdirSync(path.join(ROOT, lng))
        .filter((f) => f.endsWith('.json'))
        .sort();
    for (const lng of LANGUAGES) expect(files(lng), lng).toEqual(files('zh-CN'));
  });

  for (const file of fs.readdirSync(path.join(ROOT, 'zh-CN')).filter((f) => f.endsWith('.json'))) {
    it(`${file}: every language has every key`, () => {
      const all = new Set(LANGUAGES.flatMap((lng) => [...keysIn(lng, file)]));
      for (const lng of LANGUAGES) {
        const missing = [...all].filter((k) => !keysIn(lng, file).has(k));
        expect(missing, `${lng}/${file} lacks`).toEqual([]);
      }
    });
    it(`${file}: no text is empty, and every language has the Chinese text's interpolations`, () => {
      const ns = file.replace(/\.json$/, '');
      const base = loadLocale('zh-CN', ns);
      for (const lng of LANGUAGES) {
        for (const [key, text] of Object.entries(loadLocale(lng, ns))) {
          expect(text.trim(), `${lng}/${file} ${key}`).not.toBe('');
          const chinese = base[key] ?? base[key.replace(PLURAL, '')];
          // A plural form may leave the count to its wording ("one day left").
          const wanted =
            chinese === undefined ? [] : placeholders(chinese).filter((p) => !(PLURAL.test(key) && p === '{{count}}'));
          const has = placeholders(text);
          for (const p of wanted) expect(has, `${lng}/${file} ${key}`).toContain(p);
          if (chinese !== undefined)
            for (const p of has) expect(placeholders(chinese), `${lng}/${file} ${key} has ${p}`).toContain(p);
        }
      }
    });

    it(`${file}: zh-TW is written in traditional characters`, () => {
      const simplified = Object.entries(loadLocale('zh-TW', file.replace(/\.json$/, '')))
        .filter(([, text]) => SIMPLIFIED_ONLY.test(text.replace(/\{\{\w+\}\}/g, '')))
        .map(([key, text]) => `${key}: ${text}`);
      expect(simplified).toEqual([]);
    });
  }
});
