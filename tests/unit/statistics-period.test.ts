/**
 * A statistics period split into whole China years (read from the yearly table) and the months of its
 * partial years (read from the monthly one): together exactly the period's months, none twice.
 */
import { describe, expect, it } from 'vitest';
import { monthMinus, monthsBetween, wholeYearsOf } from '../../server/modules/statistics/figures.js';

/** Every month the split covers, whole years expanded. */
function covered(period: { monthFrom: string; monthTo: string }): string[] {
  const { years, months } = wholeYearsOf(period);
  const out = months.flatMap(([from, to]) => monthsBetween(from, to));
  if (years)
    for (let y = Number(years[0]); y <= Number(years[1]); y++) out.push(...monthsBetween(`${y}-01`, `${y}-12`));
  return out.sort();
}

describe('wholeYearsOf', () => {
  it.each([
    [
      '2024-07',
      '2026-11',
      ['2025', '2025'],
      [
        ['2024-07', '2024-12'],
        ['2026-01', '2026-11'],
      ],
    ],
    ['2016-01', '2026-11', ['2016', '2025'], [['2026-01', '2026-11']]],
    ['2020-01', '2021-12', ['2020', '2021'], []],
    ['2025-12', '2026-11', null, [['2025-12', '2026-11']]],
    ['2026-03', '2026-03', null, [['2026-03', '2026-03']]],
    ['2025-02', '2026-12', ['2026', '2026'], [['2025-02', '2025-12']]],
  ])('%s..%s: years %j, months %j', (monthFrom, monthTo, years, months) => {
    expect(wholeYearsOf({ monthFrom, monthTo })).toEqual({ years, months });
  });

  it('covers every month of any period exactly once', () => {
    for (const monthTo of ['2026-01', '2026-06', '2026-12']) {
      for (let back = 0; back < 40; back++) {
        const period = { monthFrom: monthMinus(monthTo, back), monthTo };
        expect(covered(period), JSON.stringify(period)).toEqual(monthsBetween(period.monthFrom, period.monthTo));
      }
    }
  });
});
