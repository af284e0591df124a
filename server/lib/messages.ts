/**
 * The server's messages in the caller's language. The code writes every message in Chinese, the
 * words of SPEC.md, and zh-CN callers read exactly those; for zh-TW, en-US and pt-BR the `msg` of
 * an answer is looked up in server/lib/locales/<language>.json, keyed by the Chinese text, or by its
 * template when the code composed it (`第${row}行…` is the key `第{{0}}行…`; the values put into
 * it are translated too when they are messages themselves, such as a field's name). A text that
 * is not in the catalogue (a user's own words, a stored text of an older version) stays as it is.
 * `npm run i18n:server` keeps the catalogues in line with the code; a unit test holds them to it.
 */
import enUS from './locales/en-US.json' with { type: 'json' };
import ptBR from './locales/pt-BR.json' with { type: 'json' };
import zhTW from './locales/zh-TW.json' with { type: 'json' };
import { remembered } from './remembered.js';
import { currentRequest, type Language } from './requestScope.js';
import { escapeLike } from './textMatch.js';

type Translated = Exclude<Language, 'zh-CN'>;
export const SERVER_LANGUAGES: readonly Translated[] = ['zh-TW', 'en-US', 'pt-BR'];

const CATALOGUES: Record<Translated, Record<string, string>> = { 'zh-TW': zhTW, 'en-US': enUS, 'pt-BR': ptBR };

const PLACEHOLDER = /\{\{(\d+)\}\}/g;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Template {
  pattern: RegExp;
  /** The placeholders' numbers in the order they appear (the pattern's groups). */
  order: number[];
  /** Characters outside the placeholders: the longer, the more specific. */
  weight: number;
  translation: string;
}

/** A template's text with its literal parts and its placeholders (by number) each rewritten. */
const rewriteTemplate = (key: string, literal: (part: string) => string, placeholder: (n: number) => string): string =>
  key
    .split(PLACEHOLDER)
    .map((part, i) => (i % 2 === 0 ? literal(part) : placeholder(Number(part))))
    .join('');

/** The composed messages of one catalogue, most specific first. */
function templatesOf(catalogue: Record<string, string>): Template[] {
  const templates: Template[] = [];
  for (const [key, translation] of Object.entries(catalogue)) {
    if (!translation || !key.includes('{{')) continue;
    const order: number[] = [];
    const source = rewriteTemplate(key, escapeRegExp, (n) => {
      order.push(n);
      return '([\\s\\S]*?)';
    });
    templates.push({
      pattern: new RegExp(`^${source}$`),
      order,
      weight: key.replace(PLACEHOLDER, '').length,
      translation,
    });
  }
  return templates.sort((a, b) => b.weight - a.weight);
}

const compiled = new Map<Translated, Template[]>();
const memo = new Map<Translated, Map<string, string>>();
const MEMO_MAX = 5_000;

function translateIn(lang: Translated, text: string, depth: number): string {
  const catalogue = CATALOGUES[lang];
  const exact = catalogue[text];
  if (exact) return exact;
  if (depth > 2 || !/[\u3400-\u9fff]/.test(text)) return text;
  let templates = compiled.get(lang);
  if (!templates) compiled.set(lang, (templates = templatesOf(catalogue)));
  for (const t of templates) {
    const m = t.pattern.exec(text);
    if (!m) continue;
    const values = new Map<number, string>();
    t.order.forEach((n, i) => values.set(n, translateIn(lang, m[i + 1] ?? '', depth + 1)));
    return t.translation.replace(PLACEHOLDER, (_, n: string) => values.get(Number(n)) ?? '');
  }
  // A value put into a message may itself be composed without words of its own (`${label} ${applyNo}`):
  // its Chinese words that are messages are translated one by one (not a lone character: 粤 starts a certificate number).
  return depth > 0 ? text.replace(/[\u3400-\u9fff]{2,}/g, (word) => catalogue[word] || word) : text;
}

/** `text` (a message of the server, in Chinese) in `lang`; the request's language by default. */
export function translateMessage(text: string, lang: Language = currentRequest().lang): string {
  if (lang === 'zh-CN' || !text) return text;
  let cache = memo.get(lang);
  if (!cache) memo.set(lang, (cache = new Map()));
  return remembered(cache, text, () => translateIn(lang, text, 0), MEMO_MAX);
}

/** A row of an import's error report and the like: its `msg` translated. */
const withMessage = (item: unknown, lang: Language): unknown =>
  item && typeof item === 'object' && typeof (item as { msg?: unknown }).msg === 'string'
    ? { ...(item as Record<string, unknown>), msg: translateMessage((item as { msg: string }).msg, lang) }
    : item;

/**
 * An answer with its words in `lang`: `msg`, and for a failure the `msg` of each row it lists in
 * `data` (an import's error report). Everything else is data and stays as it is.
 */
export function localizeAnswer<T>(body: T, lang: Language, failed = false): T {
  if (lang === 'zh-CN' || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const answer = body as Record<string, unknown>;
  if (typeof answer.msg !== 'string') return body;
  // Assigned to a copy, not spread into a literal with a property after it (V8's slow path: server/modules/search/work.ts toWorkRow).
  const localized: Record<string, unknown> = Object.assign({ ...answer }, { msg: translateMessage(answer.msg, lang) });
  if (failed && Array.isArray(answer.data)) localized.data = answer.data.map((item) => withMessage(item, lang));
  return localized as T;
}

/**
 * LIKE patterns for the stored Chinese texts whose words in `lang` contain `query` (case aside):
 * a list of notices or to-dos filtered by what its reader sees, not only by the stored Chinese.
 * A composed message's pattern has `%` for its values (`新的{{0}}待受理` → `%新的%待受理%`); a message
 * that is a value of others (a business type) matches where it is put in. At most `max`.
 */
export function storedPatternsFor(query: string, lang: Language, max = 50): string[] {
  const q = query.trim().toLowerCase();
  if (lang === 'zh-CN' || !q) return [];
  const patterns: string[] = [];
  for (const [key, translation] of Object.entries(CATALOGUES[lang])) {
    if (!translation.replace(PLACEHOLDER, ' ').toLowerCase().includes(q)) continue;
    patterns.push(`%${rewriteTemplate(key, escapeLike, () => '%')}%`);
    if (patterns.length >= max) break;
  }
  return patterns;
}
