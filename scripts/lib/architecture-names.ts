/**
 * What docs/architecture.md must name, read from the source tree: every statechart
 * (machines/*.machine.ts) and every route module — a file under server/modules that declares a
 * fastify plugin, registers a route on a path, or is imported into a route list by server/app.ts or
 * server/modules/registry.ts. The scheduled jobs come from server/jobs/catalog.ts (JOBS) itself.
 * tests/unit/architecture-doc.test.ts fails naming each one the document does not mention.
 */
import fs from 'node:fs';
import path from 'node:path';

const toPosix = (p: string) => p.split(path.sep).join('/');

function filesUnder(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    const abs = path.join(root, rel);
    if (!fs.existsSync(abs)) return;
    for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(toPosix(child));
    }
  };
  walk(dir);
  return out.sort();
}

/** The statecharts: machines/<name>.machine.ts. */
export function machineFiles(root: string): string[] {
  return filesUnder(root, 'machines').filter((f) => /^machines\/[^/]+\.machine\.ts$/.test(f));
}

/** `const x: FastifyPluginAsyncZod = …` (or FastifyPluginAsync / FastifyPluginCallback): a plugin of routes. */
const DECLARES_PLUGIN = /:\s*FastifyPlugin(?:Async|Callback)(?:Zod)?\s*(?:<[^>]*>)?\s*=/;
/** `app.get('/path'`, `api.post(\`/path/${x}\``: a route on a written path. */
const ROUTE_ON_PATH = /\b\w+\.(?:get|post|put|patch|delete|head|options|all)\s*(?:<[^>]*>)?\(\s*['"`]\//;
/** `app.route({ … })`. */
const ROUTE_OBJECT = /\b\w+\.route\(\s*\{/;

/** The files under server/modules that route lists (server/app.ts, server/modules/registry.ts) import a *Routes binding from. */
export function routeListFiles(root: string): string[] {
  const lists = ['server/app.ts', 'server/modules/registry.ts'];
  const found = new Set<string>();
  for (const list of lists) {
    const abs = path.join(root, list);
    if (!fs.existsSync(abs)) continue;
    const text = fs.readFileSync(abs, 'utf8');
    for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/g)) {
      // The exported name (`xRoutes as y` counts as xRoutes).
      const names = m[1]!.split(',').map((n) =>
        n
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim(),
      );
      if (!names.some((n) => /Routes$/.test(n))) continue;
      const target = toPosix(
        path.posix.normalize(path.posix.join(path.posix.dirname(list), m[2]!.replace(/\.js$/, '.ts'))),
      );
      // A route list imported by another (registry.ts's apiRoutes into app.ts) is a list, not a module.
      if (target.startsWith('server/modules/') && !lists.includes(target)) found.add(target);
    }
  }
  return [...found].sort();
}

/** Every route module: declared plugins, files registering routes on paths, and what the route lists import. */
export function routeModules(root: string): string[] {
  const found = new Set<string>(routeListFiles(root));
  for (const file of filesUnder(root, 'server/modules')) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    if (DECLARES_PLUGIN.test(text) || ROUTE_ON_PATH.test(text) || ROUTE_OBJECT.test(text)) found.add(file);
  }
  return [...found].sort();
}

/** The names a document does not mention (each looked for as written, e.g. a path or `jobName`). */
export function unmentioned(doc: string, names: readonly string[]): string[] {
  return names.filter((name) => !doc.includes(name));
}

/** A file or folder of the repository named in backticks: `server/…`, `machines/…`, `src/…`, `scripts/…`, `tests/…`, `docs/…`. */
const PATH_IN_BACKTICKS = /`((?:server|machines|src|scripts|tests|docs)\/[A-Za-z0-9_./-]*)`/g;

/**
 * Paths a document names that do not exist, except where the text says they are on a branch being
 * merged: a paragraph, list item or table row containing `[branch`, or any text under a heading that
 * does. Placeholders (`<area>`, `{a,b}`, `*`) are not looked for.
 */
export function missingPaths(root: string, doc: string): string[] {
  const missing = new Set<string>();
  let headingOnBranch = false;
  let block: string[] = [];
  const flush = () => {
    const text = block.join('\n');
    block = [];
    if (headingOnBranch || text.includes('[branch')) return;
    for (const m of text.matchAll(PATH_IN_BACKTICKS)) {
      const rel = m[1]!;
      if (!fs.existsSync(path.join(root, rel))) missing.add(rel);
    }
  };
  for (const line of doc.split('\n')) {
    if (/^#{1,6}\s/.test(line)) {
      flush();
      headingOnBranch = line.includes('[branch');
      block.push(line);
      flush();
      continue;
    }
    if (line.trim() === '' || /^\s*(\||- |\d+\.\s)/.test(line)) flush();
    if (line.trim() !== '') block.push(line);
  }
  flush();
  return [...missing].sort();
}
