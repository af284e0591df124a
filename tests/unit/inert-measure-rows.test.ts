// @vitest-environment jsdom
/** antd's hidden measuring rows leave the focus order (axe aria-hidden-focus), now and as tables render. */
import { afterEach, describe, expect, it } from 'vitest';
import { keepMeasureRowsInert } from '@/app/inertMeasureRows';

const row = () => {
  const tr = document.createElement('tr');
  tr.className = 'ant-table-measure-row';
  tr.setAttribute('aria-hidden', 'true');
  tr.tabIndex = -1;
  tr.innerHTML = '<th><input type="checkbox" aria-label="select all"></th>';
  return tr;
};

let stop = () => undefined as void;
afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

describe('measuring rows', () => {
  it('are inert when found, and when a table renders one later', async () => {
    const table = document.createElement('table');
    table.append(row());
    document.body.append(table);
    stop = keepMeasureRowsInert(document.body);
    expect(table.querySelector('tr')!.hasAttribute('inert')).toBe(true);
    const later = row();
    table.append(later);
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    await new Promise((r) => setTimeout(r, 20));
    expect(later.hasAttribute('inert')).toBe(true);
    // Other rows are left alone.
    const data = document.createElement('tr');
    table.append(data);
    await new Promise((r) => setTimeout(r, 40));
    expect(data.hasAttribute('inert')).toBe(false);
  });
});
