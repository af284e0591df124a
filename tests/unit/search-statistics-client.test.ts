/** Pure helpers of the search and statistics pages: drill-down addresses, chart clicks, age ranges, locales. */
import { describe, expect, it } from 'vitest';
import { drillUrl, splitDrill } from '../../src/pages/search/components/drill';
import { ageRange, certLink, endedLink, monthEnd, workLink } from '../../src/pages/statistics/components/links';
import { clickedDatum } from '../../src/components/Charts';
import { districtOptions, pathOf } from '../../src/pages/search/components/DistrictCascader';

describe('drill-down addresses', () => {
  it('carry only the filters that have a value', () => {
    expect(drillUrl('/search/workSearch', { businessType: 'delay', overdue: 1, area: undefined, step: '' })).toBe(
      '/search/workSearch?businessType=delay&overdue=1',
    );
    expect(drillUrl('/search/certSearch', {})).toBe('/search/certSearch');
  });

  it("split the address into the form's values, its ranges and the hidden filters", () => {
    const params = new URLSearchParams('name=王&beginTime=2025-01-01&endTime=2025-12-31&enterpriseId=12&unknown=1');
    expect(
      splitDrill(params, ['name', 'idNo'], [{ field: 'range', from: 'beginTime', to: 'endTime' }], ['enterpriseId']),
    ).toEqual({
      initialValues: { name: '王', range: ['2025-01-01', '2025-12-31'] },
      hidden: { enterpriseId: '12' },
    });
  });

  it("send a figure to the list behind it with the page's filters", () => {
    expect(certLink({ area: '1', yearFrom: '2020', yearTo: '2021' }, { status: '01' })).toBe(
      '/search/certSearch?area=1&status=01&beginTime=2020-01-01&endTime=2021-12-31',
    );
    // Application figures are per city: a county in the filter counts as its city in the list too.
    expect(workLink({ districtCode: '440106', businessType: 'delay' }, { overdue: '1' })).toBe(
      '/search/workSearch?districtCode=440100&businessType=delay&overdue=1',
    );
    expect(endedLink({}, '2024-02', '2024-02', { status: '4' })).toBe(
      '/search/workSearch?open=0&closedFrom=2024-02-01&closedTo=2024-02-29&status=4',
    );
    expect(monthEnd('2025-12')).toBe('2025-12-31');
  });

  it('turn an age bucket into the submitted days it covers', () => {
    expect(ageRange('2026-03-10', 0)).toEqual({ beginTime: '2026-03-03', endTime: '2026-03-10' });
    expect(ageRange('2026-03-10', 1)).toEqual({ beginTime: '2026-02-08', endTime: '2026-03-02' });
    expect(ageRange('2026-03-10', 3)).toEqual({ endTime: '2025-12-09' });
    expect(ageRange('2026-03-10', -1)).toEqual({});
  });
});

describe('charts', () => {
  it("hand a clicked mark's datum to the page, nothing else", () => {
    const d = { x: '广州市', y: 3, key: '440100' };
    expect(clickedDatum({ type: 'element:click', data: { data: d } })).toEqual(d);
    expect(clickedDatum({ type: 'element:pointerover', data: { data: d } })).toBeNull();
    expect(clickedDatum({ type: 'element:click', data: { data: [d] } })).toBeNull();
    expect(clickedDatum({ type: 'element:click' })).toBeNull();
  });
});

describe('district filter', () => {
  it("lists cities with their counties and finds a code's path", () => {
    const options = districtOptions([
      {
        code: '440000',
        name: '广东省',
        level: 1,
        area: null,
        children: [
          {
            code: '440100',
            name: '广州市',
            level: 2,
            area: '1',
            children: [{ code: '440106', name: '天河区', level: 3, area: '1' }],
          },
        ],
      },
    ]);
    expect(options).toEqual([
      { value: '440100', label: '广州市', children: [{ value: '440106', label: '天河区', children: undefined }] },
    ]);
    expect(pathOf(options, '440106')).toEqual(['440100', '440106']);
    expect(pathOf(options, '440100')).toEqual(['440100']);
    expect(pathOf(options, undefined)).toBeUndefined();
  });
});
