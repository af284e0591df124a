import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/services/request';

/**
 * The detail a drawer shows for `id` (null: closed): loaded again when `id` changes, a late answer
 * for an earlier id dropped; `detail` is null while loading, `error` the server's words or
 * `failedText`.
 */
export function useDetail<T>(id: number | null, load: (id: number) => Promise<{ data: T }>, failedText: string) {
  const [detail, setDetail] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The caller's function changes identity on every render; the id alone decides when to load.
  const loader = useRef(load);
  loader.current = load;
  const failed = useRef(failedText);
  failed.current = failedText;

  useEffect(() => {
    setDetail(null);
    setError(null);
    if (id === null) return undefined;
    let live = true;
    loader
      .current(id)
      .then((res) => live && setDetail(res.data))
      .catch((err: unknown) => live && setError(errorMessage(err, failed.current)));
    return () => {
      live = false;
    };
  }, [id]);

  return { detail, error };
}
