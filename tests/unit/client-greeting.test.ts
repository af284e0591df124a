import { describe, expect, it } from 'vitest';
import { GREETING_ZH, greetingKey } from '@/app/greeting';
import zhCN from '@/locales/zh-CN/shell.json';

const at = (h: number, m = 0) => new Date(2026, 0, 5, h, m);

describe('greeting by hour', () => {
  it.each([
    [0, 'morning'],
    [8, 'morning'],
    [9, 'forenoon'],
    [11, 'forenoon'],
    [12, 'noon'],
    [13, 'noon'],
    [14, 'afternoon'],
    [19, 'afternoon'],
    [20, 'evening'],
    [23, 'evening'],
  ] as const)('%i h → %s', (h, key) => {
    expect(greetingKey(at(h, 30))).toBe(key);
  });
  it('zh-CN texts are exact', () => {
    expect(GREETING_ZH).toEqual({
      morning: '早上好',
      forenoon: '上午好',
      noon: '中午好',
      afternoon: '下午好',
      evening: '晚上好',
    });
    expect(zhCN.greeting).toEqual(GREETING_ZH);
  });
});
