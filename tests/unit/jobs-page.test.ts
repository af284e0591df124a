/** The job monitor's words: the same keys and placeholders in the four languages, every job named; schedules and durations in words. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { JOB_NAMES } from '../../server/jobs/types.js';
import { durationText, scheduleText } from '@/pages/system/JobList/text';

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
const raw = (lng: string, ns: string) => JSON.parse(fs.readFileSync(path.resolve(`src/locales/${lng}/${ns}.json`), 'utf8')) as Record<string, unknown>;
const vars = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();

describe('jobs locales', () => {
  const all = Object.fromEntries(LANGS.map((l) => [l, leaves(raw(l, 'jobs'))]));
  it('have the same keys, none empty, with the same placeholders', () => {
    const base = all['zh-CN']!;
    for (const l of LANGS) {
      expect(Object.keys(all[l]!).sort(), l).toEqual(Object.keys(base).sort());
      for (const [k, v] of Object.entries(all[l]!)) {
        expect(v.trim(), `${l} ${k}`).not.toBe('');
        expect(vars(v), `${l} ${k}`).toEqual(vars(base[k]!));
      }
    }
  });
  it('name and describe every job of the server, and the menu entry', () => {
    for (const l of LANGS) {
      for (const job of JOB_NAMES) {
        expect(all[l]![`names.${job}`], `${l} ${job}`).toBeTruthy();
        expect(all[l]![`descriptions.${job}`], `${l} ${job}`).toBeTruthy();
      }
      expect(Object.entries(leaves(raw(l, 'shell'))).some(([k, v]) => k.endsWith('.JobList') && v.trim() !== ''), l).toBe(true);
    }
  });
});

describe('schedules and durations in words', () => {
  const instance = i18n.createInstance();
  void instance.init({ lng: 'zh-CN', resources: { 'zh-CN': { jobs: raw('zh-CN', 'jobs') } }, ns: ['jobs'], defaultNS: 'jobs', initAsync: false, interpolation: { escapeValue: false } });
  const t = instance.t;
  it('reads the cron forms of the jobs', () => {
    expect(scheduleText(t, '5 0 * * *')).toBe('每天 00:05');
    expect(scheduleText(t, '30 8 * * *')).toBe('每天 08:30');
    expect(scheduleText(t, '* * * * *')).toBe('每分钟');
    expect(scheduleText(t, '0 */2 * * 1-5')).toBe('0 */2 * * 1-5');
  });
  it('writes durations', () => {
    expect(durationText(t, null)).toBe('-');
    expect(durationText(t, 350)).toBe('350 毫秒');
    expect(durationText(t, 4_230)).toBe('4.2 秒');
    expect(durationText(t, 185_000)).toBe('3 分 5 秒');
  });
});
