import { describe, expect, it } from 'vitest';
import { delayedValidity } from '../../server/modules/business/validity.js';

describe('validity after a delay (DOMAIN.md)', () => {
  it('runs from the day after the old end date to the day before that plus three years', () => {
    expect(delayedValidity('2027-01-06')).toEqual({ validFrom: '2027-01-07', expiryDate: '2030-01-06' });
    expect(delayedValidity('2026-12-31')).toEqual({ validFrom: '2027-01-01', expiryDate: '2029-12-31' });
  });
  it('ends the day before its start plus three years across a leap day (it used to end on the third anniversary itself)', () => {
    expect(delayedValidity('2028-02-29')).toEqual({ validFrom: '2028-03-01', expiryDate: '2031-02-28' });
    expect(delayedValidity('2025-02-28')).toEqual({ validFrom: '2025-03-01', expiryDate: '2028-02-29' });
  });
});
