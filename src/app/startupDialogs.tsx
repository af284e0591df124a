/**
 * The dialogs of the route guard's start-up (loading the signed-in user, single sign-on): antd's
 * static Modal and message, in the app's theme and language. A module of its own, imported when
 * a start-up actually needs to speak: the guard runs on every page, the login page included, and
 * Modal must not weigh on that page's first load (issue 14).
 */
import { ConfigProvider, Modal, message } from 'antd';
import i18n, { DEFAULT_LANGUAGE, isLanguage } from '@/i18n';
import { settingsStore } from './settings';
import { antdLocale } from './antdLocales';

// Static dialogs render outside the React tree: give them the provider the tree has.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider
      locale={antdLocale(isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE)}
      theme={{ token: { colorPrimary: settingsStore.get().primaryColor } }}
    >
      {children}
    </ConfigProvider>
  ),
});

export const startupDialogs = {
  info: (opts: { title: string; content?: string; okText: string }) => Modal.info(opts),
  error: (opts: { title: string; content: string; okText: string; onOk: () => void }) => Modal.error(opts),
  toast: (text: string, seconds: number) => void message.error(text, seconds),
};

export type StartupDialogs = typeof startupDialogs;
