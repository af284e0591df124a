/**
 * antd tables with fixed columns or a scroll width measure their columns in a hidden row: a copy of
 * the header (rc-table MeasureRow) marked aria-hidden, yet with tabindex -1 and, under a selection
 * column, a live copy of the select-all checkbox. Screen readers skip it, the keyboard does not
 * (axe: aria-hidden-focus, 8 pages). `inert` takes the row out of the focus order too; antd gives no
 * way to render the row differently (its Table passes its own measureRowRender), so the rows are
 * marked as they appear.
 */
const SELECTOR = '.ant-table-measure-row:not([inert])';

function markAll(root: ParentNode): void {
  for (const row of root.querySelectorAll(SELECTOR)) row.setAttribute('inert', '');
}

/** Marks every measuring row now and as tables render; returns the stop. */
export function keepMeasureRowsInert(root: HTMLElement = document.body): () => void {
  markAll(root);
  let pending = false;
  const observer = new MutationObserver(() => {
    if (pending) return;
    pending = true;
    // Once per frame however many nodes a table render adds.
    requestAnimationFrame(() => {
      pending = false;
      markAll(root);
    });
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
