/**
 * Drill-down into a search page: a statistics figure or a detail link navigates to the page with its
 * filters in the address (e.g. /search/workSearch?businessType=delay&overdue=1). Filters the page's
 * form has are filled in; the others (an enterprise id, an area) stay as removable tags.
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/** A date-range form field filled from two address parameters. */
export interface DrillRange {
  field: string;
  from: string;
  to: string;
}

/** The address of a search page with these filters (empty values left out). */
export function drillUrl(path: string, filters: Record<string, string | number | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export interface DrillFilters {
  /** Initial values of the search form (simple fields by name, ranges as [from, to]). */
  initialValues: Record<string, unknown>;
  /** Filters the form does not show: sent with every request, shown as tags. */
  hidden: Record<string, string>;
  /** Removes a hidden filter from the address. */
  remove: (key: string) => void;
  /** Whether the page was opened with filters (the search form starts expanded). */
  any: boolean;
}

/**
 * Splits the address parameters into the form's initial values (`formFields`, `ranges`) and hidden
 * filters (`hiddenFields`); anything else is ignored.
 */
export function splitDrill(
  params: URLSearchParams,
  formFields: readonly string[],
  ranges: readonly DrillRange[],
  hiddenFields: readonly string[],
) {
  const initialValues: Record<string, unknown> = {};
  const hidden: Record<string, string> = {};
  for (const f of formFields) {
    const v = params.get(f);
    if (v) initialValues[f] = v;
  }
  for (const r of ranges) {
    const from = params.get(r.from);
    const to = params.get(r.to);
    if (from || to) initialValues[r.field] = [from ?? undefined, to ?? undefined];
  }
  for (const f of hiddenFields) {
    const v = params.get(f);
    if (v) hidden[f] = v;
  }
  return { initialValues, hidden };
}

export function useDrillFilters(
  formFields: readonly string[],
  ranges: readonly DrillRange[] = [],
  hiddenFields: readonly string[] = [],
): DrillFilters {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is the source: recomputed only when it changes (key)
  const split = useMemo(() => splitDrill(params, formFields, ranges, hiddenFields), [key]);
  return {
    ...split,
    remove: (k: string) => {
      const next = new URLSearchParams(params);
      next.delete(k);
      setParams(next, { replace: true });
    },
    any: key.length > 0,
  };
}
