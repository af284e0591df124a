/** The sysAdmin namespace names the Excel and page texts the components use (same keys, no empty text, same interpolations: locales-complete.test.ts). */
import { describe, expect, it } from 'vitest';
import { loadLocale } from '../helpers/locales';

describe('sysAdmin locales', () => {
  const base = loadLocale('zh-CN', 'sysAdmin');
  it('names the Excel and page texts the components use', () => {
    for (const key of [
      'excel.export',
      'excel.import',
      'excel.template',
      'excel.rowNumber',
      'config.securityHint',
      'log.retention',
      'person.idNo',
      'catalog.titles.gateway',
    ]) {
      expect(key in base, key).toBe(true);
    }
  });
});
