import { describe, expect, it } from 'vitest';
import {
  DELAY_ELIGIBILITY_MESSAGES,
  checkDelayEligibility,
  delayEligibilityMachine,
  eligibilityCodeOf,
  isWithinDelayWindow,
  type DelayEligibilityCode,
  type DelayFacts,
} from '@machines/delayEligibility.machine';
import { describeTransitionCoverage, describeUnionCoverage } from './coverage';

/** Eligible: a C3 holder, 30 days before expiry, all other checks passing. */
const baseline: DelayFacts = {
  today: '2026-03-01',
  expiryDate: '2026-03-31',
  category: 'C3',
  position: '08',
  isLegalRepresentative: false,
  educationHours: 72,
  requiredHours: 72,
  hasValidConstructorRegAtApplicant: false,
  otherBusinessInProgress: false,
  birthDate: '1981-01-01',
  sex: '0',
  employedInThreeDatabases: true,
  employerInThreeDatabasesIsApplicant: true,
  conflictingValidCertificate: false,
  suspended: false,
};

/** The minimal change of the baseline that makes check n fail. */
const failing: Record<Exclude<DelayEligibilityCode, 0>, Partial<DelayFacts>> = {
  1: { today: '2026-04-01' }, // one day after expiry
  2: { educationHours: 71 },
  3: { category: 'B', hasValidConstructorRegAtApplicant: false },
  4: { otherBusinessInProgress: true },
  5: { birthDate: '1966-02-28' }, // a C holder whose 60th birthday was yesterday
  6: { employedInThreeDatabases: false },
  7: { employerInThreeDatabasesIsApplicant: false },
  8: { conflictingValidCertificate: true },
  9: { suspended: true },
};

const codes = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

const runs = [
  describeTransitionCoverage(
    delayEligibilityMachine,
    { input: baseline, events: [], requireAllTransitions: false, requireAllStates: false },
    'delayEligibility (eligible): reachable transitions fire',
  ),
  ...codes.map((code) =>
    describeTransitionCoverage(
      delayEligibilityMachine,
      { input: { ...baseline, ...failing[code] }, events: [], requireAllTransitions: false, requireAllStates: false },
      `delayEligibility (code ${code}): reachable transitions fire`,
    ),
  ),
];
describeUnionCoverage(
  delayEligibilityMachine,
  runs,
  'delayEligibility: the baseline and the nine failures fire every transition',
);

describe('delay eligibility', () => {
  it('the baseline is eligible (code 0)', () => {
    expect(checkDelayEligibility(baseline)).toEqual({ code: 0, message: DELAY_ELIGIBILITY_MESSAGES[0] });
  });

  it.each(codes)('code %i from a minimal change of the baseline', (code) => {
    expect(checkDelayEligibility({ ...baseline, ...failing[code] })).toEqual({
      code,
      message: DELAY_ELIGIBILITY_MESSAGES[code],
    });
  });

  it('checks run in order: with two failures the first one is the answer', () => {
    for (const a of codes) {
      for (const b of codes) {
        if (b <= a) continue;
        // 3 sets category B; 5 sets age 61, which is within B's limit: combine it with 3 as a B over 65.
        const later = a === 3 && b === 5 ? { age: 66 } : failing[b];
        expect(checkDelayEligibility({ ...baseline, ...failing[a], ...later }).code, `${a} + ${b}`).toBe(a);
      }
    }
  });

  it('the window runs from 90 days before the expiry date up to it; expired certificates fail', () => {
    const at = (today: string) => checkDelayEligibility({ ...baseline, today, expiryDate: '2026-03-31' }).code;
    expect(at('2025-12-30')).toBe(1); // 91 days before
    expect(at('2025-12-31')).toBe(0); // exactly 90 days before
    expect(at('2026-03-31')).toBe(0);
    expect(at('2026-04-01')).toBe(1);
    expect(at('2027-01-01')).toBe(1);
    expect(checkDelayEligibility({ ...baseline, today: '2026-02-01', windowDays: 30 }).code).toBe(1);
    expect(checkDelayEligibility({ ...baseline, today: '2026-03-01', windowDays: 30 }).code).toBe(0);
    expect(isWithinDelayWindow('2026-02-30', '2026-03-31', 90)).toBe(false); // not a date
  });

  it('age limits to the day: over from the day after the 65th (B) / 60th (C) birthday or the retirement date (A)', () => {
    const age = (facts: Partial<DelayFacts>) => checkDelayEligibility({ ...baseline, ...facts }).code;
    // today is 2026-03-01: born 1961-03-01 turns 65 today, born 1961-02-28 turned 65 yesterday.
    const b = { category: 'B' as const, hasValidConstructorRegAtApplicant: true };
    expect([
      age({ ...b, birthDate: '1961-03-02' }),
      age({ ...b, birthDate: '1961-03-01' }),
      age({ ...b, birthDate: '1961-02-28' }),
    ]).toEqual([0, 0, 5]);
    for (const category of ['C1', 'C2', 'C3'] as const) {
      expect([age({ category, birthDate: '1966-03-01' }), age({ category, birthDate: '1966-02-28' })]).toEqual([0, 5]);
    }
    // A, men born 1965-11 retire at 60 years 3 months: born 1965-12-01 → 2026-03-01 (today), born 1965-11-30 → 2026-02-28.
    expect([age({ category: 'A', birthDate: '1965-12-01' }), age({ category: 'A', birthDate: '1965-11-30' })]).toEqual([
      0, 5,
    ]);
    // A, women born 1970-09 to 12 retire at 55 years 3 months: born 1970-12-01 → 2026-03-01.
    expect([
      age({ category: 'A', sex: '1', birthDate: '1970-12-01' }),
      age({ category: 'A', sex: '1', birthDate: '1970-11-30' }),
    ]).toEqual([0, 5]);
    expect(age({ category: 'A', birthDate: '1930-01-01', isLegalRepresentative: true, position: '01' })).toBe(0);
    // The configured limits (sys_config biz.age.max.*) replace 65 and 60.
    expect(age({ category: 'C3', birthDate: '1966-02-28', yearLimits: { B: 65, C: 62 } })).toBe(0);
  });

  it('only B needs a constructor registration', () => {
    expect(checkDelayEligibility({ ...baseline, category: 'A', hasValidConstructorRegAtApplicant: false }).code).toBe(
      0,
    );
    expect(checkDelayEligibility({ ...baseline, category: 'B', hasValidConstructorRegAtApplicant: true }).code).toBe(0);
  });

  it('eligibilityCodeOf reads the final state and refuses an unfinished one', () => {
    expect(eligibilityCodeOf({ value: 'suspended' })).toBe(9);
    expect(() => eligibilityCodeOf({ value: 'checkingAge' })).toThrow(/not finished/);
  });
});
