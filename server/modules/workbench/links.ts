/** Addresses of the pages behind the workbench's figures, with their filters (the search pages read them). */
export function drill(path: string, q: Record<string, string>): string {
  const s = new URLSearchParams(q).toString();
  return s ? `${path}?${s}` : path;
}
