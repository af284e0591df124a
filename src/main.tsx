import '@ant-design/v5-patch-for-react-19';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import i18n, { DEFAULT_LANGUAGE, i18nReady, isLanguage } from './i18n';
import { loadAntdLocale } from './app/antdLocales';
import './app/global.css';
import App from './app/App';
import { preloadRoute } from './app/AppRoutes';

// The first render is a transition: React renders it in slices of a few milliseconds, yielding to
// the browser between them, instead of one task that blocks input for the whole first page.
const render = () => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
};

// The route's layout and page start loading now, beside the texts.
preloadRoute(window.location.pathname);

// The language's texts come first (two small chunks, ours and antd's, fetched together); a
// failed fetch still renders (keys or English show, the page works).
void Promise.all([i18nReady, loadAntdLocale(isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE)])
  .catch(() => undefined)
  .then(render);
