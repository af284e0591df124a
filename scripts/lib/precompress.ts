/**
 * Brotli and gzip copies of the built client, made once at build time so the server never
 * compresses on the fly: `vite build` runs the plugin below, and the server sends `x.js.br` or
 * `x.js.gz` for `x.js` by the browser's Accept-Encoding (@fastify/static preCompressed).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images and fonts of the build are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|wasm)$/i;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** Writes `f.br` and `f.gz` beside every compressible file of dir; a copy that does not shrink the file (a tiny one) is not written. */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const files = (await listFiles(dir)).filter((f) => COMPRESSIBLE.test(f));
  await Promise.all(
    files.map(async (file) => {
      const raw = await fs.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      result.files += 1;
      result.bytes += raw.length;
      if (br.length < raw.length) {
        await fs.writeFile(`${file}.br`, br);
        result.brotliBytes += br.length;
      }
      if (gz.length < raw.length) {
        await fs.writeFile(`${file}.gz`, gz);
        result.gzipBytes += gz.length;
      }
    }),
  );
  return result;
}

/** The vite plugin: compresses the output directory once the bundle is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  let log: (line: string) => void = () => undefined;
  return {
    name: 'safecert-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      log = (line) => config.logger.info(line);
    },
    async closeBundle() {
      const r = await precompressDir(outDir);
      const kB = (n: number) => `${Math.round(n / 1024)} kB`;
      log(`precompressed ${r.files} files: ${kB(r.bytes)} → brotli ${kB(r.brotliBytes)}, gzip ${kB(r.gzipBytes)}`);
    },
  };
}
