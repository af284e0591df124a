import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import i18n, { DEFAULT_LANGUAGE, i18nReady, isLanguage } from './i18n';
import { loadAntdLocale } from './app/antdLocales';
import './app/global.css';
import App from './app/App';

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// The language's texts come first (two small chunks: ours and antd's); a failed fetch still
// renders (keys or English show, the page works).
void i18nReady
  .then(() => loadAntdLocale(isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE))
  .catch(() => undefined)
  .then(render);
