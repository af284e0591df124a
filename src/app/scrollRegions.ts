/**
 * A table wider than the page scrolls sideways; a keyboard user must be able to scroll it too, which
 * needs the scrolling box to take the focus when its rows hold no link (WCAG 2.1.1; axe's
 * scrollable-region-focusable). antd renders that box itself, so the signed-in layout watches the
 * page and gives every sideways-scrolling table box a tab stop.
 */
const SCROLL_BOXES = '.ant-table-content, .ant-table-body';

/** Gives the sideways-scrolling table boxes under `root` a tab stop; answers how many it changed. */
export function focusScrollRegions(root: ParentNode = document): number {
  let changed = 0;
  root.querySelectorAll<HTMLElement>(SCROLL_BOXES).forEach((box) => {
    if (box.hasAttribute('tabindex') || box.scrollWidth <= box.clientWidth + 1) return;
    box.tabIndex = 0;
    changed += 1;
  });
  return changed;
}

/** Keeps doing so while the page changes; answers the function that stops it. */
export function watchScrollRegions(root: HTMLElement = document.body): () => void {
  let pending = 0;
  const observer = new MutationObserver(() => {
    if (pending) return;
    pending = window.requestAnimationFrame(() => {
      pending = 0;
      focusScrollRegions(root);
    });
  });
  observer.observe(root, { childList: true, subtree: true });
  focusScrollRegions(root);
  return () => {
    observer.disconnect();
    if (pending) window.cancelAnimationFrame(pending);
  };
}
