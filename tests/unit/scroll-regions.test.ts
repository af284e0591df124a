// @vitest-environment jsdom
/** A sideways-scrolling table box gets a tab stop; one that fits, or already has one, is left alone. */
import { describe, expect, it } from 'vitest';
import { focusScrollRegions } from '../../src/app/scrollRegions';

function box(scrollWidth: number, clientWidth: number, tabindex?: string): HTMLElement {
  const el = document.createElement('div');
  el.className = 'ant-table-content';
  Object.defineProperty(el, 'scrollWidth', { value: scrollWidth });
  Object.defineProperty(el, 'clientWidth', { value: clientWidth });
  if (tabindex !== undefined) el.setAttribute('tabindex', tabindex);
  document.body.appendChild(el);
  return el;
}

describe('scroll regions', () => {
  it('gives only the boxes that scroll sideways a tab stop', () => {
    const wide = box(1600, 1300);
    const fits = box(1200, 1300);
    const own = box(1600, 1300, '-1');
    expect(focusScrollRegions()).toBe(1);
    expect(wide.tabIndex).toBe(0);
    expect(fits.hasAttribute('tabindex')).toBe(false);
    expect(own.getAttribute('tabindex')).toBe('-1');
    expect(focusScrollRegions()).toBe(0);
  });
});
