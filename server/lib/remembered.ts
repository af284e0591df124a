/**
 * The answer of a pure function by its key, kept in `cache` until it holds `limit` answers, then all
 * forgotten at once: what a hot path asks again and again (working days, translated messages, the
 * events of list rows) stays small without an LRU's bookkeeping.
 */
export function remembered<T>(cache: Map<string, T>, key: string, compute: () => T, limit: number): T {
  const known = cache.get(key);
  if (known !== undefined) return known;
  const value = compute();
  if (cache.size >= limit) cache.clear();
  cache.set(key, value);
  return value;
}
