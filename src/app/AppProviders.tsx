/**
 * Providers: antd ConfigProvider (locale and dayjs follow the language; the theme from the primary
 * colour of the settings drawer, at readable contrast: ./theme), the router, and the session actor.
 * antd's App (message/modal hooks) wraps the signed-in layout only (src/layouts/BasicLayout): its
 * dialogs are not part of the login page's or the public site's first load (issue 14).
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import i18n, { DEFAULT_LANGUAGE, isLanguage } from '@/i18n';
import { useLayoutSettings } from './settings';
import { SessionProvider } from './session';
import { loadPublicSettings } from './publicSettings';
import { accessibleTheme } from './theme';
import { useAntdLocale } from './antdLocales';
import { keepMeasureRowsInert } from './inertMeasureRows';

function ThemedProviders({ children }: { children: ReactNode }) {
  const { i18n: inst } = useTranslation();
  const settings = useLayoutSettings();
  const lng = isLanguage(inst.resolvedLanguage) ? inst.resolvedLanguage : DEFAULT_LANGUAGE;
  const theme = useMemo(() => accessibleTheme(settings.primaryColor), [settings.primaryColor]);
  const locale = useAntdLocale(lng);

  useEffect(() => {
    document.body.classList.toggle('colorWeak', settings.colorWeak);
  }, [settings.colorWeak]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the title follows the language (lng); inst.t reads it without naming it
  useEffect(() => {
    document.title = inst.t('shell:title');
  }, [inst, lng]);

  return (
    <ConfigProvider locale={locale} theme={theme}>
      {children}
    </ConfigProvider>
  );
}

export default function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => {
    void loadPublicSettings();
  }, []);
  useEffect(() => keepMeasureRowsInert(), []);
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
