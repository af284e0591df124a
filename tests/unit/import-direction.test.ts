/**
 * Imports run one way (README "Layout"): machines ← server/workflow ← server/modules, machines ←
 * src; the engine imports no business module; database and lib sit below every module; no two
 * folders of server/ import each other; no file of src/ imports itself back. The checker itself is
 * tried on a small tree that breaks each rule.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientFileCycles, directionViolations, folderCycles, importEdges } from '../../scripts/lib/imports.js';

const root = path.resolve(import.meta.dirname, '../..');

describe('the source tree', () => {
  const edges = importEdges(root);
  it('is read whole', () => {
    expect(edges.length).toBeGreaterThan(1000);
    expect(edges.some((e) => e.from.startsWith('server/modules/') && e.to.startsWith('server/workflow/'))).toBe(true);
  });
  it('imports only in the allowed directions', () => {
    expect(directionViolations(edges).map((v) => `${v.edge.from} → ${v.edge.to}: ${v.why}`)).toEqual([]);
  });
  it('has no folders of server/ that import each other', () => {
    expect(folderCycles(edges)).toEqual([]);
  });
  it('has no circular imports in src/', () => {
    expect(clientFileCycles(edges)).toEqual([]);
  });
});

describe('the checker', () => {
  it('finds an engine that imports a business module, a page that imports the server, and both kinds of cycle', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imports-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    write('machines/a.machine.ts', "import { x } from '../server/lib/x.js';\n");
    write('server/lib/x.ts', 'export const x = 1;\n');
    write('server/workflow/engine.ts', "import { rules } from '../modules/business/rules.js';\n");
    write(
      'server/modules/business/rules.ts',
      "import type { E } from '../../workflow/engine.js';\nexport const rules = 1;\n",
    );
    write('src/pages/a/index.tsx', "import { x } from '../../../server/lib/x.js';\nimport B from '@/pages/b';\n");
    write('src/pages/b/index.tsx', "const A = () => import('@/pages/a');\nexport default A;\n");
    try {
      const edges = importEdges(dir);
      const found = directionViolations(edges).map((v) => `${v.edge.from} → ${v.edge.to}`);
      expect(found).toEqual(
        expect.arrayContaining([
          'machines/a.machine.ts → server/lib/x.ts',
          'server/workflow/engine.ts → server/modules/business/rules.ts',
          'src/pages/a/index.tsx → server/lib/x.ts',
        ]),
      );
      expect(folderCycles(edges)).toEqual([['server/modules/business', 'server/workflow']]);
      expect(clientFileCycles(edges)).toEqual([['src/pages/a/index.tsx', 'src/pages/b/index.tsx']]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
