/**
 * Every page of the menu seed has its module (no menu entry leads to the under-construction page),
 * and a component the client does not know still renders a page: UnderConstruction, never blank.
 */
import { describe, expect, it } from 'vitest';
import { hasPage, loadPage } from '@/app/pageRegistry';
import UnderConstruction from '@/pages/exception/UnderConstruction';
import { flattenMenus } from '../../server/db/seed/menus';

describe('the page registry', () => {
  it('has a page for every page (C) of the menu seed', () => {
    const pages = flattenMenus()
      .map((m) => m.node)
      .filter((n) => n.menuType === 'C' && n.component);
    expect(pages.length).toBeGreaterThan(60);
    const missing = pages.filter((n) => !hasPage(n.component!)).map((n) => `${n.menuName} ${n.component}`);
    expect(missing).toEqual([]);
  });

  it('renders UnderConstruction for a component it does not know', async () => {
    expect(hasPage('later/NotBuiltYet')).toBe(false);
    expect((await loadPage('later/NotBuiltYet')).default).toBe(UnderConstruction);
    expect((await loadPage(null)).default).toBe(UnderConstruction);
  });
});
