/**
 * The first-page budget check (scripts/check-first-page.ts, run by `npm test` after the build)
 * on a small build of its own: what it counts as a page's load, the heaviest language, and that
 * a page over the budget or with the signed-in shell's code in it is caught.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closure,
  describe as describeWeight,
  filesOf,
  shellMarkers,
  weigh,
  type Manifest,
} from '../../scripts/lib/first-page.js';

let dist: string;
/** bytes that gzip to about their own size (incompressible), so a file weighs what we write */
const noise = (kB: number) => randomBytes(kB * 1000);

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_react-b.js'],
    css: ['assets/index-a.css'],
    dynamicImports: ['src/layouts/UserLayout.tsx'],
  },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_shared-c.js': { file: 'assets/shared-c.js', imports: ['_react-b.js'] },
  'src/layouts/UserLayout.tsx': { file: 'assets/UserLayout-d.js', isDynamicEntry: true, imports: ['_shared-c.js'] },
  'src/pages/user/Login/index.tsx': {
    file: 'assets/Login-e.js',
    isDynamicEntry: true,
    imports: ['_shared-c.js'],
    css: ['assets/Login-e.css'],
  },
  'src/layouts/WebLayout.tsx': { file: 'assets/WebLayout-f.js', isDynamicEntry: true },
  'src/pages/web/Home/index.tsx': { file: 'assets/Home-g.js', isDynamicEntry: true, imports: ['_pro-h.js'] },
  '_pro-h.js': { file: 'assets/pro-h.js' },
  'src/pages/web/CertSearch/index.tsx': {
    file: 'assets/CertSearch-n.js',
    isDynamicEntry: true,
    imports: ['_pro-h.js'],
  },
  'src/pages/web/Disclosure/index.tsx': { file: 'assets/Disclosure-o.js', isDynamicEntry: true },
  'src/layouts/BasicLayout/index.tsx': {
    file: 'assets/BasicLayout-i.js',
    isDynamicEntry: true,
    imports: ['_pro-h.js'],
  },
  '_locale-zh-CN-j.js': { file: 'assets/locale-zh-CN-j.js', name: 'locale-zh-CN' },
  '_locale-zh-CN-more-k.js': { file: 'assets/locale-zh-CN-more-k.js', name: 'locale-zh-CN-more' },
  '_locale-en-US-l.js': { file: 'assets/locale-en-US-l.js', name: 'locale-en-US' },
  'node_modules/antd/es/locale/zh_CN.js': { file: 'assets/zh_CN-m.js', isDynamicEntry: true },
};

const sizes: Record<string, number> = {
  'index-a.js': 40,
  'index-a.css': 2,
  'react-b.js': 80,
  'shared-c.js': 50,
  'UserLayout-d.js': 3,
  'Login-e.js': 10,
  'Login-e.css': 1,
  'WebLayout-f.js': 5,
  'Home-g.js': 4,
  'pro-h.js': 200,
  'BasicLayout-i.js': 30,
  'CertSearch-n.js': 6,
  'Disclosure-o.js': 3,
  'locale-zh-CN-j.js': 9,
  'locale-zh-CN-more-k.js': 12,
  'locale-en-US-l.js': 7,
  'zh_CN-m.js': 2,
};

const LOGIN = { route: '/user/login', sources: ['src/layouts/UserLayout.tsx', 'src/pages/user/Login/index.tsx'] };
const WEB = { route: '/web', sources: ['src/layouts/WebLayout.tsx', 'src/pages/web/Home/index.tsx'] };

beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, '.vite'));
  for (const [file, kB] of Object.entries(sizes)) fs.writeFileSync(path.join(dist, 'assets', file), noise(kB));
  // The signed-in shell's libraries name their class prefixes in their code.
  fs.appendFileSync(path.join(dist, 'assets', 'pro-h.js'), "\nconst p = 'ant-pro-layout';");
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('first-page weight', () => {
  it('follows static imports and CSS, not dynamic ones', () => {
    expect(closure(manifest, ['index.html']).sort()).toEqual([
      'assets/index-a.css',
      'assets/index-a.js',
      'assets/react-b.js',
    ]);
  });

  it('is the entry, the lazy layout and page with their imports, and one language (texts before sign-in, antd locale)', () => {
    expect(filesOf(manifest, LOGIN, 'zh-CN').sort()).toEqual([
      'assets/Login-e.css',
      'assets/Login-e.js',
      'assets/UserLayout-d.js',
      'assets/index-a.css',
      'assets/index-a.js',
      'assets/locale-zh-CN-j.js',
      'assets/react-b.js',
      'assets/shared-c.js',
      'assets/zh_CN-m.js',
    ]);
  });

  it('counts the heaviest language, in gzipped kB per file', () => {
    const w = weigh(dist, manifest, LOGIN);
    expect(w.language).toBe('zh-CN');
    expect(w.gzipTotal / 1000).toBeGreaterThan(40 + 2 + 80 + 50 + 3 + 10 + 1 + 9 + 2 - 3);
    expect(w.gzipTotal / 1000).toBeLessThan(40 + 2 + 80 + 50 + 3 + 10 + 1 + 9 + 2 + 5);
    const text = describeWeight(w, 250);
    expect(text).toMatch(/^\/user\/login: \d+\.\d kB gzipped JS \+ CSS in 9 files, texts in zh-CN \(budget 250 kB\)/);
    expect(text).toContain('assets/react-b.js');
  });

  it('takes in what the page itself imports, the signed-in shell included', () => {
    expect(filesOf(manifest, WEB, 'zh-CN')).toContain('assets/pro-h.js');
    expect(filesOf(manifest, LOGIN, 'zh-CN')).not.toContain('assets/pro-h.js');
  });

  it('refuses a page whose layout or page is not a lazy chunk of its own', () => {
    expect(() => filesOf(manifest, { route: '/x', sources: ['src/pages/x/index.tsx'] }, 'zh-CN')).toThrow(
      /not a chunk of its own/,
    );
  });

  it('finds the signed-in shell in a chunk by its class prefixes', () => {
    expect(shellMarkers("x='ant-pro-layout'")).toEqual(['ant-pro-layout']);
    expect(shellMarkers('x=`pro-layout-${a}`,y="pro-form"')).toEqual(['pro-layout', 'pro-form']);
    expect(shellMarkers('x=`pro-table-${a}`')).toEqual(['pro-table']);
    expect(shellMarkers("x='ant-btn';y='ant-form-item'")).toEqual([]);
  });
});

describe('scripts/check-first-page.ts', () => {
  const check = () =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-first-page.ts'], {
      encoding: 'utf8',
      env: { ...process.env, DIST_DIR: dist },
    });

  it('fails on a page over the budget or carrying the signed-in shell, naming the chunks and their sizes', () => {
    const run = check();
    expect(run.status).toBe(1);
    // /user/login (~197 kB) is within 250 kB; /web pulls pro-h.js (200 kB, with ProLayout's marker) in.
    expect(run.stdout).toMatch(/\/web: \d+\.\d kB gzipped/);
    expect(run.stdout).toMatch(/OVER BUDGET by/);
    expect(run.stdout).toMatch(/signed-in shell code loaded before sign-in: assets\/pro-h\.js/);
    expect(run.stdout).toMatch(/\d+\.\d kB +\d+\.\d kB raw +assets\/pro-h\.js/);
    expect(run.stdout.split('\n').filter((l) => l.includes('OVER BUDGET'))).toHaveLength(1);
    // the pages reached from /web are weighed, not held to the budget
    expect(run.stdout).toMatch(/\/web\/certSearch \(reached from \/web, not held to the budget\): \d+\.\d kB/);
    expect(run.stdout).toContain('2 first-page check(s) failed.');
  });

  it('passes when the pages are within the budget', () => {
    const lean: Manifest = {
      ...manifest,
      'src/pages/web/Home/index.tsx': { file: 'assets/Home-g.js', isDynamicEntry: true },
    };
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(lean));
    try {
      const run = check();
      expect(run.stdout).toContain('First pages within 250 kB.');
      expect(run.status).toBe(0);
    } finally {
      fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    }
  });
});
