/**
 * The migrations describe server/db/schema.ts: drizzle-kit finds their snapshots one chain (no two
 * migrations claiming the same parent, as happens when branches each add one) and, generating from
 * the last one, has nothing left to write. A column added to the schema without its migration, or a
 * merge that left the snapshots apart, fails here rather than in the next engineer's `db:generate`.
 * Runs drizzle-kit on a copy of the folder (under .tmp), so no migration is written into the repository.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
// Inside the repository (.tmp, ignored by git): drizzle-kit reads `out` as relative to where it runs.
fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
const work = fs.mkdtempSync(path.join(root, '.tmp', 'migrations-check-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
fs.cpSync(path.join(root, 'server/db/migrations'), path.join(work, 'migrations'), { recursive: true });
const config = path.join(work, 'drizzle.config.json');
fs.writeFileSync(
  config,
  JSON.stringify({
    dialect: 'postgresql',
    schema: './server/db/schema.ts',
    out: `./${path.relative(root, work)}/migrations`,
  }),
);

function kit(...args: string[]) {
  const res = spawnSync(path.join(root, 'node_modules/.bin/drizzle-kit'), [...args, `--config=${config}`], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return `${res.stdout}${res.stderr}`;
}

describe('migrations and schema', () => {
  it('apply in the journal order on a database that has some already: each later than the one before', () => {
    // drizzle's migrator applies only the migrations whose `when` is after the last one applied: an
    // entry merged in with an earlier time would be skipped on every database already past it.
    const journal = JSON.parse(fs.readFileSync(path.join(root, 'server/db/migrations/meta/_journal.json'), 'utf8')) as {
      entries: { idx: number; tag: string; when: number }[];
    };
    journal.entries.forEach((e, i) => {
      expect(e.idx, e.tag).toBe(i);
      // drizzle-kit generates from the snapshot last by file name: numbers follow the journal.
      expect(e.tag.slice(0, 4), e.tag).toBe(String(i).padStart(4, '0'));
      if (i > 0)
        expect(e.when, `${e.tag} after ${journal.entries[i - 1]!.tag}`).toBeGreaterThan(journal.entries[i - 1]!.when);
      expect(fs.existsSync(path.join(root, 'server/db/migrations', `${e.tag}.sql`)), e.tag).toBe(true);
    });
  });

  it('the snapshots form one chain', () => {
    expect(kit('check')).toContain("Everything's fine");
  }, 150_000);

  it('generating from the last migration finds nothing the schema has and the migrations lack', () => {
    const out = kit('generate', '--name=should_be_empty');
    expect(out).toContain('No schema changes');
    expect(fs.readdirSync(path.join(work, 'migrations')).filter((f) => f.includes('should_be_empty'))).toEqual([]);
  }, 150_000);
});
