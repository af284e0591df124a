import { describe, expect, it } from 'vitest';
import { makeCreditCode, orgCodeCheckChar } from '../../server/db/seed/creditCode.js';
import { creditCodeCheckChar, isValidCreditCode } from '@machines/creditCode';

describe('unified social credit codes (GB 32100)', () => {
  it('accepts real codes', () => {
    expect(isValidCreditCode('914403001922038216')).toBe(true); // 华为技术有限公司
    expect(isValidCreditCode('9144030071526726XG')).toBe(true); // 深圳市腾讯计算机系统有限公司
    expect(isValidCreditCode('91350100M000100Y43')).toBe(true); // the standard's example
    expect(creditCodeCheckChar('91440300192203821')).toBe('6');
  });

  it('rejects altered codes and forbidden characters', () => {
    expect(isValidCreditCode('914403001922038217')).toBe(false);
    expect(isValidCreditCode('914403001922O38216')).toBe(false); // letter O is not in the alphabet
    expect(isValidCreditCode('91440300192203821')).toBe(false);
  });

  it('computes the organisation-code check character (GB 11714)', () => {
    expect(orgCodeCheckChar('19220382')).toBe('1');
    expect(orgCodeCheckChar('71526726')).toBe('X');
  });

  it('builds valid codes from a district and an organisation-code body', () => {
    const a = makeCreditCode('440106', '45187627');
    const b = makeCreditCode('440304', 'MA23B0DM');
    expect(a).toMatch(/^91440106\w{10}$/);
    expect(isValidCreditCode(a)).toBe(true);
    expect(isValidCreditCode(b)).toBe(true);
    expect(b.slice(8, 16)).toBe('MA23B0DM');
  });
});
