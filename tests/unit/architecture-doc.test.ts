/**
 * docs/architecture.md describes the code as it is: every statechart (machines/*.machine.ts, by
 * path), every scheduled job (server/jobs/catalog.ts JOBS, by name in backticks) and every route
 * module (by path: a file under server/modules that declares a route plugin or registers a route,
 * or that server/app.ts or server/modules/registry.ts imports into a route list) must be mentioned
 * in it. A new machine, job or route file fails here, named, until the document says what it is.
 * And the documents name no file that is not there (a renamed or removed file fails, named), except
 * where they say it is on a branch being merged ([branch …]). The finders are tried on a small tree.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOBS } from '../../server/jobs/catalog.js';
import {
  machineFiles,
  missingPaths,
  routeListFiles,
  routeModules,
  unmentioned,
} from '../../scripts/lib/architecture-names.js';

const root = path.resolve(import.meta.dirname, '../..');
const doc = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

describe('docs/architecture.md', () => {
  it('names every statechart of machines/', () => {
    const machines = machineFiles(root);
    expect(machines).toContain('machines/application.machine.ts');
    expect(unmentioned(doc, machines)).toEqual([]);
  });

  it('names every scheduled job of server/jobs/catalog.ts', () => {
    const jobs = JOBS.map((job) => `\`${job.name}\``);
    expect(jobs.length).toBeGreaterThan(0);
    expect(unmentioned(doc, jobs)).toEqual([]);
  });

  it('names every route module of server/modules', () => {
    const modules = routeModules(root);
    expect(modules).toContain('server/modules/workflow/routes.ts');
    // Every file the two route lists import is found and exists.
    const listed = routeListFiles(root);
    expect(listed.length).toBeGreaterThan(10);
    for (const file of listed) expect(fs.existsSync(path.join(root, file)), file).toBe(true);
    expect(unmentioned(doc, modules)).toEqual([]);
  });
});

describe('the documents name files that exist', () => {
  for (const file of ['docs/architecture.md', 'docs/domain.md', 'CONTRIBUTING.md']) {
    it(file, () => {
      expect(missingPaths(root, fs.readFileSync(path.join(root, file), 'utf8'))).toEqual([]);
    });
  }
});

describe('the finder', () => {
  it('finds machines, declared plugins, routes on paths and what the route lists import, and nothing else', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arch-names-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    write('machines/door.machine.ts', 'export const doorMachine = 1;\n');
    write('machines/businessTypes.ts', 'export const TYPES = [];\n');
    write(
      'server/app.ts',
      "import { aRoutes } from './modules/a/routes.js';\nimport { moduleRoutes } from './modules/registry.js';\n",
    );
    write(
      'server/modules/registry.ts',
      "import type { FastifyPluginAsyncZod } from 'x';\nimport { bRoutes as b } from './b/list.js';\nexport const moduleRoutes: FastifyPluginAsyncZod[] = [b];\n",
    );
    write('server/modules/a/routes.ts', 'export async function aRoutes() {}\n');
    write('server/modules/b/list.ts', 'export const bRoutes = 1;\n');
    write(
      'server/modules/c/plugin.ts',
      'export const cRoutes: FastifyPluginAsyncZod = async (app) => { app.get(base, {}); };\n',
    );
    write('server/modules/d/paths.ts', 'export function d(app) { app.post(`/d/${x}/save`, {}); }\n');
    write('server/modules/e/service.ts', 'export const label = (map) => map.get(`${a}|${b}`);\n');
    try {
      expect(machineFiles(dir)).toEqual(['machines/door.machine.ts']);
      expect(routeListFiles(dir)).toEqual(['server/modules/a/routes.ts', 'server/modules/b/list.ts']);
      expect(routeModules(dir)).toEqual([
        'server/modules/a/routes.ts',
        'server/modules/b/list.ts',
        'server/modules/c/plugin.ts',
        'server/modules/d/paths.ts',
      ]);
      expect(unmentioned('see `server/modules/a/routes.ts`', routeModules(dir))).toEqual([
        'server/modules/b/list.ts',
        'server/modules/c/plugin.ts',
        'server/modules/d/paths.ts',
      ]);
      const doc = [
        '# Doc',
        'Here `server/modules/a/routes.ts` and `server/modules/gone.ts`, `server/modules/<area>/`.',
        '',
        '| x | `machines/door.machine.ts` | `machines/old.machine.ts` |',
        '| y **[branch b]** | `machines/new.machine.ts` |',
        '- `server/modules/z.ts` **[branch z]**',
        '- `server/modules/y.ts`',
        '',
        '## Soon **[branch c]**',
        'Then `server/modules/c.ts`.',
        '',
        '## Now',
        'And `server/modules/d.ts`.',
      ].join('\n');
      expect(missingPaths(dir, doc)).toEqual([
        'machines/old.machine.ts',
        'server/modules/d.ts',
        'server/modules/gone.ts',
        'server/modules/y.ts',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
