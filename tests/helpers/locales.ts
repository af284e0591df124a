/** Reading the interface texts (src/locales/<language>/<namespace>.json) in tests. */
import fs from 'node:fs';
import path from 'node:path';

export const LOCALES_DIR = path.resolve(import.meta.dirname, '../../src/locales');
export const LANGS = ['zh-CN', 'zh-TW', 'en-US', 'pt-BR'] as const;
export type Lang = (typeof LANGS)[number];

/** A namespace's nested texts as dotted keys (`a.b.c` → text). */
export function leaves(obj: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return prefix ? { [prefix]: String(obj) } : out;
  for (const [k, v] of Object.entries(obj as Record<string, unknown>))
    Object.assign(out, leaves(v, prefix ? `${prefix}.${k}` : k));
  return out;
}

/** The raw JSON of one language's namespace. */
export const rawLocale = (lng: string, ns: string): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, lng, `${ns}.json`), 'utf8')) as Record<string, unknown>;

/** One language's namespace as dotted keys. */
export const loadLocale = (lng: string, ns: string): Record<string, string> => leaves(rawLocale(lng, ns));

/** The interpolations of a text ({{name}}), sorted. */
export const placeholders = (text: string): string[] => (text.match(/\{\{\w+\}\}/g) ?? []).sort();

/** Characters of simplified Chinese only (their traditional forms differ): none belongs in zh-TW. */
export const SIMPLIFIED_ONLY =
  /[们书证业个务发会对应与过还进问间点记设请认让议论资开关时实现电号类级统计规视术单员题额页项验预选码称网联编续经结给维质负责败账费违运连递邮释错键长闭阅队险际难须顺领频风导删启审户帐这说条数据库详细输态历举办册]/;
