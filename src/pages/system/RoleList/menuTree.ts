/**
 * Checking menu permissions in the role form: ticking a node ticks everything under it and every
 * node above it (a button needs its page, a page its directory); unticking takes the node and
 * everything under it away. The tree runs with checkStrictly, so a page can also stand alone.
 */

export interface TreeNodeLike {
  id: number;
  children: TreeNodeLike[];
}

export interface TreeIndex {
  parent: Map<number, number | null>;
  children: Map<number, number[]>;
}

export function indexTree(nodes: readonly TreeNodeLike[]): TreeIndex {
  const parent = new Map<number, number | null>();
  const children = new Map<number, number[]>();
  const walk = (list: readonly TreeNodeLike[], up: number | null) => {
    for (const n of list) {
      parent.set(n.id, up);
      children.set(
        n.id,
        n.children.map((c) => c.id),
      );
      walk(n.children, n.id);
    }
  };
  walk(nodes, null);
  return { parent, children };
}

function descendants(index: TreeIndex, id: number): number[] {
  const out: number[] = [];
  const stack = [...(index.children.get(id) ?? [])];
  while (stack.length) {
    const next = stack.pop()!;
    out.push(next);
    stack.push(...(index.children.get(next) ?? []));
  }
  return out;
}

/** The checked set after ticking (on) or unticking one node. */
export function toggleMenu(index: TreeIndex, checked: readonly number[], id: number, on: boolean): number[] {
  const set = new Set(checked);
  if (on) {
    set.add(id);
    for (const d of descendants(index, id)) set.add(d);
    for (let p = index.parent.get(id) ?? null; p !== null; p = index.parent.get(p) ?? null) set.add(p);
  } else {
    set.delete(id);
    for (const d of descendants(index, id)) set.delete(d);
  }
  return [...set].sort((a, b) => a - b);
}

/** Every node id (for "select all"). */
export function allIds(index: TreeIndex): number[] {
  return [...index.parent.keys()].sort((a, b) => a - b);
}
