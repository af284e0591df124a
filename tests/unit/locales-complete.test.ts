/**
 * Every interface language has every text (issue 14): the browser loads only the language in use
 * (src/i18n.ts), not the en-US fallback beside it, so a key missing in one language would show
 * as the bare key. Plural forms count as their key (en-US deadline.left_one/_other = zh-CN deadline.left).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../src/locales');
const LANGUAGES = fs.readdirSync(ROOT).filter((d) => fs.statSync(path.join(ROOT, d)).isDirectory()).sort();
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
    const files = (lng: string) => fs.readdirSync(path.join(ROOT, lng)).filter((f) => f.endsWith('.json')).sort();
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
  }
});
