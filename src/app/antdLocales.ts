/**
 * antd's texts (pagination, pickers, modals' buttons) for each interface language, loaded per
 * language like the app's own texts (src/i18n.ts): a first page carries one, not four (issue 14).
 * main.tsx loads the stored language's before the first render; a change of language loads the
 * new one and keeps the old on screen until it is there.
 */
import { useEffect, useState } from 'react';
import type { Locale } from 'antd/es/locale';
import type { LanguageCode } from '@/i18n';

const LOADERS: Record<LanguageCode, () => Promise<{ default: Locale }>> = {
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'zh-TW': () => import('antd/es/locale/zh_TW'),
  'en-US': () => import('antd/es/locale/en_US'),
  'pt-BR': () => import('antd/es/locale/pt_BR'),
};

const loaded: Partial<Record<LanguageCode, Locale>> = {};
let latest: Locale | undefined;

export async function loadAntdLocale(lng: LanguageCode): Promise<Locale> {
  const locale = loaded[lng] ?? (await LOADERS[lng]()).default;
  loaded[lng] = locale;
  latest = locale;
  return locale;
}

/** The language's antd locale if loaded (else the last one loaded; antd's own English before any). */
export function antdLocale(lng: LanguageCode): Locale | undefined {
  return loaded[lng] ?? latest;
}

/** antdLocale, re-rendering once a language loaded after a change arrives. */
export function useAntdLocale(lng: LanguageCode): Locale | undefined {
  const [, arrived] = useState(0);
  useEffect(() => {
    if (loaded[lng]) return undefined;
    let alive = true;
    void loadAntdLocale(lng).then(
      () => alive && arrived((n) => n + 1),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [lng]);
  return antdLocale(lng);
}
