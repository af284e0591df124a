/**
 * Pages render what the server allows; they do not decide it. A page that compares a row's status
 * code with a literal (`r.status === '1'`) is working out a rule the server owns: the row should
 * carry the answer instead (enabled, canReview, unlockable, inUse, the allowed events…). This scans
 * every file under src/pages and names each such line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The repository's stop check: a status compared with a one- or two-digit literal. */
const STATUS_COMPARED = /\.status\s*[!=]==?\s*('[0-9]{1,2}'|"[0-9]{1,2}"|[0-9]{1,2})/;

const PAGES = path.resolve('src/pages');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(d.name) ? [full] : [];
  });
}

/** Every line under src/pages that compares a status with a literal, as `file:line: text`. */
function statusComparisons(): { file: string; line: number; text: string }[] {
  return sourceFiles(PAGES).flatMap((full) => {
    const file = path.relative(PAGES, full).split(path.sep).join('/');
    return fs
      .readFileSync(full, 'utf8')
      .split('\n')
      .flatMap((text, i) => (STATUS_COMPARED.test(text) ? [{ file, line: i + 1, text: text.trim() }] : []));
  });
}

describe('pages compare no status with a literal', () => {
  it('the check recognises the forms it is meant to catch', () => {
    for (const line of ["r.status === '1'", 'row.status !== "0"', 'x.status == 1', "d.status != '01'"])
      expect(STATUS_COMPARED.test(line), line).toBe(true);
    for (const line of ['r.enabled', "r.statusLabel === '正常'", 'res.statusCode === 200', "status: '1'"])
      expect(STATUS_COMPARED.test(line), line).toBe(false);
  });

  it('no page under src/pages does', () => {
    expect(sourceFiles(PAGES).length).toBeGreaterThan(50);
    expect(statusComparisons().map((f) => `src/pages/${f.file}:${f.line}: ${f.text}`)).toEqual([]);
  });
});
