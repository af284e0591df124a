/**
 * Menu entries in the interface language on the administration pages (菜单权限, the role's menu
 * tree): a directory or page by its route name as the navigation names it, a button by its stored
 * word — every button the seed's menus have has words in the four languages.
 */
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { MENU_TREE, type MenuNode } from '../../server/db/seed/menus';
import { menuLabel } from '../../src/pages/system/menuLabel';
import { LANGS, loadLocale } from './../helpers/locales';

const buttons = new Set<string>();
const walk = (nodes: readonly MenuNode[]) => {
  for (const n of nodes) {
    if (n.menuType === 'F') buttons.add(n.menuName);
    walk(n.children ?? []);
  }
};
walk(MENU_TREE);

describe('menu entries by name', () => {
  it.each(LANGS)("every button of the seed's menus has its word in %s", (lng) => {
    const words = loadLocale(lng, 'sysData');
    expect([...buttons].filter((b) => !words[`menu.buttons.${b}`]?.trim())).toEqual([]);
    if (lng === 'zh-CN') for (const b of buttons) expect(words[`menu.buttons.${b}`]).toBe(b);
  });

  it('names a page as the navigation does, a button by its word, and an unknown entry as stored', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en-US',
      fallbackLng: false,
      ns: ['shell', 'sysData'],
      resources: {
        'en-US': { shell: { menu: { user: 'User management' } }, sysData: { menu: { buttons: { 新增: 'Add' } } } },
      },
    });
    expect(menuLabel(i18n.t, { menuName: '用户管理', menuType: 'C', name: 'user' })).toBe('User management');
    expect(menuLabel(i18n.t, { menuName: '新增', menuType: 'F', name: null })).toBe('Add');
    expect(menuLabel(i18n.t, { menuName: '自定义按钮', menuType: 'F', name: null })).toBe('自定义按钮');
    expect(menuLabel(i18n.t, { menuName: '自定义目录', menuType: 'M', name: 'custom' })).toBe('自定义目录');
  });
});
