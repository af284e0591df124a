/** Multi-tab bar state (rules in src/components/MultiTab/tabs.ts). */
import { createStore } from './createStore';
import { EMPTY_TABS, type TabState } from '@/components/MultiTab/tabs';

export const tabsStore = createStore<TabState>(EMPTY_TABS);
export const useTabs = () => tabsStore.use();
export function resetTabs(): void {
  tabsStore.set(EMPTY_TABS);
}
