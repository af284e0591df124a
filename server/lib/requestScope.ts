/**
 * What the request being served is (route and caller's address), reachable from services that
 * were not handed the request: the personal-data access log records where a view happened.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type Language = 'zh-CN' | 'zh-TW' | 'en-US' | 'pt-BR';
export const LANGUAGES: readonly Language[] = ['zh-CN', 'zh-TW', 'en-US', 'pt-BR'];

export interface RequestScope {
  /** The request's id, on every log line written while it is served (lib/requestLog.ts). */
  reqId?: string;
  route: string;
  ip: string;
  /** The caller's interface language (Accept-Language); labels of dictionaries follow it. */
  lang: Language;
  /**
   * The dictionaries' version the session's look-up read (sys_dict_version) and the app's cache of
   * what was read for it, set by the auth hook: labels cached for that version serve the request
   * (certificate/labels.ts). Unset (no session): read the dictionaries.
   */
  dictionaries?: { version: number; cache: DictionaryCache };
}

/** What one app (one database) keeps of its dictionaries for the version it last saw: the labels per language, the district names. */
export interface DictionaryCache {
  version: number;
  kept: Map<string, unknown>;
}

/**
 * What `read` answers, kept under `key` for the dictionaries' version this request's session look-up
 * saw (sys_dict_version: moved by any change to the dictionaries or the districts, migrations 0023
 * and 0030). Read again when the version moved, or outside a signed-in request.
 */
export async function keptForDictionaries<T>(key: string, read: () => Promise<T>): Promise<T> {
  const dictionaries = currentRequest().dictionaries;
  if (dictionaries) {
    const { version, cache } = dictionaries;
    if (version !== cache.version) {
      cache.version = version;
      cache.kept.clear();
    }
    const hit = cache.kept.get(key);
    if (hit !== undefined) return hit as T;
  }
  const value = await read();
  // Read after the version was, so never older than it; a request that brought an older version than the cache's meanwhile does not store.
  if (dictionaries && dictionaries.version === dictionaries.cache.version) dictionaries.cache.kept.set(key, value);
  return value;
}

/**
 * Runs `fn` in this request without its kept values: what a request reads after changing what they
 * were read from (the version it brought is already behind) is read from the database.
 */
export function withoutKept<T>(fn: () => T): T {
  const { dictionaries: _kept, ...rest } = currentRequest();
  return scope.run(rest, fn);
}

/** The first of the four languages the Accept-Language header names; zh-CN (the product's language) otherwise. */
export function languageOf(header: string | undefined): Language {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    const hit = LANGUAGES.find((l) => l.toLowerCase() === tag);
    if (hit) return hit;
    if (/^zh-(tw|hk|mo)|^zh-hant/.test(tag)) return 'zh-TW';
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
    if (tag.startsWith('pt')) return 'pt-BR';
  }
  return 'zh-CN';
}

const scope = new AsyncLocalStorage<RequestScope>();

export function runInRequest<T>(value: RequestScope, fn: () => T): T {
  return scope.run(value, fn);
}

/** The id of the request in progress, if any (a plain read: called for every log line). */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.reqId;
}

/** The request in progress; outside any (jobs, seeds, scripts) a named stand-in. */
export function currentRequest(): RequestScope {
  return scope.getStore() ?? { route: 'internal', ip: '', lang: 'zh-CN' };
}
