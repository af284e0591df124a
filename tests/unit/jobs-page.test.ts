/** The job monitor's words: every job named in the four languages (same keys and placeholders: locales-complete.test.ts); schedules and durations in words. */
import { describe, expect, it } from 'vitest';
import { LANGS, leaves, rawLocale as raw } from '../helpers/locales';
import i18n from 'i18next';
import { JOB_NAMES } from '../../server/jobs/types.js';
import { durationText, scheduleText } from '@/pages/system/JobList/text';

describe('jobs locales', () => {
  const all = Object.fromEntries(LANGS.map((l) => [l, leaves(raw(l, 'jobs'))]));
  it('name and describe every job of the server, and the menu entry', () => {
    for (const l of LANGS) {
      for (const job of JOB_NAMES) {
        expect(all[l]![`names.${job}`], `${l} ${job}`).toBeTruthy();
        expect(all[l]![`descriptions.${job}`], `${l} ${job}`).toBeTruthy();
      }
      expect(
        Object.entries(leaves(raw(l, 'shell'))).some(([k, v]) => k.endsWith('.JobList') && v.trim() !== ''),
        l,
      ).toBe(true);
    }
  });
});

describe('schedules and durations in words', () => {
  const instance = i18n.createInstance();
  void instance.init({
    lng: 'zh-CN',
    resources: { 'zh-CN': { jobs: raw('zh-CN', 'jobs') } },
    ns: ['jobs'],
    defaultNS: 'jobs',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
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
