import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from './scripts/lib/precompress.js';
import { FIRST_PAGE_NAMESPACES } from './src/i18nNamespaces.js';

/**
 * Client build. Every route's code is a lazy chunk (src/app/AppRoutes.tsx, pageRegistry.ts), and
 * the bundler splits the libraries by who uses them, so the login page and the public site load
 * only the parts of antd they render and nothing of the signed-in shell (pro-components, its
 * layout and tables): issue 14's first-page budget, checked on the manifest by
 * scripts/check-first-page.ts. React is one chunk every page shares; each interface language's
 * texts are two chunks, loaded when that language is in use (src/i18n.ts).
 */
/** locale-<lng> for the namespaces of the pages before sign-in, locale-<lng>-more for the others (src/i18n.ts). */
function localeChunk(id: string): string | null {
  const m = /[\\/]src[\\/]locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/.exec(id);
  if (!m) return null;
  return FIRST_PAGE_NAMESPACES.includes(m[2]!) ? `locale-${m[1]}` : `locale-${m[1]}-more`;
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@machines': fileURLToPath(new URL('./machines', import.meta.url)),
    },
  },
  server: {
    port: 8000,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: which chunks each route loads, for the first-page budget.
    manifest: true,
    chunkSizeWarningLimit: 2500,
    rolldownOptions: {
      experimental: { lazyBarrel: true },
      treeshake: {
        moduleSideEffects: [
          { test: /node_modules[\\/](rc-[^\\/]+|@rc-component[\\/][^\\/]+)[\\/]/, sideEffects: false },
          // The generated client's barrel (api.ts) re-exports every tag: a page's chunk keeps the tags it calls.
          { test: /src[\\/]services[\\/]generated[\\/]/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 50,
            },
            { debugName: 'locales', name: localeChunk, test: /[\\/]src[\\/]locales[\\/]/, priority: 40 },
          ],
        },
      },
    },
  },
});
