/**
 * Multi-tab rules (SPEC 2 "Multi-tab view"), pure: each visited route is a tab; close current,
 * close right, close left, close all. The last tab cannot be closed; with nothing on the left
 * or right the caller shows 左侧没有标签 / 右侧没有标签.
 */
export interface Tab {
  /** full path incl. search: the tab's identity */
  key: string;
  title: string;
}

export interface TabState {
  tabs: Tab[];
  activeKey: string;
}

export type TabNotice = 'lastTab' | 'noLeft' | 'noRight';

export interface TabResult {
  state: TabState;
  /** key to navigate to when the active tab changed */
  navigateTo?: string;
  notice?: TabNotice;
}

export const EMPTY_TABS: TabState = { tabs: [], activeKey: '' };

/** Visiting a route: add its tab (or refresh its title) and make it active. */
export function visit(state: TabState, tab: Tab): TabState {
  const exists = state.tabs.some((t) => t.key === tab.key);
  const tabs = exists
    ? state.tabs.map((t) => (t.key === tab.key ? { ...t, title: tab.title || t.title } : t))
    : [...state.tabs, tab];
  return { tabs, activeKey: tab.key };
}

function removeKeys(state: TabState, keep: (t: Tab, i: number) => boolean): TabResult {
  const tabs = state.tabs.filter(keep);
  if (tabs.some((t) => t.key === state.activeKey)) return { state: { tabs, activeKey: state.activeKey } };
  const last = tabs[tabs.length - 1];
  const activeKey = last ? last.key : '';
  return { state: { tabs, activeKey }, navigateTo: activeKey || undefined };
}

/** Close one tab; refused for the last one. */
export function closeTab(state: TabState, key: string): TabResult {
  if (state.tabs.length <= 1) return { state, notice: 'lastTab' };
  if (!state.tabs.some((t) => t.key === key)) return { state };
  return removeKeys(state, (t) => t.key !== key);
}

/** Close every tab left of `key`. */
export function closeLeft(state: TabState, key: string): TabResult {
  const index = state.tabs.findIndex((t) => t.key === key);
  if (index <= 0) return { state, notice: 'noLeft' };
  return removeKeys(state, (_t, i) => i >= index);
}

/** Close every tab right of `key`. */
export function closeRight(state: TabState, key: string): TabResult {
  const index = state.tabs.findIndex((t) => t.key === key);
  if (index < 0 || index >= state.tabs.length - 1) return { state, notice: 'noRight' };
  return removeKeys(state, (_t, i) => i <= index);
}

/** Close all tabs but `key`. */
export function closeAll(state: TabState, key: string): TabResult {
  if (!state.tabs.some((t) => t.key === key)) return { state };
  const result = removeKeys(state, (t) => t.key === key);
  if (result.state.activeKey !== key) return { state: { ...result.state, activeKey: key }, navigateTo: key };
  return result;
}
