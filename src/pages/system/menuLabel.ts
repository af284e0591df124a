import type { TFunction } from 'i18next';
import { nodeLabel } from '@/layouts/BasicLayout/nodeLabel';

/** A menu entry as the administration pages list it: stored name, type, route name. */
export interface MenuEntry {
  menuName: string;
  menuType: string;
  name?: string | null;
}

/**
 * A menu entry's name in the interface language: a directory or page by its route name, as the
 * navigation names it; a button by its stored word (sysData `menu.buttons`). A name the locales do
 * not know (an administrator's own) is shown as stored.
 */
export function menuLabel(t: TFunction, entry: MenuEntry): string {
  if (entry.menuType === 'F') return t('sysData:menu.buttons.' + entry.menuName, { defaultValue: entry.menuName });
  return entry.name ? nodeLabel(t, { name: entry.name, title: entry.menuName }) : entry.menuName;
}
