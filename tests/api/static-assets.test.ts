/**
 * Issue 14: the built client is served as the build compressed it (brotli, else gzip, else the
 * file itself, by Accept-Encoding), hashed files under assets/ are cached for a year, and
 * index.html (also as the answer to a client route) is revalidated on every visit. The client
 * here is a small build-like directory compressed by the same code as `vite build`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { buildApp } from '../../server/app.js';
import { precompressDir } from '../../scripts/lib/precompress.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

let t: TestApp;
let app: FastifyInstance;
let clientDir: string;
const file = (rel: string) => fs.readFileSync(path.join(clientDir, rel));

/** Text that compresses like code does, big enough to be worth it. */
const code = (name: string) =>
  Array.from({ length: 400 }, (_, i) => `export const ${name}${i} = () => console.log('${name} ${i}');`).join('\n');

apiSuite({
  ready: async (t_) => {
    t = t_;
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      `<!doctype html><html><head><script type="module" src="/assets/index-AbC123xy.js"></script></head><body><div id="root"></div>${'<!-- pad -->'.repeat(120)}</body></html>`,
    );
    fs.writeFileSync(path.join(clientDir, 'assets', 'index-AbC123xy.js'), code('entry'));
    fs.writeFileSync(
      path.join(clientDir, 'assets', 'index-Zz9Yy8Xx.css'),
      Array.from({ length: 300 }, (_, i) => `.c${i}{color:#${String(i).padStart(6, '0')}}`).join('\n'),
    );
    fs.writeFileSync(path.join(clientDir, 'assets', 'tiny-Q1w2E3r4.js'), 'export {};');
    // Already compressed data: a copy would be bigger, so the build keeps none.
    fs.writeFileSync(path.join(clientDir, 'assets', 'noise-P0o9I8u7.js'), randomBytes(4096));
    fs.writeFileSync(path.join(clientDir, 'robots.txt'), `User-agent: *\n${'Disallow: /api/\n'.repeat(100)}`);
    await precompressDir(clientDir);
    app = await buildApp({
      config: { ...t.config, clientDir },
      database: t.database,
      clock: t.clock,
      sms: t.sms,
      logger: false,
    });
    await app.ready();
  },
});
// Registered after the suite's own: runs before the test app closes (after-hooks run in reverse).
afterAll(async () => {
  await app?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('the build', () => {
  it('leaves a brotli and a gzip copy beside every text file worth compressing, and none where it would not help', () => {
    for (const rel of ['index.html', 'assets/index-AbC123xy.js', 'assets/index-Zz9Yy8Xx.css', 'robots.txt']) {
      expect(zlib.brotliDecompressSync(file(`${rel}.br`))).toEqual(file(rel));
      expect(zlib.gunzipSync(file(`${rel}.gz`))).toEqual(file(rel));
      expect(file(`${rel}.br`).length).toBeLessThan(file(rel).length / 3);
    }
    for (const rel of ['assets/tiny-Q1w2E3r4.js', 'assets/noise-P0o9I8u7.js']) {
      expect(fs.existsSync(path.join(clientDir, `${rel}.br`))).toBe(false);
      expect(fs.existsSync(path.join(clientDir, `${rel}.gz`))).toBe(false);
    }
  });
});

describe('hashed assets', () => {
  it('come in brotli when the browser takes it, decompressing to the file, cached for a year', async () => {
    const res = await get('/assets/index-AbC123xy.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBe(file('assets/index-AbC123xy.js.br').length);
    expect(zlib.brotliDecompressSync(res.rawPayload)).toEqual(file('assets/index-AbC123xy.js'));
  });

  it('come in gzip to a browser without brotli', async () => {
    const res = await get('/assets/index-Zz9Yy8Xx.css', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/text\/css/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.gunzipSync(res.rawPayload)).toEqual(file('assets/index-Zz9Yy8Xx.css'));
  });

  it('come as they are to a client that takes no encoding, or when the build kept no copy', async () => {
    const plain = await get('/assets/index-AbC123xy.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload).toEqual(file('assets/index-AbC123xy.js'));
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    const identity = await get('/assets/index-AbC123xy.js', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    const noise = await get('/assets/noise-P0o9I8u7.js', 'br, gzip');
    expect(noise.headers['content-encoding']).toBeUndefined();
    expect(noise.rawPayload).toEqual(file('assets/noise-P0o9I8u7.js'));
    expect(noise.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('that do not exist are a 404, not the page in their place', async () => {
    const res = await get('/assets/index-OldBuild.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.headers['cache-control']).not.toBe(IMMUTABLE);
  });
});

describe('index.html', () => {
  it('is revalidated on every visit, at / and at every client route, and comes compressed', async () => {
    for (const url of [
      '/',
      '/index.html',
      '/user/login',
      '/web',
      '/web/certSearch',
      '/cert/ABCDEF123',
      '/system/user',
    ]) {
      const br = await get(url, 'gzip, deflate, br');
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-type'], url).toMatch(/text\/html/);
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(String(br.headers.vary), url).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(br.rawPayload), url).toEqual(file('index.html'));

      const gz = await get(url, 'gzip');
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload), url).toEqual(file('index.html'));

      const plain = await get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers['cache-control'], url).toBe('no-cache');
      expect(plain.rawPayload, url).toEqual(file('index.html'));
    }
  });

  it('other files outside assets/ carry no hash and are revalidated too', async () => {
    const res = await get('/robots.txt', 'br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload)).toEqual(file('robots.txt'));
  });

  it('is not what an unknown API path or a non-GET gets', async () => {
    const api = await get('/api/no-such-thing', 'br');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 404, msg: '接口不存在' });
    const post = await app.inject({ method: 'POST', url: '/user/login' });
    expect(post.statusCode).toBe(404);
  });
});
