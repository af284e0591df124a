/** A first visit follows the browser's languages among the four; else en-US (SPEC 1). */
import { describe, expect, it } from 'vitest';
import { browserLanguage } from '@/i18n';

describe("the first visit's language", () => {
  it("follows the browser's preferences in order", () => {
    expect(browserLanguage(['zh-CN', 'en-US'])).toBe('zh-CN');
    expect(browserLanguage(['zh'])).toBe('zh-CN');
    expect(browserLanguage(['zh-TW'])).toBe('zh-TW');
    expect(browserLanguage(['zh-HK', 'en'])).toBe('zh-TW');
    expect(browserLanguage(['zh-Hant-TW'])).toBe('zh-TW');
    expect(browserLanguage(['pt-PT'])).toBe('pt-BR');
    expect(browserLanguage(['de-DE', 'pt-BR'])).toBe('pt-BR');
    expect(browserLanguage(['en-GB', 'zh-CN'])).toBe('en-US');
  });
  it('falls back to en-US', () => {
    expect(browserLanguage(['de-DE', 'fr'])).toBe('en-US');
    expect(browserLanguage([])).toBe('en-US');
  });
});
