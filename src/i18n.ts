/**
 * i18next setup. Every src/locales/<lng>/<ns>.json is found by the glob below, so each area adds
 * its own namespace file. Only the language in use is loaded, and at first only the namespaces
 * of the pages before sign-in (src/i18nNamespaces.ts): the build puts them in one small chunk
 * per language and the rest in another (vite.config.ts). The first is fetched before the first
 * render (main.tsx awaits i18nReady); the second when a page that needs it loads
 * (loadAllTexts, src/app/lazyPage.ts), and from then on with every change of language. dayjs
 * and its locales come with that second part too: only the signed-in pages show dates.
 * Default and fallback language en-US (SPEC 9), stored under pro__lang. The fallback's texts are
 * not fetched for a page in another language: every language has every key
 * (tests/unit/locales-complete.test.ts), so they would never be read. antd's locale follows the
 * language in src/app/AppProviders.tsx.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage, LANGUAGE } from '@/utils/storage';
import { FIRST_PAGE_NAMESPACES } from './i18nNamespaces';

export const LANGUAGES = [
  { code: 'zh-CN', label: '简体中文' },
  { code: 'zh-TW', label: '繁體中文' },
  { code: 'en-US', label: 'English' },
  { code: 'pt-BR', label: 'Português (Brasil)' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: LanguageCode = 'en-US';

const DAYJS_LOCALE: Record<LanguageCode, { name: string; load: () => Promise<unknown> }> = {
  'zh-CN': { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  'zh-TW': { name: 'zh-tw', load: () => import('dayjs/locale/zh-tw') },
  'en-US': { name: 'en', load: () => Promise.resolve() },
  'pt-BR': { name: 'pt-br', load: () => import('dayjs/locale/pt-br') },
};

/** dayjs speaks the language: every page that shows a date waits for this (it is part of loadAllTexts). */
async function followWithDayjs(lng: LanguageCode): Promise<void> {
  const [{ default: dayjs }] = await Promise.all([import('dayjs'), DAYJS_LOCALE[lng].load()]);
  dayjs.locale(DAYJS_LOCALE[lng].name);
}

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
  const first = browserLanguage(typeof navigator !== 'undefined' ? (navigator.languages ?? [navigator.language]) : []);
  try {
    storage.set(LANGUAGE, first);
  } catch {
    // No storage (private mode): the choice lasts for this page only.
  }
  return first;
}

type Texts = Record<string, unknown>;

const loaders = import.meta.glob<Texts>('./locales/*/*.json', { import: 'default' });

/** ./locales/<lng>/<ns>.json → [lng, ns]. */
function localeFile(path: string): [string, string] | null {
  const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return m ? [m[1]!, m[2]!] : null;
}

const namespaces = Array.from(
  new Set(
    Object.keys(loaders)
      .map((p) => localeFile(p)?.[1])
      .filter((ns): ns is string => !!ns),
  ),
);
const initial = storedLanguage();

void i18n.use(initReactI18next).init({
  resources: {},
  // The texts are added per language by loadLanguage, not all at start.
  partialBundledLanguages: true,
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

/** Which namespaces a language needs: the first pages' only, until a page asks for all. */
export type TextScope = 'firstPage' | 'all';
let scopeInUse: TextScope = 'firstPage';

const loading = new Map<string, Promise<void>>();

function loadPart(lng: LanguageCode, part: 'firstPage' | 'rest'): Promise<void> {
  const key = `${lng}:${part}`;
  let pending = loading.get(key);
  if (!pending) {
    const files = Object.entries(loaders).filter(([path]) => {
      const file = localeFile(path);
      return file?.[0] === lng && FIRST_PAGE_NAMESPACES.includes(file[1]) === (part === 'firstPage');
    });
    pending = Promise.all(
      files.map(async ([path, load]) => {
        const texts = await load();
        i18n.addResourceBundle(lng, localeFile(path)![1], texts, true, true);
      }),
    ).then(() => undefined);
    // A failed load (network) may be tried again later.
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/** Adds a language's namespaces in scope (each part is one request: the build keeps it in one chunk). */
export function loadLanguage(lng: LanguageCode, scope: TextScope = scopeInUse): Promise<void> {
  const parts = [loadPart(lng, 'firstPage')];
  if (scope === 'all') parts.push(loadPart(lng, 'rest'), followWithDayjs(lng));
  return Promise.all(parts).then(() => undefined);
}

/** Every namespace of the language in use, now and after any change of language. */
export function loadAllTexts(): Promise<void> {
  scopeInUse = 'all';
  const lng = isLanguage(i18n.language) ? i18n.language : initial;
  return loadLanguage(lng, 'all');
}

/** The stored language's texts are in: render after this. Switching again makes i18next resolve the language now that it has texts. */
export const i18nReady: Promise<void> = loadLanguage(initial, 'firstPage').then(async () => {
  await i18n.changeLanguage(initial);
});

if (typeof document !== 'undefined') document.documentElement.lang = initial;

/** Switch the interface language (texts and, once loaded, dayjs first) and persist it under pro__lang. */
export async function changeLanguage(lng: LanguageCode): Promise<void> {
  await loadLanguage(lng);
  storage.set(LANGUAGE, lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  await i18n.changeLanguage(lng);
}

export default i18n;
