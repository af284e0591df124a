import { defineConfig } from 'vite';

/**
 * The server as one bundle for `npm start` (node dist-server/main.js): the same code tsx runs in
 * development and tests, but without transforming and resolving some 300 files at each start
 * (issue 14: a restart within 3 s). The libraries are bundled too: Node's loader spent about 1 s
 * of a restart finding, reading and linking their files one by one (measured on the 2-core
 * machine: code loaded in 2.2 → 0.85 s, with exceljs and pdf-lib left to load on first use).
 * Kept in node_modules: what reads files beside its own code (PGlite's WebAssembly and data, the
 * captcha's fonts, the docs page's assets, pino's workers, the swagger plugin's package.json) and
 * the native password hasher. The seed and other lazily imported modules stay separate chunks,
 * loaded when first needed.
 */
export default defineConfig({
  build: {
    ssr: 'server/main.ts',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rolldownOptions: { output: { entryFileNames: 'main.js' } },
  },
  ssr: {
    noExternal: true,
    external: [
      '@electric-sql/pglite',
      '@node-rs/argon2',
      '@fastify/swagger',
      '@fastify/swagger-ui',
      'svg-captcha',
      'pino',
      'thread-stream',
    ],
  },
  logLevel: 'warn',
});
