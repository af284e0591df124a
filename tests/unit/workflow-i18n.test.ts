import { describe, expect, it } from 'vitest';
import zhCN from '@/locales/zh-CN/workflow.json';
import zhTW from '@/locales/zh-TW/workflow.json';
import enUS from '@/locales/en-US/workflow.json';
import ptBR from '@/locales/pt-BR/workflow.json';

function keys(o: unknown, prefix = ''): string[] {
  if (!o || typeof o !== 'object') return [prefix];
  return Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
const base = (k: string) => k.replace(/_(one|other)$/, '');

describe('workflow locale files', () => {
  it('have the same keys in all four languages (plural forms aside) and no empty text', () => {
    const ref = new Set(keys(zhCN).map(base));
    for (const [lng, file] of Object.entries({ zhTW, enUS, ptBR })) {
      expect(new Set(keys(file).map(base)), lng).toEqual(ref);
    }
    for (const file of [zhCN, zhTW, enUS, ptBR]) {
      for (const k of keys(file)) {
        const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], file);
        expect(typeof v === 'string' && v.trim().length > 0, k).toBe(true);
      }
    }
  });

  it('says the zh-CN action labels of the brief', () => {
    expect(zhCN.action).toMatchObject({
      AGREE: '同意',
      AGREE_sl: '受理',
      DISAGREE: '不同意',
      DISAGREE_sl: '不予受理',
      RETURN: '退回',
      WITHDRAW: '撤回',
      SUBMIT: '提交',
      CONFIRM: '确认',
      DECLINE: '退回企业',
      SAVE: '保存',
      DELETE: '删除',
    });
  });
});
