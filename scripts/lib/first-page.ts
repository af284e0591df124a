/**
 * What a browser loads before the first page shows, read from the build's manifest
 * (dist/.vite/manifest.json): the entry chunk with everything it imports statically (index.html
 * modulepreloads all of it), plus the chunks of the page's layout and page, which the router
 * loads on demand (vite preloads their static imports and CSS with them), plus the texts of one
 * language (src/i18n.ts loads them before the first render; the heaviest language is counted).
 * Sizes are gzip -9 sizes, what a browser without brotli receives.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** A page: the route and the source files its layout and page are lazy-loaded from. */
export interface FirstPage {
  route: string;
  sources: string[];
}

/** Where one arrives before signing in (issue 14): the login page and the public site's home. The budget holds for these. */
export const FIRST_PAGES: FirstPage[] = [
  { route: '/user/login', sources: ['src/layouts/UserLayout.tsx', 'src/pages/user/Login/index.tsx'] },
  { route: '/web', sources: ['src/layouts/WebLayout.tsx', 'src/pages/web/Home/index.tsx'] },
];

/** The public site's pages one reaches from its home (search forms with result tables): weighed and printed, not held to the budget. */
export const SECOND_PAGES: FirstPage[] = [
  { route: '/web/certSearch', sources: ['src/layouts/WebLayout.tsx', 'src/pages/web/CertSearch/index.tsx'] },
  { route: '/web/disclosure', sources: ['src/layouts/WebLayout.tsx', 'src/pages/web/Disclosure/index.tsx'] },
];

/** gzipped JavaScript and CSS of a first page, in kB of 1,000 bytes. */
export const FIRST_PAGE_BUDGET_KB = 250;

/**
 * Class-name prefixes only the signed-in shell's libraries carry in their code (ProLayout,
 * ProTable, ProForm and the rest of pro-components): a first-page chunk that contains one has
 * pulled that library in.
 */
const SHELL_MARKERS = ['ant-pro-layout', 'pro-layout', 'pro-table', 'pro-form', 'pro-field', 'pro-card'];

export function shellMarkers(code: string): string[] {
  return SHELL_MARKERS.filter((m) => code.includes(`'${m}`) || code.includes(`"${m}`) || code.includes(`\`${m}`));
}

export interface FileSize {
  file: string;
  /** bytes on disk */
  raw: number;
  /** gzip -9 bytes */
  gzip: number;
}

export interface PageWeight {
  route: string;
  /** the language whose texts were counted (the heaviest) */
  language: string;
  files: FileSize[];
  gzipTotal: number;
}

export function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file))
    throw new Error(`${file} is missing: build the client first (vite build; build.manifest must stay on)`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** Every file (JS and CSS) the chunks under keys bring with them through static imports. */
export function closure(manifest: Manifest, keys: readonly string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const k of keys) visit(k);
  return [...files];
}

export function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk in the manifest, found ${entries.length}`);
  return entries[0]![0];
}

/**
 * Manifest keys of the first-page texts of each language: the chunk vite.config.ts names
 * locale-<lng> (the other namespaces are in locale-<lng>-more, loaded after sign-in), and antd's
 * locale of that language (src/app/antdLocales.ts), both loaded before the first render.
 */
export function firstPageTexts(manifest: Manifest): Map<string, string[]> {
  const byLanguage = new Map<string, string[]>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const m = /^locale-([a-z]{2}-[A-Z]{2})$/.exec(chunk.name ?? '');
    if (!m) continue;
    // antd's locale is a chunk of its own, or (when a library also imports it statically) a shared
    // chunk named after it; rc-pagination's and rc-picker's locales of that name come with it.
    const antdName = m[1]!.replace('-', '_');
    const antd = Object.entries(manifest)
      .filter(([k, c]) => k.endsWith(`antd/es/locale/${antdName}.js`) || (k.startsWith('_') && c.name === antdName))
      .map(([k]) => k);
    byLanguage.set(m[1]!, [...(byLanguage.get(m[1]!) ?? []), key, ...antd]);
  }
  return byLanguage;
}

/** The files a first page loads: the entry's closure, its lazy layout and page, and one language's texts. */
export function filesOf(manifest: Manifest, page: FirstPage, language: string): string[] {
  for (const src of page.sources) {
    if (!manifest[src])
      throw new Error(`${page.route}: ${src} is not a chunk of its own in the manifest (is it still loaded lazily?)`);
  }
  const texts = firstPageTexts(manifest).get(language);
  if (!texts) throw new Error(`the manifest has no texts of ${language}`);
  return closure(manifest, [entryKey(manifest), ...page.sources, ...texts]);
}

export function sizeOf(distDir: string, file: string): FileSize {
  const raw = fs.readFileSync(path.join(distDir, file));
  return { file, raw: raw.length, gzip: zlib.gzipSync(raw, { level: 9 }).length };
}

function weighIn(
  distDir: string,
  manifest: Manifest,
  page: FirstPage,
  language: string,
  size: typeof sizeOf,
): PageWeight {
  const files = filesOf(manifest, page, language)
    .map((f) => size(distDir, f))
    .sort((a, b) => b.gzip - a.gzip);
  return { route: page.route, language, files, gzipTotal: files.reduce((s, f) => s + f.gzip, 0) };
}

/** The page's weight in its heaviest language. */
export function weigh(distDir: string, manifest: Manifest, page: FirstPage, size = sizeOf): PageWeight {
  const languages = [...firstPageTexts(manifest).keys()].sort();
  if (languages.length === 0) throw new Error('the manifest has no texts (src/locales/*/*.json)');
  return languages
    .map((lng) => weighIn(distDir, manifest, page, lng, size))
    .reduce((a, b) => (b.gzipTotal > a.gzipTotal ? b : a));
}

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

export function describe(weight: PageWeight, budgetKb = FIRST_PAGE_BUDGET_KB): string {
  const lines = [
    `${weight.route}: ${kB(weight.gzipTotal)} gzipped JS + CSS in ${weight.files.length} files, texts in ${weight.language} (budget ${budgetKb} kB)`,
  ];
  for (const f of weight.files) lines.push(`  ${kB(f.gzip).padStart(9)}  ${kB(f.raw).padStart(10)} raw  ${f.file}`);
  return lines.join('\n');
}
