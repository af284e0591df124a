/** The business namespace: the same keys, all non-empty, the same interpolations in the four languages; every type is named. */
import { describe, expect, it } from 'vitest';
import { BUSINESS_TYPES } from '@machines/businessTypes';
import zhCN from '@/locales/zh-CN/business.json';
import zhTW from '@/locales/zh-TW/business.json';
import enUS from '@/locales/en-US/business.json';
import ptBR from '@/locales/pt-BR/business.json';
import { BUSINESS_ROUTES, wizardStepsOf } from '@machines/businessTypes';

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
const vars = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort().join();

describe('business locales', () => {
  const base = leaves(zhCN);

  it.each([['zh-TW', zhTW], ['en-US', enUS], ['pt-BR', ptBR]])('%s has exactly the zh-CN keys and interpolations', (_lng, data) => {
    const other = leaves(data);
    expect([...other.keys()].sort()).toEqual([...base.keys()].sort());
    for (const [key, value] of other) expect(vars(String(value)), key).toBe(vars(String(base.get(key))));
  });

  it('has no empty text', () => {
    for (const data of [zhCN, zhTW, enUS, ptBR]) {
      for (const [key, value] of leaves(data)) expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
    }
  });

  it('names every business type: page title, wizard, description and its steps', () => {
    for (const type of BUSINESS_TYPES) {
      for (const k of [`title.${type}`, `business.${type}`, `desc.${type}`, `step.form_${type}`, `step.subject_${BUSINESS_ROUTES[type].target}`]) expect(base.has(k), k).toBe(true);
      for (const s of wizardStepsOf(type)) if (s !== 'subject' && s !== 'form') expect(base.has(`step.${s}`), s).toBe(true);
    }
  });

  it('says the texts of the spec in zh-CN', () => {
    expect(zhCN.precheck.failed).toBe('校验失败');
    expect(zhCN.title).toMatchObject({ newCert: '新办证书', delay: '证书延期', revocation: '证书注销', personRevocation: '个人注销申请', rename: '企业更名' });
    expect(zhCN.wizard).toMatchObject({ save: '保存', prev: '上一步', next: '下一步', submit: '提交' });
  });
});
