/**
 * i18next setup. Every src/locales/<lng>/<ns>.json is loaded eagerly, so each area adds its
 * own namespace file. Default and fallback language en-US (SPEC 9), stored under pro__lang.
 * antd and dayjs locales follow the language (see src/app/AppProviders.tsx).
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import 'dayjs/locale/pt-br';
import 'dayjs/locale/en';
import { storage, LANGUAGE } from '@/utils/storage';

export const LANGUAGES = [
  { code: 'zh-CN', label: '简体中文' },
  { code: 'zh-TW', label: '繁體中文' },
  { code: 'en-US', label: 'English' },
  { code: 'pt-BR', label: 'Português (Brasil)' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: LanguageCode = 'en-US';

const DAYJS_LOCALE: Record<LanguageCode, string> = {
  'zh-CN': 'zh-cn',
  'zh-TW': 'zh-tw',
  'en-US': 'en',
  'pt-BR': 'pt-br',
};

export function isLanguage(v: unknown): v is LanguageCode {
  return typeof v === 'string' && LANGUAGES.some((l) => l.code === v);
}

/**
 * The language a first visit gets from the browser's preferences (navigator.languages, in order):
 * Chinese in the simplified or traditional script (zh-TW, zh-HK and zh-Hant are traditional),
 * Portuguese, English; else en-US as SPEC 1 says.
 */
export function browserLanguage(preferred: readonly string[]): LanguageCode {
  for (const raw of preferred) {
    const tag = raw.toLowerCase();
    if (/^zh-(tw|hk|mo)|^zh-hant/.test(tag)) return 'zh-TW';
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
    if (tag === 'pt' || tag.startsWith('pt-')) return 'pt-BR';
    if (tag === 'en' || tag.startsWith('en-')) return 'en-US';
  }
  return DEFAULT_LANGUAGE;
}

/** The stored language (pro__lang), tolerant of a raw string; on a first visit the browser's, remembered. */
export function storedLanguage(): LanguageCode {
  let v: unknown = null;
  try {
    v = storage.get<string>(LANGUAGE);
  } catch {
    v = null;
  }
  if (!isLanguage(v)) {
    const raw = typeof localStorage !== 'undefined' ? localStorage.getItem('pro__' + LANGUAGE) : null;
    if (isLanguage(raw)) v = raw;
  }
  if (isLanguage(v)) return v;
  const first = browserLanguage(typeof navigator !== 'undefined' ? navigator.languages ?? [navigator.language] : []);
  try {
    storage.set(LANGUAGE, first);
  } catch {
    // No storage (private mode): the choice lasts for this page only.
  }
  return first;
}

type Resources = Record<string, Record<string, Record<string, unknown>>>;

const modules = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });

export function buildResources(mods: Record<string, { default: Record<string, unknown> }>): Resources {
  const resources: Resources = {};
  for (const [path, mod] of Object.entries(mods)) {
    const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!m) continue;
    const [, lng, ns] = m;
    (resources[lng] ??= {})[ns] = mod.default;
  }
  return resources;
}

const resources = buildResources(modules);
const namespaces = Array.from(new Set(Object.values(resources).flatMap((r) => Object.keys(r))));
const initial = storedLanguage();

void i18n.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES.map((l) => l.code),
  ns: namespaces.length ? namespaces : ['common'],
  defaultNS: 'common',
  fallbackNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

dayjs.locale(DAYJS_LOCALE[initial]);
if (typeof document !== 'undefined') document.documentElement.lang = initial;

/** Switch the interface language, persist it under pro__lang and follow with dayjs. */
export async function changeLanguage(lng: LanguageCode): Promise<void> {
  storage.set(LANGUAGE, lng);
  dayjs.locale(DAYJS_LOCALE[lng]);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  await i18n.changeLanguage(lng);
}

export default i18n;
