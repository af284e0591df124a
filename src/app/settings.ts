/**
 * Interface settings of the settings drawer (SPEC 3, 9), persisted under pro__settings.
 * Defaults: primary #1890FF, dark nav, top-menu layout, Fluid, fixed header/sider off,
 * auto-hide header off, colour-weak off, multi-tab on.
 */
import { storage, SETTINGS } from '@/utils/storage';
import { createStore } from '@/store/createStore';

export interface LayoutSettings {
  primaryColor: string;
  navTheme: 'dark' | 'light';
  layout: 'sidemenu' | 'topmenu';
  contentWidth: 'Fixed' | 'Fluid';
  fixedHeader: boolean;
  fixSiderbar: boolean;
  autoHideHeader: boolean;
  colorWeak: boolean;
  multiTab: boolean;
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  primaryColor: '#1890FF',
  navTheme: 'dark',
  layout: 'topmenu',
  contentWidth: 'Fluid',
  fixedHeader: false,
  fixSiderbar: false,
  autoHideHeader: false,
  colorWeak: false,
  multiTab: true,
};

/** The 8-colour palette of the settings drawer (key = i18n key under shell:settings.colors). */
export const COLOR_LIST: { key: string; color: string }[] = [
  { key: 'dust', color: '#F5222D' },
  { key: 'volcano', color: '#FA541C' },
  { key: 'sunset', color: '#FAAD14' },
  { key: 'cyan', color: '#13C2C2' },
  { key: 'green', color: '#52C41A' },
  { key: 'daybreak', color: '#1890FF' },
  { key: 'geekblue', color: '#2F54EB' },
  { key: 'purple', color: '#722ED1' },
];

export function loadSettings(): LayoutSettings {
  if (typeof localStorage === 'undefined') return { ...DEFAULT_SETTINGS };
  const stored = storage.get<Partial<LayoutSettings>>(SETTINGS);
  return { ...DEFAULT_SETTINGS, ...(stored && typeof stored === 'object' ? stored : {}) };
}

export const settingsStore = createStore<LayoutSettings>(loadSettings());

export function updateSettings(patch: Partial<LayoutSettings>): void {
  settingsStore.set((prev) => {
    const next = { ...prev, ...patch };
    storage.set(SETTINGS, next);
    return next;
  });
}

export const useLayoutSettings = () => settingsStore.use();

/** Sidebar state (pro__sidebar): true = open. */
export const SIDEBAR = 'sidebar';

/** Device by screen width (SPEC 4): <576 mobile, 576-1199 tablet, ≥1200 desktop. */
export type Device = 'mobile' | 'tablet' | 'desktop';
export function deviceOf(width: number): Device {
  if (width < 576) return 'mobile';
  if (width < 1200) return 'tablet';
  return 'desktop';
}
/** Mobile: sidebar open; tablet: collapsed; desktop: open. */
export function sidebarOpenFor(device: Device): boolean {
  return device !== 'tablet';
}

/** Auto-hide header: hide when scrolling down past the threshold (300 px), show when scrolling up. */
export const HEADER_HIDE_THRESHOLD = 300;
export function headerHidden(prevY: number, y: number, threshold = HEADER_HIDE_THRESHOLD): boolean {
  return y > threshold && y > prevY;
}
