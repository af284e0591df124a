import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from './scripts/lib/precompress';

/**
 * Client build. Pages are lazy routes (React.lazy in src/app/pageRegistry.ts); the UI
 * libraries are split into their own chunks so app code stays small (STACK.md gotcha).
 */
const vendorGroups: { name: string; test: RegExp; priority: number }[] = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 50 },
  { name: 'vendor-icons', test: /node_modules[\\/]@ant-design[\\/](icons|icons-svg)[\\/]/, priority: 45 },
  { name: 'vendor-antd', test: /node_modules[\\/](antd|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color|react-slick|v5-patch-for-react-19)|rc-[^\\/]+|@rc-component)[\\/]/, priority: 40 },
  { name: 'vendor-pro', test: /node_modules[\\/]@ant-design[\\/]pro-/, priority: 30 },
  { name: 'vendor-misc', test: /node_modules[\\/](i18next|react-i18next|xstate|@xstate|axios|dayjs)[\\/]/, priority: 10 },
];

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
    chunkSizeWarningLimit: 2500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: vendorGroups,
        },
      },
    },
  },
});
