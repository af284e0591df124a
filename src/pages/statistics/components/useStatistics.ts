/** A statistics page's filters (in the address, so a figure can be linked to) and its figures, reloaded when they change. */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage, isUnauthorized } from '@/services/request';

export type Filters = Record<string, string | undefined>;

export function useUrlFilters(keys: readonly string[]): [Filters, (next: Filters) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is the source: recomputed only when it changes (key)
  const values = useMemo(() => Object.fromEntries(keys.map((k) => [k, params.get(k) ?? undefined])) as Filters, [key]);
  const set = useCallback(
    (next: Filters) => {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(next)) if (v !== undefined && v !== '') q.set(k, v);
      setParams(q, { replace: true });
    },
    [setParams],
  );
  return [values, set];
}

export function useFigures<T>(load: (filters: Filters) => Promise<{ data: T }>, filters: Filters, failed: string) {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the figures are read again when the filters' content (key) or version changes; load is the caller's inline function
  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    const clean = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
    load(clean)
      .then((res) => live && setData(res.data))
      .catch((err: unknown) => live && !isUnauthorized(err) && setError(errorMessage(err, failed)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [key, version]);
  return { data, loading, error, reload: () => setVersion((v) => v + 1) };
}
