/** The sysAdmin namespace (Excel buttons and the system pages of this area) has the same keys, all non-empty, in the four languages. */
import { describe, expect, it } from 'vitest';
import zhCN from '@/locales/zh-CN/sysAdmin.json';
import zhTW from '@/locales/zh-TW/sysAdmin.json';
import enUS from '@/locales/en-US/sysAdmin.json';
import ptBR from '@/locales/pt-BR/sysAdmin.json';

function leaves(obj: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (obj && typeof obj === 'object') {
    for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (v && typeof v === 'object') for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
      else out.set(key, v);
    }
  }
  return out;
}

describe('sysAdmin locales', () => {
  const base = leaves(zhCN);
  it.each([['zh-TW', zhTW], ['en-US', enUS], ['pt-BR', ptBR]])('%s has exactly the zh-CN keys', (_lng, data) => {
    expect([...leaves(data).keys()].sort()).toEqual([...base.keys()].sort());
  });
  it('has no empty text and keeps the interpolations', () => {
    for (const data of [zhCN, zhTW, enUS, ptBR]) {
      for (const [key, value] of leaves(data)) {
        expect(typeof value === 'string' && value.length > 0, key).toBe(true);
        const vars = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort().join();
        expect(vars(value as string), key).toBe(vars(base.get(key) as string));
      }
    }
  });
  it('names the Excel and page texts the components use', () => {
    for (const key of ['excel.export', 'excel.import', 'excel.template', 'excel.rowNumber', 'config.securityHint', 'log.retention', 'person.idNo', 'catalog.titles.gateway']) {
      expect(base.has(key), key).toBe(true);
    }
  });
});
