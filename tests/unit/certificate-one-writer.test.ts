/**
 * The certificate has one writer (issue #44 item 2): certificate/store.ts is the only product code
 * that inserts, updates or deletes certificate rows or their history; everything else sends the
 * writer an event (certificate/writer.ts) or, for a print, calls its countPrint. Scripts that fill a
 * benchmark's database are not the product and are not looked at.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const STORE = 'server/modules/certificate/store.ts';

/** A write to the certificate table or its history: a drizzle builder or SQL text. */
const WRITES: readonly [string, RegExp][] = [
  ['a drizzle write', /\.(insert|update|delete)\((certificate|certificateHistory)\)/],
  [
    'SQL text writing',
    /\b(update|insert\s+into|delete\s+from)\s+(\$\{(certificate|certificateHistory)\}|certificate(_history)?\b(?!_))/i,
  ],
];

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return tsFiles(full);
    return e.name.endsWith('.ts') ? [path.relative(ROOT, full)] : [];
  });
}

describe('certificate rows', () => {
  const files = tsFiles(path.join(ROOT, 'server'));

  it('are written by certificate/store.ts only', () => {
    const found = files
      .filter((f) => f !== STORE)
      .flatMap((f) => {
        const text = fs.readFileSync(path.join(ROOT, f), 'utf8');
        return WRITES.filter(([, re]) => re.test(text)).map(([what]) => `${f}: ${what}`);
      });
    expect(found).toEqual([]);
  });

  it('are written there (the patterns see the store)', () => {
    const text = fs.readFileSync(path.join(ROOT, STORE), 'utf8');
    expect(WRITES.map(([, re]) => re.test(text))).toEqual([true, true]);
  });
});
