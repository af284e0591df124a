/**
 * React.lazy for a page that is not a first page (issue 14): its code and the rest of the
 * language's texts (src/i18n.ts) load together, so the page renders with every namespace it
 * reads, while the login page and the public site carry only theirs.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadAllTexts } from '@/i18n';

export function lazyPage<P = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => Promise.all([load(), loadAllTexts()]).then(([page]) => page));
}
