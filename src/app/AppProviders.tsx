/**
 * Providers: antd ConfigProvider (locale and dayjs follow the language; the theme from the primary
 * colour of the settings drawer, at readable contrast: ./theme), antd App (message/modal hooks), the router, and the session actor.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/es/locale/zh_CN';
import zhTW from 'antd/es/locale/zh_TW';
import enUS from 'antd/es/locale/en_US';
import ptBR from 'antd/es/locale/pt_BR';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import i18n, { DEFAULT_LANGUAGE, isLanguage, type LanguageCode } from '@/i18n';
import { useLayoutSettings } from './settings';
import { SessionProvider } from './session';
import { loadPublicSettings } from './publicSettings';
import { accessibleTheme } from './theme';

export const ANTD_LOCALES: Record<LanguageCode, Locale> = {
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  'en-US': enUS,
  'pt-BR': ptBR,
};

function ThemedProviders({ children }: { children: ReactNode }) {
  const { i18n: inst } = useTranslation();
  const settings = useLayoutSettings();
  const lng = isLanguage(inst.resolvedLanguage) ? inst.resolvedLanguage : DEFAULT_LANGUAGE;
  const theme = useMemo(() => accessibleTheme(settings.primaryColor), [settings.primaryColor]);

  useEffect(() => {
    document.body.classList.toggle('colorWeak', settings.colorWeak);
  }, [settings.colorWeak]);

  useEffect(() => {
    document.title = inst.t('shell:title');
  }, [inst, lng]);

  return (
    <ConfigProvider locale={ANTD_LOCALES[lng]} theme={theme}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

export default function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => {
    void loadPublicSettings();
  }, []);
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedProviders>
        {/* location updates are not transitions: the guard must never see a new store state with a stale location */}
        <BrowserRouter useTransitions={false}>
          <SessionProvider>{children}</SessionProvider>
        </BrowserRouter>
      </ThemedProviders>
    </I18nextProvider>
  );
}
