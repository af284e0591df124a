import { useLayoutEffect, type RefObject } from 'react';

/**
 * rc-tabs puts role=tablist on the whole bar, so once the tabs overflow, its "more" button is a
 * child of the tablist that is no tab (axe: aria-required-children, critical; react-component/tabs
 * #1013). The list that holds the tabs is the tablist here, as the upstream fix has it; React
 * leaves the moved attributes alone since the props that set them never change.
 */
export function useTablistOnTheTabs(root: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const nav = root.current?.querySelector('.ant-tabs-nav');
    const list = nav?.querySelector('.ant-tabs-nav-list');
    if (!nav || !list || nav.getAttribute('role') !== 'tablist') return;
    list.setAttribute('role', 'tablist');
    list.setAttribute('aria-orientation', nav.getAttribute('aria-orientation') ?? 'horizontal');
    nav.removeAttribute('role');
    nav.removeAttribute('aria-orientation');
  });
}
