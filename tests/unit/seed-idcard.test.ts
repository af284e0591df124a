import { describe, expect, it } from 'vitest';
import { birthDateFromIdCard, makeIdCard, sexFromIdCard } from '../../server/db/seed/idcard.js';
import { idNumberCheckChar as idCardCheckChar, isValidIdNumber } from '@machines/residentIdNumber';

const isValidIdCard = (s: string) => isValidIdNumber(s, '2026-06-01');

describe('identity numbers (GB 11643, ISO 7064 MOD 11-2)', () => {
  it('accepts known valid numbers', () => {
    expect(isValidIdCard('11010519491231002X')).toBe(true);
    expect(isValidIdCard('11010519491231002x')).toBe(true);
    expect(isValidIdCard('440524188001010014')).toBe(true);
    expect(idCardCheckChar('11010519491231002')).toBe('X');
  });

  it('rejects a wrong check character, a bad date or a bad shape', () => {
    expect(isValidIdCard('110105194912310021')).toBe(false);
    expect(isValidIdCard('440106199002300011')).toBe(false); // 30 February
    expect(isValidIdCard('11010519491231002')).toBe(false);
    expect(isValidIdCard('1101051949123100AX')).toBe(false);
  });

  it('builds valid numbers whose sequence parity gives the sex', () => {
    const male = makeIdCard('440106', '1988-01-11', 761);
    const female = makeIdCard('440304', '1992-02-29', 42);
    expect(isValidIdCard(male)).toBe(true);
    expect(isValidIdCard(female)).toBe(true);
    expect(male.slice(0, 14)).toBe('44010619880111');
    expect(sexFromIdCard(male)).toBe('0');
    expect(sexFromIdCard(female)).toBe('1');
    expect(birthDateFromIdCard(female)).toBe('1992-02-29');
    expect(() => makeIdCard('4401', '1990-01-01', 1)).toThrow();
    expect(() => makeIdCard('440106', '1990-01-01', 1000)).toThrow();
  });
});
