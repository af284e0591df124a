/** Trees of rows with parent ids (menus, departments, districts). */
export type TreeNode<T> = T & { children?: TreeNode<T>[] };

/**
 * Nests rows under their parents, keeping the given order among siblings. Rows whose parent is
 * not in the list become roots (a filtered list still shows as a tree).
 */
export function buildTree<T, K>(rows: readonly T[], idOf: (r: T) => K, parentOf: (r: T) => K | null): TreeNode<T>[] {
  const nodes = new Map<K, TreeNode<T>>();
  for (const r of rows) nodes.set(idOf(r), { ...r } as TreeNode<T>);
  const roots: TreeNode<T>[] = [];
  for (const r of rows) {
    const node = nodes.get(idOf(r))!;
    const pid = parentOf(r);
    const parent = pid === null ? undefined : nodes.get(pid);
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** The ids plus every ancestor, from a parent lookup (cycles are cut). */
export function withAncestors<K>(ids: Iterable<K>, parentOf: (id: K) => K | null | undefined): Set<K> {
  const out = new Set<K>();
  for (const id of ids) {
    for (let cur: K | null | undefined = id; cur !== null && cur !== undefined && !out.has(cur); cur = parentOf(cur))
      out.add(cur);
  }
  return out;
}

/** Every id below `root` (not including it), from a child lookup. */
export function descendantsOf<K>(root: K, childrenOf: (id: K) => readonly K[]): Set<K> {
  const out = new Set<K>();
  const stack = [...childrenOf(root)];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...childrenOf(id));
  }
  return out;
}
