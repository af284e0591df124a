/** The sysUser namespace has the same keys, none empty, in all four languages. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LANGS = ['zh-CN', 'zh-TW', 'en-US', 'pt-BR'];
const load = (lng: string) => JSON.parse(fs.readFileSync(path.resolve(`src/locales/${lng}/sysUser.json`), 'utf8')) as Record<string, unknown>;

function flatten(obj: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') Object.assign(out, flatten(v as Record<string, unknown>, key));
    else out[key] = String(v);
  }
  return out;
}

describe('sysUser locales', () => {
  const all = Object.fromEntries(LANGS.map((l) => [l, flatten(load(l))]));
  it('have the same keys everywhere', () => {
    const keys = Object.keys(all['zh-CN']!).sort();
    for (const l of LANGS) expect(Object.keys(all[l]!).sort(), l).toEqual(keys);
  });
  it('have no empty text and keep the same placeholders', () => {
    for (const l of LANGS) {
      for (const [k, v] of Object.entries(all[l]!)) {
        expect(v.trim(), `${l} ${k}`).not.toBe('');
        const vars = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
        expect(vars(v), `${l} ${k}`).toEqual(vars(all['zh-CN']![k]!));
      }
    }
  });
  it('zh-TW is written in traditional characters', () => {
    const text = Object.values(all['zh-TW']!).join('');
    expect(text).not.toMatch(/[审户删启帐务时关为这说]/);
  });
});
