/**
 * The credit page's words (namespace `credit`) in all four languages: the same keys, none empty,
 * the same placeholders, and a word for every punishment type and review state the server sends.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUNISHMENT_TYPES, REVIEW_STATES } from '../../server/modules/credit/record.js';

const LANGS = ['zh-CN', 'zh-TW', 'en-US', 'pt-BR'] as const;

function leaves(obj: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') Object.assign(out, leaves(v as Record<string, unknown>, key));
    else out[key] = String(v);
  }
  return out;
}
const load = (lng: string) => leaves(JSON.parse(fs.readFileSync(path.resolve(`src/locales/${lng}/credit.json`), 'utf8')) as Record<string, unknown>);
const vars = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();

describe('credit locales', () => {
  const all = Object.fromEntries(LANGS.map((l) => [l, load(l)]));
  const base = all['zh-CN']!;

  it('have the same keys, none empty, with the same placeholders', () => {
    for (const l of LANGS) {
      expect(Object.keys(all[l]!).sort(), l).toEqual(Object.keys(base).sort());
      for (const [k, v] of Object.entries(all[l]!)) {
        expect(v.trim(), `${l} ${k}`).not.toBe('');
        expect(vars(v), `${l} ${k}`).toEqual(vars(base[k]!));
      }
    }
  });

  it('name every punishment type and review state', () => {
    for (const type of PUNISHMENT_TYPES) expect(base[`type.${type}`], type).toBeTruthy();
    for (const state of REVIEW_STATES) expect(base[`reviewState.${state}`], state).toBeTruthy();
  });
});
