/**
 * Which way imports run (README "Layout", DESIGN "Layout"), checked on the source tree:
 * machines ← server/workflow ← server/modules, machines ← src; the engine knows no business
 * module; the seed's reference data knows nothing above the database; no two folders of server/
 * import each other (directly or round a longer loop); no file of src/ imports itself back.
 * Type-only imports count: a type is a dependency too.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface ImportEdge {
  from: string;
  to: string;
}

const SOURCE = /\.(ts|tsx)$/;
const SPECIFIERS = [
  /^\s*import\s+(?:type\s+)?[^'";]*?\sfrom\s+['"]([^'"]+)['"]/gm,
  /^\s*import\s+['"]([^'"]+)['"]/gm,
  /^\s*export\s+(?:type\s+)?(?:\*|\{[^}]*\})\s*(?:as\s+\w+\s+)?from\s+['"]([^'"]+)['"]/gm,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

function listFiles(root: string, dir: string, out: string[]): void {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(root, rel, out);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
  }
}

/** The file a specifier names, relative to the root; null for packages. */
function resolve(root: string, from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.posix.join('src', spec.slice(2));
  else if (spec.startsWith('@machines/')) base = path.posix.join('machines', spec.slice('@machines/'.length));
  else if (spec.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return null;
  const stem = base.replace(/\.(js|jsx|ts|tsx)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`, `${stem}/index.tsx`, base]) {
    if (fs.existsSync(path.join(root, candidate)) && fs.statSync(path.join(root, candidate)).isFile()) return candidate;
  }
  return null;
}

/** Every import between files of the tree (packages left out). */
export function importEdges(
  root: string,
  dirs: readonly string[] = ['machines', 'server', 'src', 'scripts'],
): ImportEdge[] {
  const files: string[] = [];
  for (const d of dirs) if (fs.existsSync(path.join(root, d))) listFiles(root, d, files);
  const edges: ImportEdge[] = [];
  for (const from of files) {
    const text = fs.readFileSync(path.join(root, from), 'utf8');
    const seen = new Set<string>();
    for (const re of SPECIFIERS) {
      for (const m of text.matchAll(re)) {
        const to = resolve(root, from, m[1]!);
        if (to && to !== from && !seen.has(to)) {
          seen.add(to);
          edges.push({ from, to });
        }
      }
    }
  }
  return edges;
}

interface Rule {
  /** Files the rule is about. */
  files: RegExp;
  /** What they may import (anything else is a violation). */
  mayImport: RegExp;
  why: string;
}

const RULES: Rule[] = [
  { files: /^machines\//, mayImport: /^machines\//, why: 'machines are pure: they import nothing of the app' },
  { files: /^src\//, mayImport: /^(src|machines)\//, why: 'the browser reaches the server over HTTP only' },
  { files: /^server\//, mayImport: /^(server|machines)\//, why: 'the server does not import the client or scripts' },
  {
    files: /^server\/workflow\//,
    mayImport:
      /^(machines\/|server\/workflow\/|server\/lib\/|server\/db\/(client|schema|sql|prerendered)\.ts$|server\/context\.ts$|server\/config\.ts$)/,
    why: 'the engine imports only machines, the database and lib; business types register with it',
  },
  {
    files: /^server\/(db|lib)\//,
    mayImport: /^(machines\/|server\/db\/|server\/lib\/|server\/context\.ts$|server\/config\.ts$)/,
    why: 'the database, its reference data and lib sit below every module',
  },
];

export interface Violation {
  edge: ImportEdge;
  why: string;
}

export function directionViolations(edges: readonly ImportEdge[]): Violation[] {
  const out: Violation[] = [];
  for (const edge of edges) {
    for (const rule of RULES) {
      if (rule.files.test(edge.from) && !rule.mayImport.test(edge.to)) out.push({ edge, why: rule.why });
    }
  }
  return out;
}

/** Strongly connected components with more than one node (Tarjan). */
function cycles(nodes: readonly string[], next: (n: string) => readonly string[]): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, idx.get(w)!));
      }
    }
    if (low.get(v) === idx.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1) found.push(part.sort());
    }
  };
  for (const n of nodes) if (!idx.has(n)) visit(n);
  return found;
}

const graph = (edges: readonly ImportEdge[], key: (file: string) => string) => {
  const out = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    const a = key(from);
    const b = key(to);
    if (a === b) continue;
    if (!out.has(a)) out.set(a, new Set());
    if (!out.has(b)) out.set(b, new Set());
    out.get(a)!.add(b);
  }
  return out;
};

/** Folders of server/ that import each other, directly or round a loop. */
export function folderCycles(edges: readonly ImportEdge[]): string[][] {
  // The files at the top of server/ (app, main, bootstrap, context, config) each stand alone: app.ts imports every module by design.
  const key = (f: string) => (path.posix.dirname(f) === 'server' ? f : path.posix.dirname(f));
  const g = graph(
    edges.filter((e) => e.from.startsWith('server/') && e.to.startsWith('server/')),
    key,
  );
  return cycles([...g.keys()].sort(), (n) => [...(g.get(n) ?? [])].sort());
}

/** Files of src/ that import themselves back. */
export function clientFileCycles(edges: readonly ImportEdge[]): string[][] {
  const g = graph(
    edges.filter((e) => e.from.startsWith('src/') && e.to.startsWith('src/')),
    (f) => f,
  );
  return cycles([...g.keys()].sort(), (n) => [...(g.get(n) ?? [])].sort());
}
