/** The statutory time limits the server counts overdue by (sys_config), loaded once per page load. */
import { useEffect, useState } from 'react';
import { workflowDeadlines } from '@/services/generated/api';
import type { WorkflowDeadlines200Data as Deadlines } from '@/services/generated/api.schemas';

let pending: Promise<Deadlines | null> | null = null;

function load(): Promise<Deadlines | null> {
  // A failed load is retried by the next page that asks; the text shows "…" meanwhile.
  pending ??= workflowDeadlines().then(
    (r) => r.data ?? null,
    () => {
      pending = null;
      return null;
    },
  );
  return pending;
}

/** Interpolation values for the texts that name the limits: `{ review, modify }` ("…" until known). */
export function useDeadlineTexts(enabled = true): { review: number | string; modify: number | string } {
  const [d, setD] = useState<Deadlines | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    void load().then((v) => {
      if (live) setD(v);
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  return { review: d?.reviewDays ?? '…', modify: d?.modifyDays ?? '…' };
}
